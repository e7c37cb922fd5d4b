package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/pipeline"
)

var explainCommand = command{
	name:    "explain",
	summary: "solve puzzles step by step in plain words, as a hint page prints it",
	usage: `usage: pressrun explain [flags] [FILE | PUZZLE...]

Explain solves each puzzle the way a person would, always with the simplest
technique that makes progress, and prints every step in plain words:

  r4c7: hidden single 5 in box 6

then the ratings the steps add up to (er, the hardest step on the Sudoku
Explainer scale; ep and ed, the same up to the first placement and the
first step; the summed score). It reads puzzles as solve does: from the
files, or standard input when there are none or for "-"; a puzzle may also
be given on the command line as 81 cells. A bad puzzle, or one without
exactly one solution, is reported on stderr as FILE:LINE: what is wrong;
explain stops there (exit status 2) unless --keep-going.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and explain the rest (the exit status is still 2)")
		minRating := fs.Float64("min-rating", 0, "print only steps rated at least `R` (1.2 hides last values; 2.5 hides every single)")
		return func(ctx context.Context, e *env, args []string) error {
			var s engine.Solver
			first, rejected := true, 0
			err := eachPuzzleAt(ctx, e, args, *keepGoing, func(at pipeline.Position, g engine.Grid) error {
				if _, err := s.SolveUnique(g); err != nil {
					fmt.Fprintf(e.stderr, "%s: %v\n", at, err)
					rejected++
					if !*keepGoing {
						return usagef("fix it, or pass --keep-going to explain the rest", "stopped at the first puzzle without exactly one solution")
					}
					return nil
				}
				if !first {
					fmt.Fprintln(e.stdout)
				}
				first = false
				return explain(e.stdout, g, *minRating)
			})
			if err == nil && rejected > 0 {
				err = usagef("'pressrun solve' counts the solutions", "skipped %s without exactly one solution", plural(rejected, "puzzle"))
			}
			return err
		}
	},
}

// explain prints one puzzle's solve.
func explain(w io.Writer, g engine.Grid, minRating float64) error {
	res, err := logic.Solve(g)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "puzzle %s\n", g)
	for _, line := range strings.Split(strings.TrimRight(g.Pretty(), "\n"), "\n") {
		fmt.Fprintf(w, "  %s\n", line)
	}
	width := len(fmt.Sprint(len(res.Steps)))
	hidden := 0
	for i, s := range res.Steps {
		if s.Rating < minRating {
			hidden++
			continue
		}
		mark := ""
		if s.Rating == res.ER && res.ER > 1.5 {
			mark = "  <- hardest"
		}
		fmt.Fprintf(w, "%*d. [%.1f] %s%s\n", width, i+1, s.Rating, s.Text, mark)
	}
	if hidden > 0 {
		fmt.Fprintf(w, "(%d easier steps not shown)\n", hidden)
	}
	fmt.Fprintf(w, "er %.1f, ep %.1f, ed %.1f, score %d, %d steps", res.ER, res.EP, res.ED, res.Score, len(res.Steps))
	if res.Guesses > 0 {
		fmt.Fprintf(w, ", %d guesses", res.Guesses)
	}
	fmt.Fprintln(w)
	return nil
}
