package study

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/stats"
)

// figure61 is seed 003's figure 6.1, the grid its source (Wikipedia's
// "Sudoku solving algorithms", the paper's [35]) set against brute force:
// its solution's first row is 987654321.
const figure61 = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"

// figure61Iterations is the paper's count for it.
const figure61Iterations = 641_580_843

func reproduce003(ctx context.Context, o Options) (*Report, error) {
	se, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	royle, _, err := readSet(o, "royle17.txt")
	if err != nil {
		return nil, err
	}
	n := 20
	if o.Sample != 0 {
		n = o.Sample
	}
	ps, pb := sampleBands(se, bands, n)
	p17 := spread(royle, n)
	search, err := seed003Search(ctx, o, ps, pb, p17)
	if err != nil {
		return nil, err
	}
	anneal, err := seed003Annealing(ctx, o, ps, pb, p17)
	if err != nil {
		return nil, err
	}
	return &Report{Title: "Seed 003 reproduced: brute force, backtracking and simulated annealing",
		Sections: append(search, anneal),
		Notes: []string{
			fmt.Sprintf("%d puzzles of each band of se-bands.tsv and %d of royle17.txt, evenly spread; figure 6.1 always.", len(ps)/len(seBands), len(p17)),
			"Not reproduced: the chapter's order-4 (16×16) puzzles (pressrun is 9×9 only and no public 16×16 set is at hand), Lewis's own puzzle instances (the chapter does not list them; se-bands.tsv stands in), and the reasoning strategies' naked/hidden-set duality (a proof, not a measurement). The chapter gives no timings to compare.",
		}}, nil
}

// dfsRun is what the searches did on one puzzle.
type dfsRun struct {
	iterations      int // dfs's work counted as the paper counts it
	dfs, backtrack  solve.Work
	dfsSecs, btSecs float64
}

// seed003Search is the chapter's §6.2.1: the plain depth-first search on
// figure 6.1, on the bands and on 17-clue puzzles, and backtracking at the
// cell of fewest candidates beside it.
func seed003Search(ctx context.Context, o Options, ps []engine.Grid, pb []string, p17 []engine.Grid) ([]Section, error) {
	fig := engine.MustParse(figure61)
	o.progress("seed 003: figure 6.1", 0, 1)
	start := time.Now()
	figIt, figWork := solve.DFSIterations(fig, solve.Options{})
	figSecs := time.Since(start).Seconds()
	o.progress("seed 003: figure 6.1", 1, 1)

	run := func(stage string, set []engine.Grid) ([]dfsRun, error) {
		var out []dfsRun
		bt, _ := solve.Find("backtrack")
		o.progress(stage, 0, len(set))
		err := pipeline.OrderedRange(ctx, o.Workers, 0, len(set), func() func(int) dfsRun {
			return func(i int) dfsRun {
				var r dfsRun
				t := time.Now()
				r.iterations, r.dfs = solve.DFSIterations(set[i], solve.Options{})
				r.dfsSecs = time.Since(t).Seconds()
				t = time.Now()
				r.backtrack = bt.Solve(set[i], solve.Options{})
				r.btSecs = time.Since(t).Seconds()
				return r
			}
		}, func(r dfsRun) error {
			out = append(out, r)
			o.progress(stage, len(out), len(set))
			return nil
		})
		return out, err
	}
	bandRuns, err := run("seed 003: dfs and backtrack on se-bands", ps)
	if err != nil {
		return nil, err
	}
	runs17, err := run("seed 003: dfs and backtrack on royle17", p17)
	if err != nil {
		return nil, err
	}
	iterations := func(rs []dfsRun) []float64 {
		out := make([]float64, len(rs))
		for i, r := range rs {
			out[i] = float64(r.iterations)
		}
		return out
	}
	bandIt, it17 := iterations(bandRuns), iterations(runs17)

	// Figure 6.1.
	fsec := Section{Title: "§6.2.1: brute force on figure 6.1",
		Notes: []string{"Algorithm 1: the next empty cell in row-major order, the values 1 to 9 in turn, recursing on each that breaks no constraint (solve's dfs). The paper's 641,580,843 iterations are the values tried plus each pass over a given cell on the way to the next empty one (solve.DFSIterations): the values tried alone, what the other studies count as dfs's steps, fall short of it by exactly those passes."}}
	mean, cells := meanCandidates(fig)
	clues := 81 - cells
	ft := Table{Name: "figure-6.1", Caption: "Figure 6.1 under the plain depth-first search", Columns: []string{"figure", "pressrun", "paper"}}
	ft.addRow("iterations (values tried + visits to givens)", figIt, figure61Iterations)
	ft.addRow("values tried", figWork.Steps, "")
	ft.addRow("visits to given cells", figIt-figWork.Steps, "")
	ft.addRow("recursive calls", figWork.Calls, "")
	ft.addRow("seconds", figSecs, "")
	ft.addRow("clues", clues, 17)
	ft.addRow("mean candidates of an empty cell", mean, 5)
	ft.addRow(fmt.Sprintf("worst case, 5^%d", cells), math.Pow(5, float64(cells)), "5×10^44")
	ft.addRow("solved", figWork.Solved, "")
	fsec.Tables = append(fsec.Tables, ft)
	v := Finding{Name: "dfs-figure-6.1", Claim: "§6.2.1: solving figure 6.1 by brute force (Algorithm 1) requires 641,580,843 iterations.",
		Paper: "641,580,843", Pressrun: fmt.Sprintf("%s (%s values tried + %s visits to givens)", pipeline.Grouped(figIt), pipeline.Grouped(figWork.Steps), pipeline.Grouped(figIt-figWork.Steps)),
		Statistic: "exact count of one deterministic search"}
	switch {
	case figIt == figure61Iterations && figWork.Solved:
		v.Verdict = Holds
	case figWork.Steps == figure61Iterations && figWork.Solved:
		v.Verdict, v.Reason = Holds, "matches as values tried alone"
	default:
		v.Verdict, v.Reason = DoesNotHold, fmt.Sprintf("pressrun's count differs by %d", figIt-figure61Iterations)
	}
	fsec.Verdicts = append(fsec.Verdicts, v)
	v = Finding{Name: "dfs-choices", Claim: "§6.2.1: figure 6.1 has 17 clues and on average 5 value choices in every empty cell, so the worst case is 5^64 = 5×10^44 choices.",
		Paper: "17 clues, 5 choices, 5×10^44", Pressrun: fmt.Sprintf("%d clues, %.2f candidates, 5^%d = %.2g", clues, mean, cells, math.Pow(5, float64(cells))),
		Statistic: fmt.Sprintf("mean candidates of the %d empty cells before any placement", cells)}
	if clues == 17 && math.Abs(mean-5) < 0.5 {
		v.Verdict = Holds
	} else {
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("the empty cells have %.2f candidates on average, not 5; the clue count and the arithmetic hold", mean)
	}
	fsec.Verdicts = append(fsec.Verdicts, v)

	// 17 clues.
	med17, medBands := stats.Median(it17), stats.Median(bandIt)
	above := 0
	for _, x := range it17 {
		if x >= float64(figIt) {
			above++
		}
	}
	log := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = math.Log10(x + 1)
		}
		return out
	}
	wt := stats.WelchT(log(it17), log(bandIt))
	v = Finding{Name: "dfs-17-clues", Claim: "§6.2.1: figure 6.1 takes brute force long because it only has 17 clues.",
		Paper: "641,580,843 iterations, put down to its 17 clues", Pressrun: fmt.Sprintf("17-clue median %.3g, se-bands median %.3g; figure 6.1 is %.2g× the 17-clue median, %d of %d 17-clue puzzles take as long", med17, medBands, float64(figIt)/med17, above, len(it17)),
		Statistic: fmt.Sprintf("Welch's t on log10 iterations, 17-clue vs se-bands: t = %.2f, one-sided p = %.2g (n = %d, %d)", wt.T, wt.PGreater, len(it17), len(bandIt))}
	typical := quantileOf(it17, 0.9) >= float64(figIt)
	switch {
	case wt.PGreater < 0.01 && typical:
		v.Verdict = Holds
	case wt.PGreater < 0.01:
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("17-clue puzzles do take the plain search longer than se-bands' (more clues), but figure 6.1 is %.2g× the 17-clue median, beyond their 90th percentile: its first row 987654321 makes the search try every smaller digit first, which the clue count alone does not explain", float64(figIt)/med17)
	default:
		v.Verdict, v.Reason = DoesNotHold, "the 17-clue sample does not take the plain search longer than se-bands' puzzles"
	}
	if len(it17) < 2 || len(bandIt) < 2 {
		v.Verdict, v.Reason = HoldsPartly, "too few puzzles for the test (--sample)"
	}
	fsec.Verdicts = append(fsec.Verdicts, v)

	// Difficulty, completeness and backtracking.
	ssec := Section{Title: "§6.2.1: the plain search against difficulty, and backtracking at the cell of fewest candidates",
		Notes: []string{"Difficulty is se-bands.tsv's band (Sudoku Explainer's rating, easy to diabolical); 17-clue puzzles are royle17.txt's. Backtracking is solve's backtrack (seed 001's): the empty cell with the fewest candidates first, the chapter's refinement. A wrong decision is a value that passed the check and whose search failed (dfs's backtracks, backtrack's backtracks)."}}
	bandIdx := make([]float64, len(pb))
	for i, b := range pb {
		bandIdx[i] = float64(slices.IndexFunc(seBands, func(s struct{ band, paperLevel string }) bool { return s.band == b }))
	}
	rho, p := stats.Spearman(bandIdx, bandIt)
	st := Table{Name: "dfs-bands", Caption: "The plain search (dfs, iterations as the paper counts them; a puzzle that reaches the budget of 2e9 values tried counts its iterations so far) and backtracking at the fewest candidates, by set", Columns: []string{"set", "puzzles", "dfs solved", "dfs median iterations", "dfs max iterations", "dfs median ms", "dfs median wrong decisions", "backtrack solved", "backtrack median wrong decisions", "backtrack median ms"}}
	groups := byBand(pb, bandIt)
	bandRunsBy := make([][]dfsRun, len(seBands))
	for i, r := range bandRuns {
		b := int(bandIdx[i])
		bandRunsBy[b] = append(bandRunsBy[b], r)
	}
	row := func(name string, rs []dfsRun) {
		var dIt, dMs, dWrong, bMs, bWrong []float64
		dSolved, bSolved := 0, 0
		for _, r := range rs {
			dIt, dMs, dWrong = append(dIt, float64(r.iterations)), append(dMs, 1000*r.dfsSecs), append(dWrong, float64(r.dfs.Backtracks))
			bMs, bWrong = append(bMs, 1000*r.btSecs), append(bWrong, float64(r.backtrack.Backtracks))
			if r.dfs.Solved {
				dSolved++
			}
			if r.backtrack.Solved {
				bSolved++
			}
		}
		if len(rs) == 0 {
			return
		}
		st.addRow(name, len(rs), dSolved, stats.Median(dIt), slices.Max(dIt), stats.Median(dMs), stats.Median(dWrong), bSolved, stats.Median(bWrong), stats.Median(bMs))
	}
	for i, b := range seBands {
		row(b.band, bandRunsBy[i])
	}
	row("17-clue", runs17)
	ssec.Tables = append(ssec.Tables, st)
	v = Finding{Name: "dfs-difficulty", Claim: "§6.2.1: the brute-force search's solution time is not necessarily dependent on the puzzle's difficulty (which rests on the logical strategies needed).",
		Paper: "not necessarily dependent", Pressrun: fmt.Sprintf("Spearman ρ = %.2f between band and iterations", rho),
		Statistic: fmt.Sprintf("Spearman's ρ, SE band (0-4) against dfs iterations: ρ = %.3f, p = %.2g, n = %d", rho, p, len(bandIt))}
	switch {
	case math.Abs(rho) < 0.3:
		v.Verdict = Holds
	case math.Abs(rho) < 0.6:
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("the work does grow with the band (ρ = %.2f), but the bands overlap widely (box plot): harder puzzles tend to take longer, not necessarily", rho)
	default:
		v.Verdict, v.Reason = DoesNotHold, fmt.Sprintf("the work follows the band closely (ρ = %.2f)", rho)
	}
	ssec.Verdicts = append(ssec.Verdicts, v)

	all := append(slices.Clone(bandRuns), runs17...)
	capped := 0
	for _, r := range all {
		if !r.dfs.Solved {
			capped++
		}
	}
	v = Finding{Name: "dfs-complete", Claim: "§6.2.1: the brute-force search guarantees a solution if one exists.",
		Paper: "guaranteed", Pressrun: fmt.Sprintf("%d of %d solved", len(all)-capped, len(all)),
		Statistic: fmt.Sprintf("puzzles solved within dfs's budget of %s values tried", pipeline.Grouped(solve.DFSBudget))}
	if capped == 0 {
		v.Verdict = Holds
	} else {
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("%d puzzles reached the budget of %s values tried before a solution: the search is complete, but not always within a bounded time", capped, pipeline.Grouped(solve.DFSBudget))
	}
	ssec.Verdicts = append(ssec.Verdicts, v)

	var dWrong, bWrong, dMs, bMs []float64
	for _, r := range all {
		dWrong, bWrong = append(dWrong, float64(r.dfs.Backtracks)), append(bWrong, float64(r.backtrack.Backtracks))
		dMs, bMs = append(dMs, r.dfsSecs), append(bMs, r.btSecs)
	}
	sw, stime := stats.SignTest(bWrong, dWrong), stats.SignTest(bMs, dMs)
	v = Finding{Name: "backtrack-fewest", Claim: "§6.2.1: starting with the empty cell of fewest candidate values increases the chance of the right decision (a refinement of brute force).",
		Paper: "fewer wrong decisions (no figure)", Pressrun: fmt.Sprintf("fewer wrong decisions on %d of %d puzzles (median %.3g vs %.3g), faster on %d", sw.Less, len(all), stats.Median(bWrong), stats.Median(dWrong), stime.Less),
		Statistic: fmt.Sprintf("sign test on wrong decisions, backtrack vs dfs: %d fewer, %d more, %d ties, p = %.2g; on time: %d faster, %d slower, p = %.2g", sw.Less, sw.Greater, sw.Ties, sw.P, stime.Less, stime.Greater, stime.P)}
	switch {
	case sw.Less > sw.Greater && sw.P < 0.05:
		v.Verdict = Holds
	case sw.Less < sw.Greater && sw.P < 0.05:
		v.Verdict, v.Reason = DoesNotHold, "the fewest-candidates order makes more wrong decisions"
	default:
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("no significant difference at this sample (p = %.2g)", sw.P)
	}
	ssec.Verdicts = append(ssec.Verdicts, v)

	refs := make([]float64, len(groups)+1)
	for i := range refs {
		refs[i] = math.NaN()
	}
	refs[len(groups)] = float64(figIt)
	bp, err := boxPlot("Plain depth-first search by set", "iterations (values tried + visits to givens)", append(groups, namedValues{"17-clue", it17}), refs, true)
	if err != nil {
		return nil, err
	}
	ssec.Plots = append(ssec.Plots, Plot{Name: "dfs-bands", Caption: "The plain search's iterations on each band of se-bands.tsv and on 17-clue puzzles; the red cross is figure 6.1 (641,580,843)", Plot: bp})
	wrongGroups := []namedValues{{"dfs, se-bands", nil}, {"fewest, se-bands", nil}, {"dfs, 17-clue", nil}, {"fewest, 17-clue", nil}}
	for i, r := range all {
		g := 0
		if i >= len(bandRuns) {
			g = 2
		}
		wrongGroups[g].values = append(wrongGroups[g].values, float64(r.dfs.Backtracks))
		wrongGroups[g+1].values = append(wrongGroups[g+1].values, float64(r.backtrack.Backtracks))
	}
	wp, err := boxPlot("Wrong decisions: first empty cell vs fewest candidates", "values taken back", wrongGroups, nil, true)
	if err != nil {
		return nil, err
	}
	ssec.Plots = append(ssec.Plots, Plot{Name: "dfs-vs-fewest", Caption: "Wrong decisions (a value that passed the check and whose search failed) of the plain search (dfs) and of backtracking at the cell of fewest candidates (backtrack), per puzzle", Plot: wp})
	return []Section{fsec, ssec}, nil
}

// meanCandidates is the mean number of candidates of g's empty cells
// (the digits no peer holds), and the number of empty cells.
func meanCandidates(g engine.Grid) (float64, int) {
	peers := engine.Peers()
	sum, n := 0, 0
	for c, d := range g {
		if d != 0 {
			continue
		}
		var seen [10]bool
		for _, q := range peers[c] {
			seen[g[q]] = true
		}
		for d := 1; d <= 9; d++ {
			if !seen[d] {
				sum++
			}
		}
		n++
	}
	return float64(sum) / float64(n), n
}

// medianReheats says the median re-heats of the solved runs, or that none
// solved.
func medianReheats(m float64) string {
	if math.IsNaN(m) {
		return "none solved"
	}
	return fmt.Sprintf("median %.3g re-heats of the solved", m)
}

// annealRun is one annealing run: its work and wall time.
type annealRun struct {
	w    solve.Work
	secs float64
}

// seed003Annealing is the chapter's §6.2.2: simulated annealing after
// Lewis with re-heats, on the bands and on 17-clue puzzles, under the
// schedule the chapter cites and under pressrun's measured one.
func seed003Annealing(ctx context.Context, o Options, ps []engine.Grid, pb []string, p17 []engine.Grid) (Section, error) {
	a, _ := solve.Find("annealing")
	budget := o.Solve.MaxIterations
	if budget <= 0 {
		budget = solve.AnnealingBudget
	}
	sec := Section{Title: "§6.2.2: simulated annealing with re-heats",
		Notes: []string{fmt.Sprintf("Lewis's annealing as the chapter describes it (solve's annealing): boxes filled at random, swaps inside a box, row and column violations as the cost, T0 the standard deviation of the cost over 200 moves, and a re-heat that restarts from a fresh candidate when a run is stuck. The chapter gives no schedule's numbers; it cites Lewis [20], whose schedule as usually cited is the temperature × 0.99 after each Markov chain of n² moves (n the empty cells) and a re-heat after 20 chains without a new lowest cost ('lewis'). pressrun's default ('measured') is × 0.9 after chains of 10n moves and a re-heat after 10 chains. Each run has a budget of %s moves proposed; a run that reaches it is unsolved. Lewis re-heats by resetting the temperature and keeping the candidate; the chapter restarts from a new candidate, and so does this.", pipeline.Grouped(budget))}}
	type set struct {
		name string
		ps   []engine.Grid
	}
	sets := []set{{"se-bands", ps}, {"17-clue", p17}}
	scheds := []solve.AnnealingSchedule{solve.AnnealingLewis, solve.AnnealingMeasured}
	runs := make(map[string][]annealRun)
	key := func(s solve.AnnealingSchedule, set string) string { return s.Name + ", " + set }
	for _, sc := range scheds {
		for _, st := range sets {
			stage := "seed 003: annealing (" + key(sc, st.name) + ")"
			o.progress(stage, 0, len(st.ps))
			var out []annealRun
			err := pipeline.OrderedRange(ctx, o.Workers, 0, len(st.ps), func() func(int) annealRun {
				return func(i int) annealRun {
					opts := o.Solve
					opts.Stream, opts.MaxIterations, opts.Schedule = pipeline.PuzzleStream(st.ps[i]), budget, sc
					t := time.Now()
					w := a.Solve(st.ps[i], opts)
					return annealRun{w, time.Since(t).Seconds()}
				}
			}, func(r annealRun) error {
				out = append(out, r)
				o.progress(stage, len(out), len(st.ps))
				return nil
			})
			if err != nil {
				return sec, err
			}
			runs[key(sc, st.name)] = out
		}
	}

	t := Table{Name: "annealing", Caption: "Annealing under each schedule: the share solved within the budget, the re-heats (restarts) the solved runs needed, the moves and the time", Columns: []string{"schedule", "set", "puzzles", "solved", "share solved", "median re-heats", "mean re-heats", "max re-heats", "median moves", "mean ms"}}
	bandT := Table{Name: "annealing-bands", Caption: "Share solved and median re-heats of the solved runs, by band", Columns: []string{"schedule", "band", "solved", "median re-heats"}}
	type summary struct {
		solved, n         int
		share, medReheats float64
	}
	summarise := func(rs []annealRun) (summary, []float64, []float64, []float64) {
		var reheats, moves, ms []float64
		s := summary{n: len(rs)}
		for _, r := range rs {
			ms = append(ms, 1000*r.secs)
			if r.w.Solved {
				s.solved++
				reheats, moves = append(reheats, float64(r.w.Reheats)), append(moves, float64(r.w.Iterations))
			}
		}
		s.share = float64(s.solved) / math.Max(1, float64(s.n))
		s.medReheats = math.NaN()
		if len(reheats) > 0 {
			s.medReheats = stats.Median(reheats)
		}
		return s, reheats, moves, ms
	}
	var reheatGroups []namedValues
	var curves []namedValues
	xs := []float64{}
	for e := 4.0; e <= math.Log10(float64(budget))+1e-9; e += 0.25 {
		xs = append(xs, e)
	}
	sums := make(map[string]summary)
	for _, sc := range scheds {
		for _, st := range sets {
			k := key(sc, st.name)
			rs := runs[k]
			s, reheats, moves, ms := summarise(rs)
			sums[k] = s
			maxR, medM := math.NaN(), math.NaN()
			if len(reheats) > 0 {
				maxR, medM = slices.Max(reheats), stats.Median(moves)
			}
			t.addRow(sc.Name, st.name, s.n, s.solved, fmt.Sprintf("%.0f%%", 100*s.share), s.medReheats, meanOrNaN(reheats), maxR, medM, meanOrNaN(ms))
			var all []float64
			for _, r := range rs {
				all = append(all, float64(r.w.Reheats))
			}
			reheatGroups = append(reheatGroups, namedValues{k, all})
			curve := make([]float64, len(xs))
			for j, x := range xs {
				for _, r := range rs {
					if r.w.Solved && math.Log10(float64(r.w.Iterations)) <= x {
						curve[j]++
					}
				}
				curve[j] = 100 * curve[j] / math.Max(1, float64(len(rs)))
			}
			curves = append(curves, namedValues{k, curve})
		}
		for _, b := range seBands {
			var rs []annealRun
			for i, r := range runs[key(sc, "se-bands")] {
				if pb[i] == b.band {
					rs = append(rs, r)
				}
			}
			s, _, _, _ := summarise(rs)
			bandT.addRow(sc.Name, b.band, fmt.Sprintf("%d of %d", s.solved, s.n), s.medReheats)
		}
	}
	sec.Tables = append(sec.Tables, t, bandT)

	// "Few re-heats": the chapter does not say how many are few; ten, or
	// a run that ends with at most ten restarts, is taken as few here.
	const few = 10
	for _, sc := range scheds {
		for _, st := range sets {
			k := key(sc, st.name)
			s := sums[k]
			v := Finding{Name: "annealing-" + sc.Name + "-" + st.name,
				Claim:     "§6.2.2: the annealing of [20] (Lewis) solves the Sudoku puzzles it is given using only few re-heats.",
				Paper:     "solved, few re-heats",
				Pressrun:  fmt.Sprintf("%d of %d solved, %s (schedule %s, %s)", s.solved, s.n, medianReheats(s.medReheats), sc.Name, st.name),
				Statistic: fmt.Sprintf("share solved within %s moves, and the median re-heats of the solved runs against %d ('few' is not defined by the chapter)", pipeline.Grouped(budget), few)}
			fewOK := !math.IsNaN(s.medReheats) && s.medReheats <= few
			switch {
			case s.share >= 0.95 && fewOK:
				v.Verdict = Holds
			case s.share >= 0.95:
				v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("%.0f%% solved, but with a median of %.3g re-heats, more than %d", 100*s.share, s.medReheats, few)
			case s.share >= 0.5 || fewOK:
				v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("only %.0f%% solved within %s moves, %s", 100*s.share, pipeline.Grouped(budget), medianReheats(s.medReheats))
			default:
				v.Verdict, v.Reason = DoesNotHold, fmt.Sprintf("only %.0f%% solved within %s moves, %s", 100*s.share, pipeline.Grouped(budget), medianReheats(s.medReheats))
			}
			if sc.Name == solve.AnnealingLewis.Name && v.Reason != "" {
				v.Reason += ": at T0 the cost wanders for about a hundred chains, new lows come rarer than every 20 chains, so a run re-heats before it has cooled (solve's annealing doc)"
			}
			if sc.Name == solve.AnnealingLewis.Name && v.Reason != "" {
				v.Reason += "; the schedule's numbers are Lewis's as usually cited, the chapter gives none"
			}
			if sc.Name != solve.AnnealingLewis.Name {
				v.Claim += " (Here under pressrun's measured schedule, not the one the chapter cites.)"
			}
			if st.name == "17-clue" && v.Reason != "" {
				v.Reason += "; 17-clue puzzles are harder than the newspaper puzzles Lewis tested, so this extends the claim"
			}
			sec.Verdicts = append(sec.Verdicts, v)
		}
	}

	var unsolved []string
	total, solvedAll := 0, 0
	for _, sc := range scheds {
		for _, st := range sets {
			s := sums[key(sc, st.name)]
			total += s.n
			solvedAll += s.solved
			if s.solved < s.n {
				unsolved = append(unsolved, fmt.Sprintf("%s: %d unsolved", key(sc, st.name), s.n-s.solved))
			}
		}
	}
	v := Finding{Name: "annealing-complete", Claim: "§6.2.2: the re-heat (a restart from a new candidate when stuck) makes the annealing complete.",
		Paper: "complete", Pressrun: fmt.Sprintf("%d of %d runs solved within %s moves", solvedAll, total, pipeline.Grouped(budget)),
		Statistic: "runs solved within the budget, every schedule and set"}
	// Completeness is a limit: a finite budget can show runs that did not
	// solve within it, never that more moves would not, so the claim fails
	// here only if nothing at all was solved.
	switch {
	case solvedAll == total:
		v.Verdict = Holds
	case solvedAll > 0:
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("%s within %s moves; a finite budget cannot refute completeness, but restarts do not make a solution come in bounded time, and the share solved still rises at the budget (plot)", strings.Join(unsolved, "; "), pipeline.Grouped(budget))
	default:
		v.Verdict, v.Reason = DoesNotHold, fmt.Sprintf("%s within %s moves", strings.Join(unsolved, "; "), pipeline.Grouped(budget))
	}
	sec.Verdicts = append(sec.Verdicts, v)

	lp, err := linePlot("Annealing: share solved within a budget", "moves proposed (log10)", "% of puzzles solved", xs, curves)
	if err != nil {
		return sec, err
	}
	lp.Legend.Top, lp.Legend.Left = true, true
	sec.Plots = append(sec.Plots, Plot{Name: "annealing-solved", Caption: "The share of puzzles each schedule had solved by each number of moves (10^4 to the budget), on se-bands.tsv and on 17-clue puzzles", Plot: lp})
	rp, err := boxPlot("Annealing: re-heats per run", "re-heats (restarts)", reheatGroups, nil, true)
	if err != nil {
		return sec, err
	}
	sec.Plots = append(sec.Plots, Plot{Name: "annealing-reheats", Caption: "The re-heats of every run, solved or stopped at the budget, by schedule and set", Plot: rp})
	return sec, nil
}

var seed003 = Reproduction{ID: "003",
	What:   "the plain search's 641,580,843 iterations on figure 6.1, its work against difficulty and 17 clues, backtracking at the fewest candidates, and annealing's re-heats under Lewis's schedule and pressrun's",
	Sample: "20 puzzles of each se-bands band and 20 royle17 puzzles (figure 6.1 always); --sample N takes N of each band and N royle17 puzzles; -1 takes both sets whole, a day or more on two cores (the plain search and annealing on every 17-clue puzzle)",
	run:    reproduce003}
