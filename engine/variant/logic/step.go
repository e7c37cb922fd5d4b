package logic

import classic "github.com/pressrun/pressrun/engine/logic"

// Technique is a solving technique: the classic rater's, so that a step
// of the same technique has the same name, key, base rating and cost on
// every variant. A technique over any houses (locked candidates between a
// diagonal and a box, say) takes the name of its classic case.
type Technique = classic.Technique

// Candidate is one symbol (1..n) in one cell.
type Candidate struct {
	Cell   int
	Symbol int
}

// Step is one move of a solve, as data and as a sentence.
type Step struct {
	Technique Technique
	Rating    float64     // Sudoku Explainer rating of this step
	Score     int         // cost in the summed score
	Cells     []int       // the cells of the pattern
	Symbols   uint32      // the symbols of the pattern, bit s-1 for symbol s
	Place     []Candidate // symbols placed
	Remove    []Candidate // candidates eliminated
	Text      string      // "r4c7: hidden single 5 in box 6", in the Solver's language (NewSolverIn)
}

func (s Step) String() string { return s.Text }

func newStep(t Technique) Step {
	return Step{Technique: t, Rating: t.BaseRating(), Score: t.Cost()}
}
