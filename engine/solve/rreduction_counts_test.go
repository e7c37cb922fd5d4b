package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestCountInferences checks the readings against each other and against
// RReduction: with the row-major cell, the values tried and failed are
// RReduction's guesses and backtracks; every value tried either failed or
// lies on the solution's branch; a cell selected tries at least one value.
func TestCountInferences(t *testing.T) {
	ps := append(royle17(t, 200), engine.MustParse(escargot))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range ps {
		w := RReduction(g, Options{})
		for _, sel := range []Selection{SelectFirst, SelectRandom, SelectFewest} {
			c := CountInferences(g, sel, rng, SearchBudget)
			if !c.Solved || c.Capped {
				t.Fatalf("%s, %s: not solved: %+v", g, sel, c)
			}
			if c.Tried != c.Kept+c.Failed || c.Cells > c.Tried || c.Kept > c.Cells {
				t.Errorf("%s, %s: the counts disagree: %+v", g, sel, c)
			}
			if sel == SelectFirst && (c.Tried != w.Guesses || c.Failed != w.Backtracks) {
				t.Errorf("%s: CountInferences %+v, RReduction %d guesses %d backtracks", g, c, w.Guesses, w.Backtracks)
			}
		}
	}
	esc := CountInferences(engine.MustParse(escargot), SelectFirst, nil, SearchBudget)
	if esc.Tried != 91 {
		t.Errorf("AI Escargot: %d inferences, the paper 91", esc.Tried)
	}
	if c := CountInferences(engine.MustParse(escargot), SelectFirst, nil, 10); !c.Capped || c.Solved || c.Tried != 10 {
		t.Errorf("a budget of 10: %+v", c)
	}
}
