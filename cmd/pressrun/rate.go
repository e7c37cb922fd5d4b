package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
)

var rateCommand = command{
	name:    "rate",
	summary: "rate puzzles: level, Sudoku Explainer ratings and the seeds' metrics",
	usage: `usage: pressrun rate [flags] [FILE...]

Rate reads puzzles as solve does and rates each over --workers goroutines,
printing the rows in input order. Columns:

  puzzle      the puzzle
  level       its level: the first of the ladder whose rules hold; the
              default ladder is easy (er <= 1.5), medium (<= 2.5), hard
              (<= 4.4), expert (<= 6.5), evil; --levels FILE reads another
              (configs/levels.yaml is the default, as a file to edit)
  er, ep, ed  Sudoku Explainer's scale: the hardest step of the simplest
              solution; the hardest up to the first placement; the first
              step's rating; --scale classic (the default) rates as
              Sudoku Explainer 1.2.1 (and skfr) do, --scale sukaku as
              SukakuExplainer does, which also finds skyscrapers, kites
              and larger wings that 1.2.1 only finds as chains; a rating
              with a plus (10.5+) is a lower bound: the solve ran out of
              its chain budget (--budget) in a rung that rates at least
              that, or went past the ladder's end, and guessed
  score       the summed cost of the steps (HoDoKu-like)

with --metrics, the seeds' metrics after score (about an eighth more time
a puzzle; the archive keeps them for every puzzle it stores):

  wnef        weighted normalised ease function (seed 000; lower is harder)
  callcount   arc-consistency calls of a CSP search, mean of 10 runs
              (seed 002; a run stops at 2,000)
  gc          game complexity: mean log2 of the candidates after one
              1-reduction (seed 004)
  rreduction  whether r-Reduction alone solves it (seed 004)
  inferences  try-a-value steps seed 004's algorithm needs
  guesses     guesses of the fewest-candidates backtracking solver (seed 001)
  backtracks  its backtracks

and last:

  techniques  steps of each technique the logical solver used, in ladder
              order ("hidden-single-box:31,naked-pair:1"; an object in json)

A bad line, or a puzzle without exactly one solution, is reported on stderr
as FILE:LINE: what is wrong, and nothing is printed for it; rate stops there
(exit status 2) unless --keep-going.

--variant KIND rates puzzles of another kind (6x6, 16x16, x, windoku,
jigsaw, ...) with the variant rater: the same er/ep/ed/score scale, the
level on the kind's own ladder (or on a --levels file that says variant:
KIND, as configs/levels-16x16.yaml), the techniques, and the variant's
key; the seeds' metrics are classic's only. A variant's chain searches
have its kind's budget (a killer's is small: a tenth of a second or two)
unless --budget says another; a puzzle that spends it is finished by
a guess, counted in its techniques. --budget 0 lifts the limit: the
hardest published killers then take from seconds to many minutes each.`,
	setup: setupRate,
}

// ratingColumns are the columns of a rating that rate, generate --level
// and the archive's rows print: the level, then rate.Columns; rate's
// columns add the puzzle before and the techniques after.
// Without --metrics, rate prints the logical ones only (quickColumns).
var (
	ratingColumns = append([]string{"level"}, rate.Columns...)
	rateColumns   = append(append([]string{"puzzle"}, ratingColumns...), "techniques")
	quickColumns  = []string{"puzzle", "level", "er", "ep", "ed", "score", "techniques"}
)

// ratingRow is a rating's values in ratingColumns order.
func ratingRow(r *rate.Ratings) []any { return ratingValues(r, ratingColumns) }

// ratingValues is a rating's values of the columns: level or one of
// rate.Columns.
func ratingValues(r *rate.Ratings, columns []string) []any {
	row := make([]any, 0, len(columns))
	for _, c := range columns {
		if c == "level" {
			row = append(row, r.Level)
		} else {
			row = append(row, ratingValue(r, c))
		}
	}
	return row
}

// ratingValue is the rating column name of r as tables print it: rreduction
// as true or false, wnef and gc to four decimals, the others as they are
// (a count prints as a whole number).
func ratingValue(r *rate.Ratings, name string) any {
	v, _ := r.Column(name)
	switch name {
	case "er", "ep", "ed":
		if name == "er" && r.Bound || name == "ep" && r.BoundEP || name == "ed" && r.BoundED {
			return atLeast(v)
		}
	case "rreduction":
		return v != 0
	case "wnef", "gc":
		return round4(v)
	}
	return num(v)
}

// num prints a rating without trailing noise: 4.2, 0.0917.
type num float64

func (n num) String() string               { return strconv.FormatFloat(float64(n), 'f', -1, 64) }
func (n num) MarshalJSON() ([]byte, error) { return []byte(n.String()), nil }

// atLeast prints a rating that is a lower bound with a plus: 10.5+.
type atLeast float64

func (n atLeast) String() string               { return num(n).String() + "+" }
func (n atLeast) MarshalJSON() ([]byte, error) { return []byte(`"` + n.String() + `"`), nil }

// round4 prints a metric to four decimals, as far as it means anything.
func round4(v float64) num { return num(math.Round(v*1e4) / 1e4) }

func setupRate(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	format := fs.String("format", "tsv", "output `FORMAT`: tsv or json")
	workers := workersFlag(fs, "rate on")
	keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and rate the rest (the exit status is still 2)")
	levels := levelsFlag(fs)
	kindAndScale := kindAndScaleFlags(fs, "rate")
	budget := budgetFlag(fs, "gets its er as a lower bound, printed with a plus (10.5+)")
	metrics := fs.Bool("metrics", false, "print the seeds' metrics too (wnef to backtracks), about an eighth more time a puzzle")
	return func(ctx context.Context, e *env, files []string) error {
		kind, scale, err := kindAndScale()
		if err != nil {
			return err
		}
		chainBudget, err := budget()
		if err != nil {
			return err
		}
		if kind != nil {
			if err := checkFormat(*format, "tsv", "json"); err != nil {
				return err
			}
			// A variant keeps its kind's own budget unless --budget is
			// given: then it bounds the dynamic chains (0: no limit).
			variantBudget := 0
			if flagGiven(fs, "budget") {
				variantBudget = chainBudget
			}
			return rateVariant(ctx, e, files, kind, *levels, *format, *keepGoing, *workers, variantBudget)
		}
		ladder, err := loadLadder(*levels)
		if err != nil {
			return err
		}
		if err := checkFormat(*format, "tsv", "json"); err != nil {
			return err
		}
		columns := quickColumns
		if *metrics {
			columns = rateColumns
		}
		out, err := newTable(e.stdout, *format, columns...)
		if err != nil {
			return err
		}
		type rated struct {
			r      rate.Ratings
			reason string
		}
		rejected := 0
		err = eachPuzzleParallel(ctx, e, files, *keepGoing, *workers,
			func() func(pipeline.Position, engine.Grid) rated {
				var s engine.Solver
				return func(_ pipeline.Position, g engine.Grid) rated {
					if _, err := s.SolveUnique(g); err != nil {
						return rated{reason: err.Error()}
					}
					r, err := rate.RateWith(g, ladder, scale, chainBudget, *metrics)
					if err != nil {
						return rated{reason: err.Error()}
					}
					return rated{r: r}
				}
			},
			func(at pipeline.Position, g engine.Grid, v rated) error {
				if v.reason != "" {
					fmt.Fprintf(e.stderr, "%s: %s\n", at, v.reason)
					rejected++
					if !*keepGoing {
						return usagef("fix it, or pass --keep-going to rate the rest", "stopped at the first puzzle without exactly one solution")
					}
					return nil
				}
				row := append([]any{g.String()}, ratingValues(&v.r, columns[1:len(columns)-1])...)
				return out.row(append(row, techniqueCounts(v.r.Techniques))...)
			})
		if err == nil && rejected > 0 {
			err = usagef("'pressrun solve' counts the solutions", "skipped %s without exactly one solution", plural(rejected, "puzzle"))
		}
		return err
	}
}

// budgetFlag defines --budget, the chain searches' budget per puzzle in
// millions of implications; the function it returns gives it as
// logic.Options.Budget takes it (negative for none), or a usage error.
// what says what becomes of a puzzle that spends it.
func budgetFlag(fs *flag.FlagSet, what string) func() (int, error) {
	budget := fs.Int("budget", logic.DefaultBudget/1_000_000, "the chain searches' budget per puzzle, in `MILLIONS` of implications (about 10 s\nfor the default on a 2-core machine; 0 for no limit): a puzzle that spends it\n"+what)
	return func() (int, error) {
		switch {
		case *budget < 0:
			return 0, usagef("0 means no limit", "--budget %d: want 0 or more", *budget)
		case *budget == 0:
			return -1, nil
		}
		return *budget * 1_000_000, nil
	}
}

// scaleFlag defines --scale, the Sudoku Explainer scale of er, ep and
// ed; the function it returns gives the scale or a usage error.
func scaleFlag(fs *flag.FlagSet) func() (*logic.Scale, error) {
	var names []string
	for _, s := range logic.Scales {
		names = append(names, s.Name)
	}
	name := fs.String("scale", logic.DefaultScale.Name, "rate er, ep and ed on the `SCALE` of "+strings.Join(names, " or ")+":\nclassic is Sudoku Explainer 1.2.1's (and skfr's), sukaku SukakuExplainer's")
	return func() (*logic.Scale, error) {
		s, err := logic.ScaleNamed(*name)
		if err != nil {
			return nil, usagef("classic matches Sudoku Explainer 1.2.1 and skfr, sukaku SukakuExplainer", "--scale: %v", err)
		}
		return s, nil
	}
}

// kindAndScaleFlags defines --variant and --scale together: the kind
// (nil: classic) and the scale of classic ratings, --scale refused with a
// variant.
func kindAndScaleFlags(fs *flag.FlagSet, what string) func() (*variant.Variant, *logic.Scale, error) {
	kindFlag, scaleFlag := variantFlag(fs, what), scaleFlag(fs)
	return func() (*variant.Variant, *logic.Scale, error) {
		kind, err := kindFlag()
		if err != nil {
			return nil, nil, err
		}
		scale, err := scaleFlag()
		if err == nil && kind != nil {
			err = classicOnly(fs, "scale")
		}
		return kind, scale, err
	}
}

// classicOnly refuses the flag, given with --variant: it applies to
// classic puzzles only (the community's raters rate no other kind).
func classicOnly(fs *flag.FlagSet, name string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			err = usagef("the variant rater has a scale of its own", "--%s applies to classic puzzles, not to --variant", name)
		}
	})
	return err
}

// levelsFlag defines --levels, the ladder's file.
func levelsFlag(fs *flag.FlagSet) *string {
	return fs.String("levels", "", "read the level ladder from `FILE` (YAML, as configs/levels.yaml; default: easy,\nmedium, hard, expert, evil by er)")
}

// loadLadder reads the --levels file, or gives the default ladder for "".
func loadLadder(path string) (level.Ladder, error) {
	if path == "" {
		return level.Default(), nil
	}
	ladder, err := configs.LoadLevels(path)
	if err != nil {
		return nil, usagef("configs/levels.yaml is the default ladder, as a file to start from", "--levels %v", err)
	}
	return ladder, nil
}

// techniqueCounts prints the steps per technique in ladder order:
// "hidden-single-box:31,naked-pair:1" in tsv, an object in json.
type techniqueCounts map[string]int

// ordered lists the techniques used in ladder order, as key and count.
func (t techniqueCounts) ordered(fn func(key string, n int)) {
	for _, tech := range logic.Techniques() {
		if n := t[tech.Key()]; n > 0 {
			fn(tech.Key(), n)
		}
	}
}

func (t techniqueCounts) String() string {
	var b strings.Builder
	t.ordered(func(k string, n int) {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(n))
	})
	return b.String()
}

func (t techniqueCounts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	t.ordered(func(k string, n int) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		key, _ := json.Marshal(k)
		b = append(b, key...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(n), 10)
	})
	return append(b, '}'), nil
}
