package study

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/stats"
)

var seed002 = Reproduction{ID: "002",
	What:   "the call count per level after IQR outlier removal (Table I, Fig. 4), uncapped as the paper counts it and at pressrun's cap; the hill-climbing generator's hits, time and how hard its puzzles rate (standing in for Table II's solvers)",
	Sample: "se-bands.tsv whole (1,250) and 50 puzzles for each of the four generator targets; --sample N takes N/5 of each band and makes N/25 (at least 1) for each target; -1 is the default",
	run:    reproduce002}

// seed002Levels are Table I's level means (websudoku.com's four levels,
// 100 puzzles each, after median ± 1.5 IQR outlier removal), in seBands'
// paperLevel names.
var seed002Levels = []struct {
	level string
	mean  float64
}{{"easy", 6.234043}, {"medium", 29.2093}, {"hard", 98.2093}, {"evil", 527.4318}}

// seed002Minutes are Table II's mean solving times (minutes, 15 people,
// one generated puzzle per level; the unsuccessful left out).
var seed002Minutes = []float64{14.73, 21.47, 32.14, 45.25}

// seed002Alpha is the level the reproduction's tests decide at, split
// over the three neighbouring pairs (Bonferroni).
const seed002Alpha = 0.05

func reproduce002(ctx context.Context, o Options) (*Report, error) {
	all, allBands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	ps, bands := all, allBands
	perTarget := 50
	if o.Sample > 0 {
		ps, bands = sampleBands(all, allBands, max(1, o.Sample/len(seBands)))
		perTarget = max(1, o.Sample/25)
	}
	type counts struct {
		free, capped  float64
		atCap, atFree bool
	}
	o.progress("seed 002: call counts", 0, len(ps))
	var cs []counts
	err = pipeline.OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) counts {
		return func(i int) counts {
			// One set of runs, uncapped; the capped count is read off it.
			var c counts
			calls := rate.CallsPerRun(ps[i], rate.CallCountRuns, rate.Seed, solve.CSPBudget)
			c.free, c.atFree = rate.MeanCalls(calls, solve.CSPBudget)
			c.capped, c.atCap = rate.MeanCalls(calls, rate.CallCountBudget)
			return c
		}
	}, func(c counts) error {
		cs = append(cs, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	free, capped := make([]float64, len(cs)), make([]float64, len(cs))
	atCap, atFree := make([]float64, len(cs)), 0 // 1 for a puzzle with a run at the cap
	for i, c := range cs {
		free[i], capped[i] = c.free, c.capped
		if c.atCap {
			atCap[i] = 1
		}
		if c.atFree {
			atFree++
		}
	}
	givens := make([]float64, len(ps))
	for i, g := range ps {
		givens[i] = float64(g.Clues())
	}
	sec, err := seed002Levels002(len(ps), bands, givens, free, capped, atCap, atFree)
	if err != nil {
		return nil, err
	}
	gen, err := seed002Generator(ctx, o, perTarget)
	if err != nil {
		return nil, err
	}
	return &Report{Title: "Seed 002 reproduced: the CSP call count and its levels", Sections: []Section{sec, gen}}, nil
}

// seed002Levels002 is Table I and Fig. 4: the call count's spread in each
// band, the IQR fence, the means kept, uncapped (the paper's count) and at
// pressrun's cap, and whether the harder levels count more calls.
func seed002Levels002(n int, bands []string, givens, free, capped, atCap []float64, atFree int) (Section, error) {
	groups := byBand(bands, free)
	givenGroups := byBand(bands, givens)
	cappedGroups := byBand(bands, capped)
	atCapGroups := byBand(bands, atCap)
	sec := Section{Title: "Call count per level after IQR outlier removal (Table I, Fig. 4)",
		Notes: []string{
			fmt.Sprintf("%d puzzles of se-bands.tsv in its five bands of Sudoku Explainer ratings, standing in for the paper's 400 websudoku.com puzzles in four levels (easy, medium, hard, evil; 100 each): easy for easy, medium for medium, hard1 (SE 2.5-3.7) for hard, diabolical (SE 5.0+) for evil; hard2 (SE 3.8-4.9) has no level of the paper's. websudoku.com's levels come from its own grader, which the paper does not describe, so the bands are the nearest public levels, not the same ones.", n),
			fmt.Sprintf("Each puzzle's call count is the mean of %d seeded runs of seed 002's solver (arc consistency, splitting a random variable), counted as the paper counts it: without a cap (the solver's own budget of %s calls, which %d puzzles reached). pressrun's pipeline caps each run at %s calls (rate.CallCountBudget) to keep rating fast; that column is shown beside it. Outliers outside median ± 1.5 IQR are removed per band, as the paper does, before the mean.", rate.CallCountRuns, pipeline.Grouped(solve.CSPBudget), atFree, pipeline.Grouped(rate.CallCountBudget)),
		}}
	t := Table{Name: "callcount-levels", Caption: "Mean call count per band, before and after the IQR fence, uncapped and at pressrun's 2,000-call cap, beside seed 002's Table I",
		Columns: []string{"band", "puzzles", "mean", "median", "fence low", "fence high", "kept", "mean kept", "mean kept, capped", "puzzles with a run at the cap", "mean givens", "paper level", "paper mean"}}
	kept := make([]namedValues, len(groups))
	refs := make([]float64, len(groups))
	capMatters := false // whether the cap changes a band's mean kept
	for i, g := range groups {
		f := pipeline.NewFence("callcount", "median", 1.5, g.values)
		fc := pipeline.NewFence("callcount", "median", 1.5, cappedGroups[i].values)
		kept[i].name = g.name
		var keptCapped []float64
		for j, v := range g.values {
			if f.Holds(v) {
				kept[i].values = append(kept[i].values, v)
			}
			if c := cappedGroups[i].values[j]; fc.Holds(c) {
				keptCapped = append(keptCapped, c)
			}
		}
		level := seBands[i].paperLevel
		refs[i] = math.NaN()
		refCell := any("")
		for _, l := range seed002Levels {
			if l.level == level {
				refs[i], refCell = l.mean, l.mean
			}
		}
		t.addRow(g.name, len(g.values), stats.Mean(g.values), f.Median, *f.Low, *f.High, len(kept[i].values), stats.Mean(kept[i].values),
			stats.Mean(keptCapped), int(sum(atCapGroups[i].values)), stats.Mean(givenGroups[i].values), level, refCell)
		if stats.Mean(keptCapped) != stats.Mean(kept[i].values) {
			capMatters = true
		}
	}
	sec.Tables = append(sec.Tables, t)
	sec.Verdicts = append(sec.Verdicts, seed002Order(kept), seed002Values(kept, capMatters), seed002Separation(kept))

	p, err := boxPlot("Call count per band of se-bands.tsv, with seed 002's level means", "call count", groups, refs, true)
	if err != nil {
		return sec, err
	}
	sec.Plots = append(sec.Plots, Plot{Name: "callcount-bands", Caption: "The uncapped call count's spread in each band (boxes: quartiles; whiskers: 1.5 IQR; circles: beyond them), and seed 002's Table I level means as red crosses (hard2 has none)", Plot: p})
	fig4, err := distributionsPlot("Fig. 4: call counts per band after outlier removal", "call count", kept)
	if err != nil {
		return sec, err
	}
	sec.Plots = append(sec.Plots, Plot{Name: "callcount-fig4", Caption: "Seed 002's Fig. 4 for se-bands.tsv: each band's call counts inside its median ± 1.5 IQR fence, as the share of the band in each bin of a log scale (the paper draws a histogram per level)", Plot: fig4})
	return sec, nil
}

// seed002Paired are the bands standing in for the paper's four levels,
// easiest first, from kept (in seBands' order).
func seed002Paired(kept []namedValues) []namedValues {
	var out []namedValues
	for i, b := range seBands {
		if b.paperLevel != "" {
			out = append(out, kept[i])
		}
	}
	return out
}

// seed002Order decides Table I's claim that the harder the level, the
// higher its mean call count: the kept means in order, and Welch's t
// between neighbouring levels, one-sided, at α/3 each.
func seed002Order(kept []namedValues) Finding {
	levels := seed002Paired(kept)
	v := Finding{Name: "table1-order",
		Claim: "The harder the level, the more calls: the mean call count after outlier removal rises from easy to medium to hard to evil (Table I; §V, §VII).",
		Paper: "6.2 < 29.2 < 98.2 < 527.4"}
	var means, tests []string
	rising, significant := 0, 0
	for i, l := range levels {
		means = append(means, cell(stats.Mean(l.values)))
		if i == 0 {
			continue
		}
		r := stats.WelchT(l.values, levels[i-1].values)
		tests = append(tests, fmt.Sprintf("%s > %s: t = %s, p = %s", l.name, levels[i-1].name, cell(r.T), cell(r.PGreater)))
		if stats.Mean(l.values) > stats.Mean(levels[i-1].values) {
			rising++
		}
		if r.PGreater < seed002Alpha/float64(len(levels)-1) {
			significant++
		}
	}
	v.Pressrun = strings.Join(means, ", ") + " (" + seed002Names(levels) + ")"
	v.Statistic = fmt.Sprintf("Welch's t, one-sided, at α = %g/%d: %s", seed002Alpha, len(levels)-1, strings.Join(tests, "; "))
	pairs := len(levels) - 1
	switch {
	case rising == pairs && significant == pairs:
		v.Verdict = Holds
		v.Reason = seed002HardTwo(kept)
	case rising == pairs || significant > 0:
		v.Verdict = HoldsPartly
		v.Reason = fmt.Sprintf("%d of %d neighbouring levels rise significantly; se-bands' SE bands stand in for websudoku.com's levels. %s", significant, pairs, seed002HardTwo(kept))
	default:
		v.Verdict = DoesNotHold
		v.Reason = "The means do not rise with the bands: on these SE bands the call count does not order the levels. " + seed002HardTwo(kept)
	}
	return v
}

// seed002HardTwo says where hard2, the band with no level of the paper's,
// falls.
func seed002HardTwo(kept []namedValues) string {
	m := func(i int) float64 { return stats.Mean(kept[i].values) }
	if m(3) > m(2) && m(3) < m(4) {
		return fmt.Sprintf("hard2, which has no level of the paper's, falls between hard1 and diabolical (%s).", cell(m(3)))
	}
	return fmt.Sprintf("hard2, which has no level of the paper's, falls out of order (%s, against hard1's %s and diabolical's %s): SE's scale and the call count disagree there.", cell(m(3)), cell(m(2)), cell(m(4)))
}

func seed002Names(levels []namedValues) string {
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.name
	}
	return strings.Join(names, ", ")
}

// seed002Values decides Table I's figures themselves: each level's mean
// within a factor of 1.5 of the paper's holds, within 3 holds partly.
func seed002Values(kept []namedValues, capMatters bool) Finding {
	levels := seed002Paired(kept)
	v := Finding{Name: "table1-values",
		Claim: "A level's puzzles take this many calls on average: easy 6.23, medium 29.21, hard 98.21, evil 527.43 (Table I).",
		Paper: "6.23, 29.21, 98.21, 527.43"}
	var ours, ratios []string
	worst := 1.0
	for i, l := range levels {
		m := stats.Mean(l.values)
		r := m / seed002Levels[i].mean
		ours = append(ours, cell(m))
		ratios = append(ratios, fmt.Sprintf("%s %s×", seed002Levels[i].level, cell(r)))
		worst = max(worst, r, 1/r)
	}
	v.Pressrun = strings.Join(ours, ", ")
	v.Statistic = "ratio to the paper's mean: " + strings.Join(ratios, ", ")
	why := "The paper's 400 puzzles are websudoku.com's, levelled by that site's own grader, and are not public; se-bands' SE bands stand in, so the absolute means need not agree. The count is the paper's as pressrun reads it (one call per arc-consistency run, a random variable split into one child per value, ten runs averaged, no cap)."
	if capMatters {
		why += " pressrun's 2,000-call cap changes some band's mean kept (the table's capped column); the uncapped one is the paper's."
	} else {
		why += " pressrun's 2,000-call cap is not the cause: every puzzle with a run at the cap lies outside its band's fence, so the means kept are the same capped and uncapped."
	}
	switch {
	case worst <= 1.5:
		v.Verdict = Holds
	case worst <= 3:
		v.Verdict, v.Reason = HoldsPartly, fmt.Sprintf("Every level is within a factor of 3 of the paper's, not all within 1.5 (the worst %s×). %s", cell(worst), why)
	default:
		v.Verdict, v.Reason = DoesNotHold, fmt.Sprintf("A level's mean is %s× off the paper's. %s", cell(worst), why)
	}
	return v
}

// seed002Separation decides Fig. 4's reading in §V, that the levels have
// different call counts: for each neighbouring pair, the probability that
// a puzzle of the harder level counts more calls (Mann-Whitney's AUC) and
// its one-sided p at α/3.
func seed002Separation(kept []namedValues) Finding {
	levels := seed002Paired(kept)
	v := Finding{Name: "fig4-separation",
		Claim: "Different levels have different call counts, so a target call count picks a level (§V, on Table I and the distributions of Fig. 4).",
		Paper: "four distributions, one per level (Fig. 4); no statistic given"}
	var aucs, tests []string
	significant, overlapping := 0, 0
	for i := 1; i < len(levels); i++ {
		r := stats.MannWhitney(levels[i-1].values, levels[i].values)
		aucs = append(aucs, fmt.Sprintf("%s over %s %s", levels[i].name, levels[i-1].name, cell(r.AUC)))
		tests = append(tests, fmt.Sprintf("U = %s, p = %s", cell(r.U), cell(r.PGreater)))
		if r.PGreater < seed002Alpha/float64(len(levels)-1) {
			significant++
		}
		if r.AUC < 0.9 {
			overlapping++
		}
	}
	v.Pressrun = "P(harder level counts more): " + strings.Join(aucs, ", ")
	v.Statistic = fmt.Sprintf("Mann-Whitney U, one-sided, at α = %g/%d: %s", seed002Alpha, len(levels)-1, strings.Join(tests, "; "))
	switch {
	case significant == len(levels)-1 && overlapping == 0:
		v.Verdict = Holds
	case significant > 0:
		v.Verdict = HoldsPartly
		v.Reason = fmt.Sprintf("%d of %d neighbouring levels' counts differ significantly, but the distributions overlap (%d pairs with P below 0.9): a puzzle's call count, a random search's, places it in a level only roughly. se-bands' SE bands stand in for websudoku.com's levels.", significant, len(levels)-1, overlapping)
	default:
		v.Verdict = DoesNotHold
		v.Reason = "No neighbouring pair of levels differs significantly in call count on se-bands' SE bands."
	}
	return v
}

// seed002Generator is §V's hill-climbing generator aimed at each Table I
// mean: how often it gets close, how long it takes, and how hard its
// puzzles rate on SE's scale, standing in for Table II's solvers.
func seed002Generator(ctx context.Context, o Options, n int) (Section, error) {
	targets := make([]float64, len(seed002Levels))
	for i, l := range seed002Levels {
		targets[i] = l.mean
	}
	made, err := generatorMade(ctx, o, n, "hillclimb", "callcount", targets, generate.Options{})
	if err != nil {
		return Section{}, err
	}
	gen := generatorTable("callcount", made)
	gen.Name = "hillclimb-targets"
	gen.Caption = "The hill-climbing generator aimed at each Table I mean: hits within the window, the call count reached, mean time and moves per puzzle"
	sec := Section{Title: "The hill-climbing generator (§V) and how hard its puzzles are (Table II)", Tables: []Table{gen},
		Notes: []string{
			fmt.Sprintf("Seed 002 climbs from a puzzle with some random givens, adding, deleting or changing one given a move and keeping the change only when |call count - level mean| falls, a puzzle without exactly one solution costing infinity, until the cost is close to zero. %d puzzles for each of Table I's means, each from its own random stream; every one is unique and re-rated. The climb rates with pressrun's call count, capped at %s calls a run, and restarts after 200 moves without progress (the paper stops 'when it times out' and gives no bound).", n, pipeline.Grouped(rate.CallCountBudget)),
			"Seed 002 tested its generator with people: one puzzle per level, solved by 15 people whose times (Table II) rose with the level. No people solve puzzles here; the puzzles' Sudoku Explainer rating (pressrun's er, the community's measure of how hard a solve is) stands in for their times.",
		}}
	sec.Verdicts = append(sec.Verdicts, seed002Hits(made))

	er := Table{Name: "hillclimb-er", Caption: "How hard the generated puzzles rate (pressrun's er, the SE scale) by target, beside Table II's mean solving times",
		Columns: []string{"target", "puzzles", "mean er", "median er", "mean givens", "paper mean minutes"}}
	var x, y []float64
	groups := make([]namedValues, len(made))
	for ti, gt := range made {
		var ers, givens []float64
		for _, m := range gt.made {
			ers = append(ers, m.res.Ratings.ER)
			givens = append(givens, float64(m.res.Puzzle.Clues()))
			x, y = append(x, float64(ti)), append(y, m.res.Ratings.ER)
		}
		groups[ti] = namedValues{seed002Levels[ti].level, ers}
		er.addRow(gt.target.String(), len(gt.made), stats.Mean(ers), stats.Median(ers), stats.Mean(givens), seed002Minutes[ti])
	}
	sec.Tables = append(sec.Tables, er)
	sec.Verdicts = append(sec.Verdicts, seed002Harder(groups, x, y))
	p, err := boxPlot("er of the hill-climbed puzzles, by the level aimed at", "er (Sudoku Explainer scale)", groups, nil, false)
	if err != nil {
		return sec, err
	}
	sec.Plots = append(sec.Plots, Plot{Name: "hillclimb-er", Caption: "The Sudoku Explainer rating (pressrun's er) of the puzzles hill-climbed to each Table I level mean (boxes: quartiles; whiskers: 1.5 IQR)", Plot: p})
	return sec, nil
}

// seed002Hits decides §V's claim that the climb reaches a puzzle close to
// the target: every target hit at least 90% of the time holds, at least
// half holds partly.
func seed002Hits(made []generatedTarget) Finding {
	v := Finding{Name: "hillclimb-hits",
		Claim: "Hill climbing (add, delete or change one given, keep it if the cost falls) makes puzzles whose call count is close to any level's mean (§V).",
		Paper: "no hit rate or time given; stopped 'when we have puzzles with costs close to zero'"}
	var hits []string
	least := 1.0
	for _, gt := range made {
		share := float64(gt.hits()) / float64(len(gt.made))
		least = min(least, share)
		hits = append(hits, fmt.Sprintf("%s: %d/%d", gt.target, gt.hits(), len(gt.made)))
	}
	v.Pressrun = strings.Join(hits, ", ")
	v.Statistic = fmt.Sprintf("hits within each target's window (generate.DefaultTolerance); the least share %.0f%%", 100*least)
	switch {
	case least >= 0.9:
		v.Verdict = Holds
	case least >= 0.5:
		v.Verdict = HoldsPartly
		v.Reason = "Some climbs end outside the window: a random search's call count is noisy (a mean of ten runs), and pressrun bounds each climb's moves where the paper gives no bound."
	default:
		v.Verdict = DoesNotHold
		v.Reason = "Most climbs for some target end outside its window within pressrun's bound on moves; the paper gives no bound or hit rate."
	}
	return v
}

// seed002Harder decides Table II's claim on the stand-in: puzzles aimed at
// a harder level rate higher on the SE scale (Spearman's ρ of the level's
// rank and er, and the means in order). It can at best hold partly: no
// person timed.
func seed002Harder(groups []namedValues, x, y []float64) Finding {
	v := Finding{Name: "table2-harder",
		Claim: "Puzzles generated for a harder level take people longer: mean 14.73, 21.47, 32.14 and 45.25 minutes for easy to evil (Table II, 15 people, one puzzle per level).",
		Paper: "14.73 < 21.47 < 32.14 < 45.25 min"}
	var means []string
	rising := true
	for i, g := range groups {
		means = append(means, cell(stats.Mean(g.values)))
		if i > 0 && stats.Mean(g.values) <= stats.Mean(groups[i-1].values) {
			rising = false
		}
	}
	rho, p := stats.Spearman(x, y)
	v.Pressrun = "mean er " + strings.Join(means, ", ")
	v.Statistic = fmt.Sprintf("Spearman's ρ of the level aimed at and er = %s, p = %s (n = %d)", cell(rho), cell(p), len(x))
	const proxy = "No people solve puzzles here: the Sudoku Explainer rating stands in for Table II's times, and the paper's own test was one puzzle per level."
	switch {
	case rising && rho > 0 && p < seed002Alpha:
		v.Verdict, v.Reason = HoldsPartly, "The stand-in rises with the level. "+proxy
	case rho > 0 && p < seed002Alpha:
		v.Verdict, v.Reason = HoldsPartly, "er rises with the level overall but not at every step. "+proxy
	default:
		v.Verdict, v.Reason = DoesNotHold, "The puzzles aimed at harder levels do not rate harder on the SE scale. "+proxy
	}
	return v
}
