// Code generated from engine/logic/exclusion.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "fmt"

// findAlignedPairExclusion is Sudoku Explainer's aligned pair exclusion
// (6.2): for two cells (aligned or not) with at least two common
// "excluders" (bivalue cells seeing both), a pair of values is impossible
// when it puts one digit twice in a house or leaves an excluder without a
// candidate; a value of either cell in no possible pair goes.
func (b *Board) findAlignedPairExclusion() (Step, bool) {
	var bivalue, single cellSet
	for c := 0; c < frameCells; c++ {
		switch b.Cand[c].Count() {
		case 1:
			single = single.or(cellBit(c))
		case 2:
			bivalue = bivalue.or(cellBit(c))
		}
	}
	var base [frameCells]int
	var excl [frameCells]cellSet
	nb := 0
	for c := 0; c < frameCells; c++ {
		if b.Cand[c].Count() < 2 || !b.geo.peerSet[c].and(single).empty() {
			continue
		}
		if ex := b.geo.peerSet[c].and(bivalue); !ex.empty() {
			base[nb] = c
			excl[c] = ex
			nb++
		}
	}
	for i := 0; i < nb; i++ {
		for j := i + 1; j < nb; j++ {
			c0, c1 := base[i], base[j]
			common := excl[c0].and(excl[c1])
			if common.count() < 2 {
				continue
			}
			// An excluder {a,b} rules out the pair of values (a, b) and
			// (b, a): excluded[a] holds b and excluded[b] holds a.
			var excluded [maxDigits + 1]Digits
			for e := common; !e.empty(); e = e.rest() {
				ce := b.Cand[e.first()]
				lo, hi := ce.First(), (ce & (ce - 1)).First()
				excluded[lo] |= digitBit(hi)
				excluded[hi] |= digitBit(lo)
			}
			var allowed0, allowed1 Digits
			for x0 := b.Cand[c0]; x0 != 0; x0 &= x0 - 1 {
				v0 := x0.First()
				for x1 := b.Cand[c1]; x1 != 0; x1 &= x1 - 1 {
					v1 := x1.First()
					if v0 == v1 && b.geo.isPeer[c0][c1] || excluded[v0].Has(v1) {
						continue
					}
					allowed0 |= digitBit(v0)
					allowed1 |= digitBit(v1)
				}
			}
			if b.Cand[c0]&^allowed0 == 0 && b.Cand[c1]&^allowed1 == 0 {
				continue
			}
			var rs []Candidate
			for x := b.Cand[c0] &^ allowed0; x != 0; x &= x - 1 {
				rs = append(rs, Candidate{c0, x.First()})
			}
			for x := b.Cand[c1] &^ allowed1; x != 0; x &= x - 1 {
				rs = append(rs, Candidate{c1, x.First()})
			}
			s := newStep(AlignedPairExclusion)
			s.Cells = []int{c0, c1}
			for e := common; !e.empty(); e = e.rest() {
				s.Cells = append(s.Cells, e.first())
			}
			s.Remove = rs
			s.Text = fmt.Sprintf("aligned pair exclusion %s, %s (excluders %s): %s",
				cellName(c0), cellName(c1), cellsName(s.Cells[2:]), removals(rs))
			return s, true
		}
	}
	return Step{}, false
}
