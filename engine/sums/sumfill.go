package sums

import (
	"iter"
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
	switch len(opts) {
	case 1:
		return searchOne(opts[0], sum, keep, allowed, combos)
	case 2:
		return searchTwo(n, opts, sum, keep, allowed, combos)
	}
	if n <= 9 && len(opts) <= 9 {
		return f.levels9(n, opts, sum, keep, allowed, combos)
	}
	return f.levels(n, opts, sum, keep, allowed, combos)
}

// searchOne is search for one cell: its digits that make the total. It
// counts the work levels would: the cell, and its options forward and
// back.
func searchOne(x uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
	allowed[0] = 0
	for y := x; y != 0; y &= y - 1 {
		m := y & -y
		if (sum == AnySum || bits.TrailingZeros32(m)+1 == sum) && (keep == nil || keep(m)) {
			allowed[0] |= m
			combos = append(combos, m)
		}
	}
	return combos, 1 + 2*bits.OnesCount32(x)
}

// searchTwo is search for two cells, the pairs of their digits that make
// the total. Most of a killer's searches are of one or two cells (a
// house's segments, small cages); levels' stamps and orders cost more
// than the pairs. It counts the work levels would: its first cell is the
// one with fewer options (the first of equals), whose digits small
// enough and large enough to reach the total with a second make the
// first level.
func searchTwo(n int, opts []uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
	i, j := 0, 1
	if bits.OnesCount32(opts[1]) < bits.OnesCount32(opts[0]) {
		i, j = 1, 0
	}
	a, b := opts[i], opts[j]
	first := a
	if sum != AnySum {
		// d+1 from sum-n to sum-1: bits sum-n-1 to sum-2.
		lo, hi := max(sum-n-1, 0), min(sum-2, 31)
		if hi < lo {
			first = 0
		} else {
			first &= (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
		}
	}
	work := 2 + 2*(bits.OnesCount32(a)+bits.OnesCount32(first)*bits.OnesCount32(b))
	allowed[i], allowed[j] = 0, 0
	for x := first; x != 0; x &= x - 1 {
		d := x & -x
		for y := b &^ d; y != 0; y &= y - 1 {
			e := y & -y
			if sum != AnySum && bits.TrailingZeros32(d)+bits.TrailingZeros32(e)+2 != sum {
				continue
			}
			if keep != nil && !keep(d|e) {
				continue
			}
			allowed[i] |= d
			allowed[j] |= e
			if e > d || first&e == 0 || b&d == 0 { // else found as e, d
				combos = append(combos, d|e)
			}
		}
	}
	return combos, work
}

// levels9 is levels on a board of n digits, at most 9, each level a bit set
// of its 512 digit sets (set9): a digit joins every set of a level at
// once, as HouseFit's sets do. The work counted is levels': the sets
// of each level times the cell's options, forward and back.
func (f *Fillings) levels9(n int, opts []uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
	k := len(opts)
	var order [9]int
	for i := range k {
		j := i
		for ; j > 0 && bits.OnesCount32(opts[order[j-1]]) > bits.OnesCount32(opts[i]); j-- {
			order[j] = order[j-1]
		}
		order[j] = i
	}
	var level [10]set9
	level[0][0] = 1
	work := k
	for i := range k {
		x := opts[order[i]]
		work += level[i].count() * bits.OnesCount32(x)
		next := &level[i+1]
		for y := x; y != 0; y &= y - 1 {
			next.join(&level[i], y&-y)
		}
		if sum != AnySum {
			// The cells after this one add at least 1+2+..., at most
			// n+(n-1)+..., so a set's total must stay within least and most.
			left := k - i - 1
			next.within(sum-left*(2*n+1-left)/2, sum-left*(left+1)/2)
		}
	}
	good := level[k]
	if sum != AnySum {
		good.within(sum, sum)
	}
	if keep != nil {
		for m := range good.all() {
			if !keep(m) {
				good.drop(m)
			}
		}
	}
	for m := range good.all() {
		combos = append(combos, m)
	}
	for i := k - 1; i >= 0; i-- {
		j := order[i]
		x := opts[j]
		work += level[i].count() * bits.OnesCount32(x)
		var prev set9
		allowed[j] = 0
		for y := x; y != 0; y &= y - 1 {
			if prev.meet(&level[i], &good, y&-y) {
				allowed[j] |= y & -y
			}
		}
		good = prev
	}
	return combos, work
}

// set9 is a set of digit sets of a board of at most 9 digits, bit m for
// the set m.
type set9 [8]uint64

func (s *set9) drop(m uint32) { s[m>>6] &^= 1 << (m & 63) }

func (s *set9) count() int {
	c := 0
	for _, x := range s {
		c += bits.OnesCount64(x)
	}
	return c
}

// join adds to s each set of from without the digit d (a bit), with it.
func (s *set9) join(from *set9, d uint32) {
	if d < 64 {
		a := apart[d]
		for w, x := range from {
			s[w] |= (x & a) << d
		}
		return
	}
	hi := int(d >> 6)
	for w, x := range from {
		if w&hi == 0 {
			s[w|hi] |= x
		}
	}
}

// meet adds to s each set of from without the digit d (a bit) whose
// union with it is in to, and reports whether there is one.
func (s *set9) meet(from, to *set9, d uint32) bool {
	found := uint64(0)
	if d < 64 {
		a := apart[d]
		for w, x := range from {
			x &= a & (to[w] >> d)
			s[w] |= x
			found |= x
		}
		return found != 0
	}
	hi := int(d >> 6)
	for w, x := range from {
		if w&hi == 0 {
			x &= to[w|hi]
			s[w] |= x
			found |= x
		}
	}
	return found != 0
}

// within keeps the sets of s whose totals are least to most.
func (s *set9) within(least, most int) {
	least, most = max(least, 0), min(most, 45)
	if least > most {
		*s = set9{}
		return
	}
	for w := range s {
		s[w] &= upTo9[most][w]
		if least > 0 {
			s[w] &^= upTo9[least-1][w]
		}
	}
}

// all is the sets of s, in increasing order.
func (s *set9) all() iter.Seq[uint32] { return maskSet(s[:]).all() }

// upTo9[t] is the digit sets of 9 digits whose totals are at most t.
var upTo9 = func() (u [46]set9) {
	for m := range 512 {
		t := setSum(uint32(m))
		for ; t <= 45; t++ {
			u[t][m>>6] |= 1 << (m & 63)
		}
	}
	return u
}()

// levels is search over the levels of the digit sets of the first cells.
func (f *Fillings) levels(n int, opts []uint32, sum int, keep func(uint32) bool, allowed, combos []uint32) ([]uint32, int) {
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
