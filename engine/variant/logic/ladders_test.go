package logic

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestLadders: every level of every variant's ladder (level.For) is
// reached by generated puzzles within a few tries, as a level-aimed
// generator makes them: dug by Solver.Dig to the level's upper bound, or
// minimal for a level without one, and kept when the ladder names the
// level. And each ladder names every rating from 1.0 to 11.0.
func TestLadders(t *testing.T) {
	for _, v := range every(t) {
		if v.Size >= 12 && testing.Short() {
			continue
		}
		ladder := level.For(v)
		for er := 1.0; er <= 11.0; er += 0.1 {
			if ladder.Of(Result{ER: er}) == "" {
				t.Errorf("%s: no level for er %.1f", v.Name, er)
			}
		}
		s := NewSolver(v)
		exact := variant.NewSolver(v)
		orbits, _ := variant.Orbits(v.Size, "none")
		rng := rand.New(rand.NewPCG(31, uint64(v.Size)))
		tries := 60
		if v.Size >= 12 {
			tries = 6
		}
		for _, lv := range ladder {
			_, hi := lv.Bounds("er")
			found := false
			for range tries {
				var p variant.Grid
				if hi != nil {
					sol, err := exact.Random(rng)
					if err != nil {
						t.Fatal(err)
					}
					p = s.Dig(sol, orbits, *hi, rng)
				} else {
					var err error
					if p, _, err = variant.Generate(v, "none", rng); err != nil {
						t.Fatal(err)
					}
				}
				r, err := s.Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				if ladder.Of(r) == lv.Name {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s: no %s puzzle in %d tries", v.Name, lv.Name, tries)
			}
		}
	}
}
