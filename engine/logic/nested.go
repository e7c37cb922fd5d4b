package logic

import (
	"math/bits"
	"slices"
)

// Sudoku Explainer's nested forcing chains (Chaining with level 2 to 5,
// rated from 9.5, 10.0, 10.5 and 11.0): dynamic forcing chains whose
// runs, when neither their links nor the simple rules of level 1
// (advanced.go) take them further, run a whole chain search in the grid
// the run has made and switch off what its hints eliminate. The nested
// search is, by level (SE's getAdvancedPotentials):
//   - 2: forcing chains and cycles (the unary search, unary.go);
//   - 3: the same, then, if it has nothing, multiple forcing chains;
//   - 4 and 5: dynamic forcing chains of the levels the mode lists (its
//     inner), in turn until one finds something: level 0 for 1.2.1's
//     level 4, 0 then 2 for its level 5; SukakuExplainer's level 4 comes
//     in three producers, with 0, 1 and 2.
//
// The nested search's hints are all taken, not only its best: sorted as
// SE sorts them (rating, complexity, kind), those with the same
// eliminations as an earlier one dropped, and each elimination, cells in
// order, becomes an "off" potential of the run. Its parents are the
// hint's rule parents: the candidates the run switched off that the
// hint's links rest on (for each "on" potential of its chains, the
// candidates gone from its cell, for a cell link, or from its house, for
// a house link). A hint that rests on none held before the assumption
// and is left out. A conclusion's complexity adds, once each, the
// complexities of the nested hints its chains took potentials from.

// causeCell is the link cause of an "on" potential switched on by its
// cell's last candidate; 0 to 26 are the houses of the other links.
const causeCell = 27

// nestCollect is what a nested search collects: every hint, with what it
// rests on in start, the grid of the run that started the search.
type nestCollect struct {
	start *cgrid
	hints []nestHint
	pots  []int // the hints' eliminations and parents, by range
	seen  potSet
}

// nestHint is one hint of a nested search.
type nestHint struct {
	rating, complexity, sortKey int
	rem, par                    [2]int // ranges of nestCollect.pots: eliminations, rule parents
	key                         uint64 // the chain's fingerprint (SE's FullChain)
	order                       int
}

// nestChain is a nested hint an outer run took potentials from.
type nestChain struct {
	complexity int
	key        uint64
}

// nestedComplexity sums, once each, the complexities of the nested
// chains that ancestors met since ch.nestSeen was emptied.
func (ch *chainer) nestedComplexity() int {
	if len(ch.nestSeen) == 0 {
		return 0
	}
	sum := 0
	for i, id := range ch.nestSeen {
		nc := ch.nests[id-1]
		dup := false
		for _, prev := range ch.nestSeen[:i] {
			if prev == id || ch.nests[prev-1].key == nc.key {
				dup = true
				break
			}
		}
		if !dup {
			sum += nc.complexity
		}
	}
	return sum
}

// mix is a fingerprint step (splitmix64's finaliser).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// ruleParents adds to the collection's pots the candidates of start that
// the search's grid lacks, where an "on" potential's link cause looks:
// the cell, or the digit's places in the house.
func (ch *chainer) ruleParents(c, d int, cause int8) {
	nc := ch.nest
	if cause == causeCell {
		for x := nc.start.cand[c] &^ ch.g.cand[c]; x != 0; x &= x - 1 {
			if p := potOf(c, x.First(), false); nc.seen.addNew(p) {
				nc.pots = append(nc.pots, p)
			}
		}
		return
	}
	if cause < 0 {
		return
	}
	h := int(cause)
	for x := nc.start.pos[h][d] &^ ch.g.pos[h][d]; x != 0; x &= x - 1 {
		if p := potOf(houses[h][bits.TrailingZeros16(x)], d, false); nc.seen.addNew(p) {
			nc.pots = append(nc.pots, p)
		}
	}
}

// beginHint starts a hint's record: its eliminations.
func (nc *nestCollect) beginHint(rs []Candidate) (rem [2]int) {
	rem[0] = len(nc.pots)
	for _, r := range rs {
		nc.pots = append(nc.pots, potOf(r.Cell, r.Digit, false))
	}
	rem[1] = len(nc.pots)
	nc.seen = potSet{}
	return rem
}

// endHint keeps the hint when it has rule parents.
func (nc *nestCollect) endHint(rem [2]int, rating, complexity, sortKey int, key uint64) {
	if len(nc.pots) == rem[1] {
		nc.pots = nc.pots[:rem[0]]
		return
	}
	nc.hints = append(nc.hints, nestHint{rating, complexity, sortKey, rem, [2]int{rem[1], len(nc.pots)}, key, len(nc.hints)})
}

// collectForcing records a multiple-chain conclusion as a nested hint.
func (ch *chainer) collectForcing(fc *forcingCand, rating, complexity int, rs []Candidate) {
	nc := ch.nest
	rem := nc.beginHint(rs)
	var key uint64
	for i := 0; i < fc.n; i++ {
		r := fc.runs[i]
		ch.ancestors(r, fc.nodes[i]) // marks them
		key += mix(uint64(fc.target)<<8 | uint64(i))
		for n, nd := range r.nodes {
			if r.mark[n] != ch.stamp {
				continue
			}
			p := int(nd.pot)
			key += mix(uint64(p) + uint64(i)<<12)
			if !potOn(p) {
				continue
			}
			cause := r.causeOf(n)
			if n == 0 {
				switch fc.from.what {
				case fromCell:
					cause = causeCell
				case fromRegion:
					cause = int8(fc.from.house)
				}
			}
			ch.ruleParents(potCell(p), potDigit(p), cause)
		}
	}
	nc.endHint(rem, rating, complexity, fc.sortKey, key)
}

// collectUnary records a forcing chain or a cycle (pots, from the source,
// the cycle without its closing source) as a nested hint. A cycle's
// chains are both ways round: every potential of it is "on" in one.
func (ch *chainer) collectUnary(pots []int, cycle bool, rating, complexity, sortKey int, rs []Candidate) {
	nc := ch.nest
	rem := nc.beginHint(rs)
	var key uint64
	n := len(pots)
	for i, p := range pots {
		key += mix(uint64(p) + uint64(i)<<12)
		var prev int
		switch {
		case i > 0:
			prev = pots[i-1]
		case cycle:
			prev = pots[n-1]
		default:
			continue
		}
		c, d := potCell(p), potDigit(p)
		if potOn(p) {
			// The link that switched it on: the cell's or the house's
			// last other place.
			if potCell(prev) == c {
				ch.ruleParents(c, d, causeCell)
			} else {
				ch.ruleParents(c, d, int8(linkHouse(&ch.g, potCell(prev), c, d)))
			}
		} else if cycle {
			// On in the cycle's reverse, with the cause of the link that
			// switched it off: its cell, or the first house it shares
			// with the potential before it.
			if potCell(prev) == c {
				ch.ruleParents(c, d, causeCell)
			} else {
				ch.ruleParents(c, d, int8(firstHouse(potCell(prev), c)))
			}
		}
	}
	nc.endHint(rem, rating, complexity, sortKey, key)
}

// firstHouse is the first house, in SE's link order (box, row, column),
// that cells a and b share; -1 for none.
func firstHouse(a, b int) int {
	for _, k := range seLinkHouses {
		if h := houseOf[a][k]; houseOf[b][k] == h {
			return h
		}
	}
	return -1
}

// nested runs the nested search of a level-2+ run r in its grid g, and
// lists, as advanced() does, what its hints switch off, with their rule
// parents among r's nodes and the nested chain each comes from.
func (ch *chainer) nested(r *run, g *cgrid, m chainMode, out []advOff, buf *[]int16) []advOff {
	in := ch.inner
	if in == nil {
		in = newChainer(0)
		in.nest = &nestCollect{}
		ch.inner = in
	}
	in.g = *g
	in.loadLinks()
	in.placed, in.empty = ch.placed, ch.empty
	in.nest.start = &ch.g
	in.nest.hints, in.nest.pots = in.nest.hints[:0], in.nest.pots[:0]
	in.work = 0
	if ch.budget > 0 {
		in.budget = max(ch.budget-ch.work, 1)
	}
	done := func() bool { return len(in.nest.hints) > 0 || in.overBudget() }
	switch {
	case m.level < 4:
		if in.unaryAll(); m.level == 3 && !done() {
			in.forcing(multipleMode)
		}
	default:
		for k, im := range innerModes {
			if m.inner&(1<<k) != 0 && !done() {
				in.forcing(im)
			}
		}
	}
	ch.work += in.work
	if in.overBudget() {
		ch.work = max(ch.work, ch.budget+1)
		return out
	}
	nc := in.nest
	slices.SortStableFunc(nc.hints, func(a, b nestHint) int {
		if a.rating != b.rating {
			return a.rating - b.rating
		}
		if a.complexity != b.complexity {
			return a.complexity - b.complexity
		}
		return a.sortKey - b.sortKey
	})
	// Hints with the same eliminations are one (SE's ChainingHint.equals):
	// the first in that order stays.
	kept := map[uint64][]int{}
	for i, h := range nc.hints {
		rem := nc.pots[h.rem[0]:h.rem[1]]
		var hk uint64
		for _, p := range rem {
			hk = mix(hk ^ uint64(p))
		}
		dup := false
		for _, j := range kept[hk] {
			if slices.Equal(rem, nc.pots[nc.hints[j].rem[0]:nc.hints[j].rem[1]]) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		kept[hk] = append(kept[hk], i)
		from := len(*buf)
		for _, p := range nc.pots[h.par[0]:h.par[1]] {
			if j := r.idx[p]; j > 0 {
				*buf = append(*buf, j-1)
			}
		}
		if len(*buf) == from {
			continue
		}
		parents := (*buf)[from:len(*buf):len(*buf)]
		ch.nests = append(ch.nests, nestChain{h.complexity, h.key})
		id := int32(len(ch.nests))
		for _, p := range rem {
			out = append(out, advOff{pot: p, parents: parents, nest: id})
		}
	}
	return out
}

// unaryAll runs the three unary searches in full, for a nested search
// that collects every hint.
func (ch *chainer) unaryAll() {
	var best chainBest
	last := len(unaryLimits) - 1
	var rec unaryRec
	for _, k := range unaryKinds {
		for c := 0; c < 81; c++ {
			n := ch.g.cand[c].Count()
			if n < 2 || (!k.x && n > 2) {
				continue
			}
			for x := uint16(ch.g.cand[c]); x != 0; x &= x - 1 {
				rec = unaryRec{pass: -1}
				ch.unaryFrom(c, bits.TrailingZeros16(x), &k, last, 1<<20, &best, &rec)
				if ch.overBudget() {
					return
				}
			}
		}
	}
}
