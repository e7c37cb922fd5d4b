package main

import (
	"context"
	"flag"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/pipeline"
)

var canonCommand = command{
	name:    "canon",
	summary: "print the canonical form of puzzles, the key of isomorphic duplicates",
	usage: `usage: pressrun canon [flags] [FILE...]

Canon reads puzzles like solve does and prints, for each, its canonical form
under the Sudoku group (transposition, row and column moves that keep bands
and stacks, relabelling of digits): two puzzles have the same form exactly
when one is a transform of the other.

  puzzle     the puzzle, '.' for empty cells
  canonical  its canonical form
  transform  (json only) the transform that turns puzzle into canonical:
             {"transpose", "rows", "cols", "digits"}, the rows and columns of
             the (transposed) puzzle that become rows and columns 1-9 and
             what digits 1-9 become

A bad puzzle is reported on stderr as FILE:LINE: what is wrong, and nothing
is printed for it; canon stops there (exit status 2) unless --keep-going.

--variant KIND gives the canonical form of puzzles of another kind under
its own group (relabelling, and only the row, band, column, stack and
geometric moves that keep its houses; a jigsaw's layout moves with its
givens), as the archive keeps it: the canonical variant's key, a space and
the line.`,
	setup: setupCanon,
}

func setupCanon(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	format := fs.String("format", "tsv", "output `FORMAT`: tsv or json")
	keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and process the rest (the exit status is still 2)")
	workers := workersFlag(fs, "canonicalise on")
	kindFlag := variantFlag(fs, "canonicalise")
	return func(ctx context.Context, e *env, files []string) error {
		if err := checkFormat(*format, "tsv", "json"); err != nil {
			return err
		}
		kind, err := kindFlag()
		if err != nil {
			return err
		}
		if kind != nil {
			return canonVariant(ctx, e, files, kind, *format, *keepGoing, *workers)
		}
		cols := []string{"puzzle", "canonical"}
		if *format == "json" {
			cols = append(cols, "transform")
		}
		out, err := newTable(e.stdout, *format, cols...)
		if err != nil {
			return err
		}
		type canonical struct {
			form engine.Grid
			t    engine.Transform
		}
		return eachPuzzleParallel(ctx, e, files, *keepGoing, *workers,
			func() func(pipeline.Position, engine.Grid) canonical {
				return func(_ pipeline.Position, p engine.Grid) canonical {
					form, t := engine.Canonical(p)
					return canonical{form, t}
				}
			},
			func(_ pipeline.Position, p engine.Grid, v canonical) error {
				if *format == "json" {
					return out.row(p, v.form, v.t)
				}
				out.grid(p)
				out.grid(v.form)
				return out.end()
			})
	}
}
