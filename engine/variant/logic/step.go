package logic

import (
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
)

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

// removals describes eliminations compactly, a cell's together in the
// order the cells first come: "r1c2<>5, r3c4<>589" (a cage's
// combinations take several symbols from each of its cells).
func (g *geometry) removals(rs []Candidate) string {
	var cells []int
	took := map[int]string{}
	for _, r := range rs {
		if _, ok := took[r.Cell]; !ok {
			cells = append(cells, r.Cell)
		}
		if took[r.Cell] != "" {
			took[r.Cell] += g.say.sep
		}
		took[r.Cell] += g.symbolName(r.Symbol)
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = g.cellName(c) + "<>" + took[c]
	}
	return strings.Join(parts, ", ")
}

// apply carries out the step on the board.
func (b *board) apply(s *Step) {
	for _, r := range s.Remove {
		b.eliminate(r.Cell, r.Symbol)
	}
	for _, p := range s.Place {
		if b.val[p.Cell] == 0 {
			b.place(p.Cell, p.Symbol)
		}
	}
}
