package logic

import (
	"fmt"
	"math/bits"
)

var subsetNames = [5]string{"", "", "pair", "triple", "quad"}

// findNakedSubset finds n cells of a house whose candidates together are n
// digits: those digits go from the house's other cells.
func (b *Board) findNakedSubset(n int, t Technique) (Step, bool) {
	for h := 0; h < 27; h++ {
		var cells [9]int
		k := 0
		for _, c := range houses[h] {
			if cnt := b.Cand[c].Count(); cnt >= 2 && cnt <= n {
				cells[k] = c
				k++
			}
		}
		if k < n {
			continue
		}
		var found Step
		ok := false
		combinations(k, n, func(idx []int) bool {
			var union Digits
			for _, i := range idx {
				union |= b.Cand[cells[i]]
			}
			if union.Count() != n {
				return false
			}
			var set []int
			for _, i := range idx {
				set = append(set, cells[i])
			}
			var rs []Candidate
			for _, c := range houses[h] {
				if b.Cand[c] == 0 || contains(set, c) {
					continue
				}
				for _, d := range (b.Cand[c] & union).List() {
					rs = append(rs, Candidate{c, d})
				}
			}
			if len(rs) == 0 {
				return false
			}
			found = newStep(t)
			found.Cells, found.Digits, found.Remove = set, union, rs
			found.Text = fmt.Sprintf("naked %s %s in %s (%s): %s", subsetNames[n], union, houseName(h), cellsName(set), removals(rs))
			ok = true
			return true
		})
		if ok {
			return found, true
		}
	}
	return Step{}, false
}

// findHiddenSubset finds n digits of a house confined to n cells: those
// cells lose their other candidates. With direct set it only takes subsets
// whose eliminations give a hidden single at once, and places it.
func (b *Board) findHiddenSubset(n int, t Technique, direct bool) (Step, bool) {
	for h := 0; h < 27; h++ {
		var digits [9]int
		var pos [10]uint16
		k := 0
		for d := 1; d <= 9; d++ {
			p := b.positions(h, d)
			if cnt := bits.OnesCount16(p); cnt >= 2 && cnt <= n {
				digits[k] = d
				pos[d] = p
				k++
			}
		}
		if k < n {
			continue
		}
		var found Step
		ok := false
		combinations(k, n, func(idx []int) bool {
			var union uint16
			var ds Digits
			for _, i := range idx {
				union |= pos[digits[i]]
				ds |= digitBit(digits[i])
			}
			if bits.OnesCount16(union) != n {
				return false
			}
			var set []int
			var rs []Candidate
			for i := 0; i < 9; i++ {
				if union&(1<<i) == 0 {
					continue
				}
				c := houses[h][i]
				set = append(set, c)
				for _, d := range (b.Cand[c] &^ ds).List() {
					rs = append(rs, Candidate{c, d})
				}
			}
			if len(rs) == 0 {
				return false
			}
			s := newStep(t)
			s.Cells, s.Digits, s.Remove = set, ds, rs
			if direct {
				single, sh, ok := b.directSingle(rs)
				if !ok {
					return false
				}
				s.Place = []Candidate{single}
				s.Text = fmt.Sprintf("%s: direct hidden %s %s in %s (%s), so hidden single %d in %s",
					cellName(single.Cell), subsetNames[n], ds, houseName(h), cellsName(set), single.Digit, houseName(sh))
			} else {
				s.Text = fmt.Sprintf("hidden %s %s in %s (%s): %s", subsetNames[n], ds, houseName(h), cellsName(set), removals(rs))
			}
			found, ok = s, true
			return true
		})
		if ok {
			return found, true
		}
	}
	return Step{}, false
}

// combinations calls f with every n-element subset of 0..k-1 (as indexes
// in increasing order) until f returns true.
func combinations(k, n int, f func([]int) bool) bool {
	idx := make([]int, n)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == n {
			return f(idx)
		}
		for i := start; i <= k-(n-depth); i++ {
			idx[depth] = i
			if rec(i+1, depth+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
