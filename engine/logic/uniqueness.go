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

// findUniqueRectangle finds the unique rectangles of every type and
// keeps the lowest-rated one, as Sudoku Explainer's unique loops
// producer does.
func (b *Board) findUniqueRectangle() (Step, bool) {
	var best Step
	found := false
	b.rectangles(func(cells [4]int) bool {
		common := b.Cand[cells[0]] & b.Cand[cells[1]] & b.Cand[cells[2]] & b.Cand[cells[3]]
		if common.Count() < 2 {
			return false
		}
		for x := common; x != 0; x &= x - 1 {
			for y := x & (x - 1); y != 0; y &= y - 1 {
				pair := x&-x | y&-y
				b.weighRectangle(cells, pair, &best, &found)
			}
		}
		return false
	})
	return best, found
}

// weighRectangle tries the rectangle with the pair as every type, and
// keeps the result when its rating beats the best so far.
func (b *Board) weighRectangle(cells [4]int, pair Digits, best *Step, found *bool) {
	var floorBuf, roofBuf [4]int
	floor, roof := floorBuf[:0], roofBuf[:0]
	for _, c := range cells {
		if b.Cand[c] == pair {
			floor = append(floor, c)
		} else {
			roof = append(roof, c)
		}
	}
	for kind := 1; kind <= 4; kind++ {
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
		// SE sorts its loops by rating, then type, keeping the order
		// found among equals.
		if done && (!*found || s.Rating < best.Rating-1e-9 || s.Rating < best.Rating+1e-9 && s.Technique < best.Technique) {
			*best, *found = s, true
		}
	}
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
	if len(roof) != 2 {
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
		var othersBuf [9]int
		others := othersBuf[:0]
		for _, c := range houses[h] {
			if b.Cand[c] != 0 && c != roof[0] && c != roof[1] {
				others = append(others, c)
			}
		}
		for n := 1; n <= 3 && n <= len(others); n++ {
			var buf [3]int
			idx := buf[:n]
			for ok := firstCombination(idx, len(others)); ok; ok = nextCombination(idx, len(others)) {
				union := extra
				var setBuf [3]int
				set := setBuf[:0]
				for _, i := range idx {
					union |= b.Cand[others[i]]
					set = append(set, others[i])
				}
				if union.Count() != n+1 {
					continue
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
					continue
				}
				found := urStep(UniqueRectangle3, cells, pair, rs, fmt.Sprintf(" (naked set %s with %s in %s)", union, cellsName(set), houseName(h)))
				found.Rating += 0.1 * float64(n-1)
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

// findBUG finds a bivalue universal grave: a position where every
// unsolved cell but a few has two candidates and every digit has two
// places in each house it is missing from, once the few cells' extra
// candidates are set aside. Without them the grid would have two
// solutions, so one extra candidate is true. Type 1 (5.6): one such cell,
// whose extra digit it must take. Type 2 (5.7): the extras are one digit,
// so it goes from the cells seeing every extra cell.
func (b *Board) findBUG() (Step, bool) {
	var bug []int
	for c := 0; c < 81; c++ {
		switch n := b.Cand[c].Count(); {
		case n == 1:
			return Step{}, false
		case n > 2:
			bug = append(bug, c)
		}
	}
	if len(bug) == 0 || len(bug) > 6 {
		return Step{}, false
	}
	// Choose, for every extra cell, the two digits it keeps.
	keep := make([]Digits, len(bug))
	var extras []Digits
	var search func(i int) bool
	search = func(i int) bool {
		if i == len(bug) {
			return b.bugValid(bug, keep)
		}
		for _, pair := range pairsOf(b.Cand[bug[i]]) {
			keep[i] = pair
			if search(i + 1) {
				return true
			}
		}
		return false
	}
	if !search(0) {
		return Step{}, false
	}
	var all Digits
	for i, c := range bug {
		e := b.Cand[c] &^ keep[i]
		extras = append(extras, e)
		all |= e
	}
	if len(bug) == 1 && extras[0].Count() == 1 {
		d := extras[0].First()
		s := newStep(BUG1)
		s.Cells, s.Digits = bug, b.Cand[bug[0]]
		s.Place = []Candidate{{bug[0], d}}
		for x := b.Cand[bug[0]] &^ digitBit(d); x != 0; x &= x - 1 {
			s.Remove = append(s.Remove, Candidate{bug[0], x.First()})
		}
		s.Text = fmt.Sprintf("%s: bug+1, %d", cellName(bug[0]), d)
		return s, true
	}
	if all.Count() == 1 {
		for _, e := range extras {
			if e != all {
				return Step{}, false
			}
		}
		d := all.First()
		rs := b.seenByAll(bug, d)
		if len(rs) == 0 {
			return Step{}, false
		}
		s := newStep(BUG2)
		s.Cells, s.Digits, s.Remove = bug, all, rs
		s.Text = fmt.Sprintf("bug type 2 on %d (%s): %s", d, cellsName(bug), removals(rs))
		return s, true
	}
	return Step{}, false
}

// bugValid reports whether keeping only keep[i] in bug[i] leaves every
// digit with zero or two places in every house.
func (b *Board) bugValid(bug []int, keep []Digits) bool {
	var cand [81]Digits = b.Cand
	for i, c := range bug {
		cand[c] = keep[i]
	}
	for h := 0; h < 27; h++ {
		var once, twice, more Digits
		for _, c := range houses[h] {
			x := cand[c]
			more |= twice & x
			twice |= once & x
			once |= x
		}
		if more != 0 || once != twice {
			return false
		}
	}
	return true
}
