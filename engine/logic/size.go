package logic

import "math/bits"

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

// Digits is a set of digits 1 to maxDigits, bit d for digit d.
type Digits uint16

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// low is the smallest digit of a non-empty set.
func (s Digits) low() int { return bits.TrailingZeros16(uint16(s)) }
