package solve

import "math/bits"

// This file holds the deduction both seed 004's r-Reduction and seed 001's
// rule-based solver rest on: naked sets in the 27 sections.
//
// A naked set is r cells of one section whose candidate sets have a union of
// exactly r digits; those digits then go in those cells, and are struck from
// the section's other cells (seed 004, Theorem 10; r = 1 is its Theorem 9,
// 1-Reduction, and seed 001's naked single and naked tuples). With r running
// from 1 to 8 this includes the hidden sets: in a section with k cells still
// open, a naked set of size r is a hidden set of size k-r of the other cells
// and strikes exactly the same Candidates (seed 001 makes the same remark).
//
// The closure of these rules does not depend on the order in which they are
// applied: a rule that applies to a state still applies, with the same
// eliminations, to any state with fewer Candidates, unless that state has r
// cells with fewer than r digits between them, which no solution allows.
// So reduce may apply them in whatever order is fastest (singles first,
// through a work list, then the larger sets section by section) and reach
// the same state as seed 004's Reduction(), which restarts at r = 1 after
// every change, or seed 001's loop, which restarts at the naked single.

// Reduce applies r-Reduction for r = 1..8 until nothing changes. It returns
// false when it finds a contradiction: a cell with no candidate left, or r
// cells of a section with fewer than r digits between them (the closure
// would empty a cell of them anyway).
func (v *Candidates) Reduce() bool {
	if !v.ReduceSingles() {
		return false
	}
	// A section's sets depend on its own cells only: after a pass, only
	// the sections with a cell the pass changed are looked at again.
	for dirty := uint32(1)<<len(sections) - 1; dirty != 0; {
		before := *v
		changed, ok := reduceSets(v, dirty)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
		if !v.ReduceSingles() {
			return false
		}
		dirty = 0
		for c := range v {
			if v[c] != before[c] {
				dirty |= cellSections[c]
			}
		}
	}
	return true
}

// cellSections[c] has bit s set for each of the three sections of cell c.
var cellSections = func() (t [81]uint32) {
	for s, cells := range sections {
		for _, c := range cells {
			t[c] |= 1 << s
		}
	}
	return t
}()

// ReduceSingles applies 1-Reduction until nothing changes: the digit of
// every cell with one candidate is struck from its 20 peers.
func (v *Candidates) ReduceSingles() bool {
	var stack [81 * 2]uint8
	n := 0
	for c := range v {
		if v[c] == 0 {
			return false
		}
		if v[c].Single() {
			stack[n] = uint8(c)
			n++
		}
	}
	return drainSingles(v, &stack, n)
}

// drainSingles strikes the digit of each cell on the stack from its peers,
// pushing every peer that is left with one candidate. A cell is pushed at
// most twice (once as a given or set cell, once when reduced to a single),
// so the stack cannot overflow.
func drainSingles(v *Candidates, stack *[81 * 2]uint8, n int) bool {
	for n > 0 {
		n--
		c := stack[n]
		d := v[c]
		for _, p := range peers[c] {
			if v[p]&d == 0 {
				continue
			}
			v[p] &^= d
			if v[p] == 0 {
				return false
			}
			if v[p].Single() {
				stack[n] = p
				n++
			}
		}
	}
	return true
}

// reduceSets applies naked sets of 2 to k-1 cells, k the open cells of the
// section, to each section of the set which (bit s: section s) in turn,
// and reports whether it struck anything. Singles are assumed already
// reduced (a section's open cells hold only the digits it misses).
func reduceSets(v *Candidates, which uint32) (changed, ok bool) {
	var open [9]uint8
	var union [512]Digits // union[m]: the Candidates of the open cells in mask m
	for ; which != 0; which &= which - 1 {
		s := bits.TrailingZeros32(which)
	again:
		k := 0
		for _, c := range sections[s] {
			if !v[c].Single() {
				open[k] = c
				k++
			}
		}
		if k < 3 {
			continue // two open cells hold the two digits the section misses
		}
		full := 1<<k - 1
		for m := 1; m < full; m++ {
			low := bits.TrailingZeros(uint(m))
			u := union[m&(m-1)] | v[open[low]]
			union[m] = u
			r := bits.OnesCount(uint(m))
			if r == 1 {
				continue
			}
			switch n := u.Count(); {
			case n < r:
				return changed, false
			case n > r:
				continue
			}
			// A naked set: strike its digits from the other open cells.
			struck := false
			for i := 0; i < k; i++ {
				if m&(1<<i) == 0 && v[open[i]]&u != 0 {
					v[open[i]] &^= u
					struck = true
				}
			}
			if struck {
				changed = true
				// Cells may now be singles or empty; settle them before
				// looking at this section again.
				if !v.ReduceSingles() {
					return changed, false
				}
				goto again
			}
		}
	}
	return changed, true
}
