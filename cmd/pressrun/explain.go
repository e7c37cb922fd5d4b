package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates/words"
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
explain stops there (exit status 2) unless --keep-going.

--variant KIND explains puzzles of a variant (6x6, 16x16, x, jigsaw, ...)
with the variant rater: the same output, cells r1c1 to r16c16 and symbols
as the variant's line form writes them (1-9 then A-G on a 16x16). A
jigsaw's line carries its layout: jigsaw:LAYOUT CELLS.

--language LANG (en, de, fr, es or it) says every step in full sentences
in that language, as a book's hint pages say them ("In box 6, the digit 5
has only one place left, r4c7: ..."), in place of the short notation.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and explain the rest (the exit status is still 2)")
		minRating := fs.Float64("min-rating", 0, "print only steps rated at least `R` (1.2 hides last values; 2.5 hides every single)")
		kindAndScale := kindAndScaleFlags(fs, "explain")
		budget := budgetFlag(fs, "guesses past it, and its er is a lower bound, printed with a plus (10.5+)")
		language := fs.String("language", "", "say every step in full sentences in `LANG`: en, de, fr, es or it")
		return func(ctx context.Context, e *env, args []string) error {
			kind, scale, err := kindAndScale()
			if err != nil {
				return err
			}
			var pb logic.Phrasebook // nil: the short notation
			if flagGiven(fs, "language") {
				w, err := words.Of(*language)
				if err != nil {
					return usagef("leave --language out for the short notation", "--language %q: want %s", *language, strings.Join(words.Codes(), ", "))
				}
				pb = w
			}
			chainBudget, err := budget()
			if err != nil {
				return err
			}
			if kind != nil {
				// As rate: a variant keeps its kind's own budget unless
				// --budget is given (0: no limit).
				variantBudget := 0
				if flagGiven(fs, "budget") {
					variantBudget = chainBudget
				}
				return explainVariant(ctx, e, args, kind, *keepGoing, *minRating, variantBudget, pb)
			}
			var s engine.Solver
			first, rejected := true, 0
			err = eachPuzzleAt(ctx, e, args, *keepGoing, func(at pipeline.Position, g engine.Grid) error {
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
				return explain(e.stdout, g, logic.Options{Scale: scale, Budget: chainBudget}, *minRating, pb)
			})
			if err == nil && rejected > 0 {
				err = usagef("'pressrun solve' counts the solutions", "skipped %s without exactly one solution", plural(rejected, "puzzle"))
			}
			return err
		}
	},
}

// explain prints one puzzle's solve with the options (the scale, the
// budget), each step in the short notation, or said in pb's language.
func explain(w io.Writer, g engine.Grid, opts logic.Options, minRating float64, pb logic.Phrasebook) error {
	res, err := logic.SolveWith(g, opts)
	if err != nil {
		return err
	}
	var said []string
	if pb != nil {
		said = logic.DescribeIn(g, res.Steps, pb)
	}
	steps := make([]explainStep, len(res.Steps))
	for i, s := range res.Steps {
		steps[i] = explainStep{s.Rating, s.Text}
		if said != nil {
			steps[i].text = said[i]
		}
	}
	writeExplained(w, explained{line: g.String(), pretty: g.Pretty(), steps: steps,
		er: res.ER, ep: res.EP, ed: res.ED, score: res.Score, guesses: res.Guesses, bound: [3]bool{res.Bound, res.BoundEP, res.BoundED}}, minRating)
	return nil
}

// explained is a solve as explain prints it, of a classic puzzle or a
// variant's: the puzzle's line and grid, its steps and their ratings.
type explained struct {
	line, pretty string
	steps        []explainStep
	er, ep, ed   float64
	score        int
	guesses      int
	bound        [3]bool // er, ep, ed are lower bounds (logic.Result.Bound...)
}

type explainStep struct {
	rating float64
	text   string
}

// writeExplained prints x: the puzzle, each step rated at least
// minRating, the hardest marked, and the ratings they add up to.
func writeExplained(w io.Writer, x explained, minRating float64) {
	fmt.Fprintf(w, "puzzle %s\n", x.line)
	for _, line := range strings.Split(strings.TrimRight(x.pretty, "\n"), "\n") {
		fmt.Fprintf(w, "  %s\n", line)
	}
	width := len(fmt.Sprint(len(x.steps)))
	hidden := 0
	for i, s := range x.steps {
		if s.rating < minRating {
			hidden++
			continue
		}
		mark := ""
		if s.rating == x.er && x.er > 1.5 {
			mark = "  <- hardest"
		}
		fmt.Fprintf(w, "%*d. [%.1f] %s%s\n", width, i+1, s.rating, s.text, mark)
	}
	if hidden > 0 {
		fmt.Fprintf(w, "(%d easier steps not shown)\n", hidden)
	}
	var plus [3]string
	for i, b := range x.bound {
		if b {
			plus[i] = "+"
		}
	}
	fmt.Fprintf(w, "er %.1f%s, ep %.1f%s, ed %.1f%s, score %d, %d steps", x.er, plus[0], x.ep, plus[1], x.ed, plus[2], x.score, len(x.steps))
	if x.guesses > 0 {
		fmt.Fprintf(w, ", %d guesses", x.guesses)
	}
	if x.bound[0] {
		fmt.Fprint(w, " (a plus marks a lower bound: the solve spent its chain budget, or ran past the ladder's end, and guessed)")
	}
	fmt.Fprintln(w)
}

// explainVariant is explain for the puzzles of kind, by the variant
// rater within budget (VariantKit.Budget: 0 for the kind's own, negative
// for none): the puzzles are solved over a goroutine per core and printed
// in input order, with classic's messages for a puzzle without exactly
// one solution.
func explainVariant(ctx context.Context, e *env, files []string, kind *variant.Variant, keepGoing bool, minRating float64, budget int, pb logic.Phrasebook) error {
	type solved struct {
		x   explained
		err error
	}
	first, rejected := true, 0
	err := eachVariantParallel(ctx, e, files, kind, keepGoing, 0,
		func() func(pipeline.Position, variant.Puzzle) solved {
			kit := pipeline.NewVariantKit()
			kit.Budget, kit.Stop = budget, ctx.Done()
			return func(_ pipeline.Position, p variant.Puzzle) solved {
				res, err := kit.SolveIn(p.Variant, p.Grid, pb, nil)
				return solved{explainedVariant(p, res), err}
			}
		},
		func(at pipeline.Position, p variant.Puzzle, v solved) error {
			switch {
			case errors.Is(v.err, engine.ErrNoSolution), errors.Is(v.err, engine.ErrManySolutions):
				fmt.Fprintf(e.stderr, "%s: %v\n", at, v.err)
				rejected++
				if !keepGoing {
					return usagef("fix it, or pass --keep-going to explain the rest", "stopped at the first puzzle without exactly one solution")
				}
				return nil
			case v.err != nil:
				return fmt.Errorf("%s: %w", at, v.err)
			}
			if !first {
				fmt.Fprintln(e.stdout)
			}
			first = false
			writeExplained(e.stdout, v.x, minRating)
			return nil
		})
	if err == nil && rejected > 0 {
		err = usagef("'pressrun solve --variant "+kind.Name+"' counts the solutions", "skipped %s without exactly one solution", plural(rejected, "puzzle"))
	}
	return err
}

// explainedVariant is a variant rater's solve of p as explain prints it:
// the puzzle's line after its key for a jigsaw or a killer (whose layout
// is its own),
// so that the line reads back.
func explainedVariant(p variant.Puzzle, res vlogic.Result) explained {
	line := p.Variant.Format(p.Grid)
	if p.Variant.Layout() != "" {
		line = p.Variant.Key() + " " + line
	}
	steps := make([]explainStep, len(res.Steps))
	for i, s := range res.Steps {
		steps[i] = explainStep{s.Rating, s.Text}
	}
	return explained{line: line, pretty: p.Variant.Pretty(p.Grid), steps: steps,
		er: res.ER, ep: res.EP, ed: res.ED, score: res.Score, guesses: res.Guesses}
}
