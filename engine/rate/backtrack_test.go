package rate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

func TestBacktrackingByHand(t *testing.T) {
	clash := engine.MustParse(solvedGrid)
	clash[0], clash[1] = 0, clash[2]
	type solver struct {
		name  string
		solve func(engine.Grid) (int, int)
	}
	both, rbOnly := []solver{{"Backtracking", Backtracking}, {"RuleBased", RuleBased}}, []solver{{"RuleBased", RuleBased}}
	for _, tc := range []struct {
		name                string
		solvers             []solver
		g                   engine.Grid
		guesses, backtracks int
	}{
		{"solved grid", both, engine.MustParse(solvedGrid), 0, 0},
		// Naked singles all the way: there is always a cell with one
		// candidate, so nothing is guessed.
		{"naked singles", both, engine.MustParse(singlesPuzzle), 0, 0},
		{"hidden singles", rbOnly, engine.MustParse(hiddenPuzzle), 0, 0},
		// Four cells with two candidates each: one guess, which works.
		{"deadly rectangle", both, rectangle(t), 1, 0},
		{"clashing givens", both, clash, 0, 0},
	} {
		for _, s := range tc.solvers {
			if g, b := s.solve(tc.g); g != tc.guesses || b != tc.backtracks {
				t.Errorf("%s: %s = %d, %d, want %d, %d", tc.name, s.name, g, b, tc.guesses, tc.backtracks)
			}
		}
	}
	e := engine.MustParse(escargot)
	bg, bb := Backtracking(e)
	rg, rb := RuleBased(e)
	t.Logf("AI Escargot: backtracking %d guesses, %d backtracks; rule-based %d guesses, %d backtracks", bg, bb, rg, rb)
	h := engine.MustParse(hiddenPuzzle)
	hg, hb := Backtracking(h)
	t.Logf("hidden singles puzzle: backtracking %d guesses, %d backtracks", hg, hb)
}

// TestBacktrackingMatchesNaive checks the counts against a plain recursive
// version of the paper's Backtrack(puzzle) that recomputes each cell's
// candidates from its row, column and box.
func TestBacktrackingMatchesNaive(t *testing.T) {
	puzzles := append(readSample(t, "testdata/unbiased-sample.txt", 30), engine.MustParse(hiddenPuzzle), engine.MustParse(escargot))
	for _, g := range puzzles {
		var ref naiveBacktracker
		if work := g; !ref.solve(&work) {
			t.Fatalf("%v: naive backtracking found no solution", g)
		}
		gs, bs := Backtracking(g)
		if gs != ref.guesses || bs != ref.backtracks {
			t.Errorf("%v: Backtracking = %d, %d; naive %d, %d", g, gs, bs, ref.guesses, ref.backtracks)
		}
		if gs < bs || gs-bs > 81-g.Clues() {
			t.Errorf("%v: %d guesses, %d backtracks", g, gs, bs)
		}
	}
}

type naiveBacktracker struct{ guesses, backtracks int }

func (n *naiveBacktracker) solve(g *engine.Grid) bool {
	best, bestN := -1, 10
	for c := range g {
		if g[c] == 0 {
			if k := naiveCandidates(*g, c); k < bestN {
				best, bestN = c, k
			}
		}
	}
	if best < 0 {
		return true
	}
	for d := uint8(1); d <= 9; d++ {
		if !naiveAllows(*g, best, d) {
			continue
		}
		if bestN > 1 {
			n.guesses++
		}
		g[best] = d
		if n.solve(g) {
			return true
		}
		g[best] = 0
		if bestN > 1 {
			n.backtracks++
		}
	}
	return false
}

func naiveAllows(g engine.Grid, c int, d uint8) bool {
	for p := 0; p < 81; p++ {
		if p != c && g[p] == d && (engine.Row(p) == engine.Row(c) || engine.Col(p) == engine.Col(c) || engine.Box(p) == engine.Box(c)) {
			return false
		}
	}
	return true
}

func TestRuleBasedInvariants(t *testing.T) {
	for _, g := range readSample(t, "testdata/unbiased-sample.txt", 100) {
		gs, bs := RuleBased(g)
		if gs < bs || gs-bs > 81-g.Clues() {
			t.Errorf("%v: %d guesses, %d backtracks", g, gs, bs)
		}
		r := RReduction(g)
		if r.Solved != (gs == 0) {
			t.Errorf("%v: r-Reduction solves it: %v, but rule-based guesses %d", g, r.Solved, gs)
		}
	}
}
