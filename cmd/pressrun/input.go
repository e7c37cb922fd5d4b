package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/pipeline"
)

// stdinName is how messages name standard input.
const stdinName = "<stdin>"

// eachPuzzle reads the puzzles of the named files in order, standard input
// for none or "-", and calls fn with each good one. A bad puzzle is reported
// on stderr as "FILE:LINE: what is wrong" and fn is not called for it; the
// reading stops there unless keepGoing, and either way eachPuzzle then
// returns bad input (exit status 2). A file that cannot be read counts the
// same way. An error of fn stops the reading and is returned as it is.
func eachPuzzle(ctx context.Context, e *env, files []string, keepGoing bool, fn func(engine.Grid) error) error {
	return eachPuzzleAt(ctx, e, files, keepGoing, func(_ position, g engine.Grid) error { return fn(g) })
}

// position is where a puzzle was read: the file as messages name it, and
// the line it starts on.
type position struct {
	file string
	line int
}

func (p position) String() string { return fmt.Sprintf("%s:%d", p.file, p.line) }

// eachPuzzleAt is eachPuzzle telling fn where each puzzle was read.
func eachPuzzleAt(ctx context.Context, e *env, files []string, keepGoing bool, fn func(position, engine.Grid) error) error {
	if len(files) == 0 {
		files = []string{"-"}
	}
	var badPuzzles, badFiles int
	for _, name := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := readPuzzles(ctx, e, name, keepGoing, fn, &badPuzzles)
		var fileErr *inputError
		if errors.As(err, &fileErr) {
			fmt.Fprintf(e.stderr, "%s\n", fileErr)
			badFiles++
		} else if err != nil {
			return err
		}
		if !keepGoing && badPuzzles+badFiles > 0 {
			return usagef("fix it, or pass --keep-going to skip bad input and process the rest",
				"stopped at the first bad input")
		}
	}
	var skipped []string
	if badPuzzles > 0 {
		skipped = append(skipped, plural(badPuzzles, "bad puzzle"))
	}
	if badFiles > 0 {
		skipped = append(skipped, plural(badFiles, "unreadable file"))
	}
	if skipped == nil {
		return nil
	}
	return usagef("", "skipped %s", strings.Join(skipped, " and "))
}

// inputError is a file that cannot be read (missing, a directory, a line
// too long): name and the reason.
type inputError struct {
	name string
	err  error
}

func (e *inputError) Error() string {
	var pe *os.PathError
	if errors.As(e.err, &pe) {
		return fmt.Sprintf("%s: %v", e.name, pe.Err)
	}
	return fmt.Sprintf("%s: %v", e.name, e.err)
}

// readPuzzles is eachPuzzle for one file; it counts the bad puzzles in *bad
// and returns an *inputError when the file cannot be read.
func readPuzzles(ctx context.Context, e *env, name string, keepGoing bool, fn func(position, engine.Grid) error, bad *int) error {
	var r io.Reader = e.stdin
	shown := stdinName
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return &inputError{name: name, err: err}
		}
		defer f.Close()
		r, shown = f, name
	}
	pr := engine.NewReader(r)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, line, err := pr.Next()
		if err == io.EOF {
			return nil
		}
		var pe *engine.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintf(e.stderr, "%s:%d: %s\n", shown, pe.Line, pe.Msg)
			*bad++
			if !keepGoing {
				return nil
			}
			continue
		}
		if err != nil {
			return &inputError{name: shown, err: err}
		}
		if err := fn(position{shown, line}, g); err != nil {
			return err
		}
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// eachPuzzleParallel is eachPuzzleAt with work spread over workers
// goroutines: newWork makes each worker's function (given each puzzle and
// where it was read), and emit gets every
// puzzle with its result in input order, from one goroutine. Messages about
// bad input go through the same queue, so stderr keeps the input's order
// and nothing after an error of emit is reported. An error of emit stops
// the run and is returned; otherwise the reading's error (bad input) is.
func eachPuzzleParallel[T any](ctx context.Context, e *env, files []string, keepGoing bool, workers int,
	newWork func() func(position, engine.Grid) T, emit func(position, engine.Grid, T) error) error {
	type item struct {
		at  position
		g   engine.Grid
		msg string // a message about bad input instead of a puzzle
	}
	type result struct {
		item
		v T
	}
	var readErr error
	err := pipeline.Ordered(ctx, workers,
		func(send func(item) error) error {
			reader := *e
			reader.stderr = writerFunc(func(p []byte) (int, error) {
				return len(p), send(item{msg: string(p)})
			})
			readErr = eachPuzzleAt(ctx, &reader, files, keepGoing, func(at position, g engine.Grid) error {
				return send(item{at: at, g: g})
			})
			return nil // bad input stops the reading, not the work on what was read
		},
		func() func(item) result {
			work := newWork()
			return func(it item) result {
				if it.msg != "" {
					return result{item: it}
				}
				return result{it, work(it.at, it.g)}
			}
		},
		func(r result) error {
			if r.msg != "" {
				_, err := io.WriteString(e.stderr, r.msg)
				return err
			}
			return emit(r.at, r.g, r.v)
		})
	if err != nil {
		return err
	}
	return readErr
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
