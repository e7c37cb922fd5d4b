package logic

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

// The sizes the solver is built for: a frame of frameSide x frameSide
// cells, on which a board of side 4 to maxDigits is drawn in the top left
// corner (geometry.go), and digits 1 to maxDigits. Everything sized by the
// board reads them, not the numbers themselves, so that the one solver
// can be built again for a larger frame (issue 42: 12x12, 16x16) without
// classic paying for wider sets.
const (
	frameSide  = 9
	frameCells = frameSide * frameSide
	maxDigits  = 9
)

// The largest geometry: 27 houses and 9 extra, in at most 5 families (a
// cell of Sudoku X's centre is in a row, a column, a box and both
// diagonals), a cell with at most 32 peers.
const (
	maxHouses   = 36
	maxFamilies = 5
	maxPeers    = 32
)

// maxBentSets is the most sets of 4 to 6 digits there are, C(9, 4) =
// C(9, 5): the bent sets' memo of each size has a place for each
// (bentsets.go).
const maxBentSets = 126

// Grid holds a digit for each cell of the frame, 0 for none: a classic
// grid.
type Grid = engine.Grid

// linkIndex indexes the chain engine's table of static links
// (chaingrid.go), at most 30 a candidate.
type linkIndex = uint16

// Digits is a set of digits 1 to maxDigits, bit d for digit d.
type Digits uint16

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// low is the smallest digit of a non-empty set.
func (s Digits) low() int { return bits.TrailingZeros16(uint16(s)) }

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

// mix is FNV-1a's hash h with the set's words mixed in.
func (s cellSet) mix(h uint64) uint64 {
	h = (h ^ s.lo) * 1099511628211
	return (h ^ s.hi) * 1099511628211
}

// houseSet is a set of houses, bit h for house h.
type houseSet uint64

func houseBit(h int) houseSet                 { return 1 << h }
func (s houseSet) has(h int) bool             { return s&(1<<h) != 0 }
func (s houseSet) and(t houseSet) houseSet    { return s & t }
func (s houseSet) or(t houseSet) houseSet     { return s | t }
func (s houseSet) andNot(t houseSet) houseSet { return s &^ t }
func (s houseSet) empty() bool                { return s == 0 }

// first is the smallest house of a non-empty set.
func (s houseSet) first() int { return bits.TrailingZeros64(uint64(s)) }

// rest is the set without its smallest house.
func (s houseSet) rest() houseSet { return s & (s - 1) }

// rankBits holds a house's rank in SE's order (geometry.seRank) in a
// strong-link chain's sort key (a 16x16's ranks, up to 47, run into the
// field before, as they always have).
const rankBits = 5

// cellIndex holds a cell of the frame in the geometry's long lists.
type cellIndex = uint8

// houseCause holds a house, causeCell or -1: the link that switched a
// chain's "on" node on (forcing.go).
type houseCause = int8
