package pipeline

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline/stats"
)

func reproduce001(ctx context.Context, o StudyOptions) (*Study, error) {
	royle, _, err := readSet(o, "royle17.txt")
	if err != nil {
		return nil, err
	}
	ps := o.sample(royle, 1000)
	s := &Study{Title: "Seed 001 reproduced: backtrack, rule-based and Boltzmann machine solvers",
		Notes: []string{fmt.Sprintf("Data: %d of the %d 17-clue puzzles of royle17.txt (the paper: all 49,151 of Royle's), evenly spread; se-bands.tsv for the stochastic methods.", len(ps), len(royle))}}
	r, err := runMethods(ctx, "royle17", ps, methodsNamed("exact", "backtrack", "rules", "rreduction"), o, true)
	if err != nil {
		return nil, err
	}
	sec, err := r.compare("The deterministic methods on 17-clue puzzles",
		"The paper measured wall time (a mean repeated until its bootstrapped 95% interval was within 0.05 s); pressrun counts each method's own unit of work, which repeats on any machine, and times one run of each solve for the sign test. The paper found the rule-based solver by far the fastest (mean 0.02 s, every puzzle solved), the backtrack solver's times heavy-tailed, and some correlation between the two in which puzzles are hard.",
		"dfs (seed 003's plain search) and csp (seed 002's search at a random variable) are left out here: a 17-clue puzzle can cost dfs over a billion values tried and csp millions of calls (seconds each); both are compared on se-bands.tsv below.")
	if err != nil {
		return nil, err
	}
	s.Sections = append(s.Sections, sec)

	bands, err := stochasticBands(ctx, o)
	if err != nil {
		return nil, err
	}
	s.Sections = append(s.Sections, bands)
	clues, err := boltzmannClues(ctx, royle, o)
	if err != nil {
		return nil, err
	}
	s.Sections = append(s.Sections, clues)
	return s, nil
}

// boltzmanns are the Boltzmann machine at both decline rates, and
// annealing.
func stochasticMethods() []studyMethod {
	b, _ := solve.Find("boltzmann")
	a, _ := solve.Find("annealing")
	return []studyMethod{
		{Name: "annealing", Method: a},
		{Name: "boltzmann-fast", Method: b, Decline: solve.BoltzmannFast},
		{Name: "boltzmann-slow", Method: b, Decline: solve.BoltzmannSlow},
	}
}

// stochasticBands runs every method on a sample of each band of
// se-bands.tsv and reports the share each solves within its budget.
func stochasticBands(ctx context.Context, o StudyOptions) (StudySection, error) {
	all, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return StudySection{}, err
	}
	n := 10
	if o.Sample > 0 {
		n = max(1, o.Sample/50)
	}
	ps, pb := sampleBands(all, bands, n)
	methods := append(methodsNamed("exact", "dfs", "backtrack", "rules", "csp", "rreduction"), stochasticMethods()...)
	r, err := runMethods(ctx, "se-bands", ps, methods, o, true)
	if err != nil {
		return StudySection{}, err
	}
	sec, err := r.compare("Every method on se-bands.tsv",
		fmt.Sprintf("%d puzzles of each band of se-bands.tsv. The stochastic methods run within their default budgets; the paper's Boltzmann machine could not solve 17-clue puzzles and was tested on 46-clue ones instead.", n))
	if err != nil {
		return sec, err
	}
	t := StudyTable{Name: "se-bands-solved", Caption: "Share of each band each method solved within its budget", Columns: []string{"method"}}
	for _, b := range seBands {
		t.Columns = append(t.Columns, b.band)
	}
	t.Columns = append(t.Columns, "mean work (solved)")
	for m, method := range r.methods {
		row := []any{method.Name}
		var solvedWork []float64
		work := r.workOf(m)
		for _, b := range seBands {
			solved, total := 0, 0
			for i := range ps {
				if pb[i] == b.band {
					total++
					if r.work[m][i].Solved {
						solved++
						solvedWork = append(solvedWork, work[i])
					}
				}
			}
			row = append(row, fmt.Sprintf("%d/%d", solved, total))
		}
		row = append(row, stats.Mean(solvedWork))
		t.addRow(row...)
	}
	sec.Tables = append([]StudyTable{t}, sec.Tables...)
	return sec, nil
}

// boltzmannClueCounts are the clue counts the Boltzmann machine is tried
// at, from the 17 of royle17.txt to the paper's 46.
var boltzmannClueCounts = []int{17, 19, 21, 23, 25, 30, 35, 40, 46}

// boltzmannClues makes, from 17-clue puzzles, puzzles with more clues by
// adding clues from the solution (the paper's 46-clue puzzles), and runs
// the Boltzmann machine at both decline rates on each count.
func boltzmannClues(ctx context.Context, royle []engine.Grid, o StudyOptions) (StudySection, error) {
	n := 20
	if o.Sample > 0 {
		n = max(1, o.Sample/50)
	}
	base := spread(royle, n)
	var ps []engine.Grid
	for i, g := range base {
		sol, _ := solutionOf(g)
		rng := rand.New(rand.NewPCG(o.Solve.Seed, uint64(i)))
		var empty []int
		for c, d := range g {
			if d == 0 {
				empty = append(empty, c)
			}
		}
		rng.Shuffle(len(empty), func(a, b int) { empty[a], empty[b] = empty[b], empty[a] })
		for _, k := range boltzmannClueCounts {
			h := g
			for _, c := range empty[:k-17] {
				h[c] = sol[c]
			}
			ps = append(ps, h)
		}
	}
	methods := stochasticMethods()[1:]
	r, err := runMethods(ctx, "clues", ps, methods, o, false)
	if err != nil {
		return StudySection{}, err
	}
	sec := StudySection{Title: "The Boltzmann machine against the number of clues",
		Notes: []string{fmt.Sprintf("%d 17-clue puzzles of royle17.txt, each with clues added from its solution at random cells up to %v clues (the paper: 400 46-clue puzzles made the same way). Both decline rates, T(i) = 100 exp(Kt i) with Kt = %g (fast) and %g (slow), within the default budget.", n, boltzmannClueCounts, solve.BoltzmannFast, solve.BoltzmannSlow)}}
	t := StudyTable{Name: "boltzmann-clues", Caption: "Share solved and mean iterations of the solved, by clue count", Columns: []string{"clues"}}
	for _, m := range methods {
		t.Columns = append(t.Columns, m.Name+" solved", m.Name+" mean iterations")
	}
	xs := make([]float64, len(boltzmannClueCounts))
	series := make([]namedValues, len(methods))
	for m := range methods {
		series[m] = namedValues{methods[m].Name, make([]float64, len(xs))}
	}
	for k, clues := range boltzmannClueCounts {
		xs[k] = float64(clues)
		row := []any{clues}
		for m := range methods {
			solved := 0
			var iters []float64
			for i := k; i < len(ps); i += len(boltzmannClueCounts) {
				if w := r.work[m][i]; w.Solved {
					solved++
					iters = append(iters, float64(w.Iterations))
				}
			}
			series[m].values[k] = float64(solved) / float64(n)
			row = append(row, fmt.Sprintf("%d/%d", solved, n), meanOrNaN(iters))
		}
		t.addRow(row...)
	}
	sec.Tables = append(sec.Tables, t)
	p, err := linePlot("The Boltzmann machine: share solved against the clues", "clues", "share solved within the budget", xs, series)
	if err != nil {
		return sec, err
	}
	p.Y.Min, p.Y.Max = 0, 1.05
	p.Legend.Top, p.Legend.Left = false, false // the curves start low and end high
	sec.Plots = append(sec.Plots, StudyPlot{Name: "boltzmann-clues", Caption: "The share of puzzles the Boltzmann machine solves within its budget, by clue count, at both decline rates", Plot: p})
	return sec, nil
}

var seed001 = Reproduction{ID: "001",
	What:   "the solvers' work distributions, sign and worst-10% tests; the Boltzmann machine against the number of clues",
	Sample: "1,000 royle17 puzzles; 10 of each se-bands band; 20 royle17 puzzles at each clue count for the Boltzmann machine; --sample N takes N royle17 puzzles and N/50 (at least 1) for the others",
	run:    reproduce001}
