package rate

import (
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// givenCandidates is the candidate set of every cell once the givens'
// digits are struck from their rows, columns and boxes (one simultaneous
// 1-Reduction by the givens): what a player sees before any deduction, and
// n of seed 000. A given keeps its own digit, so two equal givens in one
// house leave each other in place; only the empty cells are reduced.
func givenCandidates(g engine.Grid) solve.Candidates {
	var row, col, box [9]solve.Digits
	for c, d := range g {
		if d >= 1 && d <= 9 {
			b := solve.DigitBit(d)
			row[engine.Row(c)] |= b
			col[engine.Col(c)] |= b
			box[engine.Box(c)] |= b
		}
	}
	var v solve.Candidates
	for c, d := range g {
		if d >= 1 && d <= 9 {
			v[c] = solve.DigitBit(d)
		} else {
			v[c] = solve.AllDigits &^ (row[engine.Row(c)] | col[engine.Col(c)] | box[engine.Box(c)])
		}
	}
	return v
}
