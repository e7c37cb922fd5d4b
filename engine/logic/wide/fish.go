// Code generated from engine/logic/fish.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"
	"math/bits"
	"strings"
)

var fishNames = [5]string{"", "", "x-wing", "swordfish", "jellyfish"}

// findFish finds basic fish of size n over a pair of house families
// (geometry.fishPairs): n base houses of one family in which a digit's
// places all lie within the same n cover houses of the other; each house
// holds the digit once, so the n digits of the bases are those of the
// covers, and the covers lose it outside the bases. On a classic the
// pairs are rows over columns and columns over rows, as Sudoku Explainer
// has them; other boards also take their regions and extra houses (a
// jigsaw's pieces against rows: franken fish).
func (b *Board) findFish(n int, t Technique) (Step, bool) {
	geo := b.geo
	for d := 1; d <= geo.n; d++ {
		for _, fp := range geo.fishPairs {
			base, cover := geo.famHouses[fp[0]], geo.famHouses[fp[1]]
			var lines [maxHouses]int
			var covers [maxHouses]uint64 // the cover houses of each base's places, bit i for cover[i]
			k := 0
			for i, h := range base {
				var m uint64
				for x := b.positions(h, d); x != 0; x &= x - 1 {
					c := geo.houses[h][bits.TrailingZeros16(x)]
					ch := geo.houseOf[c][fp[1]]
					if ch < 0 {
						m = 0
						break
					}
					m |= 1 << geo.famIndex[ch]
				}
				if cnt := bits.OnesCount64(m); cnt >= 2 && cnt <= n {
					lines[k], covers[k] = i, m
					k++
				}
			}
			if k < n {
				continue
			}
			var buf [4]int
			idx := buf[:n]
			for ok := FirstCombination(idx, k); ok; ok = NextCombination(idx, k) {
				var union, baseSet uint64
				for _, i := range idx {
					union |= covers[i]
					baseSet |= 1 << lines[i]
				}
				if bits.OnesCount64(union) != n {
					continue
				}
				var rs []Candidate
				for x := union; x != 0; x &= x - 1 {
					for _, c := range geo.houses[cover[bits.TrailingZeros64(x)]] {
						bh := geo.houseOf[c][fp[0]]
						if (bh < 0 || baseSet&(1<<geo.famIndex[bh]) == 0) && b.Cand[c].Has(d) {
							rs = append(rs, Candidate{c, d})
						}
					}
				}
				if len(rs) == 0 {
					continue
				}
				var cells []int
				for _, i := range idx {
					for _, c := range geo.houses[base[lines[i]]] {
						if b.Cand[c].Has(d) {
							cells = append(cells, c)
						}
					}
				}
				s := newStep(t)
				s.Cells, s.Digits, s.Remove = cells, digitBit(d), rs
				what := "rows"
				switch {
				case fp == [2]int{1, 0}:
					what = "columns"
				case fp != [2]int{0, 1}:
					var names []string
					for _, i := range idx {
						names = append(names, geo.names[base[lines[i]]])
					}
					what = strings.Join(names, ", ")
				}
				s.Text = fmt.Sprintf("%s %d in %s (%s): %s", fishNames[n], d, what, cellsName(cells), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// fishHouses are the base and cover houses of fish step s: the first of
// the geometry's pairs of families in which its cells lie in as many
// houses of each family as its size, and its eliminations in cover
// houses outside the bases.
func (geo *geometry) fishHouses(s *Step, n int) (base, cover []int, ok bool) {
	for _, fp := range geo.fishPairs {
		base, cover = nil, nil
		fits := true
		for _, c := range s.Cells {
			bh, ch := geo.houseOf[c][fp[0]], geo.houseOf[c][fp[1]]
			if bh < 0 || ch < 0 {
				fits = false
				break
			}
			if !contains(base, bh) {
				base = append(base, bh)
			}
			if !contains(cover, ch) {
				cover = append(cover, ch)
			}
		}
		for _, r := range s.Remove {
			ch := geo.houseOf[r.Cell][fp[1]]
			fits = fits && ch >= 0 && contains(cover, ch) && !contains(base, geo.houseOf[r.Cell][fp[0]])
		}
		if fits && len(base) == n && len(cover) == n {
			sortInts(base)
			sortInts(cover)
			return base, cover, true
		}
	}
	return nil, nil, false
}
