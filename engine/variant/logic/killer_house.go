package logic

import (
	"iter"
	"math/bits"
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// House combinations: a house holds every digit once, so the digit sets
// its cages give its cells must fit together, each digit in one of them.
// A house's empty cells fall into segments, one per cage (the cage's
// cells in the house) and one per cell in no cage. A segment can take
// the digit sets its cells' candidates give it with no digit twice; a
// whole cage's set makes its sum, and a cage that sticks out of the house
// leaves for its cells outside a set of their candidates, none of the
// segment's, that makes up the sum (the minimum and maximum of the
// outside part, exactly). The sets of the segments that join into the
// house's digits (the ones placed in it besides) are all that is left;
// a cell keeps the digits it takes in one of them. This is what solvers
// of hard killers do across a house's cages: combinations that cannot
// live beside each other (combination-based locked candidates), a digit
// two cages both need, a cage's digits pushed out by its neighbours'
// minimum and maximum sums, and the rule of 45 inside it.

// houseSegment is the empty cells of one cage in a house, or one empty
// cell in no cage, and the digit sets it can take: free, from its
// candidates alone, and sets, within its cage's sum too.
type houseSegment struct {
	cells   []int
	cage    int   // the cage's region index, -1 for none
	outside []int // the cage's empty cells outside the house
	rest    int   // the cage's sum less its placed digits
	free    []uint32
	sets    []uint32
}

// findHouseCombinations finds a house whose cages' combinations, fitted
// together, leave a cell without some candidate: the fewest cages that
// do it, in SE's order of houses, rated by how many (4.0 for one or
// two, 0.3 more for each more). The first at 4.0 ends the search: no
// house has fewer.
func (s *Solver) findHouseCombinations(b *board) (Step, bool) {
	var best Step
	found := false
	for _, h := range b.scan {
		if st, ok := s.houseCombinations(b, h); ok && (!found || st.Rating < best.Rating) {
			best, found = st, true
			if st.Rating == HouseCombinations.BaseRating() {
				break
			}
		}
	}
	return best, found
}

// houseCombinations is the step of the fewest cages of house h.
func (s *Solver) houseCombinations(b *board, h int) (Step, bool) {
	if b.emptyIn[h] < 2 {
		return Step{}, false
	}
	// Nothing found the last time, and nothing changed since: the house's
	// cells, and those of the cages reaching in.
	ks := s.kil
	if ks.houseSeen == nil {
		ks.houseSeen = make([]uint64, len(b.houses))
	}
	key := uint64(14695981039346656037)
	for _, c := range ks.kg.houseCages[h] {
		key = (key ^ uint64(b.options(c))) * 1099511628211
	}
	key |= 1
	if ks.houseSeen[h] == key {
		return Step{}, false
	}
	st, ok := s.houseStep(b, h)
	if !ok {
		ks.houseSeen[h] = key
	}
	return st, ok
}

// houseStep is houseCombinations, worked out.
func (s *Solver) houseStep(b *board, h int) (Step, bool) {
	segs, placed := s.houseSegments(b, h)
	var caged []int // the segments of cages
	for k := range segs {
		if segs[k].cage >= 0 {
			caged = append(caged, k)
		}
	}
	// All the cages rule out the most: when they rule out nothing, fewer
	// do not either. Otherwise the fewest cages whose sums, with the
	// house, rule a candidate out.
	var all uint32
	for _, k := range caged {
		all |= 1 << k
	}
	if len(caged) == 0 || len(s.fit(b, segs, placed, all)) == 0 {
		return Step{}, false
	}
	for size := 1; size <= len(caged); size++ {
		for _, pick := range subsetsOf(len(caged), size) {
			var use uint32
			for i, k := range caged {
				if pick&(1<<i) != 0 {
					use |= 1 << k
				}
			}
			if remove := s.fit(b, segs, placed, use); len(remove) > 0 {
				return s.houseCombinationStep(b, h, segs, use, size, remove), true
			}
		}
	}
	return Step{}, false
}

// houseSegments are house h's segments, their digit sets worked out,
// and the digits placed in it.
func (s *Solver) houseSegments(b *board, h int) ([]houseSegment, uint32) {
	kg := s.kil.kg
	segs := s.kil.segs[:0]
	var placed uint32
	for _, c := range b.houses[h] {
		if v := b.val[c]; v != 0 {
			placed |= bit(int(v))
			continue
		}
		i := kg.cageOf[c]
		k := len(segs) - 1
		for ; k >= 0 && (i < 0 || segs[k].cage != i); k-- {
		}
		if k < 0 {
			if len(segs) < cap(segs) { // reuse the slices of an earlier house
				segs = segs[:len(segs)+1]
			} else {
				segs = append(segs, houseSegment{})
			}
			k = len(segs) - 1
			segs[k].cage, segs[k].cells = i, segs[k].cells[:0]
		}
		segs[k].cells = append(segs[k].cells, c)
	}
	s.kil.segs = segs
	for k := range segs {
		s.kil.segmentSets(b, h, &segs[k])
	}
	return segs, placed
}

// segmentSets works out a segment's free digit sets and those its cage's
// sum allows: a whole cage's make the sum; a cage that sticks out of
// house h leaves its cells outside a set of their candidates, none of
// the segment's, that makes up the sum.
func (ks *killerState) segmentSets(b *board, h int, sg *houseSegment) {
	kg := ks.kg
	sg.outside = sg.outside[:0]
	sg.free = append(sg.free[:0], ks.fillings(b, sg.cells, nil).combos...)
	sg.sets = sg.sets[:0]
	if sg.cage < 0 {
		return
	}
	r := &kg.regions[sg.cage]
	sg.rest = r.sum
	var cagePlaced uint32
	for _, c := range r.cells {
		switch {
		case b.val[c] != 0:
			sg.rest -= int(b.val[c])
			cagePlaced |= bit(int(b.val[c]))
		case !b.inside[h].has(c):
			sg.outside = append(sg.outside, c)
		}
	}
	var bySum [46][]uint32
	if len(sg.outside) > 0 {
		for _, u := range ks.fillings(b, sg.outside, nil).combos {
			if u&cagePlaced == 0 {
				bySum[setSum(u)] = append(bySum[setSum(u)], u)
			}
		}
	}
	for _, t := range sg.free {
		if t&cagePlaced != 0 {
			continue
		}
		need := sg.rest - setSum(t)
		switch {
		case len(sg.outside) == 0:
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

// fit is what the house's segments rule out when those of use (bit k for
// segment k) keep their cages' sets and the others take any: the digit
// sets that join, with placed, into every digit, and in each segment the
// digits its cells take in one of them.
func (s *Solver) fit(b *board, segs []houseSegment, placed, use uint32) []Candidate {
	setsOf := func(k int) []uint32 {
		if use&(1<<k) != 0 {
			return segs[k].sets
		}
		return segs[k].free
	}
	ks := s.kil
	defer ks.release(ks.mark())
	n := len(segs)
	var levels [10]maskSet
	for k := range n + 1 {
		levels[k] = ks.newSet(b.n)
	}
	levels[0].add(placed)
	for k := range segs {
		for m := range levels[k].all() {
			for _, t := range setsOf(k) {
				if m&t == 0 {
					levels[k+1].add(m | t)
				}
			}
		}
	}
	good := ks.newSet(b.n)
	if levels[n].has(b.all) {
		good.add(b.all)
	}
	var remove []Candidate
	for k := n - 1; k >= 0; k-- {
		prev, keep := ks.newSet(b.n), ks.newSet(b.n)
		for m := range levels[k].all() {
			for _, t := range setsOf(k) {
				if m&t == 0 && good.has(m|t) {
					prev.add(m)
					keep.add(t)
				}
			}
		}
		good = prev
		allowed := ks.fillings(b, segs[k].cells, keep.has).allowed
		for i, c := range segs[k].cells {
			for x := b.cand[c] &^ allowed[i]; x != 0; x &= x - 1 {
				remove = append(remove, Candidate{c, first(x)})
			}
		}
	}
	return remove
}

// houseCombinationStep is the step of house h whose cages of use rule
// out remove.
func (s *Solver) houseCombinationStep(b *board, h int, segs []houseSegment, use uint32, size int, remove []Candidate) Step {
	kg := s.kil.kg
	st := newStep(HouseCombinations)
	st.Rating += 0.3 * float64(max(0, size-2))
	st.Remove = remove
	for _, x := range remove {
		st.Symbols |= bit(x.Symbol)
	}
	var names []string
	for k, sg := range segs {
		if use&(1<<k) != 0 {
			r := &kg.regions[sg.cage]
			st.Cells = append(st.Cells, r.cells...)
			names = append(names, r.where)
		}
	}
	st.Text = classic.Capital(b.say.s("%s holds each digit once, so the combinations of its cages (%s) must fit together: %s",
		b.names[h], strings.Join(names, ", "), b.removals(remove)))
	return st
}

// subsetsOf lists the subsets of size k of n things, as bit sets, in
// increasing order.
func subsetsOf(n, k int) []uint32 {
	var out []uint32
	for m := uint32(0); m < 1<<n; m++ {
		if bits.OnesCount32(m) == k {
			out = append(out, m)
		}
	}
	return out
}

// setSum is the total of the digits of the set x (bit s-1 for s).
func setSum(x uint32) int {
	t := 0
	for ; x != 0; x &= x - 1 {
		t += first(x)
	}
	return t
}

// maskSet is a set of digit sets, bit m for the set m.
type maskSet []uint64

func (s maskSet) add(m uint32)      { s[m>>6] |= 1 << (m & 63) }
func (s maskSet) has(m uint32) bool { return s[m>>6]&(1<<(m&63)) != 0 }

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

// newSet is an empty set of digit sets of n digits, from the arena;
// mark and release give back what was taken after a mark.
func (ks *killerState) newSet(n int) maskSet {
	k := max(1, (1<<n)/64)
	if len(ks.arena)+k > cap(ks.arena) {
		ks.arena = make([]uint64, 0, max(2*cap(ks.arena), 64*k)) // the sets taken so far keep the old array
	}
	ks.arena = ks.arena[:len(ks.arena)+k]
	s := maskSet(ks.arena[len(ks.arena)-k:])
	clear(s)
	return s
}

func (ks *killerState) mark() int        { return len(ks.arena) }
func (ks *killerState) release(mark int) { ks.arena = ks.arena[:mark] }

// fillings is ks.fill worked out for the cells (a segment, or a cage's
// cells outside a house): their fillings from their candidates, no digit
// twice, of any total, whose digit set keep accepts (nil: every one).
func (ks *killerState) fillings(b *board, cells []int, keep func(uint32) bool) *regionState {
	st := &ks.fill
	st.snap = st.snap[:0]
	for _, c := range cells {
		st.snap = append(st.snap, b.options(c))
	}
	ks.fillDistinct(b, st, anySum, keep)
	return st
}
