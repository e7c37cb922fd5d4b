// Code generated from engine/logic/nested.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"cmp"
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
const causeCell = maxHouses

// nestCollect is what a nested search collects: every hint, with the
// places its rule parents are looked for (its "on" potentials' link
// causes: a cell, or a digit in a house), which depend on the grid
// searched alone; the parents themselves depend on the grid of the run
// that started the search too, and are found when the hints are used.
type nestCollect struct {
	hints []nestHint
	ints  []int // the hints' eliminations (potentials) and cause places, by range
	seen  [frameCells + maxHouses*maxDigits]bool
	list  []int // the cause places marked in seen
}

// nestHint is one hint of a nested search.
type nestHint struct {
	rating, complexity, sortKey int
	rem, causes                 [2]int // ranges of ints: eliminations, cause places
	key                         uint64 // the chain's fingerprint (SE's FullChain)
}

// A cause place is a cell (0 to frameCells-1), or frameCells +
// house*maxDigits + digit-1.
func cellPlace(c int) int     { return c }
func housePlace(h, d int) int { return frameCells + h*maxDigits + d - 1 }

// mark adds the cause place x to the hint being collected, once.
func (nc *nestCollect) mark(x int) {
	if !nc.seen[x] {
		nc.seen[x] = true
		nc.list = append(nc.list, x)
	}
}

// nestEntry is one nested search's outcome in one grid: its hints in SE's
// order, those with the same eliminations as an earlier one dropped.
type nestEntry struct {
	grid  [frameCells]Digits
	hints []nestHint
	ints  []int
}

// nestCacheLimit bounds the ints the nested searches' cache keeps: past
// it the cache starts afresh.
const nestCacheLimit = 2 << 20

// nestChain is a nested hint an outer run took potentials from.
type nestChain struct {
	complexity int
	key        uint64
}

// nestedComplexity sums, once each, the complexities of the nested
// chains that ancestors met since ch.nestSeen was emptied (a chain met
// through two of its potentials, or found again in another search, is
// one: SE's FullChain).
func (ch *chainer) nestedComplexity() int {
	if len(ch.nestSeen) == 0 {
		return 0
	}
	seen := ch.nestSeen
	slices.SortFunc(seen, func(a, b int32) int { return cmp.Compare(ch.nests[a-1].key, ch.nests[b-1].key) })
	sum := 0
	for i, id := range seen {
		if i == 0 || ch.nests[seen[i-1]-1].key != ch.nests[id-1].key {
			sum += ch.nests[id-1].complexity
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

// cause records where the rule parents of an "on" potential (cell c,
// digit d) switched on by cause are: its cell, or d's places in the house.
func (nc *nestCollect) cause(c, d int, cause houseCause) {
	switch {
	case cause == causeCell:
		nc.mark(cellPlace(c))
	case cause >= 0:
		nc.mark(housePlace(int(cause), d))
	}
}

// beginHint starts a hint's record: its eliminations.
func (nc *nestCollect) beginHint(rs []Candidate) (rem [2]int) {
	rem[0] = len(nc.ints)
	for _, r := range rs {
		nc.ints = append(nc.ints, potOf(r.Cell, r.Digit, false))
	}
	rem[1] = len(nc.ints)
	return rem
}

// endHint keeps the hint with the cause places marked since beginHint.
func (nc *nestCollect) endHint(rem [2]int, rating, complexity, sortKey int, key uint64) {
	from := len(nc.ints)
	for _, x := range nc.list {
		nc.seen[x] = false
		nc.ints = append(nc.ints, x)
	}
	nc.list = nc.list[:0]
	nc.hints = append(nc.hints, nestHint{rating, complexity, sortKey, rem, [2]int{from, len(nc.ints)}, key})
}

// collectForcing records a multiple-chain conclusion, removing rs, as a
// nested hint of mode m: one walk of each chain counts its complexity
// (as weigh does) and gathers its cause places.
func (ch *chainer) collectForcing(fc *forcingCand, m chainMode, rs []Candidate) {
	nc := ch.nest
	rem := nc.beginHint(rs)
	var key uint64
	complexity := 0
	ch.nestSeen = ch.nestSeen[:0]
	for i := 0; i < fc.n; i++ {
		r := fc.runs[i]
		complexity += ch.ancestors(r, fc.nodes[i]) // and marks them
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
					cause = houseCause(fc.from.house)
				}
			}
			nc.cause(potCell(p), potDigit(p), cause)
		}
	}
	complexity += ch.nestedComplexity()
	nc.endHint(rem, m.base+LengthBonus(complexity), complexity, fc.sortKey, key)
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
				nc.cause(c, d, causeCell)
			} else {
				nc.cause(c, d, houseCause(linkHouse(&ch.g, potCell(prev), c, d)))
			}
		} else if cycle {
			// On in the cycle's reverse, with the cause of the link that
			// switched it off: its cell, or the first house it shares
			// with the potential before it.
			if potCell(prev) == c {
				nc.cause(c, d, causeCell)
			} else {
				nc.cause(c, d, houseCause(ch.geo.firstHouse(potCell(prev), c)))
			}
		}
	}
	nc.endHint(rem, rating, complexity, sortKey, key)
}

// firstHouse is the first house, in SE's link order (box, row, column),
// that cells a and b share; -1 for none.
func (geo *geometry) firstHouse(a, b int) int {
	for _, k := range geo.linkOrder {
		if h := geo.houseOf[a][k]; h >= 0 && geo.houseOf[b][k] == h {
			return h
		}
	}
	return -1
}

// nested runs the nested search of a level-2+ run r in its grid g, and
// lists, as advanced() does, what its hints switch off, with their rule
// parents among r's nodes and the nested chain each comes from.
func (ch *chainer) nested(r *run, g *cgrid, m chainMode, out []advOff, buf *[]int16) []advOff {
	var rules [3]int8
	n := 0
	switch {
	case m.level < 4:
		rules[0], n = ruleUnary, 1
		if m.level == 3 {
			rules[1], n = ruleMultiple, 2
		}
	default:
		for k := range innerModes {
			if m.inner&(1<<k) != 0 {
				rules[n] = ruleDynamic + int8(k)
				n++
			}
		}
	}
	for _, rule := range rules[:n] {
		e := ch.nestSearch(g, rule)
		if e == nil {
			return out // over budget
		}
		if ch.nestEmit(r, g, e, &out, buf) {
			break // the first search that finds any is the one (SE's)
		}
	}
	return out
}

// The nested searches (SE's otherRules beyond the simple four).
const (
	ruleUnary    = iota // forcing chains and cycles
	ruleMultiple        // multiple forcing chains
	ruleDynamic         // dynamic forcing chains of level 0, then 1, 2 (innerModes)
)

// nestSearch runs a nested search in grid g, or finds its outcome in the
// cache: it depends on g alone. It returns nil when the budget ran out.
func (ch *chainer) nestSearch(g *cgrid, rule int8) *nestEntry {
	var h uint64 = uint64(rule)
	for c := range g.cand {
		h = mix(h ^ uint64(g.cand[c])<<8 ^ uint64(c))
	}
	if e, ok := ch.nestCache[h]; ok && e.grid == g.cand {
		ch.work += 64
		return e
	}
	in := ch.inner
	if in == nil {
		in = newChainer(ch.geo, 0)
		in.nest = &nestCollect{}
		in.sumMemo, in.houseMemo = ch.sumMemo, ch.houseMemo
		ch.inner = in
	}
	in.g = *g
	in.loadLinks()
	in.placed, in.empty = ch.placed, ch.empty
	if len(ch.sums) > 0 {
		in.sums = append(in.sums[:0], ch.sums...)
		in.sumBase()
		in.houses = append(in.houses[:0], ch.houses...)
		in.houseBase()
	}
	nc := in.nest
	nc.hints, nc.ints = nc.hints[:0], nc.ints[:0]
	in.work = 0
	if ch.budget > 0 {
		in.budget = max(ch.budget-ch.work, 1)
	}
	switch rule {
	case ruleUnary:
		in.unaryAll()
	case ruleMultiple:
		in.forcing(multipleMode)
	default:
		in.forcing(innerModes[rule-ruleDynamic])
	}
	ch.work += in.work
	if in.overBudget() {
		ch.work = max(ch.work, ch.budget+1)
		return nil
	}
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
	e := &nestEntry{grid: g.cand}
	kept := map[uint64][]int{}
	for _, hint := range nc.hints {
		rem := nc.ints[hint.rem[0]:hint.rem[1]]
		var hk uint64
		for _, p := range rem {
			hk = mix(hk ^ uint64(p))
		}
		dup := false
		for _, j := range kept[hk] {
			k := e.hints[j]
			if slices.Equal(rem, e.ints[k.rem[0]:k.rem[1]]) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		kept[hk] = append(kept[hk], len(e.hints))
		at := len(e.ints)
		e.ints = append(e.ints, rem...)
		e.ints = append(e.ints, nc.ints[hint.causes[0]:hint.causes[1]]...)
		hint.rem = [2]int{at, at + len(rem)}
		hint.causes = [2]int{at + len(rem), len(e.ints)}
		e.hints = append(e.hints, hint)
	}
	if ch.nestCache == nil || ch.nestCached > nestCacheLimit {
		ch.nestCache, ch.nestCached = map[uint64]*nestEntry{}, 0
	}
	ch.nestCache[h] = e
	ch.nestCached += len(e.ints) + 16*len(e.hints) + 64
	return e
}

// nestEmit adds to out what the entry's hints eliminate, each hint whose
// rule parents (the candidates of ch.g its cause places lack in g, as
// r's nodes) are not none; it reports whether any was.
func (ch *chainer) nestEmit(r *run, g *cgrid, e *nestEntry, out *[]advOff, buf *[]int16) bool {
	any := false
	for _, hint := range e.hints {
		from := len(*buf)
		for _, x := range e.ints[hint.causes[0]:hint.causes[1]] {
			if x < frameCells {
				for y := ch.g.cand[x] &^ g.cand[x]; y != 0; y &= y - 1 {
					if j := r.idx[potOf(x, y.First(), false)]; j > 0 {
						*buf = append(*buf, j-1)
					}
				}
				continue
			}
			h, d := (x-frameCells)/maxDigits, (x-frameCells)%maxDigits+1
			for y := ch.g.pos[h][d] &^ g.pos[h][d]; y != 0; y &= y - 1 {
				if j := r.idx[potOf(ch.geo.houses[h][bits.TrailingZeros16(y)], d, false)]; j > 0 {
					*buf = append(*buf, j-1)
				}
			}
		}
		if len(*buf) == from {
			continue
		}
		// A candidate gone from a cell and from a house is one parent.
		parents := (*buf)[from:len(*buf):len(*buf)]
		slices.Sort(parents)
		parents = slices.Compact(parents)
		*buf = (*buf)[:from+len(parents)]
		any = true
		ch.nests = append(ch.nests, nestChain{hint.complexity, hint.key})
		id := int32(len(ch.nests))
		for _, p := range e.ints[hint.rem[0]:hint.rem[1]] {
			*out = append(*out, advOff{pot: p, parents: parents, nest: id})
		}
	}
	return any
}

// unaryAll runs the three unary searches in full (the last pass,
// without limit), for a nested search that collects every hint.
func (ch *chainer) unaryAll() {
	for k := range ch.unaryRecs {
		ch.unaryRecs[k] = ch.unaryRecs[k][:0]
	}
	var best chainBest
	last := len(unaryLimits) - 1
	ch.unaryPass(last, unaryLimits[last], &best)
}
