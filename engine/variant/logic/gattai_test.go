package logic

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestGattaiRated: a minimal puzzle of each built-in gattai, the hardest
// its generator makes, is rated by the whole ladder over the sheet's
// houses (engine/logic's sheet build) to the end, each step held to the
// solution by the climb (a step against it is an error); the steps place
// every empty cell, and name the sheet's houses by their grids ("row 3
// of grid 2"), in a phrasebook's words too.
func TestGattaiRated(t *testing.T) {
	for _, kind := range variant.GattaiKinds() {
		v, err := variant.Gattai(kind)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for i := range 1 {
			p, _, err := variant.Generate(v, "none", rng)
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewSolverIn(v, shouting{}).Solve(p)
			if err != nil {
				t.Fatalf("%s %d: %v", kind, i, err)
			}
			placed, named := 0, false
			for _, st := range res.Steps {
				placed += len(st.Place)
				named = named || strings.Contains(st.Text, " OF GRID ")
			}
			if placed != v.Cells()-p.Clues() {
				t.Errorf("%s %d: the steps place %d cells of %d empty", kind, i, placed, v.Cells()-p.Clues())
			}
			if !named {
				t.Errorf("%s %d: no step names a house by its grid", kind, i)
			}
			t.Logf("%s %d: %d givens, er %.1f, %d steps, %d guesses", kind, i, p.Clues(), res.ER, len(res.Steps), res.Guesses)
		}
	}
}
