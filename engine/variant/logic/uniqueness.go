package logic

import (
	"slices"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// The unique rectangles, as the classic rater finds and rates them: they
// assume the puzzle has one solution (SolveWith checks it). Four empty
// cells at the corners of a rectangle (two rows, two columns) that held
// only the same two symbols, a b / b a, would swap into a second
// solution, provided the swap keeps every house whole: here, the corners
// lie in two regions, two in each, and no extra house holds just one of
// them (a diagonal or window through one corner would see its symbol
// change). Type 1 4.5, types 2 to 4 4.6 (type 3 a tenth more for each
// cell its naked set adds beyond one).

// rectangles calls f with every rectangle of empty cells that may swap,
// as corners r1c1, r1c2, r2c1, r2c2 in that order, until f is done.
func (b *board) rectangles(f func(cells [4]int) bool) {
	n := b.n
	for r1 := range n {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := range n {
				for c2 := c1 + 1; c2 < n; c2++ {
					cells := [4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
					if b.cand[cells[0]] == 0 || b.cand[cells[1]] == 0 || b.cand[cells[2]] == 0 || b.cand[cells[3]] == 0 {
						continue
					}
					if b.swaps(cells) && f(cells) {
						return
					}
				}
			}
		}
	}
}

// swaps reports whether the corners lie in exactly two regions, two in
// each, no extra house holds exactly one of them, and a killer's cages
// keep their sums (cagesSwap).
func (b *board) swaps(cells [4]int) bool {
	reg := func(c int) int { return b.v.Regions[c] }
	r0, r3 := reg(cells[0]), reg(cells[3])
	if r0 == r3 {
		return false
	}
	k0 := 0
	for _, c := range cells {
		switch reg(c) {
		case r0:
			k0++
		case r3:
		default:
			return false
		}
	}
	if k0 != 2 {
		return false
	}
	if !b.cagesSwap(cells) {
		return false
	}
	for _, h := range b.byGrp[gBoxExtra] {
		if b.holdsOne(h, cells) {
			return false
		}
	}
	for _, h := range b.byGrp[gLineExtra] {
		if b.holdsOne(h, cells) {
			return false
		}
	}
	return true
}

func (b *board) holdsOne(h int, cells [4]int) bool {
	k := 0
	for _, c := range cells {
		if b.inside[h].has(c) {
			k++
		}
	}
	return k == 1
}

// findUniqueRectangle finds the unique rectangles of every type and keeps
// the lowest-rated one, the first found among equals.
func (b *board) findUniqueRectangle() (Step, bool) {
	var best Step
	found := false
	b.rectangles(func(cells [4]int) bool {
		common := b.cand[cells[0]] & b.cand[cells[1]] & b.cand[cells[2]] & b.cand[cells[3]]
		if count(common) < 2 {
			return false
		}
		for x := common; x != 0; x &= x - 1 {
			for y := x & (x - 1); y != 0; y &= y - 1 {
				b.weighRectangle(cells, x&-x|y&-y, &best, &found)
			}
		}
		return false
	})
	return best, found
}

func (b *board) weighRectangle(cells [4]int, pair uint32, best *Step, found *bool) {
	var roof []int // the corners with more than the pair
	for _, c := range cells {
		if b.cand[c] != pair {
			roof = append(roof, c)
		}
	}
	for _, try := range [4]func([4]int, uint32, []int) (Step, bool){b.urType1, b.urType2, b.urType3, b.urType4} {
		if s, ok := try(cells, pair, roof); ok && (!*found || s.Rating < best.Rating-1e-9) {
			*best, *found = s, true
		}
	}
}

func (b *board) urStep(t Technique, cells [4]int, pair uint32, rs []Candidate, how string) Step {
	s := newStep(t)
	s.Cells, s.Symbols, s.Remove = cells[:], pair, rs
	s.Text = b.say.s("%s %s in %s%s: %s", b.say.name(t), b.symbolsName(pair), b.cellsName(cells[:]), how, b.removals(rs))
	return s
}

// Type 1: three corners hold only the pair, so the fourth is not the pair.
func (b *board) urType1(cells [4]int, pair uint32, roof []int) (Step, bool) {
	if len(roof) != 1 {
		return Step{}, false
	}
	var rs []Candidate
	for x := pair; x != 0; x &= x - 1 {
		rs = append(rs, Candidate{roof[0], first(x)})
	}
	return b.urStep(classic.UniqueRectangle1, cells, pair, rs, ""), true
}

// Type 2: two corners hold the pair and one extra symbol x; one of them
// is x, so x goes from the cells seeing both.
func (b *board) urType2(cells [4]int, pair uint32, roof []int) (Step, bool) {
	if len(roof) != 2 {
		return Step{}, false
	}
	extra := b.cand[roof[0]] &^ pair
	if count(extra) != 1 || b.cand[roof[1]]&^pair != extra {
		return Step{}, false
	}
	rs := b.seenByAll(roof, first(extra))
	if len(rs) == 0 {
		return Step{}, false
	}
	return b.urStep(classic.UniqueRectangle2, cells, pair, rs, b.say.s(" (extra %s)", b.symbolsName(extra))), true
}

// Type 3: the extra symbols of the two roof corners act as one cell
// that, with other cells of a house they share, forms a naked subset.
func (b *board) urType3(cells [4]int, pair uint32, roof []int) (Step, bool) {
	if len(roof) != 2 || !b.peers[roof[0]].has(roof[1]) {
		return Step{}, false
	}
	extra := (b.cand[roof[0]] | b.cand[roof[1]]) &^ pair
	if count(extra) < 2 {
		return Step{}, false
	}
	for _, h := range b.cellHouses[roof[0]] {
		if !b.inside[h].has(roof[1]) {
			continue
		}
		var others []int
		for _, c := range b.houses[h] {
			if b.cand[c] != 0 && c != roof[0] && c != roof[1] {
				others = append(others, c)
			}
		}
		for k := 1; k <= 3 && k <= len(others); k++ {
			var buf [3]int
			idx := buf[:k]
			for ok := classic.FirstCombination(idx, len(others)); ok; ok = classic.NextCombination(idx, len(others)) {
				union := extra
				var set []int
				for _, i := range idx {
					union |= b.cand[others[i]]
					set = append(set, others[i])
				}
				if count(union) != k+1 {
					continue
				}
				var rs []Candidate
				for _, c := range others {
					if slices.Contains(set, c) {
						continue
					}
					for x := b.cand[c] & union; x != 0; x &= x - 1 {
						rs = append(rs, Candidate{c, first(x)})
					}
				}
				if len(rs) == 0 {
					continue
				}
				s := b.urStep(classic.UniqueRectangle3, cells, pair, rs,
					b.say.s(" (naked set %s with %s in %s)", b.symbolsName(union), b.cellsName(set), b.names[h]))
				s.Rating += 0.1 * float64(k-1)
				return s, true
			}
		}
	}
	return Step{}, false
}

// Type 4: in a house holding both roof corners one symbol of the pair has
// no other place, so the other symbol of the pair goes from both corners.
func (b *board) urType4(cells [4]int, pair uint32, roof []int) (Step, bool) {
	if len(roof) != 2 || !b.peers[roof[0]].has(roof[1]) {
		return Step{}, false
	}
	for _, h := range b.cellHouses[roof[0]] {
		if !b.inside[h].has(roof[1]) {
			continue
		}
		for x := pair; x != 0; x &= x - 1 {
			d := first(x)
			if count(b.positions(h, d)) != 2 {
				continue
			}
			other := first(pair &^ bit(d))
			rs := []Candidate{{roof[0], other}, {roof[1], other}}
			return b.urStep(classic.UniqueRectangle4, cells, pair, rs, b.say.s(" (%s locked in %s)", b.symbolName(d), b.names[h])), true
		}
	}
	return Step{}, false
}

// cagesSwap reports whether swapping the rectangle's two symbols keeps
// every killer cage's sum and distinct digits: each cage holding corners
// must hold as many of one diagonal (r1c1, r2c2: one symbol) as of the
// other (r1c2, r2c1: the other symbol). Always true without cages.
func (b *board) cagesSwap(cells [4]int) bool {
	v := b.v
	if !v.IsKiller() {
		return true
	}
	for i, c := range cells {
		k := v.CageOf(c)
		diff := 0
		for j, d := range cells {
			if v.CageOf(d) != k {
				continue
			}
			if j < i {
				break // this cage was counted at its first corner
			}
			if j == 0 || j == 3 {
				diff++
			} else {
				diff--
			}
		}
		if diff != 0 {
			return false
		}
	}
	return true
}
