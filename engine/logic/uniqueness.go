package logic

import (
	"fmt"
	"math/bits"
)

// The uniqueness techniques assume the puzzle has one solution: a
// rectangle of four empty cells in two rows, two columns and two boxes
// that could only hold the same two digits would swap into a second one.

func popcount16(x uint16) int { return bits.OnesCount16(x) }

// rectangles calls f with every rectangle of empty cells spanning two
// boxes, as corners r1c1, r1c2, r2c1, r2c2 in that order, until f is done.
func (b *Board) rectangles(f func(cells [4]int) bool) bool {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					// Two boxes: the rows share a band or the columns a stack, not both.
					if (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue
					}
					cells := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
					if b.Cand[cells[0]] == 0 || b.Cand[cells[1]] == 0 || b.Cand[cells[2]] == 0 || b.Cand[cells[3]] == 0 {
						continue
					}
					if f(cells) {
						return true
					}
				}
			}
		}
	}
	return false
}

// findUniqueRectangle finds the given type (1-4) of unique rectangle.
func (b *Board) findUniqueRectangle(kind int) (Step, bool) {
	var found Step
	ok := b.rectangles(func(cells [4]int) bool {
		common := b.Cand[cells[0]] & b.Cand[cells[1]] & b.Cand[cells[2]] & b.Cand[cells[3]]
		if common.Count() < 2 {
			return false
		}
		for _, pair := range pairsOf(common) {
			var floor, roof []int
			for _, c := range cells {
				if b.Cand[c] == pair {
					floor = append(floor, c)
				} else {
					roof = append(roof, c)
				}
			}
			var s Step
			var done bool
			switch kind {
			case 1:
				s, done = b.urType1(cells, pair, floor, roof)
			case 2:
				s, done = b.urType2(cells, pair, floor, roof)
			case 3:
				s, done = b.urType3(cells, pair, floor, roof)
			case 4:
				s, done = b.urType4(cells, pair, floor, roof)
			}
			if done {
				found = s
				return true
			}
		}
		return false
	})
	return found, ok
}

func pairsOf(ds Digits) []Digits {
	var out []Digits
	l := ds.List()
	for i := range l {
		for j := i + 1; j < len(l); j++ {
			out = append(out, digitBit(l[i])|digitBit(l[j]))
		}
	}
	return out
}

func urStep(t Technique, cells [4]int, pair Digits, rs []Candidate, how string) Step {
	s := newStep(t)
	s.Cells, s.Digits, s.Remove = cells[:], pair, rs
	s.Text = fmt.Sprintf("%s %s in %s%s: %s", t, pair, cellsName(cells[:]), how, removals(rs))
	return s
}

// Type 1: three corners hold only the pair, so the fourth is not the pair.
func (b *Board) urType1(cells [4]int, pair Digits, floor, roof []int) (Step, bool) {
	if len(roof) != 1 {
		return Step{}, false
	}
	var rs []Candidate
	for _, d := range pair.List() {
		rs = append(rs, Candidate{roof[0], d})
	}
	return urStep(UniqueRectangle1, cells, pair, rs, ""), true
}

// Type 2: two corners in one row or column hold the pair and one extra
// digit x; one of them is x, so x goes from the cells seeing both.
func (b *Board) urType2(cells [4]int, pair Digits, floor, roof []int) (Step, bool) {
	if len(roof) != 2 || !isPeer[roof[0]][roof[1]] {
		return Step{}, false
	}
	extra := b.Cand[roof[0]] &^ pair
	if extra.Count() != 1 || b.Cand[roof[1]]&^pair != extra {
		return Step{}, false
	}
	rs := b.seenByAll(roof, extra.First())
	if len(rs) == 0 {
		return Step{}, false
	}
	return urStep(UniqueRectangle2, cells, pair, rs, fmt.Sprintf(" (extra %s)", extra)), true
}

// Type 3: the extra digits of the two roof corners act as one cell that,
// with other cells of a house they share, forms a naked subset.
func (b *Board) urType3(cells [4]int, pair Digits, floor, roof []int) (Step, bool) {
	if len(roof) != 2 || !isPeer[roof[0]][roof[1]] {
		return Step{}, false
	}
	extra := (b.Cand[roof[0]] | b.Cand[roof[1]]) &^ pair
	if extra.Count() < 2 {
		return Step{}, false
	}
	for _, h := range houseOf[roof[0]] {
		if !inHouse(roof[1], h) {
			continue
		}
		var others []int
		for _, c := range houses[h] {
			if b.Cand[c] != 0 && c != roof[0] && c != roof[1] {
				others = append(others, c)
			}
		}
		for n := 1; n <= 3 && n <= len(others); n++ {
			var found Step
			ok := combinations(len(others), n, func(idx []int) bool {
				union := extra
				var set []int
				for _, i := range idx {
					union |= b.Cand[others[i]]
					set = append(set, others[i])
				}
				if union.Count() != n+1 {
					return false
				}
				var rs []Candidate
				for _, c := range others {
					if contains(set, c) {
						continue
					}
					for _, d := range (b.Cand[c] & union).List() {
						rs = append(rs, Candidate{c, d})
					}
				}
				if len(rs) == 0 {
					return false
				}
				found = urStep(UniqueRectangle3, cells, pair, rs, fmt.Sprintf(" (naked set %s with %s in %s)", union, cellsName(set), houseName(h)))
				found.Rating += 0.1 * float64(n-1)
				return true
			})
			if ok {
				return found, true
			}
		}
	}
	return Step{}, false
}

// Type 4: in a house holding both roof corners one digit of the pair has
// no other place, so the other digit of the pair goes from both corners.
func (b *Board) urType4(cells [4]int, pair Digits, floor, roof []int) (Step, bool) {
	if len(roof) != 2 || !isPeer[roof[0]][roof[1]] {
		return Step{}, false
	}
	for _, h := range houseOf[roof[0]] {
		if !inHouse(roof[1], h) {
			continue
		}
		for _, d := range pair.List() {
			if popcount16(b.positions(h, d)) != 2 {
				continue
			}
			other := (pair &^ digitBit(d)).First()
			rs := []Candidate{{roof[0], other}, {roof[1], other}}
			return urStep(UniqueRectangle4, cells, pair, rs, fmt.Sprintf(" (%d locked in %s)", d, houseName(h))), true
		}
	}
	return Step{}, false
}

// findBUG1 finds a bivalue universal grave plus one: every empty cell has
// two candidates but one with three. Without that cell's extra digit the
// grid would have two solutions, so the extra digit is the one that
// appears three times in its row, column and box.
func (b *Board) findBUG1() (Step, bool) {
	tri := -1
	for c := 0; c < 81; c++ {
		switch n := b.Cand[c].Count(); {
		case n == 0 || n == 2:
		case n == 3 && tri < 0:
			tri = c
		default:
			return Step{}, false
		}
	}
	if tri < 0 {
		return Step{}, false
	}
	// Every digit must have two places in every house, but the extra digit
	// in the houses of the trivalue cell.
	var extra int
	for _, d := range b.Cand[tri].List() {
		if popcount16(b.positions(houseOf[tri][0], d)) == 3 &&
			popcount16(b.positions(houseOf[tri][1], d)) == 3 &&
			popcount16(b.positions(houseOf[tri][2], d)) == 3 {
			extra = d
		}
	}
	if extra == 0 {
		return Step{}, false
	}
	for h := 0; h < 27; h++ {
		for d := 1; d <= 9; d++ {
			n := popcount16(b.positions(h, d))
			want := 2
			if d == extra && inHouse(tri, h) {
				want = 3
			}
			if n != 0 && n != want {
				return Step{}, false
			}
		}
	}
	s := newStep(BUG1)
	s.Cells, s.Digits = []int{tri}, b.Cand[tri]
	s.Place = []Candidate{{tri, extra}}
	s.Text = fmt.Sprintf("%s: bug+1, %d", cellName(tri), extra)
	return s, true
}
