package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
)

var initCommand = command{
	name:    "init",
	summary: "write a commented starter book spec",
	usage: `usage: pressrun init [FILE]

Init writes a commented book spec to start from (book.yaml unless FILE is
given): every field 'pressrun build' reads, with its default and what it
does. It does not overwrite a file that exists.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return func(ctx context.Context, e *env, args []string) error {
			if len(args) > 1 {
				return usagef("pressrun init my-book.yaml", "init takes one file name")
			}
			name := "book.yaml"
			if len(args) == 1 {
				name = args[0]
			}
			if _, err := os.Stat(name); err == nil {
				return usagef("name another file, or remove this one", "%s exists: not overwritten", name)
			}
			if err := pipeline.WriteFiles(map[string][]byte{name: configs.Starter}); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "pressrun: init: wrote %s; edit it, then 'pressrun build %s'\n", name, name)
			return nil
		}
	},
}
