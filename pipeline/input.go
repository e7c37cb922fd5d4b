package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/variant"
)

// StdinName is how a Position names standard input.
const StdinName = "<stdin>"

// Position is where a puzzle was read: the file as messages name it
// (StdinName for standard input, "argument N" for a puzzle given as the
// Nth argument) and the line the puzzle starts on (0 for an argument or a
// whole file).
type Position struct {
	File string
	Line int
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// BadInput is input that is not a puzzle: a line that does not parse or
// is too long (Err is the *engine.ParseError, At its line), or a file that
// cannot be read (missing, a directory; At.Line is 0). Its message is
// "FILE:LINE: what is wrong" or "FILE: why it cannot be read".
type BadInput struct {
	At  Position
	Err error
}

func (b *BadInput) Error() string {
	var ie *IpuzError // names its file and field itself
	if errors.As(b.Err, &ie) {
		return ie.Error()
	}
	var pe *engine.ParseError
	if errors.As(b.Err, &pe) {
		return fmt.Sprintf("%s: %s", b.At, pe.Msg)
	}
	err := b.Err
	var pathErr *os.PathError
	if errors.As(err, &pathErr) {
		err = pathErr.Err // the name is said once, first
	}
	return fmt.Sprintf("%s: %v", b.At.File, err)
}

func (b *BadInput) Unwrap() error { return b.Err }

// Unreadable reports whether b is a file that cannot be read rather than
// a line that is not a puzzle.
func (b *BadInput) Unreadable() bool {
	var pe *engine.ParseError
	var ie *IpuzError
	return !errors.As(b.Err, &pe) && !errors.As(b.Err, &ie)
}

// Input is one item ReadPuzzles reads: a puzzle and where it starts, or,
// when Bad is set, input that is not a puzzle (Grid is then zero).
type Input = Item[engine.Grid]

// VariantInput is one item ReadVariants reads.
type VariantInput = Item[variant.Puzzle]

// Item is a puzzle read (a classic grid, or a variant's puzzle) and where
// it starts, or, when Bad is set, input that is not a puzzle (Grid is
// then zero).
type Item[P any] struct {
	At   Position
	Grid P
	Bad  *BadInput
}

// ReadPuzzles reads the puzzles of the named files in order, stdin for
// none or "-", in every format engine.Reader reads, and calls fn with each
// item in turn: a puzzle, or bad input. An argument that is no file and
// looks like a puzzle (engine.LooksLikePuzzle) is read as one, so that a
// mistyped puzzle is reported as a bad puzzle, not as a missing file.
// After bad input it reads on (the next line, or the next file) when
// keepGoing, and otherwise stops and returns nil. An error of fn, or of
// ctx, stops the reading and is returned.
func ReadPuzzles(ctx context.Context, stdin io.Reader, files []string, keepGoing bool, fn func(Input) error) error {
	return readAll(ctx, stdin, files, keepGoing, engine.LooksLikePuzzle, func(r io.Reader) func() (engine.Grid, int, error) { return engine.NewReader(r).Next }, fn)
}

// ReadVariants is ReadPuzzles for the puzzles of kind, in the forms
// variant.Reader reads (a jigsaw's lines carry their layouts).
func ReadVariants(ctx context.Context, stdin io.Reader, files []string, kind *variant.Variant, keepGoing bool, fn func(VariantInput) error) error {
	// An argument is a puzzle when it reads as one of the kind (a 6x6's
	// 36 cells are too few for engine.LooksLikePuzzle).
	looks := func(arg string) bool {
		_, _, _, err := variant.NewReader(strings.NewReader(arg), kind).Next()
		return err == nil || (len(arg) >= kind.Cells() && engine.LooksLikePuzzle(arg))
	}
	return readAll(ctx, stdin, files, keepGoing, looks, func(r io.Reader) func() (variant.Puzzle, int, error) {
		vr := variant.NewReader(r, kind)
		return func() (variant.Puzzle, int, error) {
			v, g, line, err := vr.Next()
			return variant.Puzzle{Variant: v, Grid: g}, line, err
		}
	}, fn)
}

// readAll is ReadPuzzles with the reader of each file's puzzles.
func readAll[P any](ctx context.Context, stdin io.Reader, files []string, keepGoing bool, looks func(string) bool,
	reader func(io.Reader) func() (P, int, error), fn func(Item[P]) error) error {
	if len(files) == 0 {
		files = []string{"-"}
	}
	for i, name := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		bad, err := readFile(ctx, stdin, i+1, name, keepGoing, looks, reader, fn)
		if err != nil || (bad && !keepGoing) {
			return err
		}
	}
	return nil
}

// puzzleArgument reports whether the argument name is a puzzle to read
// rather than a file: no file has that name, and it looks like a puzzle.
func puzzleArgument(name string, looks func(string) bool) bool {
	if !looks(name) {
		return false
	}
	_, err := os.Lstat(name)
	return errors.Is(err, fs.ErrNotExist)
}

// readFile is ReadPuzzles for the nth argument, name; bad reports that it
// met bad input.
func readFile[P any](ctx context.Context, stdin io.Reader, n int, name string, keepGoing bool, looks func(string) bool,
	reader func(io.Reader) func() (P, int, error), fn func(Item[P]) error) (bad bool, err error) {
	badInput := func(at Position, err error) error {
		bad = true
		return fn(Item[P]{At: at, Bad: &BadInput{At: at, Err: err}})
	}
	r, shown, arg := stdin, StdinName, false
	switch {
	case name == "-":
	case puzzleArgument(name, looks):
		r, shown, arg = strings.NewReader(name), fmt.Sprintf("argument %d", n), true
	default:
		f, err := os.Open(name)
		if err != nil {
			return true, badInput(Position{File: name}, err)
		}
		defer f.Close()
		r, shown = f, name
	}
	at := func(line int) Position {
		if arg {
			return Position{File: shown} // its one line goes without saying
		}
		return Position{shown, line}
	}
	next := reader(r)
	for {
		if err := ctx.Err(); err != nil {
			return bad, err
		}
		g, line, err := next()
		if err == nil {
			if err := fn(Item[P]{At: at(line), Grid: g}); err != nil {
				return bad, err
			}
			continue
		}
		if err == io.EOF {
			return bad, nil
		}
		var pe *engine.ParseError // only here: it goes to the heap
		if !errors.As(err, &pe) {
			return true, badInput(Position{File: shown}, err)
		}
		if err := badInput(at(pe.Line), err); err != nil || !keepGoing {
			return bad, err
		}
	}
}

// ReadOrdered is ReadPuzzles with work spread over workers goroutines
// (below 1: runtime.GOMAXPROCS(0)): newWork makes each worker's function,
// given each puzzle and where it starts, and emit gets every item read,
// with the work's result for a puzzle (the zero T for bad input), in
// input order, from one goroutine, so that messages keep the input's
// order. Bad input stops the reading (unless keepGoing), not the work on
// what was read before it. An error of emit, or of ctx, stops the run and
// is returned; every goroutine has stopped when it returns.
func ReadOrdered[T any](ctx context.Context, stdin io.Reader, files []string, keepGoing bool, workers int,
	newWork func() func(Position, engine.Grid) T, emit func(Input, T) error) error {
	return orderedItems(ctx, workers, func(send func(Input) error) error { return ReadPuzzles(ctx, stdin, files, keepGoing, send) }, newWork, emit)
}

// ReadVariantsOrdered is ReadOrdered for the puzzles of kind
// (ReadVariants).
func ReadVariantsOrdered[T any](ctx context.Context, stdin io.Reader, files []string, kind *variant.Variant, keepGoing bool, workers int,
	newWork func() func(Position, variant.Puzzle) T, emit func(VariantInput, T) error) error {
	return orderedItems(ctx, workers, func(send func(VariantInput) error) error {
		return ReadVariants(ctx, stdin, files, kind, keepGoing, send)
	}, newWork, emit)
}

// orderedItems runs the work on the items read, in order (ReadOrdered).
func orderedItems[P, T any](ctx context.Context, workers int, read func(func(Item[P]) error) error,
	newWork func() func(Position, P) T, emit func(Item[P], T) error) error {
	type result struct {
		in Item[P]
		v  T
	}
	return Ordered(ctx, workers, read,
		func() func(Item[P]) result {
			work := newWork()
			return func(in Item[P]) result {
				if in.Bad != nil {
					return result{in: in}
				}
				return result{in, work(in.At, in.Grid)}
			}
		},
		func(r result) error { return emit(r.in, r.v) })
}
