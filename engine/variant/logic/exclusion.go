package logic

import (
	classic "github.com/pressrun/pressrun/engine/logic"
)

// findAlignedPairExclusion is Sudoku Explainer's aligned pair exclusion
// (6.2), over any houses: for two cells with at least two common
// "excluders" (bivalue cells seeing both), a pair of values is impossible
// when it puts one symbol twice in a house or leaves an excluder without
// a candidate; a value of either cell in no possible pair goes.
func (b *board) findAlignedPairExclusion() (Step, bool) {
	var bivalue, single cellSet
	for c, x := range b.cand {
		switch count(x) {
		case 1:
			single.add(c)
		case 2:
			bivalue.add(c)
		}
	}
	var base []int
	excl := make([]cellSet, b.cells)
	for c, x := range b.cand {
		if count(x) < 2 || !b.peers[c].and(single).empty() {
			continue
		}
		if ex := b.peers[c].and(bivalue); !ex.empty() {
			base = append(base, c)
			excl[c] = ex
		}
	}
	for i, c0 := range base {
		for _, c1 := range base[i+1:] {
			common := excl[c0].and(excl[c1])
			if common.count() < 2 {
				continue
			}
			// An excluder {x,y} rules out the pairs of values (x, y) and
			// (y, x).
			var excluded [33]uint32
			for e := common; !e.empty(); e = e.rest() {
				ce := b.cand[e.first()]
				lo, hi := first(ce), first(ce&(ce-1))
				excluded[lo] |= bit(hi)
				excluded[hi] |= bit(lo)
			}
			seen := b.peers[c0].has(c1)
			var allowed0, allowed1 uint32
			for x0 := b.cand[c0]; x0 != 0; x0 &= x0 - 1 {
				v0 := first(x0)
				for x1 := b.cand[c1]; x1 != 0; x1 &= x1 - 1 {
					v1 := first(x1)
					if v0 == v1 && seen || excluded[v0]&bit(v1) != 0 {
						continue
					}
					allowed0 |= bit(v0)
					allowed1 |= bit(v1)
				}
			}
			if b.cand[c0]&^allowed0 == 0 && b.cand[c1]&^allowed1 == 0 {
				continue
			}
			s := newStep(classic.AlignedPairExclusion)
			for x := b.cand[c0] &^ allowed0; x != 0; x &= x - 1 {
				s.Remove = append(s.Remove, Candidate{c0, first(x)})
			}
			for x := b.cand[c1] &^ allowed1; x != 0; x &= x - 1 {
				s.Remove = append(s.Remove, Candidate{c1, first(x)})
			}
			s.Cells = append([]int{c0, c1}, common.list()...)
			s.Text = b.say.s("aligned pair exclusion %s, %s (excluders %s): %s",
				b.cellName(c0), b.cellName(c1), b.cellsName(s.Cells[2:]), b.removals(s.Remove))
			return s, true
		}
	}
	return Step{}, false
}
