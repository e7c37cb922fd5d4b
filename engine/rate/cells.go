package rate

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

// digits is a set of Sudoku digits: bit d-1 stands for digit d.
type digits uint16

const allDigits digits = 1<<9 - 1

func (s digits) count() int { return bits.OnesCount16(uint16(s)) }

// single reports whether the set holds exactly one digit.
func (s digits) single() bool { return s != 0 && s&(s-1) == 0 }

// lowest returns the smallest digit of a non-empty set.
func (s digits) lowest() uint8 { return uint8(bits.TrailingZeros16(uint16(s))) + 1 }

func digitBit(d uint8) digits { return 1 << (d - 1) }

// The engine's geometry: the nine cells of each section (rows 0-8,
// columns 9-17, boxes 18-26) and the 20 peers of each cell.
var (
	sections = engine.Houses()
	peers    = engine.Peers()
)

// candidates is the candidate set of every cell, |v_ij| of seed 004: a
// given is the set of its digit; an empty cell starts as all nine digits.
type candidates [81]digits

// initiate sets every given to its digit and every empty cell to all nine
// digits: seed 004's "initiation" of the Sudoku graph. A cell holding
// something other than 0-9 is treated as empty.
func initiate(g engine.Grid) candidates {
	var v candidates
	for c, d := range g {
		if d >= 1 && d <= 9 {
			v[c] = digitBit(d)
		} else {
			v[c] = allDigits
		}
	}
	return v
}

// givenCandidates is the candidate set of every cell once the givens'
// digits are struck from their rows, columns and boxes (one simultaneous
// 1-Reduction by the givens): what a player sees before any deduction, and
// n of seed 000. A given keeps its own digit, so two equal givens in one
// house leave each other in place; only the empty cells are reduced.
func givenCandidates(g engine.Grid) candidates {
	var row, col, box [9]digits
	for c, d := range g {
		if d >= 1 && d <= 9 {
			b := digitBit(d)
			row[engine.Row(c)] |= b
			col[engine.Col(c)] |= b
			box[engine.Box(c)] |= b
		}
	}
	var v candidates
	for c, d := range g {
		if d >= 1 && d <= 9 {
			v[c] = digitBit(d)
		} else {
			v[c] = allDigits &^ (row[engine.Row(c)] | col[engine.Col(c)] | box[engine.Box(c)])
		}
	}
	return v
}

// grid reads the filled cells (those with one candidate) back as a Grid.
func (v *candidates) grid() engine.Grid {
	var g engine.Grid
	for c, s := range v {
		if s.single() {
			g[c] = s.lowest()
		}
	}
	return g
}

// solved reports whether every cell has exactly one candidate.
func (v *candidates) solved() bool {
	for _, s := range v {
		if !s.single() {
			return false
		}
	}
	return true
}
