// Package logic solves Sudoku the way a person does: at every step it
// applies the simplest technique that makes progress, from hidden singles
// up to forcing chains, and records the step as data and as a sentence.
// The ratings built on it (Sudoku Explainer's er/ep/ed scale, a HoDoKu-like
// score) live in package rate.
//
// The package is pure: standard library and engine only, no package-level
// mutable state.
package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/pressrun/pressrun/engine"
)

// Digits is a set of digits 1-9, bit d for digit d.
type Digits uint16

const allDigits Digits = 0x3fe

// Count is the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return s&(1<<d) != 0 }

// First is the smallest digit of the set, 0 for the empty set.
func (s Digits) First() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros16(uint16(s))
}

// List returns the digits in increasing order.
func (s Digits) List() []int {
	var out []int
	for x := uint16(s); x != 0; x &= x - 1 {
		out = append(out, bits.TrailingZeros16(x))
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
	Cells engine.Grid     // placed digits, givens included
	Cand  [81]Digits      // candidates of each empty cell; 0 for a placed cell
	Given engine.Grid     // the puzzle's givens, to tell them from placements
	empty int             // empty cells left
	ch    *chainer        // the chain engine's buffers, made on first use
	links *[10]digitLinks // each digit's strong links, made on first use
	// bentMemo keeps each digit set's best bent set of 4, 5 and 6
	// cells (bentsets.go), made on first use.
	bentMemo *[3][126]bentMemo
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
	pos     [27][10]uint16
	emptyIn [27]uint8
}

// refresh recomputes the position cache and the empty cell counts from
// the cells and candidates, for a board whose fields were set directly.
func (b *Board) refresh() {
	b.pos = [27][10]uint16{}
	b.emptyIn = [27]uint8{}
	for c := 0; c < 81; c++ {
		if b.Cells[c] == 0 {
			for k := 0; k < 3; k++ {
				b.emptyIn[houseOf[c][k]]++
			}
		}
		for x := uint16(b.Cand[c]); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			for k := 0; k < 3; k++ {
				b.pos[houseOf[c][k]][d] |= 1 << houseIndex[c][k]
			}
		}
	}
}

// NewBoard starts a solve: the givens placed and every empty cell's
// candidates reduced by the givens in its row, column and box.
func NewBoard(puzzle engine.Grid) *Board {
	b := &Board{Given: puzzle, scale: DefaultScale}
	for c := 0; c < 81; c++ {
		b.Cand[c] = allDigits
	}
	b.empty = 81
	for h := 0; h < 27; h++ {
		b.emptyIn[h] = 9
		for d := 1; d <= 9; d++ {
			b.pos[h][d] = 0x1ff
		}
	}
	for c, v := range puzzle {
		if v != 0 {
			b.place(c, int(v))
		}
	}
	return b
}

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool { return b.empty == 0 }

// Empty is the number of cells without a digit.
func (b *Board) Empty() int { return b.empty }

// place puts d in cell c and removes d from the candidates of its peers.
func (b *Board) place(c, d int) {
	if b.Cells[c] == 0 {
		b.empty--
		for k := 0; k < 3; k++ {
			b.emptyIn[houseOf[c][k]]--
		}
	}
	b.Cells[c] = uint8(d)
	for x := uint16(b.Cand[c]); x != 0; x &= x - 1 {
		b.unpos(c, bits.TrailingZeros16(x))
	}
	b.Cand[c] = 0
	for _, p := range peers[c] {
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
	for k := 0; k < 3; k++ {
		b.pos[houseOf[c][k]][d] &^= 1 << houseIndex[c][k]
	}
}

// Contradiction reports a position no solution can come from: an empty
// cell without candidates, or a house where a missing digit has no place.
func (b *Board) Contradiction() bool {
	for c := 0; c < 81; c++ {
		if b.Cells[c] == 0 && b.Cand[c] == 0 {
			return true
		}
	}
	for h := 0; h < 27; h++ {
		var placed, cand Digits
		for _, c := range houses[h] {
			if v := b.Cells[c]; v != 0 {
				placed |= digitBit(int(v))
			}
			cand |= b.Cand[c]
		}
		if placed|cand != allDigits {
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
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			cell := r*9 + c
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

// The geometry, computed once and only read afterwards.
var (
	// houses lists the cells of rows 0-8, columns 9-17 and boxes 18-26.
	houses [27][9]int
	// houseOf gives the row, column and box house of each cell.
	houseOf [81][3]int
	// peers lists the 20 cells that share a house with each cell.
	peers [81][20]int
	// isPeer[a][b] reports whether a and b share a house (a != b).
	isPeer [81][81]bool
	// crossMask[h1][h2] holds the positions of h1 (bit i for its i-th
	// cell) that lie in h2.
	crossMask [27][27]uint16
	// houseCells holds the cells of each house.
	houseCells [27]cellSet
)

func init() {
	for h, cells := range engine.Houses() {
		for i, c := range cells {
			houses[h][i] = int(c)
		}
	}
	for c, ps := range engine.Peers() {
		houseOf[c] = [3]int{engine.Row(c), 9 + engine.Col(c), 18 + engine.Box(c)}
		for n, p := range ps {
			peers[c][n] = int(p)
			isPeer[c][p] = true
		}
	}
	for h := 0; h < 27; h++ {
		for i, c := range houses[h] {
			houseIndex[c][h/9] = uint8(i)
			houseCells[h] = houseCells[h].or(cellBit(c))
		}
	}
	for h1 := 0; h1 < 27; h1++ {
		for h2 := 0; h2 < 27; h2++ {
			for i, c := range houses[h1] {
				if houseOf[c][0] == h2 || houseOf[c][1] == h2 || houseOf[c][2] == h2 {
					crossMask[h1][h2] |= 1 << i
				}
			}
		}
	}
	// SE's order of an "on" candidate's peers: box, rest of the row,
	// rest of the column.
	for c := 0; c < 81; c++ {
		n := 0
		for _, p := range houses[houseOf[c][2]] {
			if p != c {
				seOrder[c][n] = uint8(p)
				n++
			}
		}
		for _, k := range [2]int{0, 1} {
			for _, p := range houses[houseOf[c][k]] {
				if p != c && houseOf[p][2] != houseOf[c][2] {
					seOrder[c][n] = uint8(p)
					n++
				}
			}
		}
	}
}

// houseName names a house for the step text: "row 3", "column 7", "box 5".
func houseName(h int) string { return houseNames[h] }

func cellName(c int) string { return cellNames[c] }

// The names of the houses and cells, made once.
var (
	houseNames = func() (names [27]string) {
		for h := range names {
			switch {
			case h < 9:
				names[h] = fmt.Sprintf("row %d", h+1)
			case h < 18:
				names[h] = fmt.Sprintf("column %d", h-8)
			default:
				names[h] = fmt.Sprintf("box %d", h-17)
			}
		}
		return
	}()
	cellNames = func() (names [81]string) {
		for c := range names {
			names[c] = engine.CellName(c)
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
