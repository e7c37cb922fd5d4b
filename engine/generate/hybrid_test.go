package generate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestHybridUnique: no test accepts a puzzle with two solutions; the slow
// test accepts every unique one; the hybrid accepts only unique ones, with
// at most two guesses, and rejects the unique ones that need more (about
// half of a sample of minimal puzzles and top1465's); the fast test accepts a puzzle the singles solve and rejects
// one they do not.
func TestHybridUnique(t *testing.T) {
	var s engine.Solver
	multi := enginetest.ReadSample(t, "../testdata/multi-solution-sample.txt", 50)
	for _, p := range multi {
		for _, max := range []int{0, HybridGuesses, -1} {
			if ok, _ := HybridUnique(p, max); ok {
				t.Errorf("guesses %d: accepts %s, which has two solutions or more", max, p)
			}
		}
	}
	hard := append(enginetest.ReadSample(t, "../testdata/unbiased-sample.txt", 100), enginetest.ReadSample(t, "../testdata/top1465-sample.txt", 20)...)
	rejected, fastRejected := 0, 0
	for _, p := range hard {
		if !s.Unique(p) {
			t.Fatalf("%s: not unique", p)
		}
		if ok, _ := HybridUnique(p, -1); !ok {
			t.Errorf("the slow test rejects %s, which is unique", p)
		}
		ok, guesses := HybridUnique(p, HybridGuesses)
		if ok && guesses > HybridGuesses {
			t.Errorf("hybrid accepts %s after %d guesses", p, guesses)
		}
		if !ok {
			rejected++
			if _, all := HybridUnique(p, -1); all <= HybridGuesses {
				t.Errorf("hybrid rejects %s, which the slow test settles in %d guesses", p, all)
			}
		}
		if ok, _ := HybridUnique(p, 0); !ok {
			fastRejected++
		}
	}
	t.Logf("of %d puzzles the hybrid rejects %d, the fast test %d", len(hard), rejected, fastRejected)
	if rejected == 0 || rejected == len(hard) || fastRejected < rejected {
		t.Errorf("of %d unbiased and top1465 puzzles the hybrid rejects %d and the fast test %d: want some but not all, and the fast test at least as many", len(hard), rejected, fastRejected)
	}
	// A puzzle the singles solve: a solution grid with one cell of each
	// box emptied.
	sol, _ := s.Solve(hard[0])
	easy := sol
	for b := 0; b < 9; b++ {
		easy[b/3*27+b%3*3+b] = 0
	}
	if ok, guesses := HybridUnique(easy, 0); !ok || guesses != 0 {
		t.Errorf("the fast test rejects %s (guesses %d)", easy, guesses)
	}
	if ok, _ := HybridUnique(engine.Grid{}, HybridGuesses); ok {
		t.Error("hybrid accepts the empty grid")
	}
}

// TestTunedHybrid: with the hybrid test, tuned's puzzles are still unique
// and rated, it counts the removals the test refused, some of them unique
// all the same, and every puzzle passes the hybrid test itself.
func TestTunedHybrid(t *testing.T) {
	tg, _ := ParseTarget("wnef=0.12", "")
	g, err := New("tuned", Options{Target: tg, Hybrid: true})
	if err != nil {
		t.Fatal(err)
	}
	results := generateN(t, g, 4)
	checkResults(t, "tuned", tg, results)
	refused, falseRefusals := 0, 0
	for _, r := range results {
		refused += r.Refused
		falseRefusals += r.FalseRefusals
		if r.FalseRefusals > r.Refused {
			t.Errorf("work %+v: more false refusals than refusals", r.Work)
		}
		if ok, _ := HybridUnique(r.Puzzle, HybridGuesses); !ok {
			t.Errorf("%s does not pass the hybrid test it was made with", r.Puzzle)
		}
	}
	if refused == 0 || falseRefusals == 0 {
		t.Errorf("%d refusals, %d false: want some of each", refused, falseRefusals)
	}
	exact, _ := New("tuned", Options{Target: tg})
	for _, r := range generateN(t, exact, 2) {
		if r.FalseRefusals != 0 || r.Refused == 0 {
			t.Errorf("exact test: work %+v, want refusals and none false", r.Work)
		}
	}
	if _, err := New("hillclimb", Options{Target: tg, Hybrid: true}); err == nil {
		t.Error("hillclimb takes the hybrid test")
	}
}
