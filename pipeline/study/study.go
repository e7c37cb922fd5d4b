// Package study owns pressrun's studies of the seeds' methods, what
// `pressrun study` runs: solving methods side by side on a puzzle set,
// seed 001's way (Set), and the reproductions of seeds 000 to 004's
// experiments on the public sets of ../shared/data (Reproduce), each of a
// paper's claims with its verdict, the statistic that decides it and the
// reason for any gap. A run gives a Report of sections (notes, tables,
// verdicts and plots), which Write puts into a folder as report.html,
// numbers.tsv and plots/NAME.png.
//
// It stands above the jobs: it runs the methods on pipeline's ordered
// workers, times them with pipeline.Time, fences with pipeline.NewFence
// and tests with pipeline/stats, and nothing but cmd/pressrun imports it.
// The same seed (Options.Solve.Seed) gives the same numbers, but for the
// times, which are the machine's.
package study

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/stats"
)

// Options tune a study run.
type Options struct {
	// Methods are the solving methods compared on a puzzle set (Set);
	// a reproduction picks its seed's own.
	Methods []solve.Method
	// Solve are the methods' options: the seed of the stochastic ones,
	// their budget, the Boltzmann machine's decline.
	Solve   solve.Options
	Workers int
	// Sample sizes the sets: for Set the puzzles taken, evenly
	// spread (-1 or 0: all); for a reproduction, as its Reproduction.Sample
	// says (0: its defaults; -1: every puzzle of every set, but where it
	// says it caps a costly part).
	Sample int
	// DataDir is the folder of the public sets a reproduction reads
	// (../shared/data beside the repository).
	DataDir string
	// Progress, when set, is told what the run is doing.
	Progress func(stage string, done, total int)
}

func (o Options) progress(stage string, done, total int) {
	if o.Progress != nil {
		o.Progress(stage, done, total)
	}
}

// sample is n puzzles evenly spread over ps (all for n < 0, def for 0).
func (o Options) sample(ps []engine.Grid, def int) []engine.Grid {
	n := o.Sample
	if n == 0 {
		n = def
	}
	return spread(ps, n)
}

// spread is n puzzles evenly spread over ps, all of them for n < 0.
func spread(ps []engine.Grid, n int) []engine.Grid {
	if n < 0 || n >= len(ps) {
		return ps
	}
	out := make([]engine.Grid, n)
	for i := range out {
		out[i] = ps[i*len(ps)/n]
	}
	return out
}

// studyMethod is a method as a study runs it: under its own name, with
// the Boltzmann machine's decline rate when it is one of two.
type studyMethod struct {
	Name string
	solve.Method
	Decline float64 // 0: the options'
}

// studyMethods are the methods under their own names.
func studyMethods(ms []solve.Method) []studyMethod {
	out := make([]studyMethod, len(ms))
	for i, m := range ms {
		out[i] = studyMethod{Name: m.Name, Method: m}
	}
	return out
}

// methodRuns is what some methods did on some puzzles.
type methodRuns struct {
	set     string
	puzzles []engine.Grid
	methods []studyMethod
	er      []float64      // pressrun's er of each puzzle
	work    [][]solve.Work // [method][puzzle]
	secs    [][]float64    // [method][puzzle]: the wall time of the solve
}

// runMethods runs every method on every puzzle over the workers, and
// rates each puzzle's er.
func runMethods(ctx context.Context, set string, ps []engine.Grid, methods []studyMethod, o Options, withER bool) (*methodRuns, error) {
	r := &methodRuns{set: set, puzzles: ps, methods: methods, er: make([]float64, len(ps))}
	r.work = make([][]solve.Work, len(methods))
	r.secs = make([][]float64, len(methods))
	for m := range methods {
		r.work[m] = make([]solve.Work, len(ps))
		r.secs[m] = make([]float64, len(ps))
	}
	type result struct {
		er   float64
		work []solve.Work
		secs []float64
	}
	next := 0 // Ordered emits in the order of the puzzles
	err := pipeline.OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) result {
		return func(i int) result {
			res := result{er: math.NaN(), work: make([]solve.Work, len(methods)), secs: make([]float64, len(methods))}
			if withER {
				if lr, err := rate.Logic(ps[i]); err == nil {
					res.er = lr.ER
				}
			}
			opts := o.Solve
			opts.Stream = pipeline.PuzzleStream(ps[i])
			for m, method := range methods {
				mo := opts
				if method.Decline != 0 {
					mo.Decline = method.Decline
				}
				start := time.Now()
				res.work[m] = method.Solve(ps[i], mo)
				res.secs[m] = time.Since(start).Seconds()
			}
			return res
		}
	}, func(res result) error {
		r.er[next] = res.er
		for m := range methods {
			r.work[m][next] = res.work[m]
			r.secs[m][next] = res.secs[m]
		}
		next++
		o.progress(set+": "+methodNames(methods), next, len(ps))
		return nil
	})
	return r, err
}

// workOf is method m's main count of work on each puzzle (its first
// Counts column).
func (r *methodRuns) workOf(m int) []float64 {
	col := r.methods[m].Counts[0]
	out := make([]float64, len(r.puzzles))
	for i, w := range r.work[m] {
		v, _ := w.Column(col)
		out[i] = float64(v)
	}
	return out
}

func (r *methodRuns) solved(m int) int {
	n := 0
	for _, w := range r.work[m] {
		if w.Solved {
			n++
		}
	}
	return n
}

// compare is the section that sets the methods side by side on one set,
// seed 001's way: the distribution of each one's work, the sorted work
// curve, the sign test between each pair on time, the worst-10%
// independence test between each pair on work, and how each one's work
// tracks pressrun's er.
func (r *methodRuns) compare(title string, notes ...string) (Section, error) {
	sec := Section{Title: title, Notes: notes}
	work := Table{Name: r.set + "-work", Caption: fmt.Sprintf("%s, %d puzzles: each method's work (in its own unit) and time, and its Spearman correlation with pressrun's er", r.set, len(r.puzzles)),
		Columns: []string{"method", "unit", "solved", "mean", "median", "max", "mean ms", "median ms", "spearman er", "p"}}
	ers := r.er
	for m, method := range r.methods {
		w := r.workOf(m)
		ms := scale(r.secs[m], 1000)
		rho, p := spearmanKnown(w, ers)
		work.addRow(method.Name, method.Counts[0], fmt.Sprintf("%d of %d", r.solved(m), len(w)),
			stats.Mean(w), stats.Median(w), slices.Max(w), stats.Mean(ms), stats.Median(ms), rho, p)
	}
	sec.Tables = append(sec.Tables, work)
	if len(r.methods) > 1 {
		sign := Table{Name: r.set + "-sign", Caption: "Sign test on each puzzle's time (seed 001's \"Wilcoxon sign test\"): how often the first method was the faster, ties left out, and the two-sided binomial p",
			Columns: []string{"pair", "first faster", "second faster", "ties", "p"}}
		worst := Table{Name: r.set + "-worst10", Caption: "Seed 001's independence test: puzzles among the worst 10% (most work) of both methods, against the 1% independence predicts; one-sided binomial p for more than expected",
			Columns: []string{"pair", "puzzles", "worst of both", "expected", "p (more)", "p (two-sided)"}}
		for a := range r.methods {
			for b := a + 1; b < len(r.methods); b++ {
				pair := r.methods[a].Name + " / " + r.methods[b].Name
				s := stats.SignTest(r.secs[a], r.secs[b])
				sign.addRow(pair, s.Less, s.Greater, s.Ties, s.P)
				ws := stats.WorstShareTest(r.workOf(a), r.workOf(b), 0.10)
				worst.addRow(pair, ws.N, ws.Both, ws.Expected, ws.PGreater, ws.P)
			}
		}
		sec.Tables = append(sec.Tables, sign, worst)
	}
	for m, method := range r.methods {
		p, err := histogramPlot(fmt.Sprintf("%s on %s: distribution of its work", method.Name, r.set), method.Counts[0], r.workOf(m))
		if err != nil {
			return sec, err
		}
		sec.Plots = append(sec.Plots, Plot{Name: r.set + "-hist-" + method.Name, Caption: fmt.Sprintf("%s: how many puzzles needed how much work (%s, log scale)", method.Name, method.Counts[0]), Plot: p})
	}
	curves := make([]namedValues, len(r.methods))
	for m, method := range r.methods {
		curves[m] = namedValues{method.Name + " (" + method.Counts[0] + ")", r.workOf(m)}
	}
	p, err := sortedPlot(fmt.Sprintf("%s: sorted work curves", r.set), curves)
	if err != nil {
		return sec, err
	}
	sec.Plots = append(sec.Plots, Plot{Name: r.set + "-sorted", Caption: "Each method's work on every puzzle, sorted, in its own unit (log scale): seed 001's solved-puzzles plots", Plot: p})
	for m, method := range r.methods {
		rho, _ := spearmanKnown(r.workOf(m), ers)
		p, err := scatterPlot(fmt.Sprintf("%s on %s: work against er (Spearman %.2f)", method.Name, r.set, rho), "pressrun er", method.Counts[0], ers, r.workOf(m))
		if err != nil {
			return sec, err
		}
		sec.Plots = append(sec.Plots, Plot{Name: r.set + "-er-" + method.Name, Caption: fmt.Sprintf("%s's work against pressrun's er, one point a puzzle", method.Name), Plot: p})
	}
	return sec, nil
}

// spearmanKnown is Spearman's rho of x and y over the pairs where both
// are numbers (an unrated puzzle's er is NaN).
func spearmanKnown(x, y []float64) (rho, p float64) {
	var a, b []float64
	for i := range x {
		if !math.IsNaN(x[i]) && !math.IsNaN(y[i]) {
			a, b = append(a, x[i]), append(b, y[i])
		}
	}
	if len(a) < 3 {
		return math.NaN(), math.NaN()
	}
	return stats.Spearman(a, b)
}

func scale(v []float64, k float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return out
}

func methodNames(ms []studyMethod) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}
