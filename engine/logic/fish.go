package logic

import (
	"fmt"
	"math/bits"
)

var fishNames = [5]string{"", "", "x-wing", "swordfish", "jellyfish"}

// findFish finds basic fish of size n: n rows (or columns) in which a digit
// lies within the same n columns (rows); those columns lose the digit
// elsewhere.
func (b *Board) findFish(n int, t Technique) (Step, bool) {
	for d := 1; d <= 9; d++ {
		for _, byRow := range [2]bool{true, false} {
			base, cover := 0, 9 // base houses rows, cover houses columns
			if !byRow {
				base, cover = 9, 0
			}
			var lines [9]int
			var pos [9]uint16
			k := 0
			for i := 0; i < 9; i++ {
				p := b.positions(base+i, d)
				if cnt := bits.OnesCount16(p); cnt >= 2 && cnt <= n {
					lines[k], pos[k] = i, p
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
				for _, i := range idx {
					union |= pos[i]
				}
				if bits.OnesCount16(union) != n {
					return false
				}
				var baseSet [9]bool
				var cells []int
				for _, i := range idx {
					baseSet[lines[i]] = true
					for j := 0; j < 9; j++ {
						if pos[i]&(1<<j) != 0 {
							cells = append(cells, houses[base+lines[i]][j])
						}
					}
				}
				var rs []Candidate
				for j := 0; j < 9; j++ {
					if union&(1<<j) == 0 {
						continue
					}
					for i, c := range houses[cover+j] {
						if !baseSet[i] && b.Cand[c].Has(d) {
							rs = append(rs, Candidate{c, d})
						}
					}
				}
				if len(rs) == 0 {
					return false
				}
				found = newStep(t)
				found.Cells, found.Digits, found.Remove = cells, digitBit(d), rs
				what := "rows"
				if !byRow {
					what = "columns"
				}
				found.Text = fmt.Sprintf("%s %d in %s (%s): %s", fishNames[n], d, what, cellsName(cells), removals(rs))
				ok = true
				return true
			})
			if ok {
				return found, true
			}
		}
	}
	return Step{}, false
}
