package logic

import "fmt"

// findAlignedPairExclusion is Sudoku Explainer's aligned pair exclusion
// (6.2): for two cells (aligned or not) with at least two common
// "excluders" (bivalue cells seeing both), a pair of values is impossible
// when it puts one digit twice in a house or leaves an excluder without a
// candidate; a value of either cell in no possible pair goes.
func (b *Board) findAlignedPairExclusion() (Step, bool) {
	var base []int
	var excl [81][]int
	for c := 0; c < 81; c++ {
		if b.Cand[c].Count() < 2 {
			continue
		}
		single := false
		var ex []int
		for _, p := range peers[c] {
			switch b.Cand[p].Count() {
			case 1:
				single = true
			case 2:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			base = append(base, c)
			excl[c] = ex
		}
	}
	for i := 0; i < len(base); i++ {
		for j := i + 1; j < len(base); j++ {
			c0, c1 := base[i], base[j]
			var common []int
			for _, e := range excl[c0] {
				if contains(excl[c1], e) {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				continue
			}
			var allowed0, allowed1 Digits
			for _, v0 := range b.Cand[c0].List() {
				for _, v1 := range b.Cand[c1].List() {
					if v0 == v1 && isPeer[c0][c1] {
						continue
					}
					ok := true
					for _, e := range common {
						if b.Cand[e]&^(digitBit(v0)|digitBit(v1)) == 0 {
							ok = false
							break
						}
					}
					if ok {
						allowed0 |= digitBit(v0)
						allowed1 |= digitBit(v1)
					}
				}
			}
			var rs []Candidate
			for _, v := range (b.Cand[c0] &^ allowed0).List() {
				rs = append(rs, Candidate{c0, v})
			}
			for _, v := range (b.Cand[c1] &^ allowed1).List() {
				rs = append(rs, Candidate{c1, v})
			}
			if len(rs) == 0 {
				continue
			}
			s := newStep(AlignedPairExclusion)
			s.Cells = append([]int{c0, c1}, common...)
			s.Remove = rs
			s.Text = fmt.Sprintf("aligned pair exclusion %s, %s (excluders %s): %s",
				cellName(c0), cellName(c1), cellsName(common), removals(rs))
			return s, true
		}
	}
	return Step{}, false
}
