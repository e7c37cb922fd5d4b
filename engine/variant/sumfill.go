package variant

import (
	"math"
	"math/bits"
	"slices"
)

// AnySum is the total Fillings.Search takes for fillings of any total.
const AnySum = -1

// Fillings works out how cells can be filled with different digits that
// add up to a known total: a killer's cage, a house's innies, or the part
// of a house a cage covers. Both raters use it, the variant rater's cage
// rungs (engine/variant/logic) and the chain engine's sums
// (engine/logic's cagesums.go). It keeps its working memory between
// searches; it is not safe for concurrent use.
type Fillings struct {
	level [][]uint32 // the digit sets the first i cells (in order) can take
	total []uint8    // each digit set's total
	// mark holds a stamp per digit set (a set's level is its size, so
	// one array serves every level).
	mark  []uint32
	stamp uint32
	order []int
}

// next is a fresh stamp.
func (f *Fillings) next() uint32 {
	f.stamp++
	if f.stamp == 0 {
		clear(f.mark)
		f.stamp = 1
	}
	return f.stamp
}

// Search sets allowed[i] to the digits cell i can hold (bit d-1 for digit
// d, as opts) in a filling of the cells, cell i from opts[i], the digits
// different and adding up to sum (AnySum: any total), on a board whose
// digits are 1 to n; only the fillings whose digit set keep accepts count
// (nil: all). Every allowed[i] is empty when there is none. It appends
// the digit sets of the fillings that count to combos, in increasing
// order, and returns them and the work done: the digit sets tried, each
// times the options of the cell it was tried with (a chain budget counts
// it).
//
// The search goes forward over the sets of digits the first k cells can
// take, the cells with fewer options first (at most 2^n sets a level, far
// fewer with a total: a set too small or too large to reach it is
// dropped), to the sets of the whole region that make the total, then
// back to the digits that lead to one.
func (f *Fillings) Search(n int, opts []uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
	from := len(combos)
	combos, work := f.search(n, opts, sum, keep, allowed, combos)
	slices.Sort(combos[from:])
	return combos, work
}

// search is Search with the digit sets appended in no particular order,
// for a caller that only asks which sets there are (HouseFit).
func (f *Fillings) search(n int, opts []uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
	k := len(opts)
	if len(f.mark) < 1<<n {
		f.mark = make([]uint32, 1<<n)
		f.stamp = 0
		f.total = make([]uint8, 1<<n)
		for m := range f.total {
			for x := m; x != 0; x &= x - 1 {
				f.total[m] += uint8(bits.TrailingZeros(uint(x)) + 1)
			}
		}
	}
	for len(f.level) <= k {
		f.level = append(f.level, nil)
	}
	mark, total := f.mark, f.total
	f.order = f.order[:0]
	for i := range k {
		j := len(f.order)
		f.order = append(f.order, i)
		for ; j > 0 && bits.OnesCount32(opts[f.order[j-1]]) > bits.OnesCount32(opts[i]); j-- {
			f.order[j] = f.order[j-1]
		}
		f.order[j] = i
	}
	f.level[0] = append(f.level[0][:0], 0)
	work := k
	for i := range k {
		x0 := opts[f.order[i]]
		// The cells after this one add at least 1+2+..., at most
		// n+(n-1)+..., so a set's total must stay within least and most.
		left := k - i - 1
		most, least := sum-left*(left+1)/2, sum-left*(2*n+1-left)/2
		if sum == AnySum {
			most, least = math.MaxInt, math.MinInt
		}
		st := f.next()
		next := f.level[i+1][:0]
		work += len(f.level[i]) * bits.OnesCount32(x0)
		for _, m := range f.level[i] {
			sm := int(total[m])
			for x := x0 &^ m; x != 0; x &= x - 1 {
				d := bits.TrailingZeros32(x)
				t := sm + d + 1
				if t > most {
					break // the digits go up
				}
				if nm := m | 1<<d; t >= least && mark[nm] != st {
					mark[nm] = st
					next = append(next, nm)
				}
			}
		}
		f.level[i+1] = next
	}
	good := f.next()
	for _, m := range f.level[k] {
		if (sum == AnySum || int(total[m]) == sum) && (keep == nil || keep(m)) {
			mark[m] = good
			combos = append(combos, m)
		}
	}
	for i := k - 1; i >= 0; i-- {
		j := f.order[i]
		x0 := opts[j]
		allowed[j] = 0
		prev := f.next()
		work += len(f.level[i]) * bits.OnesCount32(x0)
		for _, m := range f.level[i] {
			for x := x0 &^ m; x != 0; x &= x - 1 {
				if mark[m|x&-x] == good {
					allowed[j] |= x & -x
					mark[m] = prev
				}
			}
		}
		good = prev
	}
	return combos, work
}
