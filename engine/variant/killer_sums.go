package variant

import (
	"math/bits"
	"slices"
)

// solverSum is a sum the rule of 45 finds over several houses: the cells
// plus adds up to sum once the cells minus are taken away. Its cells may
// repeat digits, so it bounds them rather than listing combinations.
type solverSum struct {
	plus, minus   []int32 // Solver.cageCell from at: nplus cells, then the rest of ncells
	sum           int
	at            int // where its cells start in Solver.cageCell
	nplus, ncells int
}

// initSums adds the rule of 45 over runs of houses (as sigh's
// Interactive Sudoku Solver does): the first k rows (k from 1 to n-1),
// the last k, the same for columns, and the first k boxes in reading
// order. Such a run holds k times the house sum, so the cells outside it
// of the cages lying more than half in it (plus) less its cells outside
// those cages (minus) add up to a known amount. The sum is kept when it
// has at most n cells and one side at most 2 (wider ones bound little);
// with no minus cells and all in one house it is a cage. A 9x9 killer
// gets a few dozen. Called by initCages, which sets the cells of each.
func (s *Solver) initSums() {
	v, n := s.v, s.n
	most := n * (n + 1) / 2
	// The runs, as the houses they add one by one: rows, rows from the
	// last, columns, columns from the last, boxes.
	runs := [][2]int{{0, 1}, {n - 1, -1}, {n, 1}, {2*n - 1, -1}}
	if v.BoxRows > 0 {
		runs = append(runs, [2]int{2 * n, 1})
	}
	// A sum is known by its plus and minus cells as sets.
	type key [2]cellBits
	var known []key
	in := make([]bool, len(v.Regions))
	piece := make([]bool, len(v.Cages))
	var plus, minus []int32
	for _, run := range runs {
		clear(in)
		for k := range n - 1 {
			for _, c := range v.houses[run[0]+k*run[1]] {
				in[c] = true
			}
			// The pieces are the cages lying more than half in the run.
			delta := -(k + 1) * most
			plus, minus = plus[:0], minus[:0]
			for i, cage := range v.Cages {
				inside := 0
				for _, c := range cage.Cells {
					if in[c] {
						inside++
					}
				}
				piece[i] = 2*inside > len(cage.Cells)
				if !piece[i] {
					continue
				}
				delta += cage.Sum
				for _, c := range cage.Cells {
					if !in[c] {
						plus = append(plus, int32(c))
					}
				}
			}
			for c, ok := range in {
				if ok && !piece[v.cageOf[c]] {
					minus = append(minus, int32(c))
				}
			}
			// plus - minus = delta: the pieces' outside cells less the
			// run's cells outside the pieces.
			if len(plus)+len(minus) == 0 || len(plus)+len(minus) > n || (len(plus) > 2 && len(minus) > 2) {
				continue
			}
			p, m, sum := plus, minus, delta
			if len(p) == 0 {
				p, m, sum = m, nil, -delta
			}
			kk := key{bitsOf(p), bitsOf(m)}
			if slices.Contains(known, kk) {
				continue
			}
			known = append(known, kk)
			at := len(s.cageCell)
			s.cageCell = append(append(s.cageCell, p...), m...)
			if len(m) == 0 && len(p) < n && s.oneHouse(p) {
				s.cages = append(s.cages, solverCage{sum: sum, at: at, size: len(p)})
				continue
			}
			s.sums = append(s.sums, solverSum{sum: sum, at: at, nplus: len(p), ncells: len(p) + len(m)})
		}
	}
}

// cellBits is a set of cells, bit c for cell c.
type cellBits [(MaxSize*MaxSize + 63) / 64]uint64

// bitsOf is the set of cells.
func bitsOf(cells []int32) cellBits {
	var b cellBits
	for _, c := range cells {
		b[c/64] |= 1 << (c % 64)
	}
	return b
}

// sumBounds narrows the cells of each multi-house sum to the digits its
// other cells' smallest and largest candidates allow. changed and ok as
// cageSums.
func (s *Solver) sumBounds(st *state) (changed, ok bool) {
	// Sum i is unit len(s.cages)+i; a sum whose cells have not changed
	// since its last check is skipped, as cageSums skips a cage.
	first, end := len(s.cages), len(s.cages)+len(s.sums)
	for u := nextDirty(st, first, end); u < end; u = nextDirty(st, u+1, end) {
		i := u - first
		sm := &s.sums[i]
		lo, hi, narrowed := 0, 0, false
		for _, c := range sm.plus {
			x := st.cand[c] &^ filled
			lo += bits.TrailingZeros32(x) + 1
			hi += 32 - bits.LeadingZeros32(x)
		}
		for _, c := range sm.minus {
			x := st.cand[c] &^ filled
			lo -= 32 - bits.LeadingZeros32(x)
			hi -= bits.TrailingZeros32(x) + 1
		}
		if sm.sum < lo || sm.sum > hi {
			return changed, false
		}
		// A plus cell lies within sum - (hi - its max) and sum - (lo -
		// its min); a minus cell within lo + its max - sum and hi + its
		// min - sum.
		for k, cells := range [2][]int32{sm.plus, sm.minus} {
			for _, c := range cells {
				x := st.cand[c]
				if x&filled != 0 {
					continue
				}
				top, bottom := 32-bits.LeadingZeros32(x), bits.TrailingZeros32(x)+1
				var from, to int
				if k == 0 {
					from, to = sm.sum-(hi-top), sm.sum-(lo-bottom)
				} else {
					from, to = lo+top-sm.sum, hi+bottom-sm.sum
				}
				keep := s.all
				if from > 1 {
					keep &= ^uint32(0) << (from - 1)
				}
				if to < s.n {
					keep &= 1<<max(to, 0) - 1
				}
				for drop := x &^ keep; drop != 0; drop &= drop - 1 {
					if !s.eliminate(st, int(c), drop&-drop, bits.TrailingZeros32(drop)) {
						return changed, false
					}
					narrowed = true
				}
			}
		}
		// Narrowed cells may narrow the others further: check again
		// next round.
		if narrowed {
			changed = true
			continue
		}
		checked(st, u)
	}
	return changed, true
}
