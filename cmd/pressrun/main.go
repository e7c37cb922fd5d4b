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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
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
