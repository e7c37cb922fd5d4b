// Code generated from engine/logic/subsets.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
)

var subsetNames = [5]string{"", "", "pair", "triple", "quad"}

// findNakedSubset finds n cells of a house whose candidates together are n
// digits: those digits go from the house's other cells. Like Sudoku
// Explainer it only looks in houses with at least 2n empty cells (in a
// smaller house the complementary hidden set is the simpler view), in
// its scan (geometry.seScan).
func (b *Board) findNakedSubset(n int, t Technique) (Step, bool) {
	for _, h := range b.geo.seScan {
		if b.emptyCells(h) < 2*n {
			continue
		}
		// Only cells with at most n candidates can be in the set.
		var elig [maxDigits]int
		k := 0
		for i, c := range b.geo.houses[h] {
			if cnt := b.Cand[c].Count(); cnt >= 1 && cnt <= n {
				elig[k] = i
				k++
			}
		}
		if k < n {
			continue
		}
		var buf [4]int
		idx := buf[:n]
		for ok := FirstCombination(idx, k); ok; ok = NextCombination(idx, k) {
			var union Digits
			for _, i := range idx {
				union |= b.Cand[b.geo.houses[h][elig[i]]]
			}
			if union.Count() != n {
				continue
			}
			var inSet uint16 // the set's positions in the house
			for _, i := range idx {
				inSet |= 1 << elig[i]
			}
			var rs []Candidate
			for i, c := range b.geo.houses[h] {
				if b.Cand[c]&union == 0 || inSet&(1<<i) != 0 {
					continue
				}
				for x := b.Cand[c] & union; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, Digits(x).First()})
				}
			}
			if len(rs) == 0 {
				continue
			}
			set := make([]int, n)
			for j, i := range idx {
				set[j] = b.geo.houses[h][elig[i]]
			}
			s := newStep(t)
			s.Cells, s.Digits, s.Remove = set, union, rs
			if !b.quiet {
				s.Text = fmt.Sprintf("naked %s %s in %s (%s): %s", subsetNames[n], union, b.geo.names[h], cellsName(set), removals(rs))
			}
			return s, true
		}
	}
	return Step{}, false
}

// findHiddenSubset finds n digits of a house confined to n cells: those
// cells lose their other candidates. Like Sudoku Explainer it only looks
// in houses with more than 2n empty cells. With direct set (houses with
// more than n empty cells) it only takes subsets whose eliminations leave
// a hidden single of another digit in the same house, and the step only
// places that single.
func (b *Board) findHiddenSubset(n int, t Technique, direct bool) (Step, bool) {
	nd := b.geo.n
	for _, h := range b.geo.seScan {
		empty := b.emptyCells(h)
		if direct && empty <= n || !direct && empty <= 2*n {
			continue
		}
		var pos [maxDigits + 1]uint16
		for d := 1; d <= nd; d++ {
			pos[d] = b.positions(h, d)
		}
		// Only digits with 1..n places can be in the set.
		var elig [maxDigits]int
		k := 0
		for d := 1; d <= nd; d++ {
			if cnt := bits.OnesCount16(pos[d]); cnt >= 1 && cnt <= n {
				elig[k] = d
				k++
			}
		}
		if k < n {
			continue
		}
		var buf [4]int
		idx := buf[:n]
		for ok := FirstCombination(idx, k); ok; ok = NextCombination(idx, k) {
			var union uint16
			var ds Digits
			for _, i := range idx {
				union |= pos[elig[i]]
				ds |= digitBit(elig[i])
			}
			if bits.OnesCount16(union) != n {
				continue
			}
			if direct {
				for d := 1; d <= nd; d++ {
					p := pos[d]
					if ds.Has(d) || p&(p-1) == 0 {
						continue
					}
					if rest := p &^ union; rest != 0 && rest&(rest-1) == 0 {
						cell := b.geo.houses[h][bitIndex(rest)]
						set := b.cellsOf(h, union)
						s := newStep(t)
						s.Cells, s.Digits = set, ds
						s.Place = []Candidate{{cell, d}}
						if !b.quiet {
							s.Text = fmt.Sprintf("%s: direct hidden %s %s in %s (%s) leaves hidden single %d",
								cellName(cell), subsetNames[n], ds, b.geo.names[h], cellsName(set), d)
						}
						return s, true
					}
				}
				continue
			}
			removed := false
			for x := union; x != 0; x &= x - 1 {
				if b.Cand[b.geo.houses[h][bitIndex(x)]]&^ds != 0 {
					removed = true
					break
				}
			}
			if !removed {
				continue
			}
			set := b.cellsOf(h, union)
			var rs []Candidate
			for _, c := range set {
				for x := b.Cand[c] &^ ds; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, Digits(x).First()})
				}
			}
			s := newStep(t)
			s.Cells, s.Digits, s.Remove = set, ds, rs
			if !b.quiet {
				s.Text = fmt.Sprintf("hidden %s %s in %s (%s): %s", subsetNames[n], ds, b.geo.names[h], cellsName(set), removals(rs))
			}
			return s, true
		}
	}
	return Step{}, false
}

// FirstCombination sets idx to the first n-element subset of 0..k-1
// (n = len(idx)), reporting whether there is one; NextCombination moves it
// to the next. The subsets come as indexes in increasing order, in
// lexicographic order: the order Sudoku Explainer enumerates them.
func FirstCombination(idx []int, k int) bool {
	for i := range idx {
		idx[i] = i
	}
	return len(idx) <= k
}

func NextCombination(idx []int, k int) bool {
	n := len(idx)
	i := n - 1
	for i >= 0 && idx[i] == k-n+i {
		i--
	}
	if i < 0 {
		return false
	}
	idx[i]++
	for j := i + 1; j < n; j++ {
		idx[j] = idx[j-1] + 1
	}
	return true
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
