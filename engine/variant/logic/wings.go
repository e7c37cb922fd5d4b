package logic

// seenByAll lists the cells holding sym, other than cells, that see every
// cell of cells.
func (b *board) seenByAll(cells []int, sym int) []Candidate {
	see := b.peers[cells[0]]
	for _, c := range cells[1:] {
		see = see.and(b.peers[c])
	}
	var rs []Candidate
	for _, c := range see.and(b.holding(sym)).list() {
		rs = append(rs, Candidate{c, sym})
	}
	return rs
}

// findXYWing finds a pivot {x,y} seeing pincers {x,z} and {y,z}: z goes
// from every cell that sees both pincers.
func (b *board) findXYWing() (Step, bool) {
	for pivot, pc := range b.cand {
		if count(pc) != 2 {
			continue
		}
		ps := b.plist[pivot]
		for i, p1 := range ps {
			c1 := b.cand[p1]
			if count(c1) != 2 || count(c1&pc) != 1 {
				continue
			}
			for _, p2 := range ps[i+1:] {
				c2 := b.cand[p2]
				if count(c2) != 2 || count(c2&pc) != 1 || c2&pc == c1&pc || c2&^pc != c1&^pc {
					continue
				}
				z := c1 &^ pc
				rs := b.seenByAll([]int{p1, p2}, first(z))
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYWing)
				s.Cells, s.Symbols, s.Remove = []int{pivot, p1, p2}, pc|z, rs
				s.Text = b.say.s("xy-wing %s (pivot %s, pincers %s, %s): %s", b.symbolsName(pc|z), b.cellName(pivot), b.cellName(p1), b.cellName(p2), b.removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot {x,y,z} seeing pincers {x,z} and {y,z}: z
// goes from every cell that sees all three.
func (b *board) findXYZWing() (Step, bool) {
	for pivot, pc := range b.cand {
		if count(pc) != 3 {
			continue
		}
		ps := b.plist[pivot]
		for i, p1 := range ps {
			c1 := b.cand[p1]
			if count(c1) != 2 || c1&^pc != 0 {
				continue
			}
			for _, p2 := range ps[i+1:] {
				c2 := b.cand[p2]
				if count(c2) != 2 || c2&^pc != 0 || c2 == c1 {
					continue
				}
				rs := b.seenByAll([]int{pivot, p1, p2}, first(c1&c2))
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYZWing)
				s.Cells, s.Symbols, s.Remove = []int{pivot, p1, p2}, pc, rs
				s.Text = b.say.s("xyz-wing %s (pivot %s, pincers %s, %s): %s", b.symbolsName(pc), b.cellName(pivot), b.cellName(p1), b.cellName(p2), b.removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}
