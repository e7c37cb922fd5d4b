package rate

import (
	"math"
	"os"
	"sort"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// The acceptance tests compare the metrics with the figures the papers
// publish, on the public data sets; they skip when ../../../shared/data is
// absent. PRESSRUN_FULL=1 runs them on all of royle17.txt instead of a
// sample.

// TestRoyle17 holds seed 004's figures against royle17.txt: the share of
// 17-clue puzzles r-Reduction alone solves (70.5%), the mean inferences
// with inference (1.6) and the game complexity's range and mean
// (1.6946-1.8189, mean 1.7526), all on 10,000 of Royle's puzzles in the
// paper.
func TestRoyle17(t *testing.T) {
	all := readPuzzles(t, dataDir+"/royle17.txt")
	ps := all
	if os.Getenv("PRESSRUN_FULL") == "" {
		ps = spread(all, 5000)
	}
	solved, inferences, maxInf, capped, ruleGuesses := 0, 0, 0, 0, 0
	gcMin, gcMax, gcSum := math.Inf(1), math.Inf(-1), 0.0
	for _, g := range ps {
		r := RReduction(g)
		if r.Solved {
			solved++
		}
		if r.Capped {
			capped++
		}
		inferences += r.Inferences
		maxInf = max(maxInf, r.Inferences)
		gc := GameComplexity(g)
		gcMin, gcMax, gcSum = min(gcMin, gc), max(gcMax, gc), gcSum+gc
		gs, _ := RuleBased(g)
		ruleGuesses += gs
	}
	n := float64(len(ps))
	share := 100 * float64(solved) / n
	meanInf := float64(inferences) / n
	gcMean := gcSum / n
	t.Logf("royle17.txt, %d of %d puzzles:", len(ps), len(all))
	t.Logf("  solved by r-Reduction alone  %6.2f%%            paper 70.5%%", share)
	t.Logf("  inferences, mean (max)       %6.4f (%d)        paper 1.6034", meanInf, maxInf)
	t.Logf("  game complexity min/max/mean %.4f %.4f %.4f  paper 1.6946 1.8189 1.7526", gcMin, gcMax, gcMean)
	t.Logf("  rule-based guesses, mean     %6.4f", float64(ruleGuesses)/n)
	t.Logf("  searches capped              %d", capped)

	if math.Abs(share-70.5) > 5 {
		t.Errorf("r-Reduction alone solves %.2f%%, paper 70.5%%", share)
	}
	// Row-major selection gives about twice the paper's mean (see
	// RReduction); the bound only guards against a broken search.
	if meanInf < 1 || meanInf > 5 {
		t.Errorf("mean inferences %.4f, paper 1.6034", meanInf)
	}
	if math.Abs(gcMean-1.7526) > 0.01 {
		t.Errorf("game complexity mean %.4f, paper 1.7526", gcMean)
	}
	if gcMin > 1.72 || gcMin < 1.65 || gcMax < 1.80 || gcMax > 1.86 {
		t.Errorf("game complexity range [%.4f, %.4f], paper [1.6946, 1.8189]", gcMin, gcMax)
	}
	if capped > 0 {
		t.Errorf("%d searches reached the budget", capped)
	}
}

// spread picks n puzzles evenly spread over ps, always the same ones.
func spread(ps []engine.Grid, n int) []engine.Grid {
	if len(ps) <= n {
		return ps
	}
	out := make([]engine.Grid, n)
	for i := range out {
		out[i] = ps[i*len(ps)/n]
	}
	return out
}

// bands are se-bands.tsv's bands, easiest first.
var bands = []string{"easy", "medium", "hard1", "hard2", "diabolical"}

// readBands reads se-bands.tsv (puzzle, solution, band) by band.
func readBands(tb testing.TB) map[string][]engine.Grid {
	tb.Helper()
	out := map[string][]engine.Grid{}
	for _, r := range enginetest.ReadRated(tb, dataDir+"/se-bands.tsv") {
		out[r.Band] = append(out[r.Band], r.Grid)
	}
	for _, b := range bands {
		if len(out[b]) == 0 {
			tb.Fatalf("se-bands.tsv: no puzzle in band %s", b)
		}
	}
	return out
}

// stats are a sample's plain mean, variance and size, and seed 002's mean
// after dropping the values outside [median - 1.5 IQR, median + 1.5 IQR].
type stats struct {
	mean, variance, trimmed, median float64
	n                               int
}

// welch is seed 000's test statistic for two levels' means:
// (mean1 - mean2) / sqrt(var1/n1 + var2/n2).
func welch(a, b stats) float64 {
	return (a.mean - b.mean) / math.Sqrt(a.variance/float64(a.n)+b.variance/float64(b.n))
}

func describe(xs []float64) stats {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	q := func(p float64) float64 { // linear interpolation between ranks
		i := p * float64(len(s)-1)
		lo := math.Floor(i)
		hi := math.Min(lo+1, float64(len(s)-1))
		return s[int(lo)] + (i-lo)*(s[int(hi)]-s[int(lo)])
	}
	med, iqr := q(0.5), q(0.75)-q(0.25)
	sum, kept, keptSum := 0.0, 0, 0.0
	for _, x := range s {
		sum += x
		if x >= med-1.5*iqr && x <= med+1.5*iqr {
			kept++
			keptSum += x
		}
	}
	mean := sum / float64(len(s))
	ss := 0.0
	for _, x := range s {
		ss += (x - mean) * (x - mean)
	}
	return stats{mean: mean, variance: ss / float64(len(s)-1), trimmed: keptSum / float64(kept), median: med, n: len(s)}
}

// TestBands holds WNEF (seed 000) and the call count (seed 002) against
// se-bands.tsv: both should order the bands, easy to diabolical.
func TestBands(t *testing.T) {
	byBand := readBands(t)
	paperWNEF := []float64{0.268, 0.111, 0.092, 0.041} // easy, medium, hard, evil
	paperCalls := []float64{6.2, 29.2, 98.2, 527.4}
	var wnef, calls []stats
	t.Logf("%-10s %8s %8s | %9s %9s %9s | %6s %6s %8s %8s %8s", "band", "wnef", "trimmed", "callcount", "trimmed", "median", "gc", "r-red", "infer", "bt-guess", "rb-guess")
	for _, b := range bands {
		var w, c, gc []float64
		solved, inf, btg, rbg := 0, 0, 0, 0
		for i, g := range byBand[b] {
			w = append(w, WNEF(g, Exponential))
			c = append(c, CallCount(g, CallCountRuns, uint64(i)))
			gc = append(gc, GameComplexity(g))
			r := RReduction(g)
			if r.Solved {
				solved++
			}
			inf += r.Inferences
			x, _ := Backtracking(g)
			btg += x
			y, _ := RuleBased(g)
			rbg += y
		}
		n := float64(len(byBand[b]))
		ws, cs := describe(w), describe(c)
		wnef, calls = append(wnef, ws), append(calls, cs)
		t.Logf("%-10s %8.4f %8.4f | %9.1f %9.1f %9.1f | %6.4f %5.1f%% %8.2f %8.1f %8.2f", b, ws.mean, ws.trimmed, cs.mean, cs.trimmed, cs.median, describe(gc).mean, 100*float64(solved)/n, float64(inf)/n, float64(btg)/n, float64(rbg)/n)
	}
	t.Logf("seed 000 Table 1 (websudoku easy, medium, hard, evil): wnef %v", paperWNEF)
	t.Logf("seed 002 Table I (websudoku easy, medium, hard, evil, IQR-trimmed): callcount %v", paperCalls)

	for i := 1; i < len(bands); i++ {
		t.Logf("%s vs %s: t = %5.2f for wnef, %5.2f for callcount (seed 000's test statistic)", bands[i-1], bands[i], welch(wnef[i-1], wnef[i]), welch(calls[i-1], calls[i]))
	}

	// WNEF is held by its plain means (seed 000's Table 1), the call count
	// by its IQR-trimmed means (seed 002's Table I). se-bands.tsv labels
	// hard2 "SE 3.8-4.9", but its puzzles are easier than hard1's: 40 of
	// them are also in se-rated.tsv, all rated 2.5 by SukakuExplainer, and
	// engine/logic rates all 250 at 2.5 (a direct hidden triple). Ordered by
	// that, hard2 between medium and hard1, both metrics order every pair.
	const easy, medium, hard1, hard2, diabolical = 0, 1, 2, 3, 4
	for _, p := range [][2]int{{easy, medium}, {medium, hard2}, {hard2, hard1}, {hard1, diabolical}} {
		a, b := p[0], p[1]
		if !(wnef[a].mean > wnef[b].mean) {
			t.Errorf("wnef: %s %.4f is not above %s %.4f", bands[a], wnef[a].mean, bands[b], wnef[b].mean)
		}
		if !(calls[a].trimmed < calls[b].trimmed) {
			t.Errorf("callcount: %s %.1f is not below %s %.1f", bands[a], calls[a].trimmed, bands[b], calls[b].trimmed)
		}
	}
	if wnef[hard1].mean > wnef[hard2].mean {
		t.Logf("wnef now orders hard1 above hard2: update the comment")
	}
	if calls[hard1].trimmed < calls[hard2].trimmed {
		t.Logf("callcount now orders hard1 below hard2: update the comment")
	}
}
