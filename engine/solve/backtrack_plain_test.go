package solve

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// plainBacktrack is seed 001's backtrack solver written the plain way, cell
// by cell: the reference Backtrack's bit-sliced search must match count for
// count.
func plainBacktrack(g engine.Grid, budget int) Work {
	if !g.Valid() {
		return Work{}
	}
	b := plainBacktracker{g: g, budget: budget}
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

// Backtrack makes the plain search's every count and solution: on the
// samples of the public sets, with its budget and with small ones that
// stop it midway, and on puzzles with no solution or several.
func TestBacktrackIsThePlainSearch(t *testing.T) {
	var grids []engine.Grid
	for _, f := range []string{"testdata/top1465-sample.txt", "testdata/unbiased-sample.txt", "testdata/46-clue-sample.txt", "../testdata/royle17-sample.txt", "../testdata/hardest-sample.txt", "../testdata/multi-solution-sample.txt"} {
		grids = append(grids, enginetest.ReadPuzzles(t, f)...)
	}
	grids = append(grids, engine.Grid{}, engine.MustParse(escargot))
	broken := engine.MustParse(solvedGrid)
	broken[0], broken[1] = 0, 0
	broken[10] = 0
	grids = append(grids, broken)
	n := 0
	for _, g := range grids {
		for _, budget := range []int{BacktrackBudget, 1, 7, 100} {
			want := plainBacktrack(g, budget)
			got := Backtrack(g, Options{MaxIterations: budget})
			if got != want {
				t.Fatalf("%s, budget %d: %+v, want %+v", g, budget, got, want)
			}
			n++
		}
	}
	t.Logf("%d searches, %d puzzles", n, len(grids))
}

// BenchmarkBacktrackPlain is the plain search on royle17's sample, to set
// beside BenchmarkBacktrack.
func BenchmarkBacktrackPlain(b *testing.B) {
	grids := enginetest.ReadPuzzles(b, "../testdata/royle17-sample.txt")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plainBacktrack(grids[i%len(grids)], BacktrackBudget)
	}
}

func BenchmarkBacktrack(b *testing.B) {
	grids := enginetest.ReadPuzzles(b, "../testdata/royle17-sample.txt")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Backtrack(grids[i%len(grids)], Options{})
	}
}
