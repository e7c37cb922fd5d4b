// Code generated from engine/logic/fish.go by TestWideCopy -update. DO NOT EDIT.

package wide

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
			var buf [9]int
			idx := buf[:n]
			for ok := firstCombination(idx, k); ok; ok = nextCombination(idx, k) {
				var union uint16
				for _, i := range idx {
					union |= pos[i]
				}
				if bits.OnesCount16(union) != n {
					continue
				}
				var baseSet uint16 // the base lines, bit i for line i
				for _, i := range idx {
					baseSet |= 1 << lines[i]
				}
				var rs []Candidate
				for j := 0; j < 9; j++ {
					if union&(1<<j) == 0 {
						continue
					}
					for i, c := range b.geo.houses[cover+j] {
						if baseSet&(1<<i) == 0 && b.Cand[c].Has(d) {
							rs = append(rs, Candidate{c, d})
						}
					}
				}
				if len(rs) == 0 {
					continue
				}
				var cells []int
				for _, i := range idx {
					for j := 0; j < 9; j++ {
						if pos[i]&(1<<j) != 0 {
							cells = append(cells, b.geo.houses[base+lines[i]][j])
						}
					}
				}
				s := newStep(t)
				s.Cells, s.Digits, s.Remove = cells, digitBit(d), rs
				what := "rows"
				if !byRow {
					what = "columns"
				}
				s.Text = fmt.Sprintf("%s %d in %s (%s): %s", fishNames[n], d, what, cellsName(cells), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}
