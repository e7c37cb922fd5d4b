package logic

import (
	"fmt"
	"math/bits"
)

// The turbot fish family, as SukakuExplainer finds and rates it
// (TurbotFish.java): two strong links on one digit, in a base house and a
// cover house, joined by a weak link between one end of each (the
// bridges, which share a third house). One of the two other ends (start
// and end) holds the digit, so it goes from the cells seeing both; when
// start and end share a house too, the four make a loop and the cells
// seeing both bridges lose it as well. A strong link is a house where the
// digit has two places, or, grouped, more places falling into two groups:
// in a line, two of its three box segments; in a box, a row and a column
// crossing at an empty cell (the empty rectangle), the crossing cell
// standing for the group it meets. Skyscraper (two rows or two columns)
// 4.0, 2-string kite (a row and a column) 4.1, turbot fish (a line and a
// box) 4.2, and any of them with a grouped link 4.3. SukakuExplainer
// sorts its hints by rating, then eliminations, most first; the first is
// the step.

// turbotPasses are SE's (base, cover) house kinds, in its order: 0 rows,
// 9 columns, 18 boxes.
var turbotPasses = [5][2]int{{0, 0}, {9, 9}, {9, 0}, {0, 18}, {9, 18}}

// linkEnd is one end of a strong link: a cell and, for a group, the
// group's other cells (or, at an empty rectangle's crossing, the cells of
// the group it stands for); -1 where there are none. set holds its cells,
// seen the cells that see all of them.
type linkEnd struct {
	cell      int
	sup       [2]int
	set, seen cellSet
}

// newEnd is the end of cell with supports s1 and s2 (-1: none).
func newEnd(cell, s1, s2 int) linkEnd {
	e := linkEnd{cell: cell, sup: [2]int{s1, s2}, set: cellBit(cell), seen: peerSet[cell]}
	for _, s := range e.sup {
		if s >= 0 {
			e.set, e.seen = e.set.or(cellBit(s)), e.seen.and(peerSet[s])
		}
	}
	return e
}

// turbotLinks gives the strong links of digit places p in house h, as
// SE's ordinals give them (each a pair of ends), and whether they are
// grouped.
func turbotLinks(h int, p uint16) (links [2][2]linkEnd, n int, grouped bool) {
	k := bits.OnesCount16(p)
	box := h >= 18
	if k < 2 || k > 6 || box && k > 5 {
		return links, 0, false
	}
	at := func(x uint16, i int) int { // the i-th place of x, or -1
		for ; x != 0; x &= x - 1 {
			if i == 0 {
				return houses[h][bits.TrailingZeros16(x)]
			}
			i--
		}
		return -1
	}
	if k == 2 {
		links[0] = [2]linkEnd{newEnd(at(p, 0), -1, -1), newEnd(at(p, 1), -1, -1)}
		return links, 1, false
	}
	var blade1, blade2 uint16
	heart := -1
	found := false
	if box {
		for e := 0; e < 9 && !found; e++ {
			if p&boxRectangle[e] == 0 {
				found, heart = true, houses[h][e]
				blade1, blade2 = p&boxColumnMates[e], p&boxRowMates[e]
			}
		}
	} else {
		for e := 0; e < 3 && !found; e++ {
			if p&(7<<(3*e)) == 0 {
				found = true
				rest := otherSegments[e]
				lo := rest & -rest
				first := rest & (lo * 7)
				blade1, blade2 = p&first, p&(rest&^first)
			}
		}
	}
	if !found || blade1 == 0 || blade2 == 0 {
		return links, 0, false
	}
	group := func(x uint16, skip int) linkEnd { // x's places from the skip-th: cell and supports
		return newEnd(at(x, skip), at(x, skip+1), at(x, skip+2))
	}
	single := func(one, other uint16) [2]linkEnd {
		if box {
			return [2]linkEnd{group(one, 0), newEnd(heart, at(other, 0), at(other, 1))}
		}
		return [2]linkEnd{group(one, 0), group(other, 0)}
	}
	n1, n2 := bits.OnesCount16(blade1), bits.OnesCount16(blade2)
	switch {
	case n1 == 1 || n2 == 1:
		if n1 == 1 {
			links[n] = single(blade1, blade2)
			n++
		}
		if n2 == 1 {
			links[n] = single(blade2, blade1)
			n++
		}
	default:
		links[0] = [2]linkEnd{group(blade1, 0), group(blade2, 0)}
		n = 1
	}
	return links, n, true
}

// otherSegments[e] holds a line's positions outside its e-th box
// segment.
var otherSegments = [3]uint16{0x1f8, 0x1c7, 0x3f}

// boxColumnMates[e] and boxRowMates[e] hold the box positions in e's
// column and in e's row, e left out (SE's crossBlade1 and crossBlade2).
var boxColumnMates, boxRowMates = func() (col, row [9]uint16) {
	for e := 0; e < 9; e++ {
		for i := 0; i < 9; i++ {
			if i != e && i%3 == e%3 {
				col[e] |= 1 << i
			}
			if i != e && i/3 == e/3 {
				row[e] |= 1 << i
			}
		}
	}
	return
}()

// turbotShared is SE's shareRegionOf: the column, else the row, else the
// box that every cell of both ends lies in, or -1.
func turbotShared(a, b linkEnd) int {
	u := a.set.or(b.set)
	for _, kind := range [3]int{1, 0, 2} {
		if h := houseOf[a.cell][kind]; u.andNot(houseCells[h]).empty() {
			return h
		}
	}
	return -1
}

func (b *Board) findTurbot() (Step, bool) {
	var best Step // without its eliminations and sentence until the end
	bestTenths, bestElims := 0, -1
	var bestVictims cellSet
	var bestGrouped, bestRing bool
	digitCells := b.digitCells()
	// The links of every house and digit, found once.
	type houseLinks struct {
		ends    [2][2]linkEnd
		n       int
		grouped bool
	}
	var all [27][10]houseLinks
	for h := 0; h < 27; h++ {
		for d := 1; d <= 9; d++ {
			l := &all[h][d]
			l.ends, l.n, l.grouped = turbotLinks(h, b.positions(h, d))
		}
	}
	for _, pass := range turbotPasses {
		base, cover := pass[0], pass[1]
		t := TurbotFish
		switch {
		case base == cover:
			t = Skyscraper
		case cover != 18:
			t = TwoStringKite
		}
		plain := int(techniqueInfo[t].se*10 + 0.5)
		if bestElims >= 0 && plain > bestTenths {
			continue // sorted by rating first: a worse kind cannot win
		}
		for d := 1; d <= 9; d++ {
			for i1 := 0; i1 < 9; i1++ {
				h1 := base + i1
				baseLinks, nb, g1 := all[h1][d].ends, all[h1][d].n, all[h1][d].grouped
				for o1 := 0; o1 < nb; o1++ {
					start := 0
					if base == cover {
						start = i1 + 1
					}
					for i2 := start; i2 < 9; i2++ {
						h2 := cover + i2
						coverLinks, nc, g2 := all[h2][d].ends, all[h2][d].n, all[h2][d].grouped
						if nc == 0 || !houseCells[h1].and(houseCells[h2]).and(digitCells[d]).empty() {
							continue
						}
						tenths := plain
						if g1 || g2 {
							tenths = 43
						}
						if bestElims >= 0 && tenths > bestTenths {
							continue
						}
						for o2 := 0; o2 < nc; o2++ {
							ends := [4]linkEnd{baseLinks[o1][0], baseLinks[o1][1], coverLinks[o2][0], coverLinks[o2][1]}
							for i := 0; i < 2; i++ {
								for j := 2; j < 4; j++ {
									bridge1, bridge2 := ends[1-i], ends[j]
									share := turbotShared(bridge1, bridge2)
									if share < 0 || share == h1 || share == h2 {
										continue
									}
									from, to := ends[i], ends[5-j]
									outside := digitCells[d].andNot(houseCells[h1]).andNot(houseCells[h2])
									seen := peerSet[from.cell].and(peerSet[to.cell])
									if g1 {
										seen = seen.and(from.seen)
									}
									if g2 {
										seen = seen.and(to.seen)
									}
									victims := seen.and(outside)
									n := victims.count()
									ring := turbotShared(from, to) >= 0
									if ring {
										more := bridge1.seen.and(bridge2.seen).and(outside)
										n += more.count()
										victims = victims.or(more)
									}
									if n == 0 || bestElims >= 0 && (tenths > bestTenths || tenths == bestTenths && n <= bestElims) {
										continue
									}
									best = newStep(t)
									best.Rating = float64(tenths) / 10
									best.Cells = []int{from.cell, bridge1.cell, bridge2.cell, to.cell}
									best.Digits = digitBit(d)
									bestTenths, bestElims, bestVictims, bestGrouped, bestRing = tenths, n, victims, g1 || g2, ring
								}
							}
						}
					}
				}
			}
		}
	}
	if bestElims < 0 {
		return Step{}, false
	}
	// The sentence, for the step kept only.
	d := best.Digits.First()
	for v := bestVictims; !v.empty(); v = v.rest() {
		best.Remove = append(best.Remove, Candidate{v.first(), d})
	}
	kind := best.Technique.String()
	if bestGrouped {
		kind = "grouped " + kind
	}
	if bestRing {
		kind += " loop"
	}
	c := best.Cells
	best.Text = fmt.Sprintf("%s %d (%s, %s, %s, %s): %s", kind, d,
		cellName(c[0]), cellName(c[1]), cellName(c[2]), cellName(c[3]), removals(best.Remove))
	return best, true
}

// boxRectangle[e] holds the box positions outside the row and the column
// of box position e: a digit whose places avoid them lies on e's cross.
var boxRectangle = func() (r [9]uint16) {
	for e := 0; e < 9; e++ {
		for i := 0; i < 9; i++ {
			if i/3 != e/3 && i%3 != e%3 {
				r[e] |= 1 << i
			}
		}
	}
	return
}()

// sharedHouse is the house two cells share, preferring the column, then
// the row, then the box (SE's order), or -1.
func sharedHouse(a, b int) int {
	switch {
	case houseOf[a][1] == houseOf[b][1]:
		return houseOf[a][1]
	case houseOf[a][0] == houseOf[b][0]:
		return houseOf[a][0]
	case houseOf[a][2] == houseOf[b][2]:
		return houseOf[a][2]
	}
	return -1
}
