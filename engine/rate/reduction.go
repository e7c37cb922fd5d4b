package rate

import (
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// Reduction is what seed 004's heuristic reasoning on the Sudoku graph
// makes of a puzzle.
type Reduction struct {
	// Solved reports whether r-Reduction alone (r = 1..8, no inference)
	// leaves every cell with one candidate.
	Solved bool
	// Inferences is the number of inference steps of the full algorithm,
	// r-Reduction plus Inference: one per value tried, 0 when Solved.
	Inferences int
	// Capped reports that the inference search stopped at SearchBudget
	// values tried without an answer; Inferences is then SearchBudget.
	Capped bool
}

// RReduction applies seed 004's reasoning to the puzzle g: whether
// r-Reduction alone solves it, and the inferences the full algorithm
// needs, as solve.RReduction defines them (its doc says which reading of
// the paper's "randomly" selected cell is taken, and why), within
// SearchBudget inferences.
func RReduction(g engine.Grid) Reduction {
	w := solve.RReduction(g, solve.Options{MaxIterations: SearchBudget})
	return Reduction{Solved: w.Solved && w.Guesses == 0, Inferences: w.Guesses, Capped: w.Capped}
}
