package level

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestSingleAgain: digging easy puzzles clue by clue, in both modes,
// whenever singleAgain says a taken clue is a single at once, singles
// still solve the trial; and it says so for most of those singles
// solve, or it spares little.
func TestSingleAgain(t *testing.T) {
	var s engine.Solver
	rng := rand.New(rand.NewPCG(7, 8))
	said, solvedTrials := 0, 0
	for _, naked := range []bool{false, true} {
		for range 30 {
			solution := s.RandomSolution(rng)
			puzzle := solution
			for _, cell := range rng.Perm(81) {
				trial := puzzle
				trial[cell] = 0
				again := singleAgain(trial, cell, solution[cell], naked)
				solved := SolvedBySingles(trial, naked)
				if again {
					said++
					if !solved {
						t.Fatalf("%v without %s (naked %v): singleAgain, but singles do not solve it", puzzle, engine.CellName(cell), naked)
					}
				}
				if solved {
					puzzle = trial
					solvedTrials++
				}
			}
		}
	}
	if said < solvedTrials*2/3 {
		t.Errorf("singleAgain said yes %d times of the %d that singles solve", said, solvedTrials)
	}
	t.Logf("singleAgain: %d of the %d that singles solve", said, solvedTrials)
}
