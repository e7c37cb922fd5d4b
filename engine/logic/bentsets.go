package logic

import "fmt"

// findBentSet finds SukakuExplainer's WXYZ-wing (n = 4) and VWXYZ-wing
// (n = 5): a pivot cell and n-1 wing cells it sees, holding n digits
// between them, where every digit but one (z) is restricted (its cells
// all see each other). The n cells cannot all miss z without n-1 digits
// for n cells, so z goes from the cells seeing every z of the set. When
// every digit is restricted, each goes from the cells seeing all of its
// places in the set. Ratings depend on the pivot's candidate count:
// WXYZ 5.5-5.6, VWXYZ 6.2-6.4 (SE's base plus a tenth per step toward
// the middle size).
func (b *Board) findBentSet(n int) (Step, bool) {
	var best Step
	bestElims := -1
	var wings [4]int
	for pivot := 0; pivot < 81; pivot++ {
		pc := b.Cand[pivot]
		if pc.Count() < 2 || pc.Count() > n {
			continue
		}
		var cands [20]int
		nc := 0
		for _, p := range peers[pivot] {
			if k := b.Cand[p].Count(); k >= 2 && k <= n && (b.Cand[p]|pc).Count() <= n {
				cands[nc] = p
				nc++
			}
		}
		rating := bentSetRating(n, pc.Count())
		if bestElims >= 0 && rating > best.Rating+1e-9 {
			continue
		}
		var rec func(start, depth int, union Digits)
		rec = func(start, depth int, union Digits) {
			if union.Count() > n {
				return
			}
			if depth == n-1 {
				if union.Count() != n {
					return
				}
				var cells [5]int
				cells[0] = pivot
				copy(cells[1:], wings[:n-1])
				b.weighBentSet(cells[:n], union, n, rating, &best, &bestElims)
				return
			}
			for i := start; i < nc; i++ {
				wings[depth] = cands[i]
				rec(i+1, depth+1, union|b.Cand[cands[i]])
			}
		}
		rec(0, 0, pc)
	}
	return best, bestElims >= 0
}

func bentSetRating(n, pivotSize int) float64 {
	base, mid := 5.5, 3
	if n == 5 {
		base = 6.2
	}
	d := pivotSize - mid
	if d < 0 {
		d = -d
	}
	return base + float64((n-mid)-d)/10
}

func (b *Board) weighBentSet(cells []int, union Digits, n int, rating float64, best *Step, bestElims *int) {
	// A digit is restricted when its cells in the set all see each other.
	var unrestricted, targets Digits
	for x := union; x != 0; x &= x - 1 {
		d := x.First()
		bit := digitBit(d)
		ok := true
		for i := 0; i < len(cells) && ok; i++ {
			if b.Cand[cells[i]]&bit == 0 {
				continue
			}
			for j := i + 1; j < len(cells); j++ {
				if b.Cand[cells[j]]&bit != 0 && !isPeer[cells[i]][cells[j]] {
					ok = false
					break
				}
			}
		}
		if !ok {
			unrestricted |= bit
		}
	}
	switch unrestricted.Count() {
	case 0:
		targets = union
	case 1:
		targets = unrestricted
	default:
		return
	}
	var rs []Candidate
	for x := targets; x != 0; x &= x - 1 {
		d := x.First()
		bit := digitBit(d)
		first := -1
		for _, c := range cells {
			if b.Cand[c]&bit != 0 {
				first = c
				break
			}
		}
	victims:
		for _, p := range peers[first] {
			if b.Cand[p]&bit == 0 {
				continue
			}
			for _, c := range cells {
				if c == p || b.Cand[c]&bit != 0 && !isPeer[c][p] {
					continue victims
				}
			}
			rs = append(rs, Candidate{p, d})
		}
	}
	if len(rs) == 0 || *bestElims >= 0 && (rating > best.Rating-1e-9 && len(rs) <= *bestElims) {
		return
	}
	t := WXYZWing
	if n == 5 {
		t = VWXYZWing
	}
	s := newStep(t)
	s.Rating = rating
	s.Cells, s.Digits, s.Remove = append([]int(nil), cells...), union, rs
	s.Text = fmt.Sprintf("%s %s (pivot %s, wings %s): %s", t, union, cellName(cells[0]), cellsName(cells[1:]), removals(rs))
	*best, *bestElims = s, len(rs)
}
