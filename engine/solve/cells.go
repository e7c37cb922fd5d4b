package solve

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
