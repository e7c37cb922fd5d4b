package logic

import "math/bits"

// The chain engine works on potentials: a candidate (cell, digit) assumed
// true ("on") or false ("off"), numbered cand*2+state with cand =
// cell*9+digit-1, as Sudoku Explainer's Chaining does. Its grid keeps, for
// speed, the places of every digit in every house as a 9-bit set, updated
// when a dynamic chain switches a candidate off.

const (
	numCands = 729
	numPots  = 2 * numCands
)

func potOf(cell, d int, on bool) int {
	p := (cell*9 + d - 1) * 2
	if on {
		p++
	}
	return p
}

func potCell(p int) int  { return p >> 1 / 9 }
func potDigit(p int) int { return p>>1%9 + 1 }
func potOn(p int) bool   { return p&1 == 1 }

// cgrid is a position as the chain engine sees it.
type cgrid struct {
	cand [81]Digits
	pos  [27][10]uint16 // places of digit d in house h, bit i for the house's i-th cell
}

// houseIndex[c][k] is the index of cell c within its k-th house (row,
// column, box).
var houseIndex [81][3]uint8

func (g *cgrid) load(b *Board) {
	g.cand = b.Cand
	g.pos = [27][10]uint16{}
	for c := 0; c < 81; c++ {
		for x := uint16(b.Cand[c]); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			for k := 0; k < 3; k++ {
				g.pos[houseOf[c][k]][d] |= 1 << houseIndex[c][k]
			}
		}
	}
}

// remove switches candidate (c, d) off.
func (g *cgrid) remove(c, d int) {
	g.cand[c] &^= digitBit(d)
	for k := 0; k < 3; k++ {
		g.pos[houseOf[c][k]][d] &^= 1 << houseIndex[c][k]
	}
}

func (g *cgrid) has(c, d int) bool { return g.cand[c]&digitBit(d) != 0 }

// potSet is a set of potentials.
type potSet [numPots/64 + 1]uint64

func (s *potSet) add(p int)      { s[p>>6] |= 1 << (p & 63) }
func (s *potSet) has(p int) bool { return s[p>>6]&(1<<(p&63)) != 0 }

// lengthBonus is Sudoku Explainer's addition, in tenths, for a chain's
// complexity (the number of distinct potentials in it): nothing up to 6,
// then one tenth for each ceiling 4, 6, 8, 12, 16, 24, 32, ... that
// complexity-2 exceeds.
func lengthBonus(complexity int) int {
	added := 0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// maxComplexity is the largest complexity whose rating, base plus
// lengthBonus (all in tenths), stays at or under limit; -1 when even the
// shortest chain rates above it.
func maxComplexity(base, limit int) int {
	if base > limit {
		return -1
	}
	ceil := 4
	odd := false
	for i := 0; i < limit-base && ceil < 1<<20; i++ {
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return ceil + 2
}
