package logic

import (
	"math/bits"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// strongLink is a house where a symbol has two places, a and b, oriented
// from a to b.
type strongLink struct{ h, a, b int }

// findStrongLinks finds SukakuExplainer's strong-linked fishes of k links
// (k = 3 or 4) over any houses: a chain of one symbol through k houses
// where it has two places (strong links), consecutive links joined by two
// cells that see each other (weak links). One end of the chain holds the
// symbol, so it goes from the cells seeing both ends. Keeps the lowest
// rating, then the most eliminations, as SE sorts them (the classic
// rater's search, over the variant's houses).
func (b *board) findStrongLinks(k int) (Step, bool) {
	sl := strongLinkSearch{b: b, k: k, bestElims: -1}
	for sym := 1; sym <= b.n; sym++ {
		sl.links = sl.links[:0]
		for h := range b.houses {
			pos := b.positions(h, sym)
			if bits.OnesCount32(pos) != 2 {
				continue
			}
			x, y := b.houses[h][bits.TrailingZeros32(pos)], b.houses[h][bits.TrailingZeros32(pos&(pos-1))]
			sl.links = append(sl.links, strongLink{h, x, y}, strongLink{h, y, x})
		}
		nl := len(sl.links)
		if nl < 2*k {
			continue
		}
		// The links that may follow each link: another house, joined by
		// a weak link.
		if cap(sl.next) < nl {
			sl.next = make([][]int, nl)
		}
		sl.next = sl.next[:nl]
		for i, l := range sl.links {
			sl.next[i] = sl.next[i][:0]
			for j, m := range sl.links {
				if m.h != l.h && b.peers[l.b].has(m.a) {
					sl.next[i] = append(sl.next[i], j)
				}
			}
		}
		sl.sym, sl.holders = sym, b.holding(sym)
		for i, l := range sl.links {
			pool := sl.holders.and(b.peers[l.a]).andNot(cellBit(l.b))
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

// strongLinkSearch is findStrongLinks' state.
type strongLinkSearch struct {
	b       *board
	k       int
	sym     int
	links   []strongLink // both ways of every link of sym
	next    [][]int      // next[i] lists the links that may follow links[i]
	holders cellSet      // the cells holding sym
	chain   [4]strongLink

	best        [4]strongLink
	bestSym     int
	bestHolders cellSet
	bestRating  float64
	bestElims   int // -1 while nothing is found
}

// extend adds links after links[prev], the last of the first depth links
// of the chain, weighing every full chain. pool holds the cells that may
// still be victims; a chain whose pool is empty is cut short. used and
// usedHouses are the chain's cells and houses (a variant has at most 52
// houses).
func (sl *strongLinkSearch) extend(prev, depth int, pool, used cellSet, usedHouses uint64) {
	for _, j := range sl.next[prev] {
		l := sl.links[j]
		if usedHouses&(1<<l.h) != 0 || used.has(l.a) || used.has(l.b) {
			continue
		}
		p := pool.andNot(cellBit(l.a)).andNot(cellBit(l.b))
		if p.empty() {
			continue
		}
		sl.chain[depth] = l
		if depth+1 == sl.k {
			sl.weigh(p.and(sl.b.peers[l.b]))
			continue
		}
		sl.extend(j, depth+1, p, used.or(cellBit(l.a)).or(cellBit(l.b)), usedHouses|1<<l.h)
	}
}

func (sl *strongLinkSearch) weigh(victims cellSet) {
	elims := victims.count()
	if elims == 0 {
		return
	}
	r := sl.rating(sl.chain[:sl.k])
	if sl.bestElims >= 0 && (r > sl.bestRating+1e-9 || r > sl.bestRating-1e-9 && elims <= sl.bestElims) {
		return
	}
	sl.best, sl.bestSym, sl.bestHolders = sl.chain, sl.sym, sl.holders
	sl.bestRating, sl.bestElims = r, elims
}

func (sl *strongLinkSearch) step() Step {
	b := sl.b
	chain, sym := sl.best[:sl.k], sl.bestSym
	v := sl.bestHolders.and(b.peers[chain[0].a]).and(b.peers[chain[len(chain)-1].b])
	s := newStep(classic.StrongLinks)
	for _, l := range chain {
		v = v.andNot(cellBit(l.a)).andNot(cellBit(l.b))
		s.Cells = append(s.Cells, l.a, l.b)
	}
	for _, c := range v.list() {
		s.Remove = append(s.Remove, Candidate{c, sym})
	}
	s.Rating, s.Symbols = sl.bestRating, bit(sym)
	s.Text = b.say.s("%s strong links on %s (%s): %s", num(len(chain)), b.symbolName(sym), b.cellsName(s.Cells), b.removals(s.Remove))
	return s
}

// rating rates a chain by the kinds of its houses, as the classic rater
// does: three links 5.4 when all are rows or all columns, 5.5 with a box
// and no row-column mix, 5.6 with rows and columns; four links 5.8, plus
// 0.1 for a mix of kinds, 0.2 for boxes with both kinds of lines. A
// window counts as a box; a diagonal, neither row nor column, as both.
func (sl *strongLinkSearch) rating(chain []strongLink) float64 {
	var rows, cols, boxes bool
	for _, l := range chain {
		switch sl.b.group[l.h] {
		case gRow:
			rows = true
		case gCol:
			cols = true
		case gLineExtra:
			rows, cols = true, true
		default:
			boxes = true
		}
	}
	return classic.StrongLinksRating(len(chain), rows, cols, boxes)
}
