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

// Read-only tables, computed once at start-up: the nine cells of each
// section (rows 0-8, columns 9-17, boxes 18-26) and the 20 peers of each
// cell.
var (
	sections = func() (t [27][9]uint8) {
		for i := 0; i < 9; i++ {
			for j := 0; j < 9; j++ {
				t[i][j] = uint8(i*9 + j)
				t[9+i][j] = uint8(j*9 + i)
				t[18+i][j] = uint8((i/3*3+j/3)*9 + i%3*3 + j%3)
			}
		}
		return t
	}()
	peers = func() (t [81][20]uint8) {
		for c := 0; c < 81; c++ {
			n := 0
			for p := 0; p < 81; p++ {
				if p != c && (engine.Row(p) == engine.Row(c) || engine.Col(p) == engine.Col(c) || engine.Box(p) == engine.Box(c)) {
					t[c][n] = uint8(p)
					n++
				}
			}
		}
		return t
	}()
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
