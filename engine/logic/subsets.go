package logic

import (
	"fmt"
	"math/bits"
)

var subsetNames = [5]string{"", "", "pair", "triple", "quad"}

// findNakedSubset finds n cells of a house whose candidates together are n
// digits: those digits go from the house's other cells. Like Sudoku
// Explainer it only looks in houses with at least 2n empty cells (in a
// smaller house the complementary hidden set is the simpler view).
func (b *Board) findNakedSubset(n int, t Technique) (Step, bool) {
	for _, h := range seHouses {
		if b.emptyCells(h) < 2*n {
			continue
		}
		// Only cells with at most n candidates can be in the set.
		var elig [9]int
		k := 0
		for i, c := range houses[h] {
			if cnt := b.Cand[c].Count(); cnt >= 1 && cnt <= n {
				elig[k] = i
				k++
			}
		}
		if k < n {
			continue
		}
		var found Step
		ok := combinations(k, n, func(idx []int) bool {
			var union Digits
			for _, i := range idx {
				union |= b.Cand[houses[h][elig[i]]]
			}
			if union.Count() != n {
				return false
			}
			set := make([]int, n)
			for j, i := range idx {
				set[j] = houses[h][elig[i]]
			}
			var rs []Candidate
			for _, c := range houses[h] {
				if b.Cand[c]&union == 0 || contains(set, c) {
					continue
				}
				for x := b.Cand[c] & union; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, Digits(x).First()})
				}
			}
			if len(rs) == 0 {
				return false
			}
			found = newStep(t)
			found.Cells, found.Digits, found.Remove = set, union, rs
			found.Text = fmt.Sprintf("naked %s %s in %s (%s): %s", subsetNames[n], union, houseName(h), cellsName(set), removals(rs))
			return true
		})
		if ok {
			return found, true
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
	for _, h := range seHouses {
		empty := b.emptyCells(h)
		if direct && empty <= n || !direct && empty <= 2*n {
			continue
		}
		var pos [10]uint16
		for d := 1; d <= 9; d++ {
			pos[d] = b.positions(h, d)
		}
		// Only digits with 1..n places can be in the set.
		var elig [9]int
		k := 0
		for d := 1; d <= 9; d++ {
			if cnt := bits.OnesCount16(pos[d]); cnt >= 1 && cnt <= n {
				elig[k] = d
				k++
			}
		}
		if k < n {
			continue
		}
		var found Step
		ok := combinations(k, n, func(idx []int) bool {
			var union uint16
			var ds Digits
			for _, i := range idx {
				union |= pos[elig[i]]
				ds |= digitBit(elig[i])
			}
			if bits.OnesCount16(union) != n {
				return false
			}
			set := b.cellsOf(h, union)
			var rs []Candidate
			for _, c := range set {
				for x := b.Cand[c] &^ ds; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, Digits(x).First()})
				}
			}
			if direct {
				for d := 1; d <= 9; d++ {
					p := pos[d]
					if ds.Has(d) || p&(p-1) == 0 {
						continue
					}
					if rest := p &^ union; rest != 0 && rest&(rest-1) == 0 {
						cell := houses[h][bitIndex(rest)]
						s := newStep(t)
						s.Cells, s.Digits = set, ds
						s.Place = []Candidate{{cell, d}}
						s.Text = fmt.Sprintf("%s: direct hidden %s %s in %s (%s) leaves hidden single %d",
							cellName(cell), subsetNames[n], ds, houseName(h), cellsName(set), d)
						found = s
						return true
					}
				}
				return false
			}
			if len(rs) == 0 {
				return false
			}
			s := newStep(t)
			s.Cells, s.Digits, s.Remove = set, ds, rs
			s.Text = fmt.Sprintf("hidden %s %s in %s (%s): %s", subsetNames[n], ds, houseName(h), cellsName(set), removals(rs))
			found = s
			return true
		})
		if ok {
			return found, true
		}
	}
	return Step{}, false
}

// combinations calls f with every n-element subset of 0..k-1 (as indexes
// in increasing order, the order Sudoku Explainer enumerates them) until
// f returns true.
func combinations(k, n int, f func([]int) bool) bool {
	var buf [9]int
	idx := buf[:n]
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
