package wide

import "math/bits"

// The sizes the solver is built for here: a 16x16 frame, on which a board
// of side 4 to 16 is drawn in the top left corner (geometry.go), and
// digits 1 to 16. engine/logic's size.go has the 9x9 frame's.
const (
	frameSide  = 16
	frameCells = frameSide * frameSide
	maxDigits  = 16
)

// The largest geometry: 48 houses and 16 extra, in at most 5 families, a
// cell with at most 64 peers (a 16x16's have 39).
const (
	maxHouses   = 64
	maxFamilies = 5
	maxPeers    = 64
)

// maxBentSets is the most sets of 4 to 6 digits there are, C(16, 6):
// the bent sets' memo of each size has a place for each (bentsets.go).
const maxBentSets = 8008

// Grid holds a digit for each cell of the frame, 0 for none.
type Grid [frameCells]uint8

// linkIndex indexes the chain engine's table of static links
// (chaingrid.go): 4,096 candidates of up to 86 links each.
type linkIndex = uint32

// Digits is a set of digits 1 to maxDigits, bit d for digit d.
type Digits uint32

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount32(uint32(s)) }

// low is the smallest digit of a non-empty set.
func (s Digits) low() int { return bits.TrailingZeros32(uint32(s)) }

// cellSet is a set of cells, bit c%64 of word c/64 for cell c. The
// searches that intersect peer sets use it instead of lists.
type cellSet [frameCells / 64]uint64

func cellBit(c int) (s cellSet) {
	s[c>>6] = 1 << (c & 63)
	return s
}

func (s cellSet) and(t cellSet) cellSet {
	return cellSet{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}

func (s cellSet) or(t cellSet) cellSet {
	return cellSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}

func (s cellSet) andNot(t cellSet) cellSet {
	return cellSet{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}

func (s cellSet) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

func (s cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

func (s cellSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// first is the smallest cell of a non-empty set.
func (s cellSet) first() int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return frameCells
}

// rest is the set without its smallest cell.
func (s cellSet) rest() cellSet {
	for i, w := range s {
		if w != 0 {
			s[i] = w & (w - 1)
			return s
		}
	}
	return s
}

// mix is FNV-1a's hash h with the set's words mixed in.
func (s cellSet) mix(h uint64) uint64 {
	for _, w := range s {
		h = (h ^ w) * 1099511628211
	}
	return h
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
