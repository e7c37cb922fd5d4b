package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/pressrun/pressrun/docs"
)

var helpCommand = command{
	name:    "help",
	summary: "print this list, the usage and flags of one command, or a page of the manual",
	usage: `usage: pressrun help [COMMAND | TOPIC]

Help prints the list of commands and of the manual's topics, the usage and
flags of one command (the same as "pressrun COMMAND --help"), or the page
of the manual a topic names, docs/TOPIC.md in the repository, as markdown.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return func(ctx context.Context, e *env, args []string) error {
			switch len(args) {
			case 0:
				writeOverview(e.stdout)
				return nil
			case 1:
				if c, ok := lookup(args[0]); ok {
					writeCommandHelp(e.stdout, c)
					return nil
				}
				if args[0] == "techniques" {
					writeTechniques(e.stdout)
					return nil
				}
				if page, ok := docs.Page(args[0]); ok {
					fmt.Fprint(e.stdout, page)
					return nil
				}
				return usagef("run 'pressrun help' for the commands and topics", "no command or topic %q", args[0])
			}
			return usagef("run 'pressrun help COMMAND' for one command, 'pressrun help TOPIC' for a page", "help takes one command or topic, got %d arguments", len(args))
		}
	},
}

func writeOverview(w io.Writer) {
	fmt.Fprint(w, `pressrun makes Sudoku puzzle books: 'pressrun build SPEC.yaml' turns a book
spec into a print-ready PDF, remembering every puzzle in an archive so that
none is printed twice. The engine runs on the command line too (one puzzle
a line in, TSV or JSON lines out).

usage: pressrun COMMAND [flags] [arguments]

commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'pressrun help COMMAND' or 'pressrun COMMAND --help' for its flags.
Exit status: 0 success, 1 failure of the job, 2 bad usage or bad input,
130 interrupted by Ctrl-C, 143 stopped by SIGTERM (it says what it kept).

topics of the manual ('pressrun help TOPIC' prints the page, docs/TOPIC.md):
`)
	for _, t := range docs.Topics() {
		fmt.Fprintf(w, "  %-15s %s\n", t.Name, t.Title)
	}
	fmt.Fprintf(w, "  %-15s %s\n", "techniques", "Every technique a chapter can teach, its ratings and kinds")
}

// writeCommandHelp prints a command's usage text and its flags, written
// --name as users type them.
func writeCommandHelp(w io.Writer, c command) {
	fmt.Fprintln(w, c.usage)
	if c.setup == nil {
		return // a command of subcommands: its usage lists them
	}
	fs := newFlagSet(c.name)
	c.setup(fs)
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprint(w, "\nflags:\n")
			first = false
		}
		arg, usage := flag.UnquoteUsage(f)
		dashes := "--"
		if len(f.Name) == 1 {
			dashes = "-"
		}
		line := "  " + dashes + f.Name
		if arg != "" {
			line += " " + arg
		}
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" {
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "%s\n      %s\n", line, strings.ReplaceAll(usage, "\n", "\n      "))
	})
}
