// Code generated from engine/logic/exclusion_triplet.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "fmt"

// findAlignedTripletExclusion is Sudoku Explainer's aligned triplet
// exclusion (AlignedExclusion of degree 3, 7.5), in SE's order. Base
// cells have two or more candidates, no naked single among their peers,
// and some "excluders": peers with two or three candidates. For two base
// cells, then a third among their excluders that is a base cell too,
// with at least two excluders common to all three, a combination of
// values (one a cell) is impossible when it puts one digit twice in a
// house or covers every candidate of a common excluder; a value of a
// base cell in no possible combination goes. SE takes the first
// triplet that removes anything.
func (b *Board) findAlignedTripletExclusion() (Step, bool) {
	// The base cells and their excluders (peers in SE's order: box, then
	// row, then column, as its Cell.getHouseCells lists them), rows then
	// columns.
	var bases [frameCells]int
	var excl [frameCells][]int
	var exclSet [frameCells]cellSet
	var arena [frameCells * 20]int
	nb := 0
	for c := 0; c < frameCells; c++ {
		if b.Cand[c].Count() < 2 {
			continue
		}
		single := false
		ex := arena[c*20 : c*20 : c*20+20]
		for _, p8 := range b.geo.seOrder[c] {
			p := int(p8)
			switch k := b.Cand[p].Count(); {
			case k == 1:
				single = true
			case k >= 2 && k <= 3:
				ex = append(ex, p)
			}
		}
		if single || len(ex) == 0 {
			continue
		}
		bases[nb] = c
		nb++
		excl[c] = ex
		for _, p := range ex {
			exclSet[c] = exclSet[c].or(cellBit(p))
		}
	}
	if nb < 3 {
		return Step{}, false
	}
	var isBase cellSet
	for _, c := range bases[:nb] {
		isBase = isBase.or(cellBit(c))
	}
	// Pairs in SE's order (by the later index, then the earlier).
	for j := 1; j < nb; j++ {
		for i := 0; i < j; i++ {
			c0, c1 := bases[i], bases[j]
			pair := exclSet[c0].and(exclSet[c1])
			if pair.count() < 2 {
				continue // no third cell can leave two common excluders
			}
			// The twin area: both cells' excluders (c0's first, in SE's
			// house order) that are base cells, less the two.
			var seen cellSet
			var tailBuf [40]int
			tail := tailBuf[:0]
			for _, list := range [2][]int{excl[c0], excl[c1]} {
				for _, p := range list {
					if p == c0 || p == c1 || !isBase.has(p) || seen.has(p) {
						continue
					}
					seen = seen.or(cellBit(p))
					tail = append(tail, p)
				}
			}
			for _, c2 := range tail {
				common := pair.and(exclSet[c2])
				if common.count() < 2 {
					continue
				}
				if s, ok := b.tripletExclusion([3]int{c0, c1, c2}, excl[c0], common); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// tripletExclusion weighs the triplet with its common excluders (in the
// order of the first cell's list).
func (b *Board) tripletExclusion(cells [3]int, order []int, common cellSet) (Step, bool) {
	// A bivalue excluder {a, b} rules out every combination holding a
	// and b (pair[a] holds b, pair[b] holds a); a trivalue one only the
	// combination of its three values.
	//
	// Only an excluder whose candidates the three cells hold between
	// them can rule out anything. Without one, only digits repeated in a
	// house would, and a value of one cell is then ruled out only by a
	// naked pair in a house of all three, which the ladder's naked pairs
	// took before: such a triplet removes nothing and is passed over.
	union := b.Cand[cells[0]] | b.Cand[cells[1]] | b.Cand[cells[2]]
	useful := false
	for e := common; !e.empty() && !useful; e = e.rest() {
		useful = b.Cand[e.first()]&^union == 0
	}
	if !useful {
		return Step{}, false
	}
	var pair [maxDigits + 1]Digits
	var triples [20]Digits
	nt := 0
	for e := common; !e.empty(); e = e.rest() {
		ce := b.Cand[e.first()]
		if ce.Count() == 2 {
			lo, hi := ce.First(), (ce & (ce - 1)).First()
			pair[lo] |= digitBit(hi)
			pair[hi] |= digitBit(lo)
		} else {
			triples[nt] = ce
			nt++
		}
	}
	var peer [3][3]bool
	peer[0][1], peer[0][2], peer[1][2] = b.geo.isPeer[cells[0]][cells[1]], b.geo.isPeer[cells[0]][cells[2]], b.geo.isPeer[cells[1]][cells[2]]
	peer[1][0], peer[2][0], peer[2][1] = peer[0][1], peer[0][2], peer[1][2]
	// A value goes when no possible combination holds it. Most values of
	// most triplets are in one of the first combinations tried, so each is
	// asked on its own and the search stops at the first. For values of
	// two cells, the third cell's possible values are a mask: its
	// candidates less the two values where it shares a house with their
	// cell and less their bivalue excluders' other digits; only the
	// trivalue excluders are asked one by one.
	var rs []Candidate
	for i, c := range cells {
		j, k := (i+1)%3, (i+2)%3
		for x := b.Cand[c]; x != 0; x &= x - 1 {
			vi := x.First()
			bi := digitBit(vi)
			notK := pair[vi]
			if peer[i][k] {
				notK |= bi
			}
			found := false
			for y := b.Cand[cells[j]] &^ pair[vi]; y != 0 && !found; y &= y - 1 {
				vj := y.First()
				bj := digitBit(vj)
				if vi == vj && peer[i][j] {
					continue
				}
				avail := b.Cand[cells[k]] &^ notK &^ pair[vj]
				if peer[j][k] {
					avail &^= bj
				}
				for z := avail; z != 0 && !found; z &= z - 1 {
					combo := bi | bj | z&-z
					found = true
					for _, t := range triples[:nt] {
						if t == combo {
							found = false
							break
						}
					}
				}
			}
			if !found {
				rs = append(rs, Candidate{c, vi})
			}
		}
	}
	if len(rs) == 0 {
		return Step{}, false
	}
	var exCells []int
	for _, p := range order {
		if common.has(p) {
			exCells = append(exCells, p)
		}
	}
	s := newStep(AlignedTripletExclusion)
	s.Cells = append(cells[:], exCells...)
	s.Remove = rs
	s.Text = fmt.Sprintf("aligned triplet exclusion %s (excluders %s): %s", cellsName(cells[:]), cellsName(exCells), removals(rs))
	return s, true
}
