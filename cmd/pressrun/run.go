package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"syscall"
)

// errUsage is wrapped by every error that means bad usage or bad input;
// exitCode maps it to status 2.
var errUsage = errors.New("bad usage")

// usageError is bad usage or bad input: a message and, when a fix is known,
// a hint.
type usageError struct {
	msg  string
	hint string
}

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return errUsage }
func (e *usageError) Hint() string  { return e.hint }

func usagef(hint, format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...), hint: hint}
}

// hintedError is a failure of the job that comes with a known fix.
type hintedError struct {
	err  error
	hint string
}

func (e *hintedError) Error() string { return e.err.Error() }
func (e *hintedError) Unwrap() error { return e.err }
func (e *hintedError) Hint() string  { return e.hint }

// errShown is bad usage that has been explained already (the command list
// printed for a bare "pressrun"); run adds no message.
var errShown = fmt.Errorf("%w: usage shown", errUsage)

// exitCode maps run's error to the exit status: 0 success, 1 failure of the
// job, 2 bad usage or bad input.
func exitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	default:
		return 1
	}
}

// env is what a command reads and writes. stdout is buffered; run flushes it.
type env struct {
	stdin    io.Reader
	stdout   *bufio.Writer
	stderr   io.Writer
	terminal bool // stdout is a terminal: tables and histograms for people
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// A command is one subcommand. setup defines its flags on fs and returns
// the function that runs it with the arguments left after the flags.
type command struct {
	name    string
	summary string // one line for the command list
	usage   string // the usage line and description of "pressrun help NAME"
	setup   func(fs *flag.FlagSet) func(ctx context.Context, e *env, args []string) error
	// subs, when set, makes this a group ("pressrun archive query"): the
	// first argument names the subcommand, which has its own flags.
	subs []command
}

// commands lists the subcommands in the order help shows them. init fills
// it because help itself reads it (a variable initializer would be a cycle).
var commands []command

func init() {
	commands = []command{buildCommand, initCommand, generateCommand, solveCommand, rateCommand, canonCommand, explainCommand, layoutCommand, archiveCommand, versionCommand, helpCommand}
}

func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// run is the whole program short of the process: it parses args, runs the
// command, writes data to stdout and messages to stderr, and returns the
// error that decides the exit status (see exitCode).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	out := bufio.NewWriterSize(stdout, 64<<10)
	e := &env{stdin: stdin, stdout: out, stderr: stderr, terminal: isTerminal(stdout)}
	err := dispatch(ctx, e, args)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if errors.Is(err, syscall.EPIPE) {
		return nil // the reader went away (| head): nothing left to say
	}
	if err != nil {
		report(ctx, stderr, err)
	}
	return err
}

func dispatch(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		writeOverview(e.stderr)
		return errShown
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c, ok := lookup(name)
	if !ok {
		if strings.HasPrefix(name, "-") {
			return usagef("flags go after the command: pressrun COMMAND [flags]; run 'pressrun help' for the commands",
				"unknown flag %s", name)
		}
		return usagef("run 'pressrun help' for the list of commands", "unknown command %q", name)
	}
	return runCommand(ctx, e, c, args[1:])
}

func runCommand(ctx context.Context, e *env, c command, args []string) error {
	if c.subs != nil {
		return runGroup(ctx, e, c, args)
	}
	fs := newFlagSet(c.name)
	body := c.setup(fs)
	rest, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		writeCommandHelp(e.stdout, c)
		return nil
	}
	if err != nil {
		return usagef(fmt.Sprintf("run 'pressrun help %s' for its flags", c.name), "%s: %v", c.name, err)
	}
	if err := body(ctx, e, rest); err != nil {
		return fmt.Errorf("%s: %w", c.name, err)
	}
	return nil
}

// runGroup runs the subcommand of a group that args name.
func runGroup(ctx context.Context, e *env, c command, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		writeCommandHelp(e.stdout, c)
		if len(args) == 0 {
			return usagef("", "%s: name a subcommand", c.name)
		}
		return nil
	}
	for _, sub := range c.subs {
		if sub.name == c.name+" "+args[0] {
			return runCommand(ctx, e, sub, args[1:])
		}
	}
	return usagef(fmt.Sprintf("run 'pressrun help %s' for its subcommands", c.name), "%s: unknown subcommand %q", c.name, args[0])
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run reports flag errors in its own style
	return fs
}

// parseFlags parses flags wherever they stand among the arguments
// ("pressrun solve a.txt --format json"), up to a "--", and returns the
// other arguments in order.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// packagePrefix matches the package names Go errors carry ("pipeline:
// puzzle 0: engine: no puzzle ..."), which mean nothing to a user.
var packagePrefix = regexp.MustCompile(`(^|: )(?:pipeline|engine|store|level|logic|rate|templates|configs): `)

// report writes err to stderr as "pressrun: message", without the package
// names inside it, with a hint line when the error carries one.
func report(ctx context.Context, stderr io.Writer, err error) {
	if errors.Is(err, errShown) {
		return
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		fmt.Fprintln(stderr, "pressrun: interrupted")
		return
	}
	fmt.Fprintf(stderr, "pressrun: %s\n", packagePrefix.ReplaceAllString(err.Error(), "$1"))
	var h interface{ Hint() string }
	if errors.As(err, &h) && h.Hint() != "" {
		fmt.Fprintf(stderr, "pressrun: hint: %s\n", h.Hint())
	}
}

// formatHelp says what each --format writes, for hints.
var formatHelp = map[string]string{
	"line": "line (one 81-character puzzle a line)",
	"tsv":  "tsv (a header row of column names, then tab-separated rows)",
	"json": "json (one JSON object a line, with the same keys)",
}

// checkFormat validates a --format value against the formats a command
// writes.
func checkFormat(format string, allowed ...string) error {
	for _, a := range allowed {
		if format == a {
			return nil
		}
	}
	var what []string
	for _, a := range allowed {
		what = append(what, formatHelp[a])
	}
	return usagef("formats: "+strings.Join(what, ", "),
		"--format %q: want one of %s", format, strings.Join(allowed, ", "))
}
