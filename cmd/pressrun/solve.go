package main

import (
	"context"
	"flag"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/pipeline"
)

var solveCommand = command{
	name:    "solve",
	summary: "count the solutions of puzzles and print the solution",
	usage: `usage: pressrun solve [flags] [FILE | PUZZLE...]

Solve reads puzzles from the files, or standard input when there are none or
for "-": one a line (81 cells, 1-9 for givens, '.' or '0' for empty cells),
nine-line grids, or what pressrun itself prints: TSV with a "puzzle" column
or JSON lines with a "puzzle" key (the format is told from the first line).
Blank lines and lines starting with '#' are skipped; lines may end in LF,
CRLF or CR. An argument that is no file and looks like a puzzle is read as
one. For each puzzle it prints:

  puzzle     the puzzle, '.' for empty cells
  solutions  0, 1, or 2 meaning two or more
  solution   the solution when there is exactly one, else empty

A bad puzzle is reported on stderr as FILE:LINE: what is wrong, and nothing
is printed for it; solve stops there (exit status 2) unless --keep-going.`,
	setup: setupSolve,
}

func setupSolve(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	format := fs.String("format", "tsv", "output `FORMAT`: tsv or json")
	keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and process the rest (the exit status is still 2)")
	workers := workersFlag(fs, "solve on")
	return func(ctx context.Context, e *env, files []string) error {
		if err := checkFormat(*format, "tsv", "json"); err != nil {
			return err
		}
		out, err := newTable(e.stdout, *format, "puzzle", "solutions", "solution")
		if err != nil {
			return err
		}
		type solved struct {
			sol engine.Grid
			n   int
		}
		return eachPuzzleParallel(ctx, e, files, *keepGoing, *workers,
			func() func(pipeline.Position, engine.Grid) solved {
				var s engine.Solver
				return func(_ pipeline.Position, p engine.Grid) solved {
					sol, n := s.Solve(p)
					return solved{sol, n}
				}
			},
			func(_ pipeline.Position, p engine.Grid, v solved) error {
				out.grid(p)
				out.int(v.n)
				if v.n == 1 {
					out.grid(v.sol)
				} else {
					out.text("")
				}
				return out.end()
			})
	}
}
