package rate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

func TestCallCountByHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		line string
		want float64
	}{
		{"solved grid", solvedGrid, 1},
		// Naked singles solve it: one call of arc consistency, no split.
		{"naked singles", singlesPuzzle, 1},
	} {
		for seed := uint64(0); seed < 5; seed++ {
			if got := CallCount(engine.MustParse(tc.line), 10, seed); got != tc.want {
				t.Errorf("%s, seed %d: CallCount = %v, want %v", tc.name, seed, got, tc.want)
			}
		}
	}
	// The deadly rectangle: the first split fixes one cell to the lower
	// digit, which solves it: 2 calls whatever the variable.
	if got := CallCount(rectangle(t), 10, 7); got != 2 {
		t.Errorf("deadly rectangle: CallCount = %v, want 2", got)
	}
	// Clashing givens: the first call finds the contradiction.
	g := engine.MustParse(solvedGrid)
	g[0], g[1] = 0, g[2]
	if got := CallCount(g, 3, 1); got != 1 {
		t.Errorf("clashing givens: CallCount = %v, want 1", got)
	}
}

func TestCallCountSeeds(t *testing.T) {
	g := engine.MustParse(escargot)
	a, b := CallCount(g, 10, 42), CallCount(g, 10, 42)
	if a != b {
		t.Errorf("seed 42 gave %v then %v", a, b)
	}
	if a < 1 {
		t.Errorf("CallCount = %v < 1", a)
	}
	if c := CallCount(g, 10, 43); c == a {
		t.Errorf("seeds 42 and 43 both gave %v: the seed is not used", a)
	}
	// Run i of a call is run i of any call with more runs.
	one := CallCount(g, 1, 42)
	w := solve.CSP(g, solve.Options{Seed: 42, MaxIterations: CallCountBudget})
	if one != float64(w.Calls) {
		t.Errorf("CallCount(1 run) = %v, run 0 = %d", one, w.Calls)
	}
	t.Logf("AI Escargot: CallCount over 10 runs, seed 42: %.1f", a)
	if CallCount(g, 0, 42) != one {
		t.Errorf("runs = 0 is not one run")
	}
}
