package rate

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pressrun/pressrun/engine"
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
	oncePass := func(v candidates) candidates { return v } // givenCandidates already is one pass
	sweep := func(v candidates) candidates {
		// One row-major sweep in place: a cell left with one candidate
		// earlier in the sweep strikes its digit too.
		for c := range v {
			if v[c].single() {
				for _, p := range peers[c] {
					if v[p] != v[c] {
						v[p] &^= v[c]
					}
				}
			}
		}
		return v
	}
	fixpoint := func(v candidates) candidates { reduceSingles(&v); return v }
	full := func(v candidates) candidates { reduce(&v); return v }
	readings := []struct {
		name  string
		start func(engine.Grid) candidates
		pass  func(candidates) candidates
	}{
		{"one pass", givenCandidates, oncePass},
		{"sequential sweep", initiate, sweep},
		{"singles to fixpoint", initiate, fixpoint},
		{"full r-Reduction", initiate, full},
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
						h += b.log(float64(s.count()))
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
			h += math.Log2(float64(s.count()))
		}
		if got := GameComplexity(g); math.Abs(got-h/81) > 1e-12 {
			t.Fatalf("%v: GameComplexity %v, one pass log2 %v", g, got, h/81)
		}
	}
}

// randomSearch is seed 004's Solver() with its literal random selection
// of the cell to infer on; it returns the number of inferences.
func randomSearch(v candidates, rng *rand.Rand, tries *int) bool {
	if !reduce(&v) {
		return false
	}
	if v.solved() {
		return true
	}
	var open []int
	for c, s := range v {
		if s.count() > 1 {
			open = append(open, c)
		}
	}
	c := open[rng.IntN(len(open))]
	for set := v[c]; set != 0; set &= set - 1 {
		*tries++
		w := v
		w[c] = set & -set
		if randomSearch(w, rng, tries) {
			return true
		}
	}
	return false
}

func TestInferenceSelections(t *testing.T) {
	ps := royle17(t, 2000)
	esc := initiate(engine.MustParse(escargot))
	rng := rand.New(rand.NewPCG(4, 4))
	var row, fewest, random int
	for _, g := range ps {
		for _, p := range []struct {
			rule pickRule
			n    *int
		}{{pickFirst, &row}, {pickFewest, &fewest}} {
			s := search{pick: p.rule, budget: SearchBudget}
			s.solve(initiate(g))
			*p.n += s.tries
		}
		randomSearch(initiate(g), rng, &random)
	}
	escRandom, lo, hi := 0, math.MaxInt, 0
	const seeds = 200
	for i := uint64(0); i < seeds; i++ {
		n := 0
		randomSearch(esc, rand.New(rand.NewPCG(i, 0)), &n)
		escRandom += n
		lo, hi = min(lo, n), max(hi, n)
	}
	escRow := search{pick: pickFirst, budget: SearchBudget}
	escRow.solve(esc)
	escFewest := search{pick: pickFewest, budget: SearchBudget}
	escFewest.solve(esc)
	n := float64(len(ps))
	t.Logf("royle17.txt, %d puzzles: mean inferences (paper 1.6034), AI Escargot (paper 91)", len(ps))
	t.Logf("  first open cell, row-major: %.4f  %d", float64(row)/n, escRow.tries)
	t.Logf("  random open cell:           %.4f  %.1f on average over %d seeds (%d to %d)", float64(random)/n, float64(escRandom)/seeds, seeds, lo, hi)
	t.Logf("  fewest candidates:          %.4f  %d", float64(fewest)/n, escFewest.tries)
	if escRow.tries != 91 {
		t.Errorf("row-major selection: AI Escargot %d inferences, paper 91", escRow.tries)
	}
}
