package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
)

// eachPuzzleAt reads the puzzles of the named files in order, standard
// input for none or "-", and calls fn with each good one and where it was
// read; an argument that looks like a puzzle and is no file is read as a
// puzzle (pipeline.ReadPuzzles). A bad puzzle is reported on stderr as
// "FILE:LINE: what is wrong" and fn is not called for it; the reading stops
// there unless keepGoing, and either way eachPuzzleAt then returns bad
// input (exit status 2). A file that cannot be read counts the same way.
// An error of fn stops the reading and is returned as it is.
func eachPuzzleAt(ctx context.Context, e *env, files []string, keepGoing bool, fn func(pipeline.Position, engine.Grid) error) error {
	var bad badInput
	var first *pipeline.BadInput
	err := pipeline.ReadPuzzles(ctx, e.stdin, files, keepGoing, func(in pipeline.Input) error {
		if in.Bad != nil {
			first = bad.report(e.stderr, in.Bad, first)
			return nil
		}
		return fn(in.At, in.Grid)
	})
	if err != nil {
		return err
	}
	return bad.errAfter(first, keepGoing)
}

// eachPuzzleParallel is eachPuzzleAt with work spread over workers
// goroutines: newWork makes each worker's function (given each puzzle and
// where it was read), and emit gets every puzzle with its result in input
// order, from one goroutine. Messages about bad input are written in the
// same order, so stderr keeps the input's order and nothing after an
// error of emit is reported. An error of emit stops the run and is
// returned; otherwise the reading's error (bad input) is.
func eachPuzzleParallel[T any](ctx context.Context, e *env, files []string, keepGoing bool, workers int,
	newWork func() func(pipeline.Position, engine.Grid) T, emit func(pipeline.Position, engine.Grid, T) error) error {
	return reportBad(e, keepGoing, func(each func(pipeline.Input, T) error) error {
		return pipeline.ReadOrdered(ctx, e.stdin, files, keepGoing, workers, newWork, each)
	}, emit)
}

// eachVariantParallel is eachPuzzleParallel for the puzzles of kind.
func eachVariantParallel[T any](ctx context.Context, e *env, files []string, kind *variant.Variant, keepGoing bool, workers int,
	newWork func() func(pipeline.Position, variant.Puzzle) T, emit func(pipeline.Position, variant.Puzzle, T) error) error {
	return reportBad(e, keepGoing, func(each func(pipeline.VariantInput, T) error) error {
		return pipeline.ReadVariantsOrdered(ctx, e.stdin, files, kind, keepGoing, workers, newWork, each)
	}, emit)
}

// reportBad runs a reading, reporting its bad input on stderr in order
// and handing emit the puzzles and their results (eachPuzzleParallel).
func reportBad[P, T any](e *env, keepGoing bool, read func(func(pipeline.Item[P], T) error) error,
	emit func(pipeline.Position, P, T) error) error {
	var bad badInput
	var first *pipeline.BadInput
	err := read(func(in pipeline.Item[P], v T) error {
		if in.Bad != nil {
			first = bad.report(e.stderr, in.Bad, first)
			return nil
		}
		return emit(in.At, in.Grid, v)
	})
	if err != nil {
		return err
	}
	return bad.errAfter(first, keepGoing)
}

// badInput counts the bad puzzles and unreadable files a reading met.
type badInput struct {
	puzzles, files int
}

// report writes b on w ("FILE:LINE: what is wrong") and counts it; it
// returns the first bad input met, first or else b.
func (c *badInput) report(w io.Writer, b, first *pipeline.BadInput) *pipeline.BadInput {
	fmt.Fprintf(w, "%s\n", b)
	if b.Unreadable() {
		c.files++
	} else {
		c.puzzles++
	}
	if first == nil {
		return b
	}
	return first
}

// errAfter is err for a reading whose first bad input was first: one
// that stopped at a file it could not read says how to name it instead.
func (c badInput) errAfter(first *pipeline.BadInput, keepGoing bool) error {
	if !keepGoing && first != nil {
		return stoppedAt(first)
	}
	return c.err(keepGoing)
}

// err is bad input (exit status 2) when there was some: the reading
// stopped at the first unless keepGoing.
func (c badInput) err(keepGoing bool) error {
	if c.puzzles+c.files == 0 {
		return nil
	}
	if !keepGoing {
		return stoppedAtBadInput()
	}
	var skipped []string
	if c.puzzles > 0 {
		skipped = append(skipped, plural(c.puzzles, "bad puzzle"))
	}
	if c.files > 0 {
		skipped = append(skipped, plural(c.files, "unreadable file"))
	}
	return usagef("", "skipped %s", strings.Join(skipped, " and "))
}

// stoppedAtBadInput is the bad input that stopped a reading without
// --keep-going, already reported.
func stoppedAtBadInput() error {
	return usagef("fix it, or pass --keep-going to skip bad input and process the rest",
		"stopped at the first bad input")
}

// stoppedAt is stoppedAtBadInput knowing the bad input, b: a file that
// cannot be read is no input to skip but a name to check, and the hint
// says what to check.
func stoppedAt(b *pipeline.BadInput) error {
	if !b.Unreadable() {
		return stoppedAtBadInput()
	}
	var hint string
	switch {
	case errors.Is(b.Err, fs.ErrNotExist):
		hint = "no such file: check the name, or use - for standard input"
	case errors.Is(b.Err, syscall.EISDIR):
		hint = fmt.Sprintf("name the files in the folder, such as %s", filepath.Join(b.At.File, "*.txt"))
	case errors.Is(b.Err, fs.ErrPermission):
		hint = "check the file's permissions, or run as a user who may read it"
	default:
		hint = "check the path, or use - for standard input"
	}
	return usagef(hint, "stopped at a file that cannot be read")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
