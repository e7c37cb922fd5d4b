package logic

import (
	"fmt"
	"math/bits"
)

// strongLink is a house where a digit has two places, a and b, oriented
// from a to b.
type strongLink struct{ h, a, b int }

// findStrongLinks finds SukakuExplainer's strong-linked fishes of n links
// (n = 3 or 4): a chain of one digit through n houses where it has two
// places (strong links), consecutive links joined by two cells that see
// each other (weak links). One end of the chain holds the digit, so it
// goes from the cells seeing both ends. Keeps the lowest rating, then the
// most eliminations, as SE sorts them.
func (b *Board) findStrongLinks(n int) (Step, bool) {
	sl := strongLinkSearch{n: n, bestElims: -1}
	digitCells := b.digitCells()
	for d := 1; d <= 9; d++ {
		nl := 0
		for h := 0; h < 27; h++ {
			pos := b.positions(h, d)
			if bits.OnesCount16(pos) != 2 {
				continue
			}
			x, y := houses[h][bitIndex(pos)], houses[h][bitIndex(pos&(pos-1))]
			sl.links[nl], sl.links[nl+1] = strongLink{h, x, y}, strongLink{h, y, x}
			nl += 2
		}
		if nl < 2*n {
			continue
		}
		// The links that may follow each link: another house, joined by
		// a weak link.
		for i, l := range sl.links[:nl] {
			k := 0
			for j, m := range sl.links[:nl] {
				if m.h != l.h && isPeer[l.b][m.a] {
					sl.next[i][k] = uint8(j)
					k++
				}
			}
			sl.nNext[i] = uint8(k)
		}
		sl.d, sl.holders = d, digitCells[d]
		for i, l := range sl.links[:nl] {
			pool := sl.holders.and(peerSet[l.a]).andNot(cellBit(l.b))
			if pool.empty() {
				continue
			}
			sl.chain[0] = l
			sl.extend(i, 1, pool, cellBit(l.a).or(cellBit(l.b)), 1<<l.h)
		}
	}
	if sl.bestElims < 0 {
		return Step{}, false
	}
	return sl.step(), true
}

// strongLinkSearch is findStrongLinks' state: the digit's links, the
// chain being built and the best chain so far.
type strongLinkSearch struct {
	n       int
	d       int
	links   [54]strongLink // both ways of every link of d
	next    [54][54]uint8  // next[i] lists the links that may follow links[i]
	nNext   [54]uint8
	holders cellSet // the cells holding d
	chain   [4]strongLink

	best        [4]strongLink
	bestD       int
	bestHolders cellSet
	bestRating  float64
	bestElims   int // -1 while nothing is found
}

// extend adds links after links[prev], the last of the first depth links
// of the chain, whose cells and houses are used, weighing every full
// chain. pool holds the cells that may still be victims: those holding d
// that see the start of the chain, outside the chain; a chain whose pool
// is empty is cut short.
func (sl *strongLinkSearch) extend(prev, depth int, pool, used cellSet, usedHouses uint32) {
	for _, j := range sl.next[prev][:sl.nNext[prev]] {
		l := sl.links[j]
		if usedHouses&(1<<l.h) != 0 || used.has(l.a) || used.has(l.b) {
			continue
		}
		p := pool.andNot(cellBit(l.a)).andNot(cellBit(l.b))
		if p.empty() {
			continue
		}
		sl.chain[depth] = l
		if depth+1 == sl.n {
			sl.weigh(p.and(peerSet[l.b]))
		} else {
			sl.extend(int(j), depth+1, p, used.or(cellBit(l.a)).or(cellBit(l.b)), usedHouses|1<<l.h)
		}
	}
}

// weigh keeps the full chain, whose victims are given, when it
// eliminates something and beats the best so far: a lower rating, or
// the same with more eliminations.
func (sl *strongLinkSearch) weigh(victims cellSet) {
	elims := victims.count()
	if elims == 0 {
		return
	}
	r := strongLinksRating(sl.chain[:sl.n])
	if sl.bestElims >= 0 && (r > sl.bestRating+1e-9 || r > sl.bestRating-1e-9 && elims <= sl.bestElims) {
		return
	}
	sl.best, sl.bestD, sl.bestHolders = sl.chain, sl.d, sl.holders
	sl.bestRating, sl.bestElims = r, elims
}

// strongLinkVictims are the cells of holders that see both ends of the
// chain, the chain's cells excepted.
func strongLinkVictims(chain []strongLink, holders cellSet) cellSet {
	v := holders.and(peerSet[chain[0].a]).and(peerSet[chain[len(chain)-1].b])
	for _, l := range chain {
		v = v.andNot(cellBit(l.a)).andNot(cellBit(l.b))
	}
	return v
}

// step describes the best chain.
func (sl *strongLinkSearch) step() Step {
	chain, d := sl.best[:sl.n], sl.bestD
	var rs []Candidate
	for v := strongLinkVictims(chain, sl.bestHolders); !v.empty(); v = v.rest() {
		rs = append(rs, Candidate{v.first(), d})
	}
	s := newStep(StrongLinks)
	s.Rating = sl.bestRating
	s.Digits, s.Remove = digitBit(d), rs
	for _, l := range chain {
		s.Cells = append(s.Cells, l.a, l.b)
	}
	s.Text = fmt.Sprintf("%d strong links on %d (%s): %s", len(chain), d, cellsName(s.Cells), removals(rs))
	return s
}

// strongLinksRating rates a chain by the kinds of its houses: three
// links 5.4 when all are rows or all columns, 5.5 with a box and no
// row-column mix, 5.6 with rows and columns; four links 5.8, plus 0.1
// for a mix of kinds, 0.2 for boxes with both kinds of lines.
func strongLinksRating(chain []strongLink) float64 {
	var rows, cols, boxes bool
	for _, l := range chain {
		switch {
		case l.h < 9:
			rows = true
		case l.h < 18:
			cols = true
		default:
			boxes = true
		}
	}
	return StrongLinksRating(len(chain), rows, cols, boxes)
}

// StrongLinksRating rates a chain of links strong links by the kinds of
// its houses (see strongLinksRating); the variant rater counts a window
// as a box and a diagonal as both kinds of line.
func StrongLinksRating(links int, rows, cols, boxes bool) float64 {
	if links == 3 {
		switch {
		case rows && cols:
			return 5.6
		case boxes:
			return 5.5
		}
		return 5.4
	}
	switch {
	case boxes && rows && cols:
		return 6.0
	case boxes || rows && cols:
		return 5.9
	}
	return 5.8
}
