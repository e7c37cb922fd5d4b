package solve

import (
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// InferenceCounts are the readings of seed 004's "inference times" that
// one run of its Solver() gives: the paper counts 16,034 inferences for
// 10,000 puzzles without saying what one is.
type InferenceCounts struct {
	// Tried is every value set on a cell (Theorem 11's "if we set
	// v_ij = {c_k}"), those whose branch failed included: RReduction's
	// Guesses.
	Tried int
	// Failed is the tried values whose branch ended in no solution.
	Failed int
	// Cells is the calls of Inference(): the cells selected.
	Cells int
	// Kept is the inferences on the branch that reached the solution:
	// the conclusions c_ij = c_k Theorem 11 actually draws.
	Kept int
	// Solved reports that the search reached the solution; with Tried 0,
	// r-Reduction alone did.
	Solved bool
	// Capped reports that the search stopped at the budget of tried
	// values without an answer.
	Capped bool
}

// CountInferences runs seed 004's r-Reduction plus Inference on g (as
// RReduction does, see there) selecting the cell to infer on by sel, and
// counts the inferences every way InferenceCounts reads them, within
// budget tried values. rng is used by SelectRandom only.
func CountInferences(g engine.Grid, sel Selection, rng *rand.Rand, budget int) InferenceCounts {
	s := search{pick: sel, rng: rng, budget: budget}
	solved := s.solve(Initiate(g))
	return InferenceCounts{Tried: s.tries, Failed: s.fails, Cells: s.branches, Kept: s.kept, Solved: solved, Capped: s.capped}
}
