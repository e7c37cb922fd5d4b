// Code generated from engine/logic/advanced.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"math/bits"
	"slices"
)

// Sudoku Explainer's dynamic forcing chains "plus" (Chaining with level 1,
// rated from 9.0): when a dynamic run from an assumption has nothing left
// to follow, it looks for the simple techniques in the grid the run has
// made (its eliminations applied) and switches off what they eliminate.
// SE's getAdvancedPotentials tries, with its default options, pointing
// and claiming, hidden pairs, naked pairs and x-wings, in that order,
// and takes every elimination of the first of them that finds one the
// run made possible: an elimination whose rule needs some candidate the
// run switched off (its "rule parents", which become the new potential's
// parents). An elimination the start grid allowed already is no
// consequence of the assumption, and is left out.

// advOff is a potential an advanced rule switches off, and the run's
// nodes of the switched-off potentials the rule needs.
type advOff struct {
	pot     int
	parents []int16
	nest    int32 // the nested chain it comes from (ch.nests index + 1), 0 for none
}

// advanced finds, in g (the run's grid), the eliminations of the first
// rule of SE's list that has any the run made possible, with their rule
// parents among the run's nodes. The parents slices share buf.
func (ch *chainer) advanced(r *run, g *cgrid, out []advOff, buf *[]int16) []advOff {
	out = out[:0]
	*buf = (*buf)[:0]
	for _, rule := range [...]func(*run, *cgrid, []advOff, *[]int16) []advOff{
		ch.advLocking, ch.advHiddenPairs, ch.advNakedPairs, ch.advXWings,
	} {
		if out = rule(r, g, out, buf); len(out) > 0 {
			return out
		}
	}
	return out
}

// removed reports whether candidate (c, d) of the start grid is gone
// from g, and the run's node that switched it off.
func (ch *chainer) removed(r *run, g *cgrid, c, d int) (int16, bool) {
	if !ch.g.has(c, d) || g.has(c, d) {
		return 0, false
	}
	i := r.idx[potOf(c, d, false)]
	return i - 1, i > 0
}

// emit records a rule's eliminations with the parents the run has
// gathered in (*buf)[from:]; none when the rule needs nothing the run did.
func emit(out []advOff, buf *[]int16, from int, offs []int) []advOff {
	if len(*buf) == from {
		return out
	}
	parents := (*buf)[from:len(*buf):len(*buf)]
	hashOrder(offs)
	for _, p := range offs {
		out = append(out, advOff{pot: p, parents: parents})
	}
	return out
}

// hashOrder puts a hint's eliminations, listed in the order SE's rule
// finds their cells, in the order SE takes them from the hint: a Java
// HashMap keyed by cell (hashCode the cell's index) of at most 16
// buckets for 12 cells, 32 for 24, 64 beyond, walked bucket by bucket,
// each in the order its cells came; a cell's digits go up.
func hashOrder(offs []int) {
	cells := 0
	for i, p := range offs {
		if i == 0 || potCell(p) != potCell(offs[i-1]) {
			cells++
		}
	}
	mask := 15
	for limit := 12; cells > limit; limit *= 2 {
		mask = mask*2 + 1
	}
	slices.SortStableFunc(offs, func(a, b int) int { return potCell(a)&mask - potCell(b)&mask })
}

// lockingPasses are SE's intersection passes by group of house: a box
// confined to a column, to a row, then a column or a row confined to a
// box.
var lockingPasses = [4]struct{ from, to uint8 }{
	{gRegion, gCol},
	{gRegion, gRow},
	{gCol, gRegion},
	{gRow, gRegion},
}

// advLocking is SE's Locking(false): for each pass (box to column, box
// to row, column to box, row to box), digit and first house, a digit of
// the first house confined to the second; the second loses it elsewhere.
// The rule parents are the first house's places of the digit the run
// removed, outside the second house.
func (ch *chainer) advLocking(r *run, g *cgrid, out []advOff, buf *[]int16) []advOff {
	var offs [maxDigits]int
	geo := ch.geo
	for _, pass := range lockingPasses {
		for d := 1; d <= geo.n; d++ {
			for _, h1 := range geo.byGroup[pass.from] {
				pos := g.pos[h1][d]
				if pos&(pos-1) == 0 {
					continue
				}
				// The houses that may hold all the places hold the first.
				c0 := geo.houses[h1][bits.TrailingZeros16(pos)]
				for _, f := range geo.groupFams[pass.to] {
					h2 := geo.houseOf[c0][f]
					if h2 < 0 || pos&^geo.crossMask[h1][h2] != 0 {
						continue // not all in h2
					}
					// h2's places of d outside h1, in h2's order.
					n := 0
					for x := g.pos[h2][d] &^ geo.crossMask[h2][h1]; x != 0; x &= x - 1 {
						offs[n] = potOf(geo.houses[h2][bits.TrailingZeros16(x)], d, false)
						n++
					}
					if n == 0 {
						continue
					}
					from := len(*buf)
					for _, c := range geo.houses[h1] {
						if geo.inHouse(c, h2) {
							continue
						}
						if node, ok := ch.removed(r, g, c, d); ok {
							*buf = append(*buf, node)
						}
					}
					out = emit(out, buf, from, offs[:n])
				}
			}
		}
	}
	return out
}

// advHiddenPairs is SE's HiddenSet(2): in each house (boxes, columns,
// rows) with more than four empty cells, two digits whose places are the
// same two cells; the cells lose their other candidates. The rule parents
// are the two digits' candidates of the start grid in the house's other
// cells.
func (ch *chainer) advHiddenPairs(r *run, g *cgrid, out []advOff, buf *[]int16) []advOff {
	var offs [2 * (maxDigits - 2)]int
	for _, h := range ch.geo.scan {
		if ch.empty[h] <= 4 {
			continue
		}
		// Only digits of two places make a pair: the others are passed
		// over without looking at each pair of digits.
		var two Digits
		for d := 1; d <= ch.geo.n; d++ {
			if bits.OnesCount16(g.pos[h][d]) == 2 {
				two |= digitBit(d)
			}
		}
		if two.Count() < 2 {
			continue
		}
		for hi := 1; hi < ch.geo.n; hi++ {
			if !two.Has(hi + 1) {
				continue
			}
			for lo := 0; lo < hi; lo++ {
				d1, d2 := lo+1, hi+1
				p1, p2 := g.pos[h][d1], g.pos[h][d2]
				if !two.Has(d1) || p1 != p2 {
					continue
				}
				n := 0
				for x := p1 | p2; x != 0; x &= x - 1 {
					c := ch.geo.houses[h][bits.TrailingZeros16(x)]
					for y := g.cand[c] &^ digitBit(d1) &^ digitBit(d2); y != 0; y &= y - 1 {
						offs[n] = potOf(c, y.low(), false)
						n++
					}
				}
				if n == 0 {
					continue
				}
				from := len(*buf)
				for i, c := range ch.geo.houses[h] {
					if (p1|p2)&(1<<i) != 0 {
						continue
					}
					for _, d := range [2]int{d1, d2} {
						if ch.g.has(c, d) {
							if j := r.idx[potOf(c, d, false)]; j > 0 {
								*buf = append(*buf, j-1)
							}
						}
					}
				}
				out = emit(out, buf, from, offs[:n])
			}
		}
	}
	return out
}

// advNakedPairs is SE's NakedSet(2): in each house (boxes, columns,
// rows) with at least four empty cells, two cells whose candidates are
// the same two digits; the house's other cells lose them. The rule
// parents are the two cells' other candidates of the start grid.
func (ch *chainer) advNakedPairs(r *run, g *cgrid, out []advOff, buf *[]int16) []advOff {
	var offs [2 * (maxDigits - 2)]int
	for _, h := range ch.geo.scan {
		if ch.empty[h] < 4 {
			continue
		}
		// Only cells of two candidates make a pair: the others are passed
		// over without looking at each pair of cells.
		var two uint32
		for i, c := range ch.geo.houses[h] {
			if g.cand[c].Count() == 2 {
				two |= 1 << i
			}
		}
		if bits.OnesCount32(two) < 2 {
			continue
		}
		for hi := 1; hi < ch.geo.n; hi++ {
			if two&(1<<hi) == 0 {
				continue
			}
			for lo := 0; lo < hi; lo++ {
				c1, c2 := ch.geo.houses[h][lo], ch.geo.houses[h][hi]
				a, b := g.cand[c1], g.cand[c2]
				if two&(1<<lo) == 0 || a != b {
					continue
				}
				union := a | b
				n := 0
				for _, c := range ch.geo.houses[h] {
					if c == c1 || c == c2 {
						continue
					}
					for y := g.cand[c] & union; y != 0; y &= y - 1 {
						offs[n] = potOf(c, y.low(), false)
						n++
					}
				}
				if n == 0 {
					continue
				}
				from := len(*buf)
				for _, c := range [2]int{c1, c2} {
					for y := ch.g.cand[c] &^ union; y != 0; y &= y - 1 {
						if j := r.idx[potOf(c, y.low(), false)]; j > 0 {
							*buf = append(*buf, j-1)
						}
					}
				}
				out = emit(out, buf, from, offs[:n])
			}
		}
	}
	return out
}

// advXWings is SE's Fisherman(2): columns as base lines and rows as
// cover first, then rows and columns; for each pair of base lines, then
// each digit placed at most five times, a digit whose places in both
// lines are the same two cover lines; the cover lines lose it elsewhere.
// The rule parents are the base lines' places of the digit the run
// removed, outside the cover lines.
func (ch *chainer) advXWings(r *run, g *cgrid, out []advOff, buf *[]int16) []advOff {
	var offs [2 * (maxDigits - 2)]int
	side := ch.geo.n
	// A gattai's digits are placed more often than one grid holds them.
	sheet := len(ch.geo.blocks) > 1
	for _, bl := range ch.geo.blocks {
		lines := [2][]int{bl.rows, bl.cols}
		// Only a digit of two places in a line, and placed at most
		// side-4 times, makes an x-wing there: each line's such digits
		// (two), so that a pair of lines looks at the digits both have.
		var two [2][maxDigits]Digits
		for k := range lines {
			for i, h := range lines[k] {
				for d := 1; d <= side; d++ {
					if (sheet || ch.placed[d]+4 <= side) && bits.OnesCount16(g.pos[h][d]) == 2 {
						two[k][i] |= digitBit(d)
					}
				}
			}
		}
		for _, pass := range [2]struct{ base, cover int }{{1, 0}, {0, 1}} {
			base, cover := lines[pass.base], lines[pass.cover]
			for hi := 1; hi < side; hi++ {
				for lo := 0; lo < hi; lo++ {
					b1, b2 := base[lo], base[hi]
					for ds := two[pass.base][lo] & two[pass.base][hi]; ds != 0; ds &= ds - 1 {
						d := ds.low()
						p1, p2 := g.pos[b1][d], g.pos[b2][d]
						if p1 != p2 {
							continue
						}
						covers := p1 | p2
						n := 0
						for x := covers; x != 0; x &= x - 1 {
							h := cover[bits.TrailingZeros16(x)]
							for i, c := range ch.geo.houses[h] {
								if i != lo && i != hi && g.has(c, d) {
									offs[n] = potOf(c, d, false)
									n++
								}
							}
						}
						if n == 0 {
							continue
						}
						from := len(*buf)
						for _, b := range [2]int{b1, b2} {
							for i, c := range ch.geo.houses[b] {
								if covers&(1<<i) != 0 {
									continue
								}
								if node, ok := ch.removed(r, g, c, d); ok {
									*buf = append(*buf, node)
								}
							}
						}
						out = emit(out, buf, from, offs[:n])
					}
				}
			}
		}
	}
	return out
}
