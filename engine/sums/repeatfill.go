package sums

import "math/bits"

// RepeatBudget is the nodes both raters give a region's search: a
// person adds up a few cells, and a region so open that the search runs
// past it rules nothing out anyway.
const RepeatBudget = 20000

// RepeatFillings works out how cells that need not all differ can be
// filled to a known total: a region the rule of 45 makes of cells in
// several houses (two innies in different rows may hold the same digit),
// or an innie-outie difference, whose outies count negatively. Cells
// that share a house still differ. The search goes cell by cell, within
// a budget of nodes. Both raters use it, the variant rater's rungs
// (engine/variant/logic) and the chain engine's sums (engine/logic). It
// keeps its working memory between searches; it is not safe for
// concurrent use.
type RepeatFillings struct {
	opts, apart, allowed []uint32
	minus                uint32
	lo, hi, digits       []int
	sum, nodes, budget   int
	used                 uint32 // the digits every filling found so far uses
	found                bool
}

// Search sets allowed[i] to the digits cell i can hold (bit d-1 for digit
// d, as opts) in a filling of the cells, cell i from opts[i], that adds
// up to sum, the cells of minus (bit i for cell i) counted negatively,
// and cells i and j different where apart[i] has bit j. It returns the
// digits every filling uses, whether the search found a filling and
// finished within budget nodes, and the nodes it walked. The search stops
// early once every option is allowed and no digit is in every filling,
// and once no digit is in every filling it passes over a branch whose
// fillings could allow nothing new (spent). Every allowed[i]
// is empty when there is no filling; past the budget, allowed holds what
// the fillings found so far allow, and ok is false.
func (f *RepeatFillings) Search(opts []uint32, minus uint32, apart []uint32, sum, budget int, allowed []uint32) (required uint32, ok bool, nodes int) {
	k := len(opts)
	f.opts, f.apart, f.allowed, f.minus, f.sum, f.budget = opts, apart, allowed, minus, sum, budget
	f.nodes, f.used, f.found = 0, ^uint32(0), false
	clear(allowed[:k])
	if cap(f.lo) < k+1 {
		f.lo, f.hi, f.digits = make([]int, k+1), make([]int, k+1), make([]int, k)
	}
	f.lo, f.hi, f.digits = f.lo[:k+1], f.hi[:k+1], f.digits[:k]
	f.lo[k], f.hi[k] = 0, 0
	// lo[i] and hi[i] bound what the cells from i on can add.
	for i := k - 1; i >= 0; i-- {
		x := opts[i]
		if x == 0 {
			return 0, false, 0
		}
		least, most := bits.TrailingZeros32(x)+1, bits.Len32(x)
		if minus&(1<<i) != 0 {
			f.lo[i], f.hi[i] = f.lo[i+1]-most, f.hi[i+1]-least
		} else {
			f.lo[i], f.hi[i] = f.lo[i+1]+least, f.hi[i+1]+most
		}
	}
	finished := f.walk(0, 0) || f.nodes <= f.budget
	if !f.found {
		return 0, false, f.nodes
	}
	return f.used, finished, f.nodes
}

// walk tries the digits of cell i on, the cells before adding up to s;
// false once past the budget, or once nothing is left to find.
func (f *RepeatFillings) walk(i, s int) bool {
	if f.nodes++; f.nodes > f.budget {
		return false
	}
	k := len(f.opts)
	if i == k {
		if s == f.sum {
			var used uint32
			for j, d := range f.digits {
				f.allowed[j] |= 1 << (d - 1)
				used |= 1 << (d - 1)
			}
			f.used &= used
			f.found = true
			// Once every option is allowed and no digit is in every
			// filling, no filling to come changes either.
			if f.used == 0 {
				full := true
				for j, x := range f.opts {
					full = full && f.allowed[j] == x
				}
				if full {
					return false
				}
			}
		}
		return true
	}
	if f.found && f.used == 0 && f.spent(i) {
		return true
	}
	// The digits of the cells before that share a house with this one.
	var taken uint32
	for a := f.apart[i] & (1<<i - 1); a != 0; a &= a - 1 {
		taken |= 1 << (f.digits[bits.TrailingZeros32(a)] - 1)
	}
	minus := f.minus&(1<<i) != 0
	for x := f.opts[i] &^ taken; x != 0; x &= x - 1 {
		d := bits.TrailingZeros32(x) + 1
		t := s + d
		if minus {
			t = s - d
		}
		if t+f.lo[i+1] > f.sum || t+f.hi[i+1] < f.sum {
			continue
		}
		f.digits[i] = d
		if !f.walk(i+1, t) {
			return false
		}
	}
	return true
}

// spent reports whether no filling through the digits chosen for the
// cells before i can change what the search has found: each of those
// digits is allowed in its cell already, and every cell from i on
// allows all its options. (Once no digit is in every filling, a filling
// adds only what it allows.)
func (f *RepeatFillings) spent(i int) bool {
	for j := i; j < len(f.opts); j++ {
		if f.allowed[j] != f.opts[j] {
			return false
		}
	}
	for j, d := range f.digits[:i] {
		if f.allowed[j]&(1<<(d-1)) == 0 {
			return false
		}
	}
	return true
}
