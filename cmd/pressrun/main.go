// Command pressrun makes Sudoku puzzle books: build turns a YAML book spec
// into a print-ready PDF, and the engine and the archive run on the
// command line. Run "pressrun help".
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err))
}
