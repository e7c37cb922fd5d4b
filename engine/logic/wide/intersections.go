// Code generated from engine/logic/intersections.go by TestWideCopy -update. DO NOT EDIT.

package wide

import "fmt"

// The intersection passes in Sudoku Explainer's order, by family (0
// rows, 1 columns, 2 boxes): a box confined to a column, to a row, then
// a column or a row confined to a box.
var lockingPasses = [4]struct{ from, to int }{
	{2, 1}, // box -> column
	{2, 0}, // box -> row
	{1, 2}, // column -> box
	{0, 2}, // row -> box
}

// findIntersection finds locked candidates: a digit of a box confined to
// one row or column (pointing), or of a row or column confined to one box
// (claiming). With direct set it only takes, as SE does, those that leave
// a hidden single in another house of the first kind crossing the second
// (another box for pointing, another line for claiming), and the step only
// places that single: SE's direct hints remove nothing.
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
	passes := lockingPasses[:2]
	if claiming {
		passes = lockingPasses[2:]
	}
	for _, pass := range passes {
		for d := 1; d <= 9; d++ {
			for i1 := 0; i1 < 9; i1++ {
				h1 := pass.from*9 + i1
				pos := b.positions(h1, d)
				if pos&(pos-1) == 0 {
					continue // placed, or a single
				}
				// The one house of the other kind that may hold all
				// the places: the first place's.
				h2 := b.geo.houseOf[b.geo.houses[h1][bitIndex(pos)]][pass.to]
				if !b.within(h1, pos, h2) {
					continue
				}
				if direct {
					if s, ok := b.directLocking(t, h1, h2, d); ok {
						return s, true
					}
					continue
				}
				var rs []Candidate
				for _, c := range b.geo.houses[h2] {
					if !b.geo.inHouse(c, h1) && b.Cand[c].Has(d) {
						rs = append(rs, Candidate{c, d})
					}
				}
				if len(rs) == 0 {
					continue
				}
				s := newStep(t)
				s.Cells = b.cellsOf(h1, pos)
				s.Digits = digitBit(d)
				s.Remove = rs
				s.Text = fmt.Sprintf("%s %d in %s and %s: %s", t, d, b.geo.names[h1], b.geo.names[h2], removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// directLocking looks, once d of h1 is confined to h2, for another house
// of h1's kind crossing h2 where d has one place left outside h2.
func (b *Board) directLocking(t Technique, h1, h2, d int) (Step, bool) {
	n := b.geo.n
	base := h1 / n * n
	for i3 := 0; i3 < n; i3++ {
		h3 := base + i3
		if h3 == h1 || !b.geo.crosses(h3, h2) {
			continue
		}
		pos := b.positions(h3, d)
		if pos&(pos-1) == 0 {
			continue
		}
		rest := pos &^ b.geo.crossMask[h3][h2]
		if rest == 0 || rest&(rest-1) != 0 {
			continue
		}
		single := b.geo.houses[h3][bitIndex(rest)]
		s := newStep(t)
		s.Cells = b.cellsOf(h1, b.positions(h1, d))
		s.Digits = digitBit(d)
		s.Place = []Candidate{{single, d}}
		s.Text = fmt.Sprintf("%s: %s %d of %s in %s leaves hidden single in %s",
			cellName(single), t, d, b.geo.names[h1], b.geo.names[h2], b.geo.names[h3])
		return s, true
	}
	return Step{}, false
}

// crosses reports whether two houses of different kinds share cells.
func (geo *geometry) crosses(h1, h2 int) bool {
	return geo.family[h1] != geo.family[h2] && geo.crossMask[h1][h2] != 0
}

// within reports whether the cells pos (a position set of h1) all lie in h2.
func (b *Board) within(h1 int, pos uint16, h2 int) bool { return pos&^b.geo.crossMask[h1][h2] == 0 }

// cellsOf lists the cells of house h at the positions pos.
func (b *Board) cellsOf(h int, pos uint16) []int {
	var cells []int
	for i := 0; i < b.geo.n; i++ {
		if pos&(1<<i) != 0 {
			cells = append(cells, b.geo.houses[h][i])
		}
	}
	return cells
}

func (geo *geometry) inHouse(c, h int) bool {
	hs := geo.houseOf[c]
	return hs[0] == h || hs[1] == h || hs[2] == h
}
