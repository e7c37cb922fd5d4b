package logic

import (
	"os"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// TestLengthBonus pins SE's length bonus: nothing up to complexity 6,
// then a tenth at each ceiling 4, 6, 8, 12, 16, 24, 32, 48 of
// complexity-2.
func TestLengthBonus(t *testing.T) {
	for _, tc := range []struct{ complexity, bonus int }{
		{2, 0}, {6, 0}, {7, 1}, {8, 1}, {9, 2}, {10, 2}, {11, 3}, {14, 3}, {15, 4},
		{18, 4}, {19, 5}, {26, 5}, {27, 6}, {34, 6}, {35, 7}, {50, 7}, {51, 8},
	} {
		if got := LengthBonus(tc.complexity); got != tc.bonus {
			t.Errorf("LengthBonus(%d) = %d, want %d", tc.complexity, got, tc.bonus)
		}
		if mc := MaxComplexity(70, 70+tc.bonus); LengthBonus(mc) != tc.bonus || LengthBonus(mc+1) == tc.bonus {
			t.Errorf("MaxComplexity(70, %d) = %d: bonus %d, next %d", 70+tc.bonus, mc, LengthBonus(mc), LengthBonus(mc+1))
		}
	}
}

// TestBudget: a spent budget turns the chain steps into counted guesses,
// honestly reported, never into an error.
func TestBudget(t *testing.T) {
	p := readPuzzles(t, "testdata/hardest-sample.txt")[0]
	r, err := SolveWith(p, Options{Budget: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if !r.OverBudget || r.Guesses == 0 || !r.Bound {
		t.Errorf("budget 1000: over %v, guesses %d, bound %v", r.OverBudget, r.Guesses, r.Bound)
	}
	full, err := solveOnce(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if full.OverBudget || full.Guesses >= r.Guesses {
		t.Errorf("default budget: over %v, guesses %d (limited: %d)", full.OverBudget, full.Guesses, r.Guesses)
	}
}

// TestFullFiles rates every puzzle of the big sets (FULL=1; slow).
func TestFullFiles(t *testing.T) {
	if os.Getenv("FULL") == "" {
		skips.Skip(t, "every puzzle of the big sets: set FULL=1")
	}
	for _, f := range []string{"royle17.txt", "top1465.txt", "forum-hardest-1106.txt"} {
		puzzles := readPuzzles(t, sharedData+"/"+f)
		start := time.Now()
		res := solveAll(t, puzzles)
		var guesses, guessed, over int
		var sum float64
		for _, r := range res {
			guesses += r.Guesses
			if r.Guesses > 0 {
				guessed++
			}
			if r.OverBudget {
				over++
			}
			sum += r.ER
		}
		t.Logf("%s: %d puzzles rated in %v, mean ER %.2f, %d with guesses (%d guesses), %d over budget",
			f, len(puzzles), time.Since(start), sum/float64(len(res)), guessed, guesses, over)
	}
}

// TestStopAbove: a solve with StopAbove is the full solve when the puzzle
// rates at most that, and otherwise stops with an er above it, at most the
// full solve's. The limits 6.5 to 7.0 cut the forcing chains' search
// (findUnaryChains) at the limit rather than at its passes' own.
func TestStopAbove(t *testing.T) {
	var puzzles []engine.Grid
	for _, f := range []string{"testdata/unbiased-sample.txt", "testdata/top1465-sample.txt"} {
		ps := readPuzzles(t, f)
		puzzles = append(puzzles, ps[:min(60, len(ps))]...)
	}
	stopped := 0
	for _, g := range puzzles {
		full, err := solveOnce(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []float64{2.5, 4.4, 6.5, 6.6, 6.7, 7.0, 7.5} {
			r, err := SolveWith(g, Options{StopAbove: limit})
			if err != nil {
				t.Fatal(err)
			}
			if full.ER <= limit {
				// The same solve, step for step; only Work, the chain
				// search it was spared, may be less.
				same := !r.Stopped && r.ER == full.ER && r.EP == full.EP && r.ED == full.ED && r.Score == full.Score &&
					r.Counts == full.Counts && r.Guesses == full.Guesses && r.Bound == full.Bound && len(r.Steps) == len(full.Steps) && r.Work <= full.Work
				for i := range r.Steps {
					same = same && r.Steps[i].Text == full.Steps[i].Text && r.Steps[i].Rating == full.Steps[i].Rating
				}
				if !same {
					t.Fatalf("%v limit %v: er %v score %d stopped %v, full er %v score %d", g, limit, r.ER, r.Score, r.Stopped, full.ER, full.Score)
				}
				continue
			}
			stopped++
			if !r.Stopped || r.ER <= limit || r.ER > full.ER {
				t.Fatalf("%v limit %v: er %v stopped %v, full er %v", g, limit, r.ER, r.Stopped, full.ER)
			}
		}
	}
	if stopped == 0 {
		t.Fatal("no solve stopped")
	}
}
