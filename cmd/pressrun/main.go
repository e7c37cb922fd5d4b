// Command pressrun makes Sudoku puzzle books: build turns a YAML book spec
// into a print-ready PDF, and the engine and the archive run on the
// command line. Run "pressrun help".
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

func main() {
	ctx, stop := interruptible()
	// PRESSRUN_CPUPROFILE=FILE writes a CPU profile of the run, for
	// scripts/bench-build and anyone asking where the time goes.
	if name := os.Getenv("PRESSRUN_CPUPROFILE"); name != "" {
		if f, err := os.Create(name); err == nil && pprof.StartCPUProfile(f) == nil {
			defer f.Close()
		} else {
			fmt.Fprintf(os.Stderr, "pressrun: PRESSRUN_CPUPROFILE=%s: cannot write a profile there\n", name)
		}
	}
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	pprof.StopCPUProfile()
	os.Exit(exitCode(err))
}

// interruptible is a context cancelled by the first SIGINT (Ctrl-C) or
// SIGTERM, with an *interrupted naming the signal as its cause, so that
// the run can stop cleanly, say what it kept and exit 128+N as shells do.
// A second signal kills the process the default way. stop releases the
// signals.
func interruptible() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			cancel(&interrupted{sig: sig.(syscall.Signal)})
			signal.Reset(os.Interrupt, syscall.SIGTERM)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}
