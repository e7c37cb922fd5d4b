package rate

import (
	"math"
	"os"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// These tests recompute the figures behind the readings chosen in
// GameComplexity and RReduction, on a sample of royle17.txt (all of it with
// PRESSRUN_FULL=1), and check that the chosen reading is still the one
// closest to the paper.

func royle17(t *testing.T, sample int) []engine.Grid {
	all := readPuzzles(t, dataDir+"/royle17.txt")
	if os.Getenv("PRESSRUN_FULL") != "" {
		return all
	}
	return spread(all, sample)
}

func TestGameComplexityReadings(t *testing.T) {
	ps := royle17(t, 5000)
	oncePass := func(v solve.Candidates) solve.Candidates { return v } // givenCandidates already is one pass
	sweep := func(v solve.Candidates) solve.Candidates {
		// One row-major sweep in place: a cell left with one candidate
		// earlier in the sweep strikes its digit too.
		for c := range v {
			if v[c].Single() {
				for _, p := range engine.Peers()[c] {
					if v[p] != v[c] {
						v[p] &^= v[c]
					}
				}
			}
		}
		return v
	}
	fixpoint := func(v solve.Candidates) solve.Candidates { v.ReduceSingles(); return v }
	full := func(v solve.Candidates) solve.Candidates { v.Reduce(); return v }
	readings := []struct {
		name  string
		start func(engine.Grid) solve.Candidates
		pass  func(solve.Candidates) solve.Candidates
	}{
		{"one pass", givenCandidates, oncePass},
		{"sequential sweep", solve.Initiate, sweep},
		{"singles to fixpoint", solve.Initiate, fixpoint},
		{"full r-Reduction", solve.Initiate, full},
	}
	bases := []struct {
		name string
		log  func(float64) float64
	}{{"log2", math.Log2}, {"ln", math.Log}, {"log10", math.Log10}}
	best, bestGap := "", math.Inf(1)
	t.Logf("royle17.txt, %d puzzles; paper: 1.6946 1.8189 mean 1.7526", len(ps))
	for _, r := range readings {
		for _, b := range bases {
			lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
			for _, g := range ps {
				v := r.pass(r.start(g))
				h := 0.0
				for _, s := range v {
					if s != 0 {
						h += b.log(float64(s.Count()))
					}
				}
				h /= 81
				lo, hi, sum = min(lo, h), max(hi, h), sum+h
			}
			mean := sum / float64(len(ps))
			t.Logf("  %-20s %-5s %.4f %.4f mean %.4f", r.name, b.name, lo, hi, mean)
			if gap := math.Abs(mean-1.7526) + math.Abs(lo-1.6946) + math.Abs(hi-1.8189); gap < bestGap {
				best, bestGap = r.name+" "+b.name, gap
			}
		}
	}
	if best != "one pass log2" {
		t.Errorf("closest reading to the paper is %s, not GameComplexity's (one pass log2)", best)
	}
	for _, g := range ps[:100] {
		v := givenCandidates(g)
		h := 0.0
		for _, s := range v {
			h += math.Log2(float64(s.Count()))
		}
		if got := GameComplexity(g); math.Abs(got-h/81) > 1e-12 {
			t.Fatalf("%v: GameComplexity %v, one pass log2 %v", g, got, h/81)
		}
	}
}
