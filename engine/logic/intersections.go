package logic

import "fmt"

// lockPass is one scan of locked candidates: the places of a digit in a
// house of group from, confined to a house of group to.
type lockPass struct{ from, to uint8 }

// The passes in Sudoku Explainer's order for classic's houses (a box
// confined to a column, to a row; a column, a row confined to a box),
// then those of the extra houses. A box-like house confined to another
// house is pointing; a line-like one is claiming.
var (
	pointingPasses = []lockPass{
		{gRegion, gCol}, {gRegion, gRow}, {gRegion, gLineExtra}, {gRegion, gBoxExtra},
		{gBoxExtra, gCol}, {gBoxExtra, gRow}, {gBoxExtra, gRegion}, {gBoxExtra, gLineExtra}, {gBoxExtra, gBoxExtra},
	}
	claimingPasses = []lockPass{
		{gCol, gRegion}, {gRow, gRegion}, {gCol, gBoxExtra}, {gRow, gBoxExtra}, {gCol, gLineExtra}, {gRow, gLineExtra},
		{gLineExtra, gRegion}, {gLineExtra, gBoxExtra}, {gLineExtra, gCol}, {gLineExtra, gRow}, {gLineExtra, gLineExtra},
	}
)

// findIntersection finds locked candidates between two houses: a digit
// of a box-like house confined to another house (pointing: on a classic,
// a box to a row or column), or of a line-like house (claiming: a row or
// column to a box). With direct set it only takes, as SE does, those
// that leave a hidden single in another house of the first's group
// crossing the second (another box for pointing, another line for
// claiming), and the step only places that single: SE's direct hints
// remove nothing.
func (b *Board) findIntersection(claiming, direct bool) (Step, bool) {
	t, passes := Pointing, pointingPasses
	if claiming {
		t, passes = Claiming, claimingPasses
	}
	if direct {
		t = DirectPointing
		if claiming {
			t = DirectClaiming
		}
	}
	geo := b.geo
	for _, pass := range passes {
		if len(geo.byGroup[pass.from]) == 0 || len(geo.byGroup[pass.to]) == 0 {
			continue
		}
		for d := 1; d <= geo.n; d++ {
			for _, h1 := range geo.byGroup[pass.from] {
				pos := b.positions(h1, d)
				if pos&(pos-1) == 0 {
					continue // placed, or a single
				}
				// The houses that may hold all the places hold the
				// first place.
				c0 := geo.houses[h1][bitIndex(pos)]
				for _, f := range geo.groupFams[pass.to] { // the families whose houses may be of group to
					h2 := geo.houseOf[c0][f]
					if h2 < 0 || h2 == h1 || geo.group[h2] != pass.to || !b.within(h1, pos, h2) {
						continue
					}
					if direct {
						if s, ok := b.directLocking(t, h1, h2, d); ok {
							return s, true
						}
						continue
					}
					var rs []Candidate
					for _, c := range geo.houses[h2] {
						if !geo.houseCells[h1].has(c) && b.Cand[c].Has(d) {
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
					if !b.quiet {
						s.Text = fmt.Sprintf("%s %d in %s and %s: %s", t, d, geo.names[h1], geo.names[h2], removals(rs))
					}
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// directLocking looks, once d of h1 is confined to h2, for another house
// of h1's group crossing h2 where d has one place left outside h2 (its
// cells outside h1).
func (b *Board) directLocking(t Technique, h1, h2, d int) (Step, bool) {
	geo := b.geo
	for _, h3 := range geo.byGroup[geo.group[h1]] {
		if h3 == h1 {
			continue
		}
		pos := b.positions(h3, d)
		if pos&(pos-1) == 0 {
			continue
		}
		rest := pos &^ (geo.crossMask[h3][h2] &^ geo.crossMask[h3][h1])
		if rest == pos || rest == 0 || rest&(rest-1) != 0 {
			continue
		}
		single := geo.houses[h3][bitIndex(rest)]
		s := newStep(t)
		s.Cells = b.cellsOf(h1, b.positions(h1, d))
		s.Digits = digitBit(d)
		s.Place = []Candidate{{single, d}}
		if !b.quiet {
			s.Text = fmt.Sprintf("%s: %s %d of %s in %s leaves hidden single in %s",
				cellName(single), t, d, geo.names[h1], geo.names[h2], geo.names[h3])
		}
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
