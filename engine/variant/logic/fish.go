package logic

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine/variant"
)

// findFish finds basic fish of size k over rows and columns: k rows (or
// columns) in which a symbol lies within the same k columns (rows); those
// columns lose the symbol elsewhere. Fish over the other houses are not
// searched: their eliminations are found by the chains.
func (b *board) findFish(k int, t Technique) (Step, bool) {
	var lines [variant.MaxSize]int
	var pos [variant.MaxSize]uint32
	var buf [4]int
	for sym := 1; sym <= b.n; sym++ {
		for _, byRow := range [2]bool{true, false} {
			base, cover := 0, b.n // rows, columns
			if !byRow {
				base, cover = b.n, 0
			}
			m := 0
			for i := range b.n {
				p := b.positions(base+i, sym)
				if cnt := bits.OnesCount32(p); cnt >= 2 && cnt <= k {
					lines[m], pos[m] = i, p
					m++
				}
			}
			idx := buf[:k]
			for ok := firstCombination(idx, m); ok; ok = nextCombination(idx, m) {
				var union, baseSet uint32
				for _, i := range idx {
					union |= pos[i]
					baseSet |= 1 << lines[i]
				}
				if bits.OnesCount32(union) != k {
					continue
				}
				var rs []Candidate
				for x := union; x != 0; x &= x - 1 {
					for i, c := range b.houses[cover+bits.TrailingZeros32(x)] {
						if baseSet&(1<<i) == 0 && b.cand[c]&bit(sym) != 0 {
							rs = append(rs, Candidate{c, sym})
						}
					}
				}
				if len(rs) == 0 {
					continue
				}
				var cells []int
				for _, i := range idx {
					cells = append(cells, b.cellsOf(base+lines[i], pos[i])...)
				}
				s := newStep(t)
				s.Cells, s.Symbols, s.Remove = cells, bit(sym), rs
				if byRow {
					s.Text = b.say.s("%s %s in rows (%s): %s", b.say.name(t), b.symbolName(sym), b.cellsName(cells), b.removals(rs))
				} else {
					s.Text = b.say.s("%s %s in columns (%s): %s", b.say.name(t), b.symbolName(sym), b.cellsName(cells), b.removals(rs))
				}
				return s, true
			}
		}
	}
	return Step{}, false
}
