package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline/stats"
)

// Reproductions are the seeds whose experiments `pressrun study
// --reproduce` repeats, with what each one reproduces.
var Reproductions = []struct{ ID, What string }{
	{"000", "WNEF per level and its t-tests (Table 1); the tuned generator's reachable WNEF with and without annealing"},
	{"001", "the solvers' work distributions, sign and worst-10% tests; the Boltzmann machine against the number of clues"},
	{"002", "the call count per level after IQR outlier removal (Table I); the hill-climbing generator's hit rate and time"},
	{"004", "r-Reduction's share solved, the inferences and the game complexity range on 17-clue puzzles"},
}

// ReproductionIDs are the seeds Reproduce knows.
func ReproductionIDs() []string {
	ids := make([]string, len(Reproductions))
	for i, r := range Reproductions {
		ids[i] = r.ID
	}
	return ids
}

// ErrNoReproduction is the error of Reproduce for a seed it does not know.
var ErrNoReproduction = errors.New("no such reproduction")

// ErrNoData is wrapped when a reproduction's data set is missing.
var ErrNoData = errors.New("data set missing")

// Reproduce repeats seed id's experiment on the public sets in
// o.DataDir and reports it beside the paper's figures.
func Reproduce(ctx context.Context, id string, o StudyOptions) (*Study, error) {
	start := time.Now()
	var s *Study
	var err error
	switch id {
	case "000":
		s, err = reproduce000(ctx, o)
	case "001":
		s, err = reproduce001(ctx, o)
	case "002":
		s, err = reproduce002(ctx, o)
	case "004":
		s, err = reproduce004(ctx, o)
	default:
		return nil, fmt.Errorf("%w: %q (want one of %s)", ErrNoReproduction, id, strings.Join(ReproductionIDs(), ", "))
	}
	if err != nil {
		return nil, err
	}
	s.Notes = append(s.Notes, fmt.Sprintf("Seed %d for every random choice, %d workers, %.1f s in all.", o.Solve.Seed, Workers(o.Workers), time.Since(start).Seconds()))
	return s, nil
}

// StudySet compares the methods on a puzzle set, seed 001's way.
func StudySet(ctx context.Context, name string, ps []engine.Grid, o StudyOptions) (*Study, error) {
	start := time.Now()
	ps = o.sample(ps, -1)
	r, err := runMethods(ctx, studyKey(name), ps, studyMethods(o.Methods), o, true)
	if err != nil {
		return nil, err
	}
	sec, err := r.compare(fmt.Sprintf("The methods side by side on %s", name))
	if err != nil {
		return nil, err
	}
	return &Study{Title: "pressrun study: " + name, Sections: []StudySection{sec},
		Notes: []string{fmt.Sprintf("%d puzzles of %s; seed %d, %d workers, %.1f s in all.", len(ps), name, o.Solve.Seed, Workers(o.Workers), time.Since(start).Seconds())}}, nil
}

// studyKey is a set's name as the report's files and tables name it: its
// first file's base name without extension, in letters, digits and '-'
// ("set" when nothing is left).
func studyKey(name string) string {
	name, _, _ = strings.Cut(name, ", ")
	name = strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	key := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, name)
	if strings.Trim(key, "-") == "" {
		return "set"
	}
	return key
}

// readSet reads a public set of o.DataDir: puzzles and, for a TSV with a
// third column (se-bands.tsv), each puzzle's band.
func readSet(o StudyOptions, name string) (ps []engine.Grid, bands []string, err error) {
	path := filepath.Join(o.DataDir, name)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("no %s there: %w", name, ErrNoData)
	}
	if err != nil {
		return nil, nil, err
	}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		g, err := engine.Parse(fields[0])
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", path, n+1, err)
		}
		ps = append(ps, g)
		if len(fields) >= 3 {
			bands = append(bands, fields[2])
		}
	}
	return ps, bands, nil
}

// seBands are se-bands.tsv's bands, easiest first, with the level of
// seed 000's and seed 002's tables each is set beside (hard2 has none:
// the papers have four levels).
var seBands = []struct{ band, paperLevel string }{
	{"easy", "easy"}, {"medium", "medium"}, {"hard1", "hard"}, {"hard2", ""}, {"diabolical", "evil"},
}

// byBand splits values by band, in seBands' order.
func byBand(bands []string, values []float64) []namedValues {
	out := make([]namedValues, len(seBands))
	for i, b := range seBands {
		out[i].name = b.band
		for j, v := range values {
			if bands[j] == b.band {
				out[i].values = append(out[i].values, v)
			}
		}
	}
	return out
}

// sampleBands takes n puzzles of each band (evenly spread over it).
func sampleBands(ps []engine.Grid, bands []string, n int) ([]engine.Grid, []string) {
	var outP []engine.Grid
	var outB []string
	for _, b := range seBands {
		var in []engine.Grid
		for i := range ps {
			if bands[i] == b.band {
				in = append(in, ps[i])
			}
		}
		for _, g := range spread(in, n) {
			outP, outB = append(outP, g), append(outB, b.band)
		}
	}
	return outP, outB
}

func methodsNamed(names ...string) []studyMethod {
	out := make([]studyMethod, len(names))
	for i, n := range names {
		m, err := solve.Find(n)
		if err != nil {
			panic(err) // the names are this file's own
		}
		out[i] = studyMethod{Name: n, Method: m}
	}
	return out
}

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

func meanOrNaN(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return stats.Mean(v)
}

func solutionOf(g engine.Grid) (engine.Grid, bool) {
	n, sol := engine.CountSolutions(g, 2)
	return sol, n == 1
}

func reproduce002(ctx context.Context, o StudyOptions) (*Study, error) {
	ps, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	paper := map[string]float64{"easy": 6.2, "medium": 29.2, "hard": 98.2, "evil": 527.4}
	o.progress("seed 002: call counts", 0, len(ps))
	var counts []float64
	err = OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) float64 {
		return func(i int) float64 { return rate.CallCount(ps[i], rate.CallCountRuns, rate.Seed) }
	}, func(c float64) error {
		counts = append(counts, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	groups := byBand(bands, counts)
	sec := StudySection{Title: "Call count per level after IQR outlier removal (Table I)",
		Notes: []string{fmt.Sprintf("All %d puzzles of se-bands.tsv, in its five bands (SE ratings); the paper rated websudoku.com's four levels. Each puzzle's call count is the mean of %d seeded runs, each capped at %d calls (rate.CallCountBudget); outliers outside median ± 1.5 IQR are removed per band, as the paper does.", len(ps), rate.CallCountRuns, rate.CallCountBudget)}}
	t := StudyTable{Name: "callcount-levels", Caption: "Mean call count per band, before and after the IQR fence, beside seed 002's Table I",
		Columns: []string{"band", "puzzles", "mean", "median", "fence low", "fence high", "kept", "mean kept", "paper level", "paper mean"}}
	refs := make([]float64, len(groups))
	for i, g := range groups {
		f := NewFence("callcount", "median", 1.5, g.values)
		var kept []float64
		for _, v := range g.values {
			if f.Holds(v) {
				kept = append(kept, v)
			}
		}
		level := seBands[i].paperLevel
		ref, ok := paper[level]
		refs[i] = math.NaN()
		refCell := any("")
		if ok {
			refs[i], refCell = ref, ref
		}
		t.addRow(g.name, len(g.values), stats.Mean(g.values), f.Median, *f.Low, *f.High, len(kept), stats.Mean(kept), level, refCell)
	}
	sec.Tables = append(sec.Tables, t)
	p, err := boxPlot("Call count per band of se-bands.tsv, with seed 002's level means", "call count", groups, refs, true)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "callcount-bands", Caption: "The call count's spread in each band (boxes: quartiles; whiskers: 1.5 IQR; circles: beyond them), and seed 002's Table I level means as red crosses (hard2 has none)", Plot: p})

	gen, err := generatorRuns(ctx, o, "hillclimb", "callcount", []float64{6.2, 29.2, 98.2, 527.4}, false)
	if err != nil {
		return nil, err
	}
	gen.Caption = "The hill-climbing generator aimed at each Table I mean: hits within the window, mean time and moves per puzzle"
	gen.Name = "hillclimb-targets"
	genSec := StudySection{Title: "The hill-climbing generator", Tables: []StudyTable{gen},
		Notes: []string{"Seed 002 built a hill-climbing generator (add, delete and change-a-clue moves toward a target call count), measured it slower than rejection sampling, and dropped it. Each puzzle is made from its own random stream; every one is unique and re-rated."}}
	return &Study{Title: "Seed 002 reproduced: the CSP call count and its levels", Sections: []StudySection{sec, genSec}}, nil
}

// generatorRuns makes puzzles by a generation method aimed at each value
// of column, and tabulates hits, the reached values and the time.
func generatorRuns(ctx context.Context, o StudyOptions, method, column string, values []float64, noAnneal bool) (StudyTable, error) {
	n := 10
	if o.Sample > 0 {
		n = max(1, o.Sample/100)
	}
	t := StudyTable{Columns: []string{"target", "puzzles", "hits", "mean reached", "min reached", "mean ms", "mean moves"}}
	for ti, v := range values {
		target := generate.Target{Column: column, Value: v, Tolerance: generate.DefaultTolerance(column, v)}
		type made struct {
			res  generate.Result
			secs float64
			err  error
		}
		var results []made
		err := OrderedRange(ctx, o.Workers, 0, n, func() func(int) made {
			g, err := generate.New(method, generate.Options{Target: target, NoAnneal: noAnneal})
			return func(i int) made {
				if err != nil {
					return made{err: err}
				}
				rng := rand.New(rand.NewPCG(o.Solve.Seed, uint64(ti)<<32|uint64(i)))
				start := time.Now()
				res, err := g.Generate(rng)
				return made{res, time.Since(start).Seconds(), err}
			}
		}, func(m made) error {
			results = append(results, m)
			return m.err
		})
		if err != nil {
			return t, err
		}
		hits := 0
		var reached, ms, moves []float64
		for _, m := range results {
			if m.res.Hit {
				hits++
			}
			c, _ := m.res.Ratings.Column(column)
			reached = append(reached, c)
			ms = append(ms, m.secs*1000)
			moves = append(moves, float64(m.res.Moves))
		}
		t.addRow(target.String(), n, hits, stats.Mean(reached), slices.Min(reached), stats.Mean(ms), stats.Mean(moves))
	}
	return t, nil
}

func reproduce000(ctx context.Context, o StudyOptions) (*Study, error) {
	ps, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	wnef := make([]float64, len(ps))
	for i, g := range ps {
		wnef[i] = rate.WNEF(g, rate.Exponential)
	}
	paper := map[string]float64{"easy": 0.268, "medium": 0.111, "hard": 0.092, "evil": 0.041}
	groups := byBand(bands, wnef)
	sec := StudySection{Title: "WNEF per level (Table 1) and its t-tests",
		Notes: []string{fmt.Sprintf("All %d puzzles of se-bands.tsv in its five bands; the paper's control puzzles came in four levels. WNEF with exponential weights, lower is harder.", len(ps))}}
	t := StudyTable{Name: "wnef-levels", Caption: "Mean WNEF per band beside seed 000's Table 1",
		Columns: []string{"band", "puzzles", "mean", "sd", "median", "paper level", "paper mean"}}
	refs := make([]float64, len(groups))
	for i, g := range groups {
		level := seBands[i].paperLevel
		refs[i] = math.NaN()
		refCell := any("")
		if v, ok := paper[level]; ok {
			refs[i], refCell = v, v
		}
		t.addRow(g.name, len(g.values), stats.Mean(g.values), stats.StdDev(g.values), stats.Median(g.values), level, refCell)
	}
	tt := StudyTable{Name: "wnef-ttests", Caption: fmt.Sprintf("t-tests between neighbouring bands (%s, α = %g): is the easier band's mean WNEF higher?", wnefTest, wnefAlpha),
		Columns: []string{"bands", "t", "df", "p (one-sided)", "p (two-sided)", "significant"}}
	for i := 0; i+1 < len(groups); i++ {
		r := stats.WelchT(groups[i].values, groups[i+1].values)
		tt.addRow(groups[i].name+" > "+groups[i+1].name, r.T, r.DF, r.PGreater, r.P, r.PGreater < wnefAlpha)
	}
	sec.Tables = append(sec.Tables, t, tt)
	p, err := boxPlot("WNEF per band of se-bands.tsv, with seed 000's level means", "WNEF", groups, refs, false)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "wnef-bands", Caption: "WNEF's spread in each band (boxes: quartiles; whiskers: 1.5 IQR; circles: beyond them), and seed 000's Table 1 level means as red crosses (hard2 has none)", Plot: p})

	targets := []float64{0.268, 0.111, 0.092, 0.041}
	with, err := generatorRuns(ctx, o, "tuned", "wnef", targets, false)
	if err != nil {
		return nil, err
	}
	with.Name, with.Caption = "tuned-anneal", "The tuned generator with its annealing step, aimed at each Table 1 mean"
	without, err := generatorRuns(ctx, o, "tuned", "wnef", targets, true)
	if err != nil {
		return nil, err
	}
	without.Name, without.Caption = "tuned-no-anneal", "The same without the annealing step: the WNEF its removal strategies reach alone"
	gen := StudySection{Title: "The tuned generator's reachable WNEF", Tables: []StudyTable{with, without},
		Notes: []string{"Seed 000 digs with removal strategies aimed at a target WNEF and, when the minimum reached is not low enough, anneals: adds clues back, optimises again and reverts to the best. Each puzzle is unique and re-rated."}}
	return &Study{Title: "Seed 000 reproduced: the weighted normalized ease function", Sections: []StudySection{sec, gen}}, nil
}

// The test seed 000 runs between neighbouring levels (§4.2.3): its
// statistic is Welch's unpooled t (the text says "Student's t
// distribution"), at α = 0.0025, rejecting when t > t_α, a one-sided
// cutoff (its stated alternative is two-sided; both p-values are shown).
const (
	wnefTest  = "Welch's t, one-sided as the paper rejects"
	wnefAlpha = 0.0025
)

func reproduce004(ctx context.Context, o StudyOptions) (*Study, error) {
	royle, _, err := readSet(o, "royle17.txt")
	if err != nil {
		return nil, err
	}
	ps := o.sample(royle, 10000)
	type res struct {
		red rate.Reduction
		gc  float64
	}
	var red []rate.Reduction
	var gc []float64
	o.progress("seed 004: r-Reduction", 0, len(ps))
	err = OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) res {
		return func(i int) res { return res{rate.RReduction(ps[i]), rate.GameComplexity(ps[i])} }
	}, func(r res) error {
		red, gc = append(red, r.red), append(gc, r.gc)
		return nil
	})
	if err != nil {
		return nil, err
	}
	solved := 0
	var inf []float64
	for _, r := range red {
		if r.Solved {
			solved++
		}
		inf = append(inf, float64(r.Inferences))
	}
	escargot := rate.RReduction(engine.MustParse("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."))
	sec := StudySection{Title: "r-Reduction, inference and the game complexity on 17-clue puzzles",
		Notes: []string{fmt.Sprintf("%d of the %d puzzles of royle17.txt, evenly spread (the paper: 10,000 of Royle's 47,621). The cell inferred on is the first open one in row-major order: the reading that gives the paper's 91 inferences for AI Escargot (see solve.RReduction).", len(ps), len(royle))}}
	t := StudyTable{Name: "rreduction", Caption: "Seed 004's figures beside pressrun's", Columns: []string{"figure", "pressrun", "paper"}}
	t.addRow("share r-Reduction alone solves", fmt.Sprintf("%.1f%%", 100*float64(solved)/float64(len(ps))), "70.5%")
	t.addRow("mean inferences with inference", stats.Mean(inf), "1.6")
	t.addRow("most inferences", slices.Max(inf), "")
	t.addRow("AI Escargot's inferences", escargot.Inferences, "91")
	t.addRow("game complexity, least", slices.Min(gc), "1.6946")
	t.addRow("game complexity, most", slices.Max(gc), "1.8189")
	t.addRow("game complexity, mean", stats.Mean(gc), "1.7526")
	sec.Tables = append(sec.Tables, t)
	p, err := histogramPlot("Inferences per 17-clue puzzle", "inferences", inf)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "inferences", Caption: "How many inferences r-Reduction with inference needs (0: r-Reduction alone solves it)", Plot: p})
	gp, err := gcPlot(gc)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "game-complexity", Caption: "The game complexity of each puzzle; the red dashed lines are the paper's range, 1.6946 to 1.8189", Plot: gp})
	return &Study{Title: "Seed 004 reproduced: heuristic reasoning on the Sudoku graph", Sections: []StudySection{sec}}, nil
}
