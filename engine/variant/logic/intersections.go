package logic

import (
	"math/bits"
)

// pass is one scan of locked candidates: the places of a symbol in a
// house of group from, confined to a house of group to.
type pass struct{ from, to group }

// The passes in Sudoku Explainer's order for classic's houses (a box
// confined to a column, to a row; a column, a row confined to a box),
// then those of the extra houses. A box-like house confined to another
// house is pointing; a line-like one is claiming.
var (
	pointingPasses = []pass{
		{gRegion, gCol}, {gRegion, gRow}, {gRegion, gLineExtra}, {gRegion, gBoxExtra},
		{gBoxExtra, gCol}, {gBoxExtra, gRow}, {gBoxExtra, gRegion}, {gBoxExtra, gLineExtra}, {gBoxExtra, gBoxExtra},
	}
	claimingPasses = []pass{
		{gCol, gRegion}, {gRow, gRegion}, {gCol, gBoxExtra}, {gRow, gBoxExtra}, {gCol, gLineExtra}, {gRow, gLineExtra},
		{gLineExtra, gRegion}, {gLineExtra, gBoxExtra}, {gLineExtra, gCol}, {gLineExtra, gRow}, {gLineExtra, gLineExtra},
	}
)

// findIntersection finds locked candidates between any two intersecting
// houses: the places of a symbol in house h1 all lie in house h2, so the
// symbol goes from h2's other cells. With direct set it only takes, as
// Sudoku Explainer does, those that leave a hidden single in another
// house of h1's group crossing h2, and the step only places that single.
func (b *board) findIntersection(claiming, direct bool) (Step, bool) {
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
	for _, ps := range passes {
		if len(b.byGrp[ps.from]) == 0 || len(b.byGrp[ps.to]) == 0 {
			continue
		}
		for sym := 1; sym <= b.n; sym++ {
			for _, h1 := range b.byGrp[ps.from] {
				pos := b.positions(h1, sym)
				if pos&(pos-1) == 0 {
					continue // placed, or a single
				}
				// The houses that may hold all the places hold the first.
				c0 := b.houses[h1][bits.TrailingZeros32(pos)]
				for _, h2 := range b.cellHouses[c0] {
					if h2 == h1 || b.group[h2] != ps.to || !b.within(h1, pos, h2) {
						continue
					}
					if direct {
						if s, ok := b.directLocking(t, ps.from, h1, h2, sym); ok {
							return s, true
						}
						continue
					}
					var rs []Candidate
					for _, c := range b.houses[h2] {
						if !b.inside[h1].has(c) && b.cand[c]&bit(sym) != 0 {
							rs = append(rs, Candidate{c, sym})
						}
					}
					if len(rs) == 0 {
						continue
					}
					s := newStep(t)
					s.Cells, s.Symbols, s.Remove = b.cellsOf(h1, pos), bit(sym), rs
					s.Text = b.say.s("%s %s in %s and %s: %s", b.say.name(t), b.symbolName(sym), b.names[h1], b.names[h2], b.removals(rs))
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// directLocking looks, once sym of h1 is confined to h2, for another
// house of h1's group crossing h2 where sym has one place left once h2's
// cells outside h1 lose it.
func (b *board) directLocking(t Technique, from group, h1, h2, sym int) (Step, bool) {
	gone := b.inside[h2].andNot(b.inside[h1])
	for _, h3 := range b.byGrp[from] {
		if h3 == h1 {
			continue
		}
		pos := b.positions(h3, sym)
		if pos&(pos-1) == 0 {
			continue
		}
		rest := uint32(0)
		for x := pos; x != 0; x &= x - 1 {
			i := bits.TrailingZeros32(x)
			if !gone.has(b.houses[h3][i]) {
				rest |= 1 << i
			}
		}
		if rest == pos || rest == 0 || rest&(rest-1) != 0 {
			continue
		}
		single := b.houses[h3][bits.TrailingZeros32(rest)]
		s := newStep(t)
		s.Cells, s.Symbols = b.cellsOf(h1, b.positions(h1, sym)), bit(sym)
		s.Place = []Candidate{{single, sym}}
		s.Text = b.say.s("%s: %s %s of %s in %s leaves a hidden single in %s",
			b.cellName(single), b.say.name(t), b.symbolName(sym), b.names[h1], b.names[h2], b.names[h3])
		return s, true
	}
	return Step{}, false
}
