package sums

import (
	"iter"
	"math/bits"
)

// HouseFit works out what a killer's cages leave the cells of one house,
// which holds every digit once: the digit sets its cages give its cells
// must fit together, each digit in one of them. The house's empty cells
// fall into segments, one per cage (the cage's cells in the house) and
// one per cell in no cage. A segment can take the digit sets its cells'
// options give it with no digit twice; a whole cage's set makes its sum,
// and a cage that sticks out of the house leaves for its cells outside a
// set of their options, none of the segment's, that makes up the sum.
// The sets of the segments that join into the house's digits (with the
// ones placed in it) are all that is left; a cell keeps the digits it
// takes in one of them. This is what solvers of hard killers do across a
// house's cages: combinations that cannot live beside each other, a
// digit two cages both need, a cage's digits pushed out by its
// neighbours' minimum and maximum sums, and the rule of 45 inside it.
//
// Both raters use it: the variant rater's house combinations rung
// (engine/variant/logic) and the chain engine's runs (engine/logic). It
// keeps its working memory between houses; it is not safe for concurrent
// use.
type HouseFit struct {
	n     int
	segs  []fitSegment
	fill  Fillings
	arena []uint64 // the sets of digit sets (newSet)
	buf   []uint32
	// bySum holds a cage's outside digit sets by their totals (Segment).
	bySum [16*17/2 + 1][]uint32
	work  int
}

// fitSegment is a segment's cells' options and its digit sets: free,
// from the options alone, and sets, within its cage's sum too.
type fitSegment struct {
	opts       []uint32
	caged      bool
	free, sets []uint32
}

// Reset starts a house of a board of n digits (bit d-1 for digit d).
func (f *HouseFit) Reset(n int) {
	f.n, f.segs, f.work = n, f.segs[:0], 0
}

// Segment adds a segment: its cells' options in the house, and for a
// cage's cells (caged) what the cage still needs, rest (its sum less its
// placed digits), its placed digits, and the options of its empty cells
// outside the house. The options are read now, not kept.
func (f *HouseFit) Segment(opts []uint32, caged bool, rest int, placed uint32, outside []uint32) {
	if len(f.segs) < cap(f.segs) { // reuse the slices of an earlier house
		f.segs = f.segs[:len(f.segs)+1]
	} else {
		f.segs = append(f.segs, fitSegment{})
	}
	sg := &f.segs[len(f.segs)-1]
	sg.opts = append(sg.opts[:0], opts...)
	sg.caged = caged
	sg.free = f.fillings(sg.opts, nil, sg.free[:0])
	sg.sets = sg.sets[:0]
	if !caged {
		return
	}
	bySum := &f.bySum
	for t := range bySum {
		bySum[t] = bySum[t][:0]
	}
	if len(outside) > 0 {
		f.buf = f.fillings(outside, nil, f.buf[:0])
		for _, u := range f.buf {
			if u&placed == 0 {
				bySum[setSum(u)] = append(bySum[setSum(u)], u)
			}
		}
	}
	for _, t := range sg.free {
		if t&placed != 0 {
			continue
		}
		need := rest - setSum(t)
		switch {
		case len(outside) == 0:
			if need == 0 {
				sg.sets = append(sg.sets, t)
			}
		case need > 0 && need < len(bySum):
			for _, u := range bySum[need] {
				if u&t == 0 {
					sg.sets = append(sg.sets, t)
					break
				}
			}
		}
	}
}

// Segments is the number of segments added since Reset.
func (f *HouseFit) Segments() int { return len(f.segs) }

// Caged reports whether segment k is a cage's.
func (f *HouseFit) Caged(k int) bool { return f.segs[k].caged }

// Work is the work done since Reset: Fillings' count, the digit sets
// tried (a chain budget counts it).
func (f *HouseFit) Work() int { return f.work }

// Fit sets allowed(k)[i], for each segment k and its i-th cell, to the
// digits the cell takes when the segments of use (bit k for segment k)
// keep their cages' sets and the others take any: the digit sets that
// join, with placed (the digits placed in the house), into every digit,
// and in each segment the digits its cells take in one of them. Every
// allowed(k) is empty when none join.
func (f *HouseFit) Fit(placed, use uint32, allowed func(k int) []uint32) {
	segs := f.segs
	setsOf := func(k int) []uint32 {
		if use&(1<<k) != 0 {
			return segs[k].sets
		}
		return segs[k].free
	}
	defer f.release(f.mark())
	n := len(segs)
	// levels[k] is the unions of placed and a set of each segment before
	// the k-th, no digit twice: each set t adds itself to the unions
	// without its digits (join).
	var levels [17]maskSet // a segment has a cell at least: at most 16
	for k := range n + 1 {
		levels[k] = f.newSet()
	}
	levels[0].add(placed)
	for k := range n {
		for _, t := range setsOf(k) {
			levels[k+1].join(levels[k], t)
		}
	}
	// Back from every digit: a union is good when a segment's set
	// completes it to a good one; the sets that do are the segment's.
	all := uint32(1)<<f.n - 1
	good := f.newSet()
	if levels[n].has(all) {
		good.add(all)
	}
	for k := n - 1; k >= 0; k-- {
		prev, keep := f.newSet(), f.newSet()
		for _, t := range setsOf(k) {
			if prev.meet(levels[k], good, t) {
				keep.add(t)
			}
		}
		good = prev
		_, w := f.fill.search(f.n, segs[k].opts, AnySum, keep.has, allowed(k), nil)
		f.work += w
	}
}

// fillings appends to combos the digit sets of the fillings of cells of
// options opts, no digit twice, of any total, that keep accepts (nil:
// every one), in no particular order: the segments and Fit only ask
// which sets there are.
func (f *HouseFit) fillings(opts []uint32, keep func(uint32) bool, combos []uint32) []uint32 {
	var allowed [32]uint32
	combos, w := f.fill.search(f.n, opts, AnySum, keep, allowed[:len(opts)], combos)
	f.work += w
	return combos
}

// setSum is the total of the digits of the set x (bit d-1 for d).
func setSum(x uint32) int {
	t := 0
	for ; x != 0; x &= x - 1 {
		t += bits.TrailingZeros32(x) + 1
	}
	return t
}

// maskSet is a set of digit sets, bit m for the set m.
type maskSet []uint64

func (s maskSet) add(m uint32)      { s[m>>6] |= 1 << (m & 63) }
func (s maskSet) has(m uint32) bool { return s[m>>6]&(1<<(m&63)) != 0 }

// The sets of digit sets are bit sets, so a set t is added to many at
// once: the union m|t of a set m without t's digits is m+t, whose bit
// is t's low six bits further up m's word (no carry, as they are not
// m's) and t's other bits further on in words.

// apart[x] is the bits p of a word with p&x == 0: the sets of a word
// with none of the digits x of t's low six bits.
var apart = func() (a [64]uint64) {
	for x := range a {
		for p := range 64 {
			if p&x == 0 {
				a[x] |= 1 << p
			}
		}
	}
	return a
}()

// join adds to s each set of from without t's digits, with them.
func (s maskSet) join(from maskSet, t uint32) {
	hi, lo := int(t>>6), t&63
	for w, x := range from {
		if w&hi == 0 && x != 0 {
			s[w|hi] |= (x & apart[lo]) << lo
		}
	}
}

// meet adds to s each set m of from without t's digits whose union with
// them is in to, and reports whether there is one.
func (s maskSet) meet(from, to maskSet, t uint32) bool {
	hi, lo := int(t>>6), t&63
	found := uint64(0)
	for w, x := range from {
		if w&hi == 0 && x != 0 {
			x &= apart[lo] & (to[w|hi] >> lo)
			s[w] |= x
			found |= x
		}
	}
	return found != 0
}

// all is the sets of s, in increasing order.
func (s maskSet) all() iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for w, x := range s {
			for ; x != 0; x &= x - 1 {
				if !yield(uint32(w<<6 + bits.TrailingZeros64(x))) {
					return
				}
			}
		}
	}
}

// newSet is an empty set of digit sets from the arena; mark and release
// give back what was taken after a mark.
func (f *HouseFit) newSet() maskSet {
	k := max(1, (1<<f.n)/64)
	if len(f.arena)+k > cap(f.arena) {
		f.arena = make([]uint64, 0, max(2*cap(f.arena), 64*k)) // the sets taken so far keep the old array
	}
	f.arena = f.arena[:len(f.arena)+k]
	s := maskSet(f.arena[len(f.arena)-k:])
	clear(s)
	return s
}

func (f *HouseFit) mark() int        { return len(f.arena) }
func (f *HouseFit) release(mark int) { f.arena = f.arena[:mark] }
