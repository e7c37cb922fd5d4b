package sheet

import "math/bits"

// The sizes the solver is built for here: a 21x21 frame, the sheet of a
// samurai (the largest built-in gattai), on which the grids are drawn at
// their offsets (geometry.go: layout), and digits 1 to 9. engine/logic's
// size.go has the 9x9 frame's.
const (
	frameSide  = 21
	frameCells = frameSide * frameSide
	maxDigits  = 9
)

// The largest geometry: 192 houses (a samurai has 131), in at most 8
// families (a flower's centre cell is in three rows, three columns and a
// box), a cell with at most 64 peers (a samurai's shared cells have 36).
const (
	maxHouses   = 192
	maxFamilies = 8
	maxPeers    = 64
)

// maxBentSets is the most sets of 4 to 6 digits there are, C(9, 4) =
// C(9, 5): the bent sets' memo of each size has a place for each
// (bentsets.go).
const maxBentSets = 126

// Grid holds a digit for each cell of the frame, 0 for none.
type Grid [frameCells]uint8

// linkIndex indexes the chain engine's table of static links
// (chaingrid.go): 3,969 candidates of up to 45 links each.
type linkIndex = uint32

// Digits is a set of digits 1 to maxDigits, bit d for digit d.
type Digits uint16

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// low is the smallest digit of a non-empty set.
func (s Digits) low() int { return bits.TrailingZeros16(uint16(s)) }

// cellSet is a set of cells, bit c%64 of word c/64 for cell c. The
// searches that intersect peer sets use it instead of lists.
type cellSet [(frameCells + 63) / 64]uint64

func cellBit(c int) (s cellSet) {
	s[c>>6] = 1 << (c & 63)
	return s
}

func (s cellSet) and(t cellSet) cellSet {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

func (s cellSet) or(t cellSet) cellSet {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

func (s cellSet) andNot(t cellSet) cellSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

func (s cellSet) empty() bool {
	var x uint64
	for _, w := range s {
		x |= w
	}
	return x == 0
}

func (s cellSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
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

// houseSet is a set of houses, bit h%64 of word h/64 for house h.
type houseSet [maxHouses / 64]uint64

func houseBit(h int) (s houseSet) {
	s[h>>6] = 1 << (h & 63)
	return s
}

func (s houseSet) has(h int) bool { return s[h>>6]&(1<<(h&63)) != 0 }

func (s houseSet) and(t houseSet) houseSet {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

func (s houseSet) or(t houseSet) houseSet {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

func (s houseSet) andNot(t houseSet) houseSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

func (s houseSet) empty() bool { return s[0]|s[1]|s[2] == 0 }

// first is the smallest house of a non-empty set.
func (s houseSet) first() int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return maxHouses
}

// rest is the set without its smallest house.
func (s houseSet) rest() houseSet {
	for i, w := range s {
		if w != 0 {
			s[i] = w & (w - 1)
			return s
		}
	}
	return s
}

// rankBits holds a house's rank in SE's order (geometry.seRank) in a
// strong-link chain's sort key.
const rankBits = 8

// cellIndex holds a cell of the frame in the geometry's long lists.
type cellIndex = uint16

// houseCause holds a house, causeCell or -1: the link that switched a
// chain's "on" node on (forcing.go).
type houseCause = int16
