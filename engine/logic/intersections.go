package logic

import "fmt"

// findIntersection finds locked candidates: a digit of a box confined to
// one row or column (pointing), or of a row or column confined to one box
// (claiming). With direct set it only takes those whose eliminations give
// a hidden single at once, and places that single too.
func (b *Board) findIntersection(claiming, direct bool) (Step, bool) {
	t := Pointing
	if claiming {
		t = Claiming
	}
	if direct {
		t = DirectPointing
		if claiming {
			t = DirectClaiming
		}
	}
	for h := 0; h < 27; h++ {
		isBox := h >= 18
		if isBox == claiming {
			continue
		}
		for d := 1; d <= 9; d++ {
			pos := b.positions(h, d)
			if pos == 0 || pos&(pos-1) == 0 {
				continue // placed, or a single
			}
			// The house the candidates are confined to, if any.
			other := -1
			for _, h2 := range houseOf[houses[h][bitIndex(pos)]] {
				if h2 == h || (h2 >= 18) == isBox {
					continue
				}
				inside := true
				for i := 0; i < 9; i++ {
					if pos&(1<<i) != 0 && !inHouse(houses[h][i], h2) {
						inside = false
						break
					}
				}
				if inside {
					other = h2
				}
			}
			if other < 0 {
				continue
			}
			var rs []Candidate
			for _, c := range houses[other] {
				if !inHouse(c, h) && b.Cand[c].Has(d) {
					rs = append(rs, Candidate{c, d})
				}
			}
			if len(rs) == 0 {
				continue
			}
			s := newStep(t)
			for i := 0; i < 9; i++ {
				if pos&(1<<i) != 0 {
					s.Cells = append(s.Cells, houses[h][i])
				}
			}
			s.Digits = digitBit(d)
			s.Remove = rs
			name := "pointing"
			if claiming {
				name = "claiming"
			}
			if direct {
				single, sh, ok := b.directSingle(rs)
				if !ok {
					continue
				}
				s.Place = []Candidate{single}
				s.Text = fmt.Sprintf("%s: direct %s %d in %s and %s, so hidden single %d in %s",
					cellName(single.Cell), name, d, houseName(h), houseName(other), d, houseName(sh))
				return s, true
			}
			s.Text = fmt.Sprintf("%s %d in %s and %s: %s", name, d, houseName(h), houseName(other), removals(rs))
			return s, true
		}
	}
	return Step{}, false
}

func inHouse(c, h int) bool {
	hs := houseOf[c]
	return hs[0] == h || hs[1] == h || hs[2] == h
}
