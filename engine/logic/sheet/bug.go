// Code generated from engine/logic/bug.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
)

func popcount16(x uint16) int { return bits.OnesCount16(x) }

// A bivalue universal grave (BUG): a position where every empty cell but
// a few has two candidates and every digit has two places in each house
// that lacks it, once the few cells' extra candidates are set aside.
// Such a grid would have two solutions, so one of the extra candidates is
// true. The search is Sudoku Explainer's (BivalueUniversalGrave.java):
// walking the houses (boxes, rows, columns) and digits, a digit with
// other than zero or two places, just one of them in a cell of three
// candidates or more, marks that cell as a BUG cell and the digit as its
// extra; the grid without the extras must then be a grave. Type 1 (5.6):
// one BUG cell, which keeps its extras. Type 2 (5.7): the extras are one
// digit, which goes from every cell seeing all BUG cells. Type 4 (5.7):
// two BUG cells in a house sharing one digit besides their extras; one of
// them takes its extra, so the other takes that digit, and neither keeps
// its third. Type 3 (5.7, plus 0.1 a digit past a pair): the extras, as
// one cell, make a naked set with other cells of the BUG cells' house.
// The first hint SE would give is the step: type 2 before 4, 4 before 3.
//
// Over any houses of n cells (a variant's extra houses, a jigsaw's
// regions: every house holds every digit once), the extra houses are
// walked after SE's, and the argument holds as on a classic: in a grave
// every house has each of its missing digits in two cells, so giving
// every cell its other candidate turns a solution into another one. A
// killer's cages, which need sums, are no houses: it has no BUG.
func (b *Board) findBUG() (Step, bool) {
	var grave [frameCells]Digits = b.Cand
	var bug []int
	extras := map[int]Digits{}
	var all Digits
	var common cellSet
	started := false
	for _, kind := range b.geo.linkOrder {
		for _, h := range b.geo.famHouses[kind] {
			for d := 1; d <= b.geo.n; d++ {
				pos := b.positions(h, d)
				if n := popcount16(pos); n == 0 || n == 2 {
					continue
				}
				cell, many := -1, 0
				for x := pos; x != 0; x &= x - 1 {
					if c := b.geo.houses[h][bits.TrailingZeros16(x)]; b.Cand[c].Count() >= 3 {
						cell = c
						many++
					}
				}
				if many == 0 {
					return Step{}, false // a digit with three places and no BUG cell: no grave
				}
				if many > 1 {
					continue // another house will tell which is the BUG cell
				}
				if _, ok := extras[cell]; !ok {
					bug = append(bug, cell)
				}
				extras[cell] |= digitBit(d)
				all |= digitBit(d)
				grave[cell] &^= digitBit(d)
				house := b.geo.peerSet[cell].or(cellBit(cell))
				if !started {
					common, started = house, true
				} else {
					common = common.and(house)
				}
				for _, c := range bug {
					common = common.andNot(cellBit(c))
				}
				if len(bug) > 1 && all.Count() > 1 && common.empty() {
					return Step{}, false
				}
			}
		}
	}
	for c := 0; c < frameCells; c++ {
		if b.Cand[c] != 0 && grave[c].Count() != 2 {
			return Step{}, false
		}
	}
	for h := 0; h < b.geo.nh; h++ {
		var once, twice, more Digits
		for _, c := range b.geo.houses[h] {
			x := grave[c]
			more |= twice & x
			twice |= once & x
			once |= x
		}
		if more != 0 || once != twice {
			return Step{}, false
		}
	}
	switch {
	case len(bug) == 1:
		return b.bug1(bug[0], all), true
	case all.Count() == 1:
		if s, ok := b.bug2(bug, all, common); ok {
			return s, true
		}
		if len(bug) == 2 {
			return b.bug4(bug, extras, all)
		}
	case !common.empty():
		if len(bug) == 2 {
			if s, ok := b.bug4(bug, extras, all); ok {
				return s, true
			}
		}
		return b.bug3(bug, all, common)
	}
	return Step{}, false
}

// bug1: the one BUG cell keeps only its extras (one, placed, as a rule).
func (b *Board) bug1(cell int, extra Digits) Step {
	s := newStep(BUG1)
	s.Cells, s.Digits = []int{cell}, b.Cand[cell]
	for x := b.Cand[cell] &^ extra; x != 0; x &= x - 1 {
		s.Remove = append(s.Remove, Candidate{cell, x.First()})
	}
	if extra.Count() == 1 {
		s.Place = []Candidate{{cell, extra.First()}}
	}
	s.Text = fmt.Sprintf("%s: bug+1, %s", cellName(cell), extra)
	return s
}

// bug2: the extras are one digit, gone from the cells seeing every BUG
// cell (SE's common cells).
func (b *Board) bug2(bug []int, extra Digits, common cellSet) (Step, bool) {
	d := extra.First()
	var rs []Candidate
	for x := common; !x.empty(); x = x.rest() {
		if c := x.first(); b.Cand[c].Has(d) {
			rs = append(rs, Candidate{c, d})
		}
	}
	if len(rs) == 0 {
		return Step{}, false
	}
	s := newStep(BUG2)
	s.Cells, s.Digits, s.Remove = bug, extra, rs
	s.Text = fmt.Sprintf("bug type 2 on %d (%s): %s", d, cellsName(bug), removals(rs))
	return s, true
}

// bug4: two BUG cells of one house sharing one digit besides all the
// extras: each keeps only its extras and that digit.
func (b *Board) bug4(bug []int, extras map[int]Digits, all Digits) (Step, bool) {
	c1, c2 := bug[0], bug[1]
	shared := b.Cand[c1] & b.Cand[c2] &^ all
	if shared.Count() != 1 || !b.geo.isPeer[c1][c2] {
		return Step{}, false
	}
	var rs []Candidate
	for _, c := range bug {
		for x := b.Cand[c] &^ extras[c] &^ shared; x != 0; x &= x - 1 {
			rs = append(rs, Candidate{c, x.First()})
		}
	}
	s := newStep(BUG4)
	s.Cells, s.Digits, s.Remove = []int{c1, c2}, all, rs
	s.Text = fmt.Sprintf("bug type 4 on %s (%s, %s locked): %s", all, cellsName(s.Cells), shared, removals(rs))
	return s, true
}

// bug3: in a house of every BUG cell (box, row, column), the extras as
// one cell and degree-1 of the common cells there make a naked set; its
// digits go from the house's other common cells.
func (b *Board) bug3(bug []int, all Digits, common cellSet) (Step, bool) {
	for _, kind := range b.geo.linkOrder {
		h := b.geo.houseOf[bug[0]][kind]
		if h < 0 {
			continue
		}
		shared := true
		for _, c := range bug[1:] {
			shared = shared && b.geo.houseOf[c][kind] == h
		}
		if !shared {
			continue
		}
		// The common cells of the house, in SE's order: those of the
		// first BUG cell's box, row, then column.
		var cellsBuf [maxDigits]int
		cells := cellsBuf[:0]
		for _, k := range b.geo.linkOrder {
			if b.geo.houseOf[bug[0]][k] < 0 {
				continue
			}
			for _, c := range b.geo.houses[b.geo.houseOf[bug[0]][k]] {
				if common.has(c) && b.geo.houseOf[c][kind] == h && !contains(cells, c) {
					cells = append(cells, c)
				}
			}
		}
		for degree := 2; degree <= 6 && degree <= len(cells); degree++ {
			limit := uint32(1) << len(cells)
			for set := uint32(1)<<(degree-1) - 1; set < limit; set = nextColex(set) {
				union, ok := all, all.Count() > 1
				var others Digits
				for i, c := range cells {
					if set&(1<<i) != 0 {
						others |= b.Cand[c]
						ok = ok && b.Cand[c].Count() > 1
					}
				}
				union |= others
				if others.Count() != degree || !ok || union.Count() != degree {
					continue
				}
				var rs []Candidate
				for i, c := range cells {
					if set&(1<<i) != 0 || contains(bug, c) {
						continue
					}
					for x := b.Cand[c] & union; x != 0; x &= x - 1 {
						rs = append(rs, Candidate{c, x.First()})
					}
				}
				if len(rs) == 0 {
					continue
				}
				s := newStep(BUG3)
				s.Rating += 0.1 * float64(degree-2)
				s.Cells, s.Digits, s.Remove = bug, union, rs
				s.Text = fmt.Sprintf("bug type 3 (%s) with naked set %s in %s: %s", cellsName(bug), union, b.geo.names[h], removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}
