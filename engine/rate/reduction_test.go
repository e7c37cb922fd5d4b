package rate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// rowState is a candidate state where row 1 holds the given sets and every
// other cell is open with all nine digits.
func rowState(sets ...digits) candidates {
	var v candidates
	for c := range v {
		v[c] = allDigits
	}
	copy(v[:], sets)
	return v
}

func set(ds ...uint8) digits {
	var s digits
	for _, d := range ds {
		s |= digitBit(d)
	}
	return s
}

func TestReduceByHand(t *testing.T) {
	for _, tc := range []struct {
		name     string
		row, out []digits // nil out: a contradiction
	}{
		{
			// The pair {1,2} leaves r1c3 = 3; then {4,5} is a pair,
			// leaving r1c6 = 6, and r1c7 loses 6.
			name: "naked pairs and singles",
			row:  []digits{set(1, 2), set(1, 2), set(1, 2, 3), set(3, 4, 5), set(4, 5), set(4, 5, 6), set(6, 7, 8), set(7, 8, 9), set(7, 8, 9)},
			out:  []digits{set(1, 2), set(1, 2), set(3), set(4, 5), set(4, 5), set(6), set(7, 8), set(7, 8, 9), set(7, 8, 9)},
		},
		{
			// Eight cells share the eight digits 1-8 (r = 8): 9 goes in r1c9,
			// a hidden single.
			name: "hidden single as a naked 8-set",
			row:  []digits{set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), allDigits},
			out:  []digits{set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(9)},
		},
		{
			name: "three cells, two digits",
			row:  []digits{set(1, 2), set(1, 2), set(1, 2), set(3, 4), allDigits, allDigits, allDigits, allDigits, allDigits},
		},
		{
			name: "two cells fixed to one digit",
			row:  []digits{set(5), allDigits, allDigits, allDigits, allDigits, allDigits, allDigits, allDigits, set(5)},
		},
	} {
		v := rowState(tc.row...)
		ok := reduce(&v)
		if tc.out == nil {
			if ok {
				t.Errorf("%s: no contradiction found", tc.name)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: contradiction", tc.name)
			continue
		}
		for i, want := range tc.out {
			if v[i] != want {
				t.Errorf("%s: r1c%d = %09b, want %09b", tc.name, i+1, v[i], want)
			}
		}
	}
}

// TestReduceIsSound checks that the reduction never strikes the solution's
// digit, and that the inference search finds the solution the exact solver
// finds.
func TestReduceIsSound(t *testing.T) {
	for _, line := range []string{singlesPuzzle, hiddenPuzzle, escargot, solvedGrid} {
		g := engine.MustParse(line)
		sol := solution(t, g)
		v := initiate(g)
		if !reduce(&v) {
			t.Fatalf("%s: contradiction", line)
		}
		for c := range v {
			if v[c]&digitBit(sol[c]) == 0 {
				t.Errorf("%s: %s lost its digit %d", line, engine.CellName(c), sol[c])
			}
		}
		s := search{pick: pickFirst, budget: SearchBudget}
		if !s.solve(initiate(g)) || s.sol.grid() != sol {
			t.Errorf("%s: search found %v, want %v", line, s.sol.grid(), sol)
		}
	}
}

func solution(tb testing.TB, g engine.Grid) engine.Grid {
	tb.Helper()
	var s engine.Solver
	sol, n := s.Solve(g)
	if n != 1 {
		tb.Fatalf("%v: %d solutions", g, n)
	}
	return sol
}

func TestRReduction(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    engine.Grid
		want Reduction
	}{
		{"solved grid", engine.MustParse(solvedGrid), Reduction{Solved: true}},
		{"naked singles", engine.MustParse(singlesPuzzle), Reduction{Solved: true}},
		{"hidden singles", engine.MustParse(hiddenPuzzle), Reduction{Solved: true}},
		// Seed 004: "the computer can solve AI Escargot with only 91
		// inferences".
		{"AI Escargot", engine.MustParse(escargot), Reduction{Inferences: 91}},
		// Two solutions: r-Reduction cannot decide the rectangle; the
		// first value tried at its first cell leads to a solution.
		{"deadly rectangle", rectangle(t), Reduction{Inferences: 1}},
	} {
		if got := RReduction(tc.g); got != tc.want {
			t.Errorf("%s: RReduction = %+v, want %+v", tc.name, got, tc.want)
		}
	}
	// Givens that clash: a contradiction straight away, nothing to infer.
	g := engine.MustParse(solvedGrid)
	g[0], g[1] = 0, g[2]
	if got := RReduction(g); got != (Reduction{}) {
		t.Errorf("clashing givens: RReduction = %+v, want zero", got)
	}
}
