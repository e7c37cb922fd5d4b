package logic

import (
	"slices"

	"github.com/pressrun/pressrun/engine/sums"
)

// A killer's houses in the dynamic chains. A house holds every digit
// once, so the digit sets its cages give its cells must fit together
// (engine/sums' HouseFit, which the variant rater's house
// combinations rung uses too): in a run of dynamic forcing chains plus
// or nested forcing chains (not the plain dynamic chains: the rule costs
// more than the others, and the plus is SE's rung whose runs take the
// simple techniques' eliminations too), once the sums (cagesums.go) have
// nothing more to switch off, every house whose
// cells, or its cages' cells outside it, have lost candidates is worked
// out again, and a digit a cell of it can no longer take is switched
// off, with the switched-off candidates of those cells as its parents.
// As with the sums, only what the run made possible is switched off.

// houseState is a house in the position searched: its empty cells, by
// segment (a cage's cells in the house, or a cell in no cage), the
// digits placed in it, and what the start grid allows its cells.
type houseState struct {
	cells   []int
	segs    []houseSeg
	outside []int // the caged segments' empty cells outside the house, by segment
	placed  uint32
	use     uint32 // the caged segments, bit k for segment k
	base    [maxDigits]Digits
	// memo keeps what the house allowed for the last candidates of its
	// cells and outside cells seen in each slot, those candidates in
	// snaps (len(cells)+len(outside) a slot).
	memo  [8]houseMemo
	snaps []Digits
}

// houseSeg is a segment's cells, cells[from:to], and for a cage's what
// the cage still needs: rest, its sum less its placed digits (placed),
// and its empty cells outside the house, outside[oFrom:oTo].
type houseSeg struct {
	from, to, oFrom, oTo int
	caged                bool
	rest                 int
	placed               uint32
}

type houseMemo struct {
	allowed [maxDigits]Digits
	used    bool
}

// loadHouses makes the houses' states for the position of cells: the
// houses with two empty cells or more and a cage reaching in.
func (ch *chainer) loadHouses(cells *Grid) {
	geo := ch.geo
	ch.houses, ch.houseCells, ch.houseSegs = ch.houses[:0], ch.houseCells[:0], ch.houseSegs[:0]
	for h := range geo.nh {
		st := houseState{}
		from, sFrom := len(ch.houseCells), len(ch.houseSegs)
		var out []int
		caged, done := false, uint64(0) // done: the cages with a segment, bit k for the house's k-th cell's
		for k, c := range geo.houses[h] {
			if v := cells[c]; v != 0 {
				st.placed |= 1 << (v - 1)
				continue
			}
			i := geo.sumCage[c]
			if done&(1<<k) != 0 {
				continue
			}
			sg := houseSeg{from: len(ch.houseCells) - from, caged: i >= 0}
			ch.houseCells = append(ch.houseCells, c)
			if i >= 0 {
				caged = true
				// The cage's other empty cells in the house join it.
				for j := k + 1; j < len(geo.houses[h]); j++ {
					if d := geo.houses[h][j]; geo.sumCage[d] == i && cells[d] == 0 {
						ch.houseCells = append(ch.houseCells, d)
						done |= 1 << j
					}
				}
			}
			sg.to = len(ch.houseCells) - from
			ch.houseSegs = append(ch.houseSegs, sg)
		}
		if len(ch.houseCells)-from < 2 || !caged {
			ch.houseCells, ch.houseSegs = ch.houseCells[:from], ch.houseSegs[:sFrom]
			continue
		}
		st.cells = ch.houseCells[from:len(ch.houseCells):len(ch.houseCells)]
		st.segs = ch.houseSegs[sFrom:len(ch.houseSegs):len(ch.houseSegs)]
		for k := range st.segs {
			sg := &st.segs[k]
			if !sg.caged {
				continue
			}
			st.use |= 1 << k
			r := &geo.sums[geo.sumCage[st.cells[sg.from]]]
			sg.rest, sg.oFrom = r.sum, len(out)
			for _, c := range r.cells {
				switch v := cells[c]; {
				case v != 0:
					sg.rest -= int(v)
					sg.placed |= 1 << (v - 1)
				case !geo.houseCells[h].has(c):
					out = append(out, c)
				}
			}
			sg.oTo = len(out)
		}
		st.outside = out
		ch.houses = append(ch.houses, st)
	}
	w := 0
	for _, s := range ch.houses {
		w = max(w, len(s.cells)+len(s.outside))
	}
	ch.houseMemo.reset(w, maxDigits)
	ch.houseBase()
}

// houseBase works out what the start grid allows each house's cells.
func (ch *chainer) houseBase() {
	for i := range ch.houses {
		s := &ch.houses[i]
		s.memo = [8]houseMemo{}
		s.snaps = make([]Digits, len(s.memo)*(len(s.cells)+len(s.outside)))
		ch.houseAllowed(i, s, &ch.g.cand, &s.base)
	}
}

// houseAllowed sets out[i] to the digits s.cells[i] can take when the
// house's cages, from the candidates in cand, fit together (house k of
// the chainer's, for its cache); it returns the work done, the digit sets
// tried.
func (ch *chainer) houseAllowed(k int, s *houseState, cand *[frameCells]Digits, out *[maxDigits]Digits) int {
	// The state: the candidates of the house's cells, then of its
	// outside cells, and its hash.
	key := ch.houseKey[:0]
	h := uint64(0)
	for _, cs := range [2][]int{s.cells, s.outside} {
		for _, c := range cs {
			key = append(key, cand[c])
			h = (h ^ uint64(cand[c])) * 0x100000001b3
		}
	}
	ch.houseKey = key
	slot := (h ^ h>>29) & 7
	m, w := &s.memo[slot], len(key)
	snap := s.snaps[int(slot)*w : int(slot+1)*w]
	if m.used && slices.Equal(snap, key) {
		*out = m.allowed
		return len(s.cells)
	}
	if work, ok := ch.houseMemo.find(k, h, key, out[:len(s.cells)]); ok {
		m.allowed, m.used = *out, true
		copy(snap, key)
		return work
	}
	if ch.houseFit == nil {
		ch.houseFit = &sums.HouseFit{}
	}
	hf := ch.houseFit
	hf.Reset(ch.geo.n)
	var opts, outside [maxDigits]uint32
	for _, sg := range s.segs {
		for i, c := range s.cells[sg.from:sg.to] {
			opts[i] = toSet(cand[c])
		}
		for i, c := range s.outside[sg.oFrom:sg.oTo] {
			outside[i] = toSet(cand[c])
		}
		hf.Segment(opts[:sg.to-sg.from], sg.caged, sg.rest, sg.placed, outside[:sg.oTo-sg.oFrom])
	}
	var allowed [maxDigits]uint32
	hf.Fit(s.placed, s.use, func(k int) []uint32 { return allowed[s.segs[k].from:s.segs[k].to] })
	for i := range s.cells {
		out[i] = fromSet(allowed[i])
	}
	m.allowed, m.used = *out, true
	copy(snap, key)
	work := hf.Work()
	ch.houseMemo.put(k, h, key, out[:len(s.cells)], work)
	return work
}

// houseRule switches off, in the run r on its grid g, the digits the
// houses the run has touched since the rule last looked (ch.houseSeen,
// the start grid when the run starts) no longer allow, each with the
// switched-off candidates of the house's cells and its cages' cells
// outside it as parents; it reports whether it added any (a
// contradiction included).
func (ch *chainer) houseRule(r *run, g *cgrid) bool {
	var allowed [maxDigits]Digits
	added := false
	for i := range ch.houses {
		s := &ch.houses[i]
		if !ch.touched(g, &ch.houseSeen, s.cells) && !ch.touched(g, &ch.houseSeen, s.outside) {
			continue
		}
		ch.work += ch.houseAllowed(i, s, &g.cand, &allowed)
		more, absurd := ch.ruleOffs(r, g, s.cells, allowed[:], s.base[:], s.outside)
		if more {
			ch.houseOffs++
		}
		if absurd {
			return true
		}
		added = added || more
	}
	ch.houseSeen = g.cand
	return added
}
