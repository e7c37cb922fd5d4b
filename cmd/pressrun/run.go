package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
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
// job, 2 bad usage or bad input, 128+N stopped by signal N (130 for Ctrl-C,
// 143 for SIGTERM), as shells report it.
func exitCode(err error) int {
	var st *stopped
	switch {
	case err == nil:
		return 0
	case errors.As(err, &st):
		return 128 + int(st.by.sig)
	case errors.Is(err, errUsage):
		return 2
	default:
		return 1
	}
}

// commandError is the failure of a command, worded "NAME: message" once.
type commandError struct {
	name string
	err  error
}

func (e *commandError) Error() string {
	return e.name + ": " + packagePrefix.ReplaceAllString(e.err.Error(), "$1")
}
func (e *commandError) Unwrap() error { return e.err }

// interrupted is the cause of a run's context cancelled by a signal (see
// interruptible in main.go).
type interrupted struct{ sig syscall.Signal }

func (i *interrupted) Error() string {
	if i.sig == syscall.SIGINT {
		return "interrupted (Ctrl-C)"
	}
	if i.sig == syscall.SIGTERM {
		return "stopped by SIGTERM"
	}
	return fmt.Sprintf("stopped by signal %d", int(i.sig))
}

// stopped is a run that a signal stopped: what it kept is said by the
// command's error (a keptError) or else is what reached stdout.
type stopped struct {
	by    *interrupted
	err   error
	lines int // complete lines written to stdout
}

func (s *stopped) Error() string { return s.by.Error() }
func (s *stopped) Unwrap() error { return s.err }

// kept says what an interrupted run left behind.
func (s *stopped) kept() string {
	var k *keptError
	switch {
	case errors.As(s.err, &k):
		return k.kept
	case s.lines == 0:
		return "nothing was written"
	default:
		return fmt.Sprintf("the %s already written to standard output, each complete", plural(s.lines, "line"))
	}
}

// keptError is a command's error that says what the command keeps when it
// is interrupted ("every puzzle rated so far is kept in pressrun.db").
type keptError struct {
	err  error
	kept string
}

func (e *keptError) Error() string { return e.err.Error() }
func (e *keptError) Unwrap() error { return e.err }

// keeping says, when err is an interruption, what the command keeps.
func keeping(err error, kept string) error {
	if err == nil || !errors.Is(err, context.Canceled) {
		return err
	}
	return &keptError{err: err, kept: kept}
}

// lineCounter counts the complete lines written through it.
type lineCounter struct {
	w     io.Writer
	lines int
}

func (c *lineCounter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.lines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
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
	commands = []command{buildCommand, dailyCommand, stockCommand, serveCommand, initCommand, generateCommand, solveCommand, rateCommand, canonCommand, explainCommand, studyCommand, layoutCommand, archiveCommand, versionCommand, helpCommand}
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
	counted := &lineCounter{w: stdout}
	out := bufio.NewWriterSize(counted, 64<<10)
	e := &env{stdin: stdin, stdout: out, stderr: stderr, terminal: isTerminal(stdout)}
	err := dispatch(ctx, e, args)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if errors.Is(err, syscall.EPIPE) {
		return nil // the reader went away (| head): nothing left to say
	}
	var by *interrupted
	if errors.Is(err, context.Canceled) && errors.As(context.Cause(ctx), &by) {
		err = &stopped{by: by, err: err, lines: counted.lines}
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
		return &commandError{c.name, usagef(fmt.Sprintf("run 'pressrun help %s' for its flags", c.name), "%s", flagMessage(fs, err))}
	}
	if err := body(ctx, e, rest); err != nil {
		return &commandError{c.name, err}
	}
	return nil
}

// flagMessage words an error of the flag package as help shows the flags:
// "--workers", not "-workers", and the value's problem in plain words.
func flagMessage(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		value, name, why := m[1], m[2], m[3]
		if g, ok := fs.Lookup(name).Value.(flag.Getter); ok && strings.Contains(why, "parse error") {
			switch g.Get().(type) {
			case int, int64, uint, uint64:
				why = "want a whole number"
			case float64:
				why = "want a number"
			case bool:
				why = "want true or false"
			}
		}
		return fmt.Sprintf("%s %s: %s", dashes(name), value, why)
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag " + dashes(strings.TrimPrefix(name, "-"))
	}
	return flagName.ReplaceAllStringFunc(msg, func(s string) string { return dashes(strings.TrimPrefix(s, "-")) })
}

var (
	invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-([\w-]+): (.*)$`)
	flagName     = regexp.MustCompile(`-[\w-]+$`)
)

// dashes is a flag's name as help shows it: -o, --workers.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
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
// puzzle 0: engine: no puzzle ..."), which mean nothing to a user; a
// commandError drops them from the text after the command's name.
var packagePrefix = regexp.MustCompile(`(^|: )(?:pipeline|engine|store|level|logic|rate|templates|configs): `)

// report writes err to stderr as "pressrun: message", without the package
// names inside it, with a hint line when the error carries one.
func report(ctx context.Context, stderr io.Writer, err error) {
	if errors.Is(err, errShown) {
		return
	}
	var st *stopped
	if errors.As(err, &st) {
		var ce *commandError
		if errors.As(err, &ce) {
			fmt.Fprintf(stderr, "pressrun: %s: %v; kept: %s\n", ce.name, st, st.kept())
		} else {
			fmt.Fprintf(stderr, "pressrun: %v; kept: %s\n", st, st.kept())
		}
		return
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		fmt.Fprintln(stderr, "pressrun: interrupted")
		return
	}
	fmt.Fprintf(stderr, "pressrun: %v\n", err)
	if hint := hintFor(err); hint != "" {
		fmt.Fprintf(stderr, "pressrun: hint: %s\n", hint)
	}
}

// hintFor is the hint err carries, else the likely cause of a file that
// cannot be written (*pipeline.WriteError, from any command), else "".
func hintFor(err error) string {
	var h interface{ Hint() string }
	if errors.As(err, &h) && h.Hint() != "" {
		return h.Hint()
	}
	var we *pipeline.WriteError
	if !errors.As(err, &we) {
		return ""
	}
	dir := filepath.Dir(we.Name)
	switch {
	case errors.Is(we.Err, fs.ErrPermission):
		return fmt.Sprintf("the folder %s is not writable by you: write elsewhere, or change its permissions", dir)
	case errors.Is(we.Err, syscall.EROFS):
		return fmt.Sprintf("the folder %s is on a read-only file system: write elsewhere", dir)
	case errors.Is(we.Err, syscall.ENOSPC), errors.Is(we.Err, syscall.EDQUOT):
		return "the disk is full: free some space, or write to another disk"
	case errors.Is(we.Err, syscall.ENOTDIR):
		return fmt.Sprintf("%s, or a folder above it, is a file: name a folder", dir)
	case errors.Is(we.Err, syscall.EISDIR):
		return fmt.Sprintf("%s is a folder: name a file", we.Name)
	case errors.Is(we.Err, fs.ErrNotExist):
		return fmt.Sprintf("the folder %s does not exist", dir)
	}
	return ""
}

// formatHelp says what each --format writes, for hints.
var formatHelp = map[string]string{
	"table": "table (aligned columns for reading on a terminal)",
	"text":  "text (sentences and histograms for reading on a terminal)",
	"line":  "line (one 81-character puzzle a line)",
	"tsv":   "tsv (a header row of column names, then tab-separated rows)",
	"json":  "json (one JSON object a line, with the same keys)",
	"ipuz":  "ipuz (the ipuz Sudoku kind: one ID.ipuz a puzzle into the folder --output names, else one JSON array)",
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
		help, ok := formatHelp[a]
		if !ok {
			panic("checkFormat: no help for format " + a) // a format added without its words
		}
		what = append(what, help)
	}
	return usagef("formats: "+strings.Join(what, ", "),
		"--format %q: want one of %s", format, strings.Join(allowed, ", "))
}

// workersFlag defines --workers, the goroutines a command works on; what
// says on what ("rate on"). Left out, it is 0, which the pipeline reads as
// one per core (pipeline.Workers); given, it must be 1 or more.
func workersFlag(fs *flag.FlagSet, what string) *int {
	var n workers
	fs.Var(&n, "workers", what+" `W` goroutines (default: one per CPU core)")
	return (*int)(&n)
}

// workers is the value of --workers.
type workers int

func (w *workers) String() string { return strconv.Itoa(int(*w)) }
func (w *workers) Get() any       { return int(*w) }
func (w *workers) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("want a whole number of goroutines, 1 or more")
	}
	if n < 1 {
		return errors.New("want 1 or more (leave --workers out for one per CPU core)")
	}
	*w = workers(n)
	return nil
}

// variantFlag defines --variant, the kind of puzzle a command reads or
// makes; the function it returns gives the kind's variant, nil for
// classic (the classic engine's own path), or a usage error.
func variantFlag(fs *flag.FlagSet, what string) func() (*variant.Variant, error) {
	name := fs.String("variant", "classic", what+" puzzles of this `KIND`: "+strings.Join(variant.Kinds, ", "))
	return func() (*variant.Variant, error) {
		v, err := variant.ForKind(*name)
		if err != nil {
			return nil, usagef("", "--variant %q: want %s", *name, strings.Join(variant.Kinds, ", "))
		}
		if v.Name == "classic" {
			return nil, nil
		}
		return v, nil
	}
}
