// Code generated from engine/logic/killer_house.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"math/bits"
	"strings"
)

// House combinations: a house holds every digit once, so the digit sets
// its cages give its cells must fit together, each digit in one of them
// (engine/sums' HouseFit, which the chain engine's runs use too,
// cagehouses.go). This is what solvers of hard killers do across a
// house's cages: combinations that cannot live beside each other
// (combination-based locked candidates), a digit two cages both need, a
// cage's digits pushed out by its neighbours' minimum and maximum sums,
// and the rule of 45 inside it. The step names the fewest cages that rule
// a candidate out.

// houseSegment is the empty cells of one cage in a house, or one empty
// cell in no cage.
type houseSegment struct {
	cells []int
	cage  int // the cage's region index, -1 for none
}

// findHouseCombinations finds a house whose cages' combinations, fitted
// together, leave a cell without some candidate: the fewest cages that
// do it, in SE's order of houses, rated by how many (4.0 for one or
// two, 0.3 more for each more). The first at 4.0 ends the search: no
// house has fewer.
func (b *Board) findHouseCombinations() (Step, bool) {
	if b.killer() == nil {
		return Step{}, false
	}
	var best Step
	found := false
	for _, h := range b.geo.seScan {
		if st, ok := b.houseCombinations(h); ok && (!found || st.Rating < best.Rating) {
			best, found = st, true
			if st.Rating == HouseCombinations.BaseRating() {
				break
			}
		}
	}
	return best, found
}

// houseCombinations is the step of the fewest cages of house h.
func (b *Board) houseCombinations(h int) (Step, bool) {
	if b.emptyIn[h] < 2 {
		return Step{}, false
	}
	// Nothing found the last time, and nothing changed since: the house's
	// cells, and those of the cages reaching in.
	ks := b.kil
	key := uint64(14695981039346656037)
	for _, c := range ks.kg.houseCages[h] {
		key = (key ^ uint64(b.options(c))) * 1099511628211
	}
	key |= 1
	if ks.houseSeen[h] == key {
		return Step{}, false
	}
	st, ok := b.houseStep(h)
	if !ok {
		ks.houseSeen[h] = key
	}
	return st, ok
}

// houseStep is houseCombinations, worked out.
func (b *Board) houseStep(h int) (Step, bool) {
	segs, placed := b.houseSegments(h)
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
	if len(caged) == 0 || len(b.fit(segs, placed, all)) == 0 {
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
			if remove := b.fit(segs, placed, use); len(remove) > 0 {
				return b.houseCombinationStep(h, segs, use, size, remove), true
			}
		}
	}
	return Step{}, false
}

// houseSegments are house h's segments, given to the solve's HouseFit
// with their options and cages, and the digits placed in the house.
func (b *Board) houseSegments(h int) ([]houseSegment, uint32) {
	ks := b.kil
	kg := ks.kg
	segs := ks.segs[:0]
	var placed uint32
	for _, c := range b.geo.houses[h] {
		if v := b.Cells[c]; v != 0 {
			placed |= sbit(int(v))
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
	ks.segs = segs
	ks.hfit.Reset(b.geo.n)
	for k := range segs {
		sg := &segs[k]
		ks.opts = ks.opts[:0]
		for _, c := range sg.cells {
			ks.opts = append(ks.opts, b.cands(c))
		}
		if sg.cage < 0 {
			ks.hfit.Segment(ks.opts, false, 0, 0, nil)
			continue
		}
		r := &kg.regions[sg.cage]
		rest, cagePlaced := r.sum, uint32(0)
		ks.outside = ks.outside[:0]
		for _, c := range r.cells {
			switch {
			case b.Cells[c] != 0:
				rest -= int(b.Cells[c])
				cagePlaced |= sbit(int(b.Cells[c]))
			case !b.geo.houseCells[h].has(c):
				ks.outside = append(ks.outside, b.cands(c))
			}
		}
		ks.hfit.Segment(ks.opts, true, rest, cagePlaced, ks.outside)
	}
	return segs, placed
}

// fit is what the house's segments rule out when those of use (bit k for
// segment k) keep their cages' sets and the others take any (HouseFit),
// the segments taken from the last.
func (b *Board) fit(segs []houseSegment, placed, use uint32) []Candidate {
	ks := b.kil
	allowed := ks.allowed[:0]
	for k := range segs {
		allowed = append(allowed, ks.allowedBuf[k][:len(segs[k].cells)])
	}
	ks.allowed = allowed
	ks.hfit.Fit(placed, use, func(k int) []uint32 { return allowed[k] })
	var remove []Candidate
	for k := len(segs) - 1; k >= 0; k-- {
		for i, c := range segs[k].cells {
			for x := b.cands(c) &^ allowed[k][i]; x != 0; x &= x - 1 {
				remove = append(remove, Candidate{c, sfirst(x)})
			}
		}
	}
	return remove
}

// houseCombinationStep is the step of house h whose cages of use rule
// out remove.
func (b *Board) houseCombinationStep(h int, segs []houseSegment, use uint32, size int, remove []Candidate) Step {
	kg := b.kil.kg
	st := newStep(HouseCombinations)
	st.Rating += 0.3 * float64(max(0, size-2))
	st.Remove, st.Digits = remove, stepDigits(remove)
	var cages []int
	for k, sg := range segs {
		if use&(1<<k) != 0 {
			st.Cells = append(st.Cells, kg.regions[sg.cage].cells...)
			cages = append(cages, sg.cage)
		}
	}
	st.words = func(say hinter) string {
		names := make([]string, len(cages))
		for k, i := range cages {
			names[k] = kg.where(say, i)
		}
		return Capital(say.f("%s holds each digit once, so the combinations of its cages (%s) must fit together: %s",
			say.house(h), strings.Join(names, ", "), say.removals(remove)))
	}
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
