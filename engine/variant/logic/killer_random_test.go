package logic

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// mergedKiller is a killer of side n for the tests, variant.GenerateKiller's
// without givens: its drawn layout made unique or, when hard, merged to
// a minimal killer (fewer, larger cages, harder puzzles).
func mergedKiller(tb testing.TB, n int, hard bool, rng *rand.Rand) (*variant.Variant, variant.Grid, variant.Grid) {
	tb.Helper()
	g, err := variant.GenerateKiller(n, variant.KillerOptions{Minimal: hard}, rng)
	if err != nil {
		tb.Fatal(err)
	}
	return g.Variant, g.Puzzle, g.Solution
}
