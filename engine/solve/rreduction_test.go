package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// randomSearch is seed 004's Solver() with its literal random selection
// of the cell to infer on; it returns the number of inferences.
func randomSearch(v Candidates, rng *rand.Rand, tries *int) bool {
	if !v.Reduce() {
		return false
	}
	if v.Solved() {
		return true
	}
	var open []int
	for c, s := range v {
		if s.Count() > 1 {
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
	esc := Initiate(engine.MustParse(escargot))
	rng := rand.New(rand.NewPCG(4, 4))
	var row, fewest, random int
	for _, g := range ps {
		for _, p := range []struct {
			rule Selection
			n    *int
		}{{SelectFirst, &row}, {SelectFewest, &fewest}} {
			s := search{pick: p.rule, budget: SearchBudget}
			s.solve(Initiate(g))
			*p.n += s.tries
		}
		randomSearch(Initiate(g), rng, &random)
	}
	escRandom, lo, hi := 0, math.MaxInt, 0
	const seeds = 200
	for i := uint64(0); i < seeds; i++ {
		n := 0
		randomSearch(esc, rand.New(rand.NewPCG(i, 0)), &n)
		escRandom += n
		lo, hi = min(lo, n), max(hi, n)
	}
	escRow := search{pick: SelectFirst, budget: SearchBudget}
	escRow.solve(esc)
	escFewest := search{pick: SelectFewest, budget: SearchBudget}
	escFewest.solve(esc)
	n := float64(len(ps))
	t.Logf("royle17.txt, %d puzzles: mean inferences (paper 1.6034), AI Escargot (paper 91)", len(ps))
	t.Logf("  first open cell, row-major: %.4f  %d", float64(row)/n, escRow.tries)
	t.Logf("  random open cell:           %.4f  %.1f on average over %d seeds (%d to %d)", float64(random)/n, float64(escRandom)/seeds, seeds, lo, hi)
	t.Logf("  fewest Candidates:          %.4f  %d", float64(fewest)/n, escFewest.tries)
	if escRow.tries != 91 {
		t.Errorf("row-major selection: AI Escargot %d inferences, paper 91", escRow.tries)
	}
}
