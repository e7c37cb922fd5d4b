package logic

import (
	"os"
	"testing"
	"time"
)

// TestNeverErrsOnSamples solves samples of every data set (copied into
// testdata with their source and licence): every step is checked against
// the solution, so a technique that errs fails the test.
func TestNeverErrsOnSamples(t *testing.T) {
	for _, tc := range []struct {
		file    string
		n, full int // how many to solve in -short mode, and without it (0: all)
	}{
		{"testdata/unbiased-sample.txt", 300, 0},
		{"testdata/royle17-sample.txt", 300, 0},
		{"testdata/top1465-sample.txt", 60, 0},
		// The hardest take nested forcing chains, seconds each: every
		// one with FULL=1.
		{"testdata/hardest-sample.txt", 3, 16},
	} {
		puzzles := readPuzzles(t, tc.file)
		switch {
		case testing.Short():
			puzzles = puzzles[:min(tc.n, len(puzzles))]
		case tc.full > 0 && os.Getenv("FULL") == "":
			puzzles = puzzles[:min(tc.full, len(puzzles))]
		}
		start := time.Now()
		var guesses, overBudget int
		for i, r := range solveAll(t, puzzles) {
			if r.ER < 1 || r.ER > 13 || r.EP > r.ER || r.ED > r.ER {
				t.Errorf("%s #%d: ER %.1f EP %.1f ED %.1f out of order", tc.file, i, r.ER, r.EP, r.ED)
			}
			guesses += r.Guesses
			if r.OverBudget {
				overBudget++
			}
		}
		t.Logf("%s: %d puzzles in %v, %d guesses, %d over budget", tc.file, len(puzzles), time.Since(start), guesses, overBudget)
	}
}

// TestMultipleSolutionsRefused checks the uniqueness gate.
func TestMultipleSolutionsRefused(t *testing.T) {
	for _, p := range readPuzzles(t, "testdata/multi-solution-sample.txt")[:50] {
		if _, err := Solve(p); err == nil {
			t.Fatalf("%s: solved a puzzle with several solutions", p)
		}
	}
}
