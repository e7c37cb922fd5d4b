package logic

import "math/bits"

// cellSet is a set of cells, bit c for cell c: cells 0-63 in lo, 64-80 in
// hi. The searches that intersect peer sets use it instead of lists.
type cellSet struct{ lo, hi uint64 }

func cellBit(c int) cellSet {
	if c < 64 {
		return cellSet{lo: 1 << c}
	}
	return cellSet{hi: 1 << (c - 64)}
}

func (s cellSet) and(t cellSet) cellSet    { return cellSet{s.lo & t.lo, s.hi & t.hi} }
func (s cellSet) or(t cellSet) cellSet     { return cellSet{s.lo | t.lo, s.hi | t.hi} }
func (s cellSet) andNot(t cellSet) cellSet { return cellSet{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s cellSet) empty() bool              { return s.lo|s.hi == 0 }
func (s cellSet) count() int               { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }

func (s cellSet) has(c int) bool {
	if c < 64 {
		return s.lo&(1<<c) != 0
	}
	return s.hi&(1<<(c-64)) != 0
}

// first is the smallest cell of a non-empty set.
func (s cellSet) first() int {
	if s.lo != 0 {
		return bits.TrailingZeros64(s.lo)
	}
	return 64 + bits.TrailingZeros64(s.hi)
}

// rest is the set without its smallest cell.
func (s cellSet) rest() cellSet {
	if s.lo != 0 {
		return cellSet{s.lo & (s.lo - 1), s.hi}
	}
	return cellSet{0, s.hi & (s.hi - 1)}
}

// digitCells returns, for each digit, the cells where it is a candidate.
func (b *Board) digitCells() (out [maxDigits + 1]cellSet) {
	for c := 0; c < frameCells; c++ {
		bit := cellBit(c)
		for x := b.Cand[c]; x != 0; x &= x - 1 {
			d := x.low()
			out[d] = out[d].or(bit)
		}
	}
	return
}
