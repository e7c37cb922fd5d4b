package logic

import (
	classic "github.com/pressrun/pressrun/engine/logic"
)

// findBentSet finds SukakuExplainer's WXYZ-wing (k = 4) and VWXYZ-wing
// (k = 5) over any houses: a pivot cell and k-1 wing cells it sees,
// holding k symbols between them, where every symbol but one (z) is
// restricted (its cells all see each other). The k cells cannot all miss
// z without k-1 symbols for k cells, so z goes from the cells seeing
// every z of the set; when every symbol is restricted, each goes from the
// cells seeing all of its places in the set. Ratings by the pivot's
// candidate count: WXYZ 5.5-5.6, VWXYZ 6.2-6.4. The set kept is the
// classic rater's: the lowest rating, the most eliminations, then the
// first in SE's order.
func (b *board) findBentSet(k int) (Step, bool) {
	bs := bentSearch{b: b, k: k, bestElims: -1}
	bs.symCells = make([]cellSet, b.n+1)
	for s := 1; s <= b.n; s++ {
		bs.symCells[s] = b.holding(s)
	}
	var small cellSet // the cells that may be in a set: two to k candidates
	for c, x := range b.cand {
		if m := count(x); m >= 2 && m <= k {
			small.add(c)
		}
	}
	// By pivot, then by wings among its peers in cell order, the union of
	// their symbols never above k: on 16 symbols far fewer sets than the
	// classic rater's walk over the k-symbol sets, and the same one kept
	// (weigh orders the sets as SE does, whatever the walk).
	for pivots := small; !pivots.empty(); pivots = pivots.rest() {
		pivot := pivots.first()
		pc := b.cand[pivot]
		rating := classic.BentSetRating(k, count(pc))
		if bs.bestElims >= 0 && rating > bs.bestRating+1e-9 {
			continue // a worse rating cannot win
		}
		bs.wings = b.peers[pivot].and(small).list()
		if len(bs.wings) < k-1 {
			continue
		}
		bs.rating = rating
		bs.cells[0], bs.cand[0] = pivot, pc
		bs.extend(0, 1, pc, 0)
	}
	if bs.bestElims < 0 {
		return Step{}, false
	}
	return bs.step(), true
}

// bentSearch is findBentSet's state: the set being built (pivot first,
// then wings in cell order) and the best set so far.
type bentSearch struct {
	b        *board
	k        int
	symCells []cellSet
	wings    []int // the pivot's peers that may be wings
	rating   float64
	cells    [5]int
	cand     [5]uint32

	bestCells   [5]int
	bestUnion   uint32
	bestTargets uint32
	bestRating  float64
	bestElims   int // -1 while nothing is found
}

// extend adds wings from wings[start:] to the first size cells of the
// set, whose symbols are union, unrestricted of them the symbols two cells
// of the set that do not see each other share, and weighs every full
// set. Sets that cannot yield a step are cut short: those with more than
// k symbols, those with two unrestricted symbols (adding cells never
// undoes that), and those with an unrestricted symbol without a victim
// (adding cells only removes victims).
func (bs *bentSearch) extend(start, size int, union, unrestricted uint32) {
	last := size+1 == bs.k
	for i := start; i <= len(bs.wings)-(bs.k-size); i++ {
		w := bs.wings[i]
		cw := bs.b.cand[w]
		u := union | cw
		if n := count(u); n > bs.k || last && n != bs.k {
			continue
		}
		var apart uint32 // symbols of the wings that do not see w (the pivot does)
		for j := 1; j < size; j++ {
			if !bs.b.peers[bs.cells[j]].has(w) {
				apart |= bs.cand[j]
			}
		}
		z := unrestricted | cw&apart
		if count(z) > 1 {
			continue
		}
		bs.cells[size], bs.cand[size] = w, cw
		if z != 0 && bs.victims(bs.cells[:size+1], first(z)).empty() {
			continue
		}
		if last {
			bs.weigh(u, z)
		} else {
			bs.extend(i+1, size+1, u, z)
		}
	}
}

func (bs *bentSearch) weigh(union, unrestricted uint32) {
	targets := union
	if unrestricted != 0 {
		targets = unrestricted
	}
	elims := 0
	for x := targets; x != 0; x &= x - 1 {
		elims += bs.victims(bs.cells[:bs.k], first(x)).count()
	}
	if elims == 0 {
		return
	}
	if bs.bestElims >= 0 && bs.rating > bs.bestRating-1e-9 {
		if elims < bs.bestElims || elims == bs.bestElims && !bs.before(bs.bestCells) {
			return
		}
	}
	bs.bestCells, bs.bestUnion, bs.bestTargets = bs.cells, union, targets
	bs.bestRating, bs.bestElims = bs.rating, elims
}

func (bs *bentSearch) before(cells [5]int) bool {
	for i := range bs.k {
		if bs.cells[i] != cells[i] {
			return bs.cells[i] < cells[i]
		}
	}
	return false
}

// victims are the cells outside the set that hold s and see every cell
// of the set holding s.
func (bs *bentSearch) victims(cells []int, s int) cellSet {
	v := bs.symCells[s]
	for _, c := range cells {
		v = v.andNot(cellBit(c))
		if bs.b.cand[c]&bit(s) != 0 {
			v = v.and(bs.b.peers[c])
		}
	}
	return v
}

func (bs *bentSearch) step() Step {
	b := bs.b
	cells := bs.bestCells[:bs.k]
	t := classic.WXYZWing
	if bs.k == 5 {
		t = classic.VWXYZWing
	}
	s := newStep(t)
	for x := bs.bestTargets; x != 0; x &= x - 1 {
		for _, c := range bs.victims(cells, first(x)).list() {
			s.Remove = append(s.Remove, Candidate{c, first(x)})
		}
	}
	s.Rating = bs.bestRating
	s.Cells, s.Symbols = append([]int(nil), cells...), bs.bestUnion
	s.Text = b.say.s("%s %s (pivot %s, wings %s): %s", b.say.name(t), b.symbolsName(bs.bestUnion), b.cellName(cells[0]), b.cellsName(cells[1:]), b.removals(s.Remove))
	return s
}
