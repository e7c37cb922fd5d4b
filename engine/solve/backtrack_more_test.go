package solve

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// Backtrack makes the plain search's every count and solution on every
// puzzle of the samples, the hardest and the 46-clue ones included, and on
// puzzles with no solution or several, with its budget and with small ones
// that stop it midway.
func TestBacktrackMatchesPlainEverywhere(t *testing.T) {
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
