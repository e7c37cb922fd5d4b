package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
)

var initCommand = command{
	name:    "init",
	summary: "write a commented starter book spec",
	usage: `usage: pressrun init [--kind KIND] [FILE]

Init writes a commented book spec to start from (book.yaml unless FILE is
given): every field 'pressrun build' reads, with its default and what it
does. --kind starts another kind of book: samurai (100 samurai on
8.5x11), killer (100 killers on 6x9) or variety (seven kinds on 6x9);
classic is the default. It does not overwrite a file that exists.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		kind := fs.String("kind", "classic", "the `KIND` of book: "+strings.Join(starterKinds(), ", "))
		return func(ctx context.Context, e *env, args []string) error {
			starter, ok := configs.Starters[*kind]
			if !ok {
				return usagef("pressrun init --kind samurai", "--kind %q: want %s", *kind, strings.Join(starterKinds(), ", "))
			}
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
			if err := pipeline.WriteFiles(map[string][]byte{name: starter}); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "pressrun: init: wrote %s; edit it, then 'pressrun build %s'\n", name, name)
			return nil
		}
	},
}

// starterKinds are the kinds init writes, classic first.
func starterKinds() []string {
	kinds := []string{"classic"}
	for k := range configs.Starters {
		if k != "classic" {
			kinds = append(kinds, k)
		}
	}
	slices.Sort(kinds[1:])
	return kinds
}
