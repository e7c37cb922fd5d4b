// Code generated from engine/logic/bentsets.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
)

// findBentSet finds SukakuExplainer's WXYZ-wing (n = 4), VWXYZ-wing
// (n = 5) and UVWXYZ-wing (n = 6): a pivot cell and n-1 wing cells it sees, holding n digits
// between them, where every digit but one (z) is restricted (its cells
// all see each other). The n cells cannot all miss z without n-1 digits
// for n cells, so z goes from the cells seeing every z of the set. When
// every digit is restricted, each goes from the cells seeing all of its
// places in the set. Ratings depend on the largest candidate count of
// the set's cells (SukakuExplainer's biggestCardinality, over every cell
// but the bivalue one, which never holds the largest): WXYZ 5.5-5.6,
// VWXYZ 6.2-6.4 (SE's base plus a tenth per step toward the middle size).
//
// SE tries the pivots in order, and for each the sets of its wings (in
// the order of its peers), keeping the lowest rating, then the most
// eliminations, then the first found. The search here takes the sets by
// their n digits instead, for each digit set only the cells within it,
// and keeps the same set by comparing the sets' places in SE's order.
func (b *Board) findBentSet(n int) (Step, bool) {
	bs := bentSearch{b: b, n: n, digitCells: b.digitCells()}
	if b.bentMemo == nil {
		b.bentMemo = new([3][maxBentSets]bentMemo)
	}
	best := bentBest{elims: -1}
	// The cells that may be in a set: two to n candidates.
	var small cellSet
	var present Digits
	for c := 0; c < frameCells; c++ {
		if k := b.Cand[c].Count(); k >= 2 && k <= n {
			small = small.or(cellBit(c))
			present |= b.Cand[c]
		}
	}
	var digits [maxDigits]int
	nd := 0
	for x := present; x != 0; x &= x - 1 {
		digits[nd] = x.First()
		nd++
	}
	var buf [6]int
	idx := buf[:n]
	for ok := FirstCombination(idx, nd); ok; ok = NextCombination(idx, nd) {
		var set Digits
		for _, i := range idx {
			set |= digitBit(digits[i])
		}
		within := small // the cells with no digit outside the set
		for x := present &^ set; x != 0; x &= x - 1 {
			within = within.andNot(bs.digitCells[x.First()])
		}
		if within.count() < n {
			continue
		}
		// The sets of these digits depend on the cells within and
		// the places of the digits alone: a search is kept while those
		// stay the same.
		h := bs.hash(within, set)
		m := &b.bentMemo[n-4][digitSetRank[set>>1]]
		if m.made && m.within == within && m.hash == h {
			if m.best.elims >= 0 && m.best.beats(&best, n) {
				best = m.best
			}
			continue
		}
		bs.best = bentBest{elims: -1}
		for pivots := within; !pivots.empty(); pivots = pivots.rest() {
			pivot := pivots.first()
			pc := b.Cand[pivot]
			nw := 0
			for w := b.geo.peerSet[pivot].and(within); !w.empty(); w = w.rest() {
				bs.wings[nw] = w.first()
				nw++
			}
			if nw < n-1 {
				continue
			}
			bs.later[nw] = 0
			for i := nw - 1; i >= 0; i-- {
				bs.later[i] = bs.later[i+1] | b.Cand[bs.wings[i]]
			}
			if (pc | bs.later[0]) != set {
				continue
			}
			bs.nWings, bs.set = nw, set
			bs.cells[0], bs.cand[0] = pivot, pc
			bs.extend(0, 1, pc, 0, anyCenter)
		}
		*m = bentMemo{true, within, h, bs.best}
		if bs.best.elims >= 0 && bs.best.beats(&best, n) {
			best = bs.best
		}
	}
	if best.elims < 0 {
		return Step{}, false
	}
	return bs.step(&best), true
}

// bentBest is a bent set that eliminates: its cells (pivot first), its
// digits, the digits that go (targets), its rating and eliminations; elims
// is -1 for none.
type bentBest struct {
	cells          [6]int
	union, targets Digits
	rating         float64
	elims          int
}

// beats reports whether set x of n cells comes before o, as SE sorts
// them: a lower rating, or the same with more eliminations, or as many
// and an earlier place in its order (by pivot, then wings, in cell
// order); every set beats none.
func (x *bentBest) beats(o *bentBest, n int) bool {
	switch {
	case o.elims < 0:
		return true
	case x.rating < o.rating-1e-9:
		return true
	case x.rating > o.rating+1e-9:
		return false
	case x.elims != o.elims:
		return x.elims > o.elims
	}
	for i := 0; i < n; i++ {
		if x.cells[i] != o.cells[i] {
			return x.cells[i] < o.cells[i]
		}
	}
	return false
}

// bentMemo is the best set of one digit set, kept with what it depends
// on: the cells within the digits and a hash (FNV-1a) of their
// candidates and of the digits' places.
type bentMemo struct {
	made   bool
	within cellSet
	hash   uint64
	best   bentBest
}

// hash is bentMemo's hash of the cells within and the places of set.
func (bs *bentSearch) hash(within cellSet, set Digits) uint64 {
	h := uint64(14695981039346656037)
	for w := within; !w.empty(); w = w.rest() {
		h = (h ^ uint64(bs.b.Cand[w.first()])) * 1099511628211
	}
	for x := set; x != 0; x &= x - 1 {
		h = bs.digitCells[x.First()].mix(h)
	}
	return h
}

// digitSetRank[m] is digit mask m's place (m read as bits 0 to
// maxDigits-1 for digits 1 to maxDigits) among the masks of as many
// digits, in increasing order: each size's bent sets keep their memos in
// a table of C(maxDigits, size) places.
var digitSetRank = func() (r [1 << maxDigits]uint16) {
	var next [maxDigits + 1]uint16
	for m := range r {
		k := bits.OnesCount(uint(m))
		r[m] = next[k]
		next[k]++
	}
	return
}()

// bentSearch is findBentSet's state: the set being built (pivot first,
// then wings in cell order, the order of the pivot's peers) and the best
// set so far.
type bentSearch struct {
	b          *Board
	n          int
	digitCells [maxDigits + 1]cellSet
	set        Digits               // the digits of the sets searched
	wings      [maxPeers]int        // the pivot's peers that may be wings
	later      [maxPeers + 1]Digits // later[i]: the digits of wings[i:]
	nWings     int
	cells      [6]int
	cand       [6]Digits

	best bentBest // of the digit set searched
}

// extend adds wings from wings[start:] to the first size cells of the
// set, whose digits are union, unrestricted of them the digits two
// cells of the set that do not see each other share, and weighs every
// full set. Sets that cannot yield a step are cut short: those the
// wings left cannot make up to the digit set, those with two
// unrestricted digits (adding cells never undoes that), and those with
// an unrestricted digit without a victim (adding cells only removes
// victims).
func (bs *bentSearch) extend(start, size int, union, unrestricted Digits, centers uint8) {
	last := size+1 == bs.n
	for i := start; i <= bs.nWings-(bs.n-size); i++ {
		w := bs.wings[i]
		cw := bs.b.Cand[w]
		u := union | cw
		if u|bs.later[i+1] != bs.set || last && u != bs.set {
			continue
		}
		var apart Digits // digits of the wings that do not see w (the pivot does)
		for j := 1; j < size; j++ {
			if !bs.b.geo.isPeer[bs.cells[j]][w] {
				apart |= bs.cand[j]
			}
		}
		z := unrestricted | cw&apart
		if z.Count() > 1 {
			continue
		}
		// SukakuExplainer's shape: two cells of the set that do not see
		// each other must have one of them the set's one bivalue cell
		// outside the clique (its yz cell); adding cells only adds such
		// pairs.
		c := centers
		for j := 0; j < size; j++ {
			if !bs.b.geo.isPeer[bs.cells[j]][w] {
				c &= 1<<j | 1<<size
			}
		}
		if c != anyCenter {
			for j := 0; j <= size; j++ {
				cand := cw
				if j < size {
					cand = bs.cand[j]
				}
				if cand.Count() != 2 {
					c &^= 1 << j
				}
			}
			if c == 0 {
				continue
			}
		}
		bs.cells[size], bs.cand[size] = w, cw
		if z != 0 && bs.victims(bs.cells[:size+1], z.First()).empty() {
			continue
		}
		if last {
			bs.weigh(u, z)
		} else {
			bs.extend(i+1, size+1, u, z, c)
		}
	}
}

// weigh keeps the full set when it eliminates something and beats the
// best so far: a lower rating, or the same with more eliminations, or
// the same with as many and an earlier place in SE's order.
func (bs *bentSearch) weigh(union, unrestricted Digits) {
	targets := union
	if unrestricted != 0 {
		targets = unrestricted
	}
	elims := 0
	for x := targets; x != 0; x &= x - 1 {
		elims += bs.victims(bs.cells[:bs.n], x.First()).count()
	}
	if elims == 0 {
		return
	}
	largest := 0
	for _, c := range bs.cand[:bs.n] {
		largest = max(largest, c.Count())
	}
	x := bentBest{bs.cells, union, targets, bentSetRating(bs.n, largest), elims}
	if x.beats(&bs.best, bs.n) {
		bs.best = x
	}
}

// anyCenter is extend's centers before two cells of the set that do not
// see each other constrain them: the set's positions that may be its
// yz cell (SukakuExplainer's wings are a clique of cells that all see
// each other, and one bivalue cell seeing some of them).
const anyCenter = 0xff

// before reports whether the set being weighed comes before the set
// cells in SE's order: by pivot, then by wings (both in cell order).
func (bs *bentSearch) before(cells [6]int) bool {
	for i := 0; i < bs.n; i++ {
		if bs.cells[i] != cells[i] {
			return bs.cells[i] < cells[i]
		}
	}
	return false
}

// victims are the cells outside the set that hold d and see every cell
// of the set holding d.
func (bs *bentSearch) victims(cells []int, d int) cellSet {
	v := bs.digitCells[d]
	for _, c := range cells {
		v = v.andNot(cellBit(c))
		if bs.b.Cand[c].Has(d) {
			v = v.and(bs.b.geo.peerSet[c])
		}
	}
	return v
}

// step describes set x.
func (bs *bentSearch) step(x *bentBest) Step {
	cells := x.cells[:bs.n]
	var rs []Candidate
	for t := x.targets; t != 0; t &= t - 1 {
		d := t.First()
		for v := bs.victims(cells, d); !v.empty(); v = v.rest() {
			rs = append(rs, Candidate{v.first(), d})
		}
	}
	t := [...]Technique{4: WXYZWing, 5: VWXYZWing, 6: UVWXYZWing}[bs.n]
	s := newStep(t)
	s.Rating = x.rating
	s.Cells, s.Digits, s.Remove = append([]int(nil), cells...), x.union, rs
	s.Text = fmt.Sprintf("%s %s (pivot %s, wings %s): %s", t, x.union, cellName(cells[0]), cellsName(cells[1:]), removals(rs))
	return s
}

// bentSetRating is a bent set's rating (WXYZ-wing and the like): the base
// of its size n (5.5, 6.2 for five cells) plus a tenth per step of its
// cells' largest candidate count toward the middle size 3.
//
// SukakuExplainer's UVWXYZ-wing (six cells) is 6.6 whatever its cells.
func bentSetRating(n, pivotSize int) float64 {
	base, mid := 5.5, 3
	switch n {
	case 5:
		base = 6.2
	case 6:
		return 6.6
	}
	d := pivotSize - mid
	if d < 0 {
		d = -d
	}
	return base + float64((n-mid)-d)/10
}
