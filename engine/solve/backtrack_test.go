package solve

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestBacktrackMatchesPlain checks the bitboard backtracker against the
// plain one it replaced (a pass over the 81 cells per call), which
// follows the paper's wording line by line: every count must agree, also
// where the budget stops the search.
func TestBacktrackMatchesPlain(t *testing.T) {
	ps := mixedPuzzles(t, 60, 60, 60)
	guesses := 0
	for _, g := range ps {
		for _, budget := range []int{0, 1, 37, 1000} {
			got := Backtrack(g, Options{MaxIterations: budget})
			want := plainBacktrack(g, budget)
			if got != want {
				t.Fatalf("%s budget %d: %+v, plain %+v", g, budget, got, want)
			}
			guesses += got.Guesses
		}
	}
	t.Logf("%d puzzles, 4 budgets: %d guesses agree", len(ps), guesses)
}

// plainBacktrack is Backtrack as first written: each call scans the
// cells in row-major order for the fewest candidates (budget 0: the
// default).
func plainBacktrack(g engine.Grid, budget int) Work {
	if !g.Valid() {
		return Work{}
	}
	b := plainBacktracker{g: g, budget: Options{MaxIterations: budget}.budget(BacktrackBudget)}
	b.used.givens(g)
	w := Work{Solved: b.solve()}
	if w.Solved {
		w.Solution = b.g
	}
	w.Guesses, w.Backtracks, w.Calls, w.Capped = b.guesses, b.backtracks, b.calls, b.capped
	return w
}

type plainBacktracker struct {
	g                   engine.Grid
	used                placed
	guesses, backtracks int
	calls               int
	budget              int
	capped              bool
}

func (b *plainBacktracker) solve() bool {
	b.calls++
	best, bestN := -1, 10
	var bestSet Digits
	for c := 0; c < 81; c++ {
		if b.g[c] != 0 {
			continue
		}
		set := AllDigits &^ b.used.of(c)
		if n := set.Count(); n < bestN {
			best, bestN, bestSet = c, n, set
			if n <= 1 {
				break
			}
		}
	}
	if bestN == 0 {
		return false
	}
	if best < 0 {
		return true
	}
	guess := bestN > 1
	for set := bestSet; set != 0; set &= set - 1 {
		if guess {
			if b.guesses >= b.budget {
				b.capped = true
				return false
			}
			b.guesses++
		}
		bit := set & -set
		b.g[best] = bit.lowest()
		b.used.mark(best, bit)
		if b.solve() {
			return true
		}
		b.g[best] = 0
		b.used.unmark(best, bit)
		if b.capped {
			return false
		}
		if guess {
			b.backtracks++
		}
	}
	return false
}

// mixedPuzzles are the first n17 17-clue puzzles of royle17.txt, nTop of
// top1465.txt and nUnbiased uniformly sampled minimal ones (the samples
// in testdata), the empty grid and AI Escargot: easy and hard, few clues
// and many, for checking a search against its plain version.
func mixedPuzzles(t *testing.T, n17, nTop, nUnbiased int) []engine.Grid {
	var ps []engine.Grid
	ps = append(ps, enginetest.ReadSample(t, "../testdata/royle17-sample.txt", n17)...)
	ps = append(ps, enginetest.ReadSample(t, "testdata/top1465-sample.txt", nTop)...)
	ps = append(ps, enginetest.ReadSample(t, "testdata/unbiased-sample.txt", nUnbiased)...)
	return append(ps, engine.Grid{}, engine.MustParse(escargot))
}

// BenchmarkBacktrack17 is the backtracker on 17-clue puzzles (the first
// 300 of royle17.txt), the bulk of rating them for the archive. It
// reports puzzles/s.
func BenchmarkBacktrack17(b *testing.B) {
	ps := enginetest.ReadPuzzles(b, "../testdata/royle17-sample.txt")
	i := 0
	for b.Loop() {
		Backtrack(ps[i%len(ps)], Options{})
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}
