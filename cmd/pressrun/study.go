package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/study"
)

var studyCommand = command{
	name:    "study",
	summary: "compare the seeds' methods on puzzles, or reproduce a seed's findings, with plots",
	usage: `usage: pressrun study [FILE...] --out DIR [--methods M,M...]
       pressrun study --reproduce SEED --out DIR [--data DIR]

Study runs solving methods side by side over a puzzle set (the files, or
standard input for "-"), seed 001's way: each method's work on every
puzzle, its distribution (a histogram, log scale) and sorted curve, the
sign test on time between each pair, the worst-10% independence test,
and how each method's work tracks pressrun's er (Spearman, a scatter
plot). --methods picks them (default: the deterministic ones but dfs,
whose plain search can take minutes on a 17-clue puzzle); 'pressrun help
solve' lists them all.

--reproduce SEED repeats a seed's experiment on the public sets in --data
(../shared/data beside the repository by default), beside the paper's
figures:

` + reproductionList() + `
The report goes into DIR: report.html (the findings, every table and
every plot inline), numbers.tsv (every number of every table: section,
table, row, column, value) and plots/NAME.png; a reproduction's report
opens with the paper's claims, each with its verdict (holds, holds
partly, does not hold), the statistic that decides it and the reason for
any gap. --sample N sizes a study's sets as its line above says (evenly
spread over each set; -1 for all of every set; default: the
reproduction's own, named in the report). The same --seed gives the same
numbers, but for the times.`,
	setup: setupStudy,
}

func reproductionList() string {
	var b strings.Builder
	for _, r := range study.Reproductions {
		fmt.Fprintf(&b, "  %s  %s\n", r.ID, indent(r.What, 7, 7, 72))
		fmt.Fprintf(&b, "       sample: %s\n", indent(r.Sample, 15, 7, 72))
	}
	return b.String()
}

func setupStudy(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	out := fs.String("out", "", "write the report into `DIR` (required)")
	reproduce := fs.String("reproduce", "", "repeat seed `SEED`'s experiment: "+strings.Join(study.ReproductionIDs(), ", "))
	data := fs.String("data", filepath.Join("..", "shared", "data"), "the public puzzle sets' folder `DIR`, for --reproduce")
	methods := fs.String("methods", "exact,backtrack,rules,csp,rreduction", "compare `METHODS` (comma-separated, or all)")
	seed := fs.Uint64("seed", 1, "random `SEED` of every random choice")
	sample := fs.Int("sample", 0, "size the sets at `N` puzzles as help study says for each reproduction (-1: all; default: the study's own)")
	maxIter := fs.Int("max-iterations", 0, "bound each method's work at `N` of its unit (default: the method's own budget)")
	keepGoing := fs.Bool("keep-going", false, "skip bad puzzles and study the rest (the exit status is still 2)")
	quiet := fs.Bool("quiet", false, "print no progress")
	workers := workersFlag(fs, "study on")
	return func(ctx context.Context, e *env, files []string) error {
		if *out == "" {
			return usagef("pressrun study --reproduce 001 --out study-001", "--out DIR is required")
		}
		if *reproduce != "" && len(files) > 0 {
			return usagef("study either a puzzle set or a seed's experiment", "--reproduce %s and puzzle files %s: give one or the other", *reproduce, files[0])
		}
		if *sample < -1 {
			return usagef("--sample 500 takes 500 puzzles of each set; -1 takes them all", "--sample %d: want a count, or -1 for all", *sample)
		}
		if *maxIter < 0 {
			return usagef("--max-iterations 1000000, or leave it out for each method's own budget", "--max-iterations %d: want a count of 1 or more", *maxIter)
		}
		ms, err := pipeline.SolveMethods(strings.Split(*methods, ","))
		if err != nil {
			return usagef("pressrun help solve lists the methods", "--methods: %v", err)
		}
		start := time.Now()
		o := study.Options{Methods: ms, Solve: solve.Options{Seed: *seed, MaxIterations: *maxIter},
			Workers: *workers, Sample: *sample, DataDir: *data}
		if !*quiet {
			last := ""
			o.Progress = func(stage string, done, total int) {
				if stage != last {
					last = stage
					fmt.Fprintf(e.stderr, "pressrun: study: %s (%d puzzles)\n", stage, total)
				}
			}
		}
		var report *study.Report
		if *reproduce != "" {
			report, err = study.Reproduce(ctx, *reproduce, o)
			switch {
			case errors.Is(err, study.ErrNoReproduction):
				return usagef("pressrun help study lists them", "--reproduce: %v", err)
			case errors.Is(err, study.ErrNoData):
				return usagef("--reproduce reads the public sets of ../shared/data (its SOURCES.md says where they come from); pass --data DIR where they are", "--data %s: %v", *data, err)
			}
		} else {
			var ps []engine.Grid
			if err := eachPuzzleAt(ctx, e, files, *keepGoing, func(_ pipeline.Position, g engine.Grid) error {
				ps = append(ps, g)
				return nil
			}); err != nil && !(*keepGoing && len(ps) > 0) {
				return err
			}
			if len(ps) == 0 {
				return usagef("give a file of puzzles, one a line", "no puzzles to study")
			}
			name := "standard input"
			if len(files) > 0 {
				name = strings.Join(files, ", ")
			}
			report, err = study.Set(ctx, name, ps, o)
		}
		if err != nil {
			return err
		}
		if err := study.Write(ctx, *out, report); err != nil {
			return err
		}
		plots := 0
		for _, s := range report.Sections {
			plots += len(s.Plots)
		}
		fmt.Fprintf(e.stderr, "pressrun: study: wrote %s, numbers.tsv and %s in %s in %.1fs\n",
			filepath.Join(*out, "report.html"), plural(plots, "plot"), filepath.Join(*out, "plots"), time.Since(start).Seconds())
		return nil
	}
}

// indent wraps text at width columns, its first line begun at column
// start and the others indented by margin.
func indent(text string, start, margin, width int) string {
	var b strings.Builder
	col := start
	for i, w := range strings.Fields(text) {
		if i > 0 && col+1+len([]rune(w)) > width {
			b.WriteString("\n" + strings.Repeat(" ", margin))
			col = margin
		} else if i > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len([]rune(w))
	}
	return b.String()
}
