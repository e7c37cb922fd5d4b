// Code generated from engine/logic/board.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"strings"
)

// allDigits is every digit, 1 to maxDigits.
const allDigits Digits = 1<<(maxDigits+1) - 2

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return s&(1<<d) != 0 }

// First is the smallest digit of the set, 0 for the empty set.
func (s Digits) First() int {
	if s == 0 {
		return 0
	}
	return s.low()
}

// List returns the digits in increasing order.
func (s Digits) List() []int {
	var out []int
	for x := s; x != 0; x &= x - 1 {
		out = append(out, x.low())
	}
	return out
}

func (s Digits) String() string {
	var b strings.Builder
	for _, d := range s.List() {
		b.WriteByte(byte('0' + d))
	}
	return b.String()
}

func digitBit(d int) Digits { return 1 << d }

// Board is a position in a solve: the digits placed so far and the
// candidates left in each empty cell.
type Board struct {
	Cells Grid                       // placed digits, givens included
	Cand  [frameCells]Digits         // candidates of each empty cell; 0 for a placed cell
	Given Grid                       // the puzzle's givens, to tell them from placements
	empty int                        // empty cells left
	geo   *geometry                  // the houses
	ch    *chainer                   // the chain engine's buffers, made on first use
	links *[maxDigits + 1]digitLinks // each digit's strong links, made on first use
	// kil is a killer's cage rungs' region states and buffers
	// (killer.go), made on first use.
	kil *killerState
	// bentMemo keeps each digit set's best bent set of 4, 5 and 6
	// cells (bentsets.go), made on first use.
	bentMemo *[3][maxBentSets]bentMemo
	// budget is the chain work allowed (0 for no limit), for the
	// chain engine when it is made.
	budget int
	cutAt  float64 // the lowest rating of the rung the budget ran out in
	// ceiling is next's limit in tenths (0 for none): a rung may search
	// only for steps rated up to it, and say in above, when it found none
	// there but did not search on, the lowest rating its step could have.
	ceiling int
	above   float64
	scale   *Scale // whose ladder next climbs
	// pos caches positions: the places of digit d in house h, bit i for
	// the house's i-th cell; emptyIn the empty cells of each house.
	// place and eliminate keep them up to date.
	pos     [maxHouses][maxDigits + 1]uint16
	emptyIn [maxHouses]uint8
	// quiet leaves the singles', locked candidates' and subsets' steps
	// without their short text (Step.Text): a Search says its steps
	// itself (hints.go), or not at all.
	quiet bool
}

// refresh recomputes the position cache and the empty cell counts from
// the cells and candidates, for a board whose fields were set directly.
func (b *Board) refresh() {
	b.pos = [maxHouses][maxDigits + 1]uint16{}
	b.emptyIn = [maxHouses]uint8{}
	geo := b.geo
	for c := 0; c < frameCells; c++ {
		for k := 0; k < geo.nf; k++ {
			h := geo.houseOf[c][k]
			if h < 0 {
				continue
			}
			if b.Cells[c] == 0 {
				b.emptyIn[h]++
			}
			for x := b.Cand[c]; x != 0; x &= x - 1 {
				b.pos[h][x.low()] |= 1 << geo.houseIndex[c][k]
			}
		}
	}
}

// newBoardOn is NewBoard on the geometry's houses.
func newBoardOn(geo *geometry, puzzle Grid) *Board {
	b := &Board{scale: DefaultScale, geo: geo}
	b.start(puzzle)
	return b
}

// start makes the board the position of puzzle's givens: every cell of
// the board open to every digit, then each given placed, and taken from
// its peers' candidates.
func (b *Board) start(puzzle Grid) {
	geo := b.geo
	b.Given, b.Cells = puzzle, Grid{}
	b.Cand = [frameCells]Digits{}
	for c := 0; c < frameCells; c++ {
		if geo.onBoard.has(c) {
			b.Cand[c] = geo.all
		}
	}
	b.empty = geo.cells
	clear(b.pos[:])
	clear(b.emptyIn[:])
	for h := 0; h < geo.nh; h++ {
		b.emptyIn[h] = uint8(geo.n)
		for d := 1; d <= geo.n; d++ {
			b.pos[h][d] = 1<<geo.n - 1
		}
	}
	for c, v := range puzzle {
		if v != 0 {
			b.place(c, int(v))
		}
	}
}

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool { return b.empty == 0 }

// Empty is the number of cells without a digit.
func (b *Board) Empty() int { return b.empty }

// place puts d in cell c and removes d from the candidates of its peers.
func (b *Board) place(c, d int) {
	if b.Cells[c] == 0 {
		b.empty--
		for k := 0; k < b.geo.nf; k++ {
			if h := b.geo.houseOf[c][k]; h >= 0 {
				b.emptyIn[h]--
			}
		}
	}
	b.Cells[c] = uint8(d)
	for x := b.Cand[c]; x != 0; x &= x - 1 {
		b.unpos(c, x.low())
	}
	b.Cand[c] = 0
	for _, p := range b.geo.peers[c] {
		b.eliminate(p, d)
	}
}

// eliminate removes d from the candidates of c, reporting whether it was there.
func (b *Board) eliminate(c, d int) bool {
	if b.Cand[c]&digitBit(d) == 0 {
		return false
	}
	b.Cand[c] &^= digitBit(d)
	b.unpos(c, d)
	return true
}

// unpos takes cell c out of the positions of d.
func (b *Board) unpos(c, d int) {
	geo := b.geo
	for k := 0; k < geo.nf; k++ {
		if h := geo.houseOf[c][k]; h >= 0 {
			b.pos[h][d] &^= 1 << geo.houseIndex[c][k]
		}
	}
}

// Contradiction reports a position no solution can come from: an empty
// cell without candidates, or a house where a missing digit has no place.
func (b *Board) Contradiction() bool {
	for c := 0; c < frameCells; c++ {
		if b.Cells[c] == 0 && b.Cand[c] == 0 && b.geo.onBoard.has(c) {
			return true
		}
	}
	for h := 0; h < b.geo.nh; h++ {
		var placed, cand Digits
		for _, c := range b.geo.houses[h] {
			if v := b.Cells[c]; v != 0 {
				placed |= digitBit(int(v))
			}
			cand |= b.Cand[c]
		}
		if placed|cand != b.geo.all {
			return true
		}
	}
	return false
}

// positions returns, for house h and digit d, the bit set (bit i for the
// i-th cell of the house) of the cells where d is still a candidate.
func (b *Board) positions(h, d int) uint16 { return b.pos[h][d] }

// String prints the candidates grid, the usual pencil-mark layout.
func (b *Board) String() string {
	var sb strings.Builder
	for r := 0; r < frameSide; r++ {
		for c := 0; c < frameSide; c++ {
			cell := r*frameSide + c
			s := ""
			if v := b.Cells[cell]; v != 0 {
				s = fmt.Sprint(v)
			} else {
				s = b.Cand[cell].String()
			}
			fmt.Fprintf(&sb, "%-9s ", s)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func cellName(c int) string { return cellNames[c] }

// cellNames are the frame's cells' names, made once: r1c1 top left
// (engine.CellName on the 9x9 frame).
var (
	cellNames = func() (names [frameCells]string) {
		for c := range names {
			names[c] = fmt.Sprintf("r%dc%d", c/frameSide+1, c%frameSide+1)
		}
		return
	}()
)

// cellsName names a list of cells compactly: "r1c2, r3c4".
func cellsName(cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = cellName(c)
	}
	return strings.Join(parts, ", ")
}
