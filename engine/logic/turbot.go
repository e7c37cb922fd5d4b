package logic

import (
	"fmt"
	"math/bits"
)

// The turbot fish family, as SukakuExplainer finds and rates it: a house
// where a digit has two places (the base), another (the cover) where it
// has two places or, for a box, an empty rectangle, and one cell of each
// seeing each other through a third house. Either end of the chain holds
// the digit, so it goes from the cells seeing both ends. Skyscraper (two
// rows or two columns) 4.0, 2-string kite (a column and a row) 4.1,
// turbot fish (a line and a box, empty rectangles included) 4.2.

// turbotPasses are SE's (base, cover) house kinds, in its order: 0 rows,
// 9 columns, 18 boxes.
var turbotPasses = [5][2]int{{0, 0}, {9, 9}, {9, 0}, {0, 18}, {9, 18}}

func (b *Board) findTurbot() (Step, bool) {
	var best Step // without its eliminations and sentence until the end
	bestElims := -1
	var bestVictims cellSet
	var bestER bool
	digitCells := b.digitCells()
	for _, pass := range turbotPasses {
		base, cover := pass[0], pass[1]
		t := TurbotFish
		switch {
		case base == cover:
			t = Skyscraper
		case cover != 18:
			t = TwoStringKite
		}
		if bestElims >= 0 && techniqueInfo[t].se > best.Rating {
			continue // sorted by rating first: a worse kind cannot win
		}
		for d := 1; d <= 9; d++ {
			for i1 := 0; i1 < 9; i1++ {
				h1 := base + i1
				p1 := b.positions(h1, d)
				if bits.OnesCount16(p1) != 2 {
					continue
				}
				start := 0
				if base == cover {
					start = i1 + 1
				}
				for i2 := start; i2 < 9; i2++ {
					h2 := cover + i2
					p2 := b.positions(h2, d)
					n2 := bits.OnesCount16(p2)
					er := false
					heart := -1
					if n2 != 2 {
						if cover != 18 || n2 < 3 || n2 > 5 {
							continue
						}
						for e := 0; e < 9; e++ {
							if p2&boxRectangle[e] == 0 {
								er, heart = true, houses[h2][e]
								break
							}
						}
						if !er {
							continue
						}
					}
					var cells [4]int
					cells[0] = houses[h1][bitIndex(p1)]
					cells[1] = houses[h1][bitIndex(p1&(p1-1))]
					if er {
						cells[2], cells[3] = heart, heart
						if cells[0] == heart || cells[1] == heart ||
							engineBox(cells[0]) == engineBox(heart) || engineBox(cells[1]) == engineBox(heart) {
							continue
						}
					} else {
						cells[2] = houses[h2][bitIndex(p2)]
						cells[3] = houses[h2][bitIndex(p2&(p2-1))]
						if cells[0] == cells[2] || cells[0] == cells[3] || cells[1] == cells[2] || cells[1] == cells[3] {
							continue
						}
					}
					jEnd := 4
					if er {
						jEnd = 3
					}
					for i := 0; i < 2; i++ {
						for j := 2; j < jEnd; j++ {
							startCell, bridge1, bridge2, end := cells[i], cells[1-i], cells[j], cells[5-j]
							share := sharedHouse(bridge1, bridge2)
							if share < 0 || share == h1 || share == h2 {
								continue
							}
							victims := peerSet[startCell].and(peerSet[end]).and(digitCells[d])
							if er {
								victims = victims.andNot(houseCells[h1]).andNot(houseCells[h2])
							}
							// SE sorts by rating, then by eliminations, most first.
							se := techniqueInfo[t].se
							n := victims.count()
							if n == 0 || bestElims >= 0 && (se > best.Rating || se == best.Rating && n <= bestElims) {
								continue
							}
							best = newStep(t)
							best.Cells = []int{startCell, bridge1, bridge2, end}
							best.Digits = digitBit(d)
							bestElims, bestVictims, bestER = n, victims, er
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
	if bestER {
		kind = "empty rectangle"
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

func engineBox(c int) int { return houseOf[c][2] }

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
