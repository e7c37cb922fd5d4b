package logic

import (
	"math/bits"
)

// The turbot fish family, as Sudoku Explainer finds and rates it: a
// house where a symbol has two places (the base), another (the cover)
// where it has two places or, for a box, an empty rectangle (its places on
// the cross of one cell, the heart), and one place of each seeing each
// other through a third house. Either end of the chain holds the symbol,
// so it goes from the cells seeing both. Skyscraper (two rows or two
// columns) 4.0, 2-string kite (a column and a row) and turbot fish (a
// line and a box) 4.1, as SukakuExplainer rates them (its default ladder
// finds them as two strong links); the extra houses take part as turbot
// fish.

type turbotPass struct {
	base, cover group
	t           Technique
}

var turbotPasses = []turbotPass{
	{gRow, gRow, Skyscraper}, {gCol, gCol, Skyscraper}, {gCol, gRow, TwoStringKite},
	{gRow, gRegion, TurbotFish}, {gCol, gRegion, TurbotFish},
	{gLineExtra, gRow, TurbotFish}, {gLineExtra, gCol, TurbotFish}, {gLineExtra, gRegion, TurbotFish},
	{gLineExtra, gLineExtra, TurbotFish}, {gBoxExtra, gRow, TurbotFish}, {gBoxExtra, gCol, TurbotFish},
	{gBoxExtra, gRegion, TurbotFish}, {gBoxExtra, gBoxExtra, TurbotFish}, {gLineExtra, gBoxExtra, TurbotFish},
}

// findTurbot returns, as Sudoku Explainer sorts them, the lowest-rated
// turbot with the most eliminations.
func (b *board) findTurbot() (Step, bool) {
	var best Step
	bestElims := -1
	var bestVictims cellSet
	bestER := false
	for _, ps := range turbotPasses {
		if len(b.byGrp[ps.base]) == 0 || len(b.byGrp[ps.cover]) == 0 {
			continue
		}
		se := ps.t.BaseRating()
		if bestElims >= 0 && se > best.Rating {
			continue // sorted by rating first: a worse kind cannot win
		}
		for sym := 1; sym <= b.n; sym++ {
			var holding cellSet
			haveHolding := false
			for i1, h1 := range b.byGrp[ps.base] {
				p1 := b.positions(h1, sym)
				if bits.OnesCount32(p1) != 2 {
					continue
				}
				covers := b.byGrp[ps.cover]
				if ps.base == ps.cover {
					covers = covers[i1+1:]
				}
				for _, h2 := range covers {
					p2 := b.positions(h2, sym)
					n2 := bits.OnesCount32(p2)
					er, heart := false, -1
					if n2 != 2 {
						if ps.cover != gRegion || n2 < 3 {
							continue
						}
						if heart = b.heart(h2, p2); heart < 0 {
							continue
						}
						er = true
					}
					var cells [4]int
					cells[0] = b.houses[h1][bits.TrailingZeros32(p1)]
					cells[1] = b.houses[h1][bits.TrailingZeros32(p1&(p1-1))]
					if b.inside[h2].has(cells[0]) || b.inside[h2].has(cells[1]) {
						continue
					}
					jEnd := 4
					if er {
						cells[2], cells[3], jEnd = heart, heart, 3
					} else {
						cells[2] = b.houses[h2][bits.TrailingZeros32(p2)]
						cells[3] = b.houses[h2][bits.TrailingZeros32(p2&(p2-1))]
						if b.inside[h1].has(cells[2]) || b.inside[h1].has(cells[3]) {
							continue
						}
						if ps.cover == gRegion && (cells[2]/b.n == cells[3]/b.n || cells[2]%b.n == cells[3]%b.n) {
							continue // SE leaves a region's link in a line to the line
						}
					}
					for i := range 2 {
						for j := 2; j < jEnd; j++ {
							start, bridge1, bridge2, end := cells[i], cells[1-i], cells[j], cells[5-j]
							if !b.bridged(bridge1, bridge2, h1, h2) {
								continue
							}
							if !haveHolding {
								holding, haveHolding = b.holding(sym), true
							}
							var victims cellSet
							if er {
								victims = b.rectangleVictims(holding, h1, h2, p2, start, bridge1)
							} else {
								victims = b.peers[start].and(b.peers[end]).and(holding)
							}
							k := len(victims.list())
							if k == 0 || bestElims >= 0 && (se > best.Rating || se == best.Rating && (k < bestElims || k == bestElims && !before(ps.t, best.Technique))) {
								continue
							}
							best = newStep(ps.t)
							best.Cells, best.Symbols = []int{start, bridge1, bridge2, end}, bit(sym)
							bestElims, bestVictims, bestER = k, victims, er
						}
					}
				}
			}
		}
	}
	if bestElims < 0 {
		return Step{}, false
	}
	sym := first(best.Symbols)
	for _, c := range bestVictims.list() {
		best.Remove = append(best.Remove, Candidate{c, sym})
	}
	kind := b.say.name(best.Technique)
	if bestER {
		kind = b.say.w("empty rectangle")
	}
	best.Text = b.say.s("%s %s (%s): %s", kind, b.symbolName(sym), b.cellsName(best.Cells), b.removals(best.Remove))
	return best, true
}

// before reports whether SE sorts a turbot of kind t before one of kind u
// of the same rating and eliminations: by the name of its kinds of house,
// in which a box comes first (a turbot fish before a 2-string kite).
func before(t, u Technique) bool { return t == TurbotFish && u == TwoStringKite }

// heart is the first cell of region h whose row and column hold every
// place pos of the region (an empty rectangle's heart), or -1.
func (b *board) heart(h int, pos uint32) int {
	for _, e := range b.houses[h] {
		ok := true
		for x := pos; x != 0 && ok; x &= x - 1 {
			c := b.houses[h][bits.TrailingZeros32(x)]
			ok = c/b.n == e/b.n || c%b.n == e%b.n
		}
		if ok {
			return e
		}
	}
	return -1
}

// bridged reports whether cells a and c share a house other than h1 and
// h2: the weak link of the turbot.
func (b *board) bridged(a, c, h1, h2 int) bool {
	if a == c {
		return false
	}
	for _, h := range b.cellHouses[a] {
		if h != h1 && h != h2 && b.inside[h].has(c) {
			return true
		}
	}
	return false
}

// rectangleVictims are the eliminations of an empty rectangle in region
// h2 with the strong link start-bridge1 of house h1: the cells holding
// the symbol that see start and either see bridge1 or every place of the
// region that bridge1 leaves (if start is false, bridge1 holds it, and
// the region's symbol lies among those), outside h1 and h2.
func (b *board) rectangleVictims(holding cellSet, h1, h2 int, p2 uint32, start, bridge1 int) cellSet {
	seeAll := b.peers[start]
	left := 0
	for x := p2; x != 0; x &= x - 1 {
		c := b.houses[h2][bits.TrailingZeros32(x)]
		if c != bridge1 && !b.peers[bridge1].has(c) {
			seeAll = seeAll.and(b.peers[c])
			left++
		}
	}
	if left == 0 || left == bits.OnesCount32(p2) {
		return cellSet{} // bridge1 sees no place, or all of them
	}
	return holding.and(b.peers[start]).and(b.peers[bridge1].or(seeAll)).andNot(b.inside[h1]).andNot(b.inside[h2])
}
