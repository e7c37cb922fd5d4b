package logic

import "fmt"

// seenByAll returns the empty cells, other than the given ones, that see
// every cell of cells and still hold d.
func (b *Board) seenByAll(cells []int, d int) []Candidate {
	var rs []Candidate
	for _, p := range peers[cells[0]] {
		if !b.Cand[p].Has(d) || contains(cells, p) {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			if !isPeer[c][p] {
				all = false
				break
			}
		}
		if all {
			rs = append(rs, Candidate{p, d})
		}
	}
	return rs
}

// findXYWing finds a pivot {a,b} seeing pincers {a,c} and {b,c}: c goes
// from every cell that sees both pincers.
func (b *Board) findXYWing() (Step, bool) {
	for pivot := 0; pivot < 81; pivot++ {
		pc := b.Cand[pivot]
		if pc.Count() != 2 {
			continue
		}
		for i, p1 := range peers[pivot] {
			c1 := b.Cand[p1]
			if c1.Count() != 2 || (c1&pc).Count() != 1 {
				continue
			}
			for _, p2 := range peers[pivot][i+1:] {
				c2 := b.Cand[p2]
				if c2.Count() != 2 || (c2&pc).Count() != 1 || c2&pc == c1&pc {
					continue
				}
				z := c1 &^ pc
				if c2&^pc != z {
					continue
				}
				d := z.First()
				rs := b.seenByAll([]int{p1, p2}, d)
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYWing)
				s.Cells, s.Digits, s.Remove = []int{pivot, p1, p2}, pc|z, rs
				s.Text = fmt.Sprintf("xy-wing %s (pivot %s, pincers %s, %s): %s", pc|z, cellName(pivot), cellName(p1), cellName(p2), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot {a,b,c} seeing pincers {a,c} and {b,c}: c goes
// from every cell that sees all three.
func (b *Board) findXYZWing() (Step, bool) {
	for pivot := 0; pivot < 81; pivot++ {
		pc := b.Cand[pivot]
		if pc.Count() != 3 {
			continue
		}
		for i, p1 := range peers[pivot] {
			c1 := b.Cand[p1]
			if c1.Count() != 2 || c1&^pc != 0 {
				continue
			}
			for _, p2 := range peers[pivot][i+1:] {
				c2 := b.Cand[p2]
				if c2.Count() != 2 || c2&^pc != 0 || c2 == c1 {
					continue
				}
				z := c1 & c2
				d := z.First()
				rs := b.seenByAll([]int{pivot, p1, p2}, d)
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYZWing)
				s.Cells, s.Digits, s.Remove = []int{pivot, p1, p2}, pc, rs
				s.Text = fmt.Sprintf("xyz-wing %s (pivot %s, pincers %s, %s): %s", pc, cellName(pivot), cellName(p1), cellName(p2), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// findWWing finds two bivalue cells {a,b} that do not see each other,
// joined by a strong link on b (a house where b has two places, one seeing
// each cell): one of them is a, so a goes from the cells seeing both.
func (b *Board) findWWing() (Step, bool) {
	for c1 := 0; c1 < 81; c1++ {
		pair := b.Cand[c1]
		if pair.Count() != 2 {
			continue
		}
		for c2 := c1 + 1; c2 < 81; c2++ {
			if b.Cand[c2] != pair || isPeer[c1][c2] {
				continue
			}
			for _, link := range pair.List() {
				other := (pair &^ digitBit(link)).First()
				rs := b.seenByAll([]int{c1, c2}, other)
				if len(rs) == 0 {
					continue
				}
				for h := 0; h < 27; h++ {
					pos := b.positions(h, link)
					if popcount16(pos) != 2 {
						continue
					}
					i := bitIndex(pos)
					j := bitIndex(pos &^ (1 << i))
					e1, e2 := houses[h][i], houses[h][j]
					if e1 == c1 || e1 == c2 || e2 == c1 || e2 == c2 {
						continue
					}
					if !(isPeer[e1][c1] && isPeer[e2][c2]) && !(isPeer[e1][c2] && isPeer[e2][c1]) {
						continue
					}
					s := newStep(WWing)
					s.Cells, s.Digits, s.Remove = []int{c1, c2, e1, e2}, pair, rs
					s.Text = fmt.Sprintf("w-wing %s (%s, %s, strong link on %d in %s): %s", pair, cellName(c1), cellName(c2), link, houseName(h), removals(rs))
					return s, true
				}
			}
		}
	}
	return Step{}, false
}
