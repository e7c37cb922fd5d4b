package solve

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

// Digits is a set of Sudoku digits: bit d-1 stands for digit d.
type Digits uint16

// AllDigits is the set of the nine digits.
const AllDigits Digits = 1<<9 - 1

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// Single reports whether the set holds exactly one digit.
func (s Digits) Single() bool { return s != 0 && s&(s-1) == 0 }

// lowest returns the smallest digit of a non-empty set.
func (s Digits) lowest() uint8 { return uint8(bits.TrailingZeros16(uint16(s))) + 1 }

// DigitBit is the set of the one digit d (1-9).
func DigitBit(d uint8) Digits { return 1 << (d - 1) }

// The engine's geometry: the nine cells of each section (rows 0-8,
// columns 9-17, boxes 18-26) and the 20 peers of each cell.
var (
	sections = engine.Houses()
	peers    = engine.Peers()
)

// Candidates is the candidate set of every cell, |v_ij| of seed 004: the
// state the rule-based methods (rules, rreduction) reduce, and what the
// seeds' candidate metrics (engine/rate) count.
type Candidates [81]Digits

// Initiate sets every given to its digit and every empty cell to all nine
// digits: seed 004's "initiation" of the Sudoku graph. A cell holding
// something other than 0-9 is treated as empty.
func Initiate(g engine.Grid) Candidates {
	var v Candidates
	for c, d := range g {
		if d >= 1 && d <= 9 {
			v[c] = DigitBit(d)
		} else {
			v[c] = AllDigits
		}
	}
	return v
}

// Grid reads the filled cells (those with one candidate) back as a Grid.
func (v *Candidates) Grid() engine.Grid {
	var g engine.Grid
	for c, s := range v {
		if s.Single() {
			g[c] = s.lowest()
		}
	}
	return g
}

// Solved reports whether every cell has exactly one candidate.
func (v *Candidates) Solved() bool {
	for _, s := range v {
		if !s.Single() {
			return false
		}
	}
	return true
}

// placed holds the digits placed in each row, column and box, for the
// searches that fill a grid cell by cell (dfs, backtrack).
type placed struct{ row, col, box [9]Digits }

// givens marks the givens of g.
func (p *placed) givens(g engine.Grid) {
	for c, d := range g {
		if d >= 1 && d <= 9 {
			p.mark(c, DigitBit(d))
		}
	}
}

// of is the set of digits placed in the row, column or box of cell c.
func (p *placed) of(c int) Digits {
	h := &cellHouses[c]
	return p.row[h[0]] | p.col[h[1]] | p.box[h[2]]
}

func (p *placed) mark(c int, bit Digits) {
	h := &cellHouses[c]
	p.row[h[0]] |= bit
	p.col[h[1]] |= bit
	p.box[h[2]] |= bit
}

func (p *placed) unmark(c int, bit Digits) {
	h := &cellHouses[c]
	p.row[h[0]] &^= bit
	p.col[h[1]] &^= bit
	p.box[h[2]] &^= bit
}

// cellHouses are each cell's row, column and box, looked up rather than
// divided out on the searches' hottest lines.
var cellHouses = func() (t [81][3]uint8) {
	for c := range t {
		t[c] = [3]uint8{uint8(c / 9), uint8(c % 9), uint8(c/27*3 + c%9/3)}
	}
	return t
}()
