package solve

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// rowState is a candidate state where row 1 holds the given sets and every
// other cell is open with all nine digits.
func rowState(sets ...Digits) Candidates {
	var v Candidates
	for c := range v {
		v[c] = AllDigits
	}
	copy(v[:], sets)
	return v
}

func set(ds ...uint8) Digits {
	var s Digits
	for _, d := range ds {
		s |= DigitBit(d)
	}
	return s
}

func TestReduceByHand(t *testing.T) {
	for _, tc := range []struct {
		name     string
		row, out []Digits // nil out: a contradiction
	}{
		{
			// The pair {1,2} leaves r1c3 = 3; then {4,5} is a pair,
			// leaving r1c6 = 6, and r1c7 loses 6.
			name: "naked pairs and singles",
			row:  []Digits{set(1, 2), set(1, 2), set(1, 2, 3), set(3, 4, 5), set(4, 5), set(4, 5, 6), set(6, 7, 8), set(7, 8, 9), set(7, 8, 9)},
			out:  []Digits{set(1, 2), set(1, 2), set(3), set(4, 5), set(4, 5), set(6), set(7, 8), set(7, 8, 9), set(7, 8, 9)},
		},
		{
			// Eight cells share the eight digits 1-8 (r = 8): 9 goes in r1c9,
			// a hidden single.
			name: "hidden single as a naked 8-set",
			row:  []Digits{set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), AllDigits},
			out:  []Digits{set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(1, 2, 3, 4, 5, 6, 7, 8), set(9)},
		},
		{
			name: "three cells, two Digits",
			row:  []Digits{set(1, 2), set(1, 2), set(1, 2), set(3, 4), AllDigits, AllDigits, AllDigits, AllDigits, AllDigits},
		},
		{
			name: "two cells fixed to one digit",
			row:  []Digits{set(5), AllDigits, AllDigits, AllDigits, AllDigits, AllDigits, AllDigits, AllDigits, set(5)},
		},
	} {
		v := rowState(tc.row...)
		ok := v.Reduce()
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
		v := Initiate(g)
		if !v.Reduce() {
			t.Fatalf("%s: contradiction", line)
		}
		for c := range v {
			if v[c]&DigitBit(sol[c]) == 0 {
				t.Errorf("%s: %s lost its digit %d", line, engine.CellName(c), sol[c])
			}
		}
		s := search{pick: SelectFirst, budget: SearchBudget}
		if !s.solve(Initiate(g)) || s.sol.Grid() != sol {
			t.Errorf("%s: search found %v, want %v", line, s.sol.Grid(), sol)
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
