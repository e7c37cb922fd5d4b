package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
)

var solveCommand = command{
	name:    "solve",
	summary: "solve puzzles: count their solutions, or run the seeds' methods side by side",
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

--method M (a comma-separated list, or all) solves each puzzle by the
named methods instead, side by side, a row per puzzle and method:

  puzzle, method, solved (true or false), solution (or, when a stochastic
  method runs out of budget, its grid of least cost), and its work:
  steps, guesses, backtracks, calls, iterations, reheats, cost (the
  conflicts left), capped (true when the budget ran out)

The methods:

` + methodList() + `
The stochastic methods draw from --seed; a puzzle's random stream comes
from the seed and the puzzle itself, so a puzzle gets the same work
wherever it stands in the input and on any number of workers.
--max-iterations bounds each method's work in its own unit (above);
a method that reaches it reports solved=false and capped=true.
--schedule picks annealing's cooling: measured (the default: x0.9 after
each chain of 10 moves per empty cell, a re-heat after 10 chains without
a new low) or lewis (the schedule seed 003 cites: x0.99 after each chain
of n² moves, n the empty cells, a re-heat after 20 chains; it solves far
fewer within a budget: see 'pressrun study --reproduce 003').

--time adds each solve's wall time as seed 001 measures it: the solve is
repeated (after one untimed warm-up run) until the bootstrapped 95%
confidence interval of the mean lies within 5% of the mean, at least 10
and at most 100 runs; time_stable says whether it settled. --repeats N
times N runs instead. Columns time_ms (the mean), time_runs, time_stable.

A bad puzzle is reported on stderr as FILE:LINE: what is wrong, and nothing
is printed for it; solve stops there (exit status 2) unless --keep-going.

--variant KIND reads puzzles of another kind (6x6, 16x16, x, windoku,
jigsaw, ...: the lines generate --variant writes) and counts their
solutions with the variant solver; a column variant ends each row.`,
	setup: setupSolve,
}

// methodList describes the solving methods for the usage text.
func methodList() string {
	var b strings.Builder
	for _, m := range solve.Methods {
		b.WriteString("  " + m.Name + strings.Repeat(" ", max(1, 12-len(m.Name))) + m.Summary + "\n")
		from := "pressrun's own"
		if m.Seed != "" {
			from = "seed " + m.Seed
		}
		budget := "no budget"
		if m.Budget > 0 {
			budget = "budget: " + m.Unit + ", default " + pipeline.Grouped(m.Budget)
		}
		b.WriteString(strings.Repeat(" ", 14) + "(" + from + "; " + budget + ")\n")
	}
	return b.String()
}

func setupSolve(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	format := fs.String("format", "tsv", "output `FORMAT`: tsv or json")
	keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and process the rest (the exit status is still 2)")
	workers := workersFlag(fs, "solve on")
	method := fs.String("method", "", "solve by `METHODS` (comma-separated, or all): "+strings.Join(solve.Names(), ", "))
	seed := fs.Uint64("seed", 0, "random `SEED` of the stochastic methods")
	maxIter := fs.Int("max-iterations", 0, "bound each method's work at `N` of its unit (default: the method's own budget)")
	schedule := fs.String("schedule", solve.AnnealingSchedules[0].Name, "annealing's cooling `SCHEDULE`: "+scheduleNames())
	decline := fs.String("decline", "fast", "the Boltzmann machine's temperature decline: fast, slow, or a rate `KT` < 0\nin T(i) = 100 exp(KT i)")
	timed := fs.Bool("time", false, "time each method on each puzzle: repeat until the 95% interval of the mean\nis within 5% of it (at most 100 runs), as seed 001 does")
	repeats := fs.Int("repeats", 0, "with --time, time `N` runs each instead")
	kindFlag := variantFlag(fs, "solve")
	return func(ctx context.Context, e *env, files []string) error {
		if err := checkFormat(*format, "tsv", "json"); err != nil {
			return err
		}
		kind, err := kindFlag()
		if err != nil {
			return err
		}
		if kind != nil {
			if *method != "" {
				return usagef("the methods solve classic puzzles; leave out --variant", "--method with --variant %s", kind.Name)
			}
			return solveVariant(ctx, e, files, kind, *format, *keepGoing, *workers)
		}
		if *method == "" {
			if *maxIter != 0 || flagGiven(fs, "seed") || flagGiven(fs, "decline") || flagGiven(fs, "schedule") || *timed {
				return usagef("--seed, --max-iterations, --decline, --schedule and --time go with --method, e.g. --method annealing", "--seed, --max-iterations, --decline, --schedule or --time without --method")
			}
			return solveExact(ctx, e, files, *format, *keepGoing, *workers)
		}
		methods, err := pipeline.SolveMethods(strings.Split(*method, ","))
		if err != nil {
			return usagef("pressrun help solve lists the methods", "--method: %v", err)
		}
		if *maxIter < 0 {
			return usagef("--max-iterations 1000000, or leave it out for each method's own budget", "--max-iterations %d: want a count of 1 or more", *maxIter)
		}
		if *repeats < 0 || (*repeats > 0 && !*timed) {
			return usagef("--time --repeats 20 times twenty runs of each solve", "--repeats %d: want a count of 1 or more, with --time", *repeats)
		}
		kt, err := declineRate(*decline)
		if err != nil {
			return err
		}
		sched, ok := solve.FindSchedule(*schedule)
		if !ok {
			return usagef("lewis is the schedule seed 003 cites; measured, the default, solves far more", "--schedule %q: want one of %s", *schedule, scheduleNames())
		}
		run := pipeline.Solving{Methods: methods, Options: solve.Options{Seed: *seed, MaxIterations: *maxIter, Decline: kt, Schedule: sched}}
		cols := append(append([]string{"puzzle", "method", "solved", "solution"}, solve.Columns...), "capped")
		if *timed {
			run.Timing = &pipeline.TimingOptions{Runs: *repeats}
			cols = append(cols, "time_ms", "time_runs", "time_stable")
		}
		out, err := newTable(e.stdout, *format, cols...)
		if err != nil {
			return err
		}
		return eachPuzzleParallel(ctx, e, files, *keepGoing, *workers,
			func() func(pipeline.Position, engine.Grid) []pipeline.Solved {
				return func(_ pipeline.Position, p engine.Grid) []pipeline.Solved { return run.Run(p) }
			},
			func(_ pipeline.Position, p engine.Grid, done []pipeline.Solved) error {
				for _, s := range done {
					out.grid(p)
					out.text(s.Method.Name)
					out.value(s.Work.Solved)
					if s.Work.Solution == (engine.Grid{}) {
						out.text("")
					} else {
						out.grid(s.Work.Solution)
					}
					for _, c := range solve.Columns {
						v, _ := s.Work.Column(c)
						out.int(v)
					}
					out.value(s.Work.Capped)
					if *timed {
						out.value(float64(s.Time.Mean.Nanoseconds()) / 1e6)
						out.int(s.Time.Runs)
						out.value(s.Time.Stable)
					}
					if err := out.end(); err != nil {
						return err
					}
				}
				return nil
			})
	}
}

// scheduleNames are annealing's schedules, for the usage text.
func scheduleNames() string {
	names := make([]string, len(solve.AnnealingSchedules))
	for i, s := range solve.AnnealingSchedules {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// declineRate reads --decline.
func declineRate(text string) (float64, error) {
	switch text {
	case "fast":
		return solve.BoltzmannFast, nil
	case "slow":
		return solve.BoltzmannSlow, nil
	}
	kt, err := strconv.ParseFloat(text, 64)
	if err != nil || !(kt < 0) || math.IsInf(kt, 0) {
		return 0, usagef(fmt.Sprintf("fast is %g, slow %g", solve.BoltzmannFast, solve.BoltzmannSlow), "--decline %q: want fast, slow or a negative rate", text)
	}
	return kt, nil
}

// solveExact is solve without --method: the count of solutions and the
// solution.
func solveExact(ctx context.Context, e *env, files []string, format string, keepGoing bool, workers int) error {
	out, err := newTable(e.stdout, format, "puzzle", "solutions", "solution")
	if err != nil {
		return err
	}
	type solved struct {
		sol engine.Grid
		n   int
	}
	return eachPuzzleParallel(ctx, e, files, keepGoing, workers,
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

// solveVariant is solveExact for the puzzles of a variant: the columns
// puzzle, solutions and solution in the variant's line form, and the
// variant's key (a jigsaw's with its layout) last.
func solveVariant(ctx context.Context, e *env, files []string, kind *variant.Variant, format string, keepGoing bool, workers int) error {
	out, err := newTable(e.stdout, format, "puzzle", "solutions", "solution", "variant")
	if err != nil {
		return err
	}
	type solved struct {
		sol variant.Grid
		n   int
	}
	return eachVariantParallel(ctx, e, files, kind, keepGoing, workers,
		func() func(pipeline.Position, variant.Puzzle) solved {
			kit := pipeline.NewVariantKit()
			return func(_ pipeline.Position, p variant.Puzzle) solved {
				n, sol := kit.Solver(p.Variant).Count(p.Grid, 2)
				return solved{sol, n}
			}
		},
		func(_ pipeline.Position, p variant.Puzzle, v solved) error {
			out.text(p.Variant.Format(p.Grid))
			out.int(v.n)
			if v.n == 1 {
				out.text(p.Variant.Format(v.sol))
			} else {
				out.text("")
			}
			out.text(p.Variant.Key())
			return out.end()
		})
}
