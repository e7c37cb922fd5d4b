// Code generated from engine/logic/cagesums.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"

	"github.com/pressrun/pressrun/engine/sums"
)

// A killer's sums in the dynamic chains. A cage's digits differ and add
// up to its sum; so do those of the regions a person derives from the
// cages (a house's innies and outies, by the rule of 45), except that
// the innies of a few houses may repeat a digit in cells that share no
// house. In a dynamic run every region whose cells have lost candidates
// is worked out again: a digit a cell can no longer hold in any filling
// of the region (peers different, the total the region's) is switched
// off, with the region's switched-off candidates as its parents, as the advanced rules
// of dynamic chains plus do (advanced.go). So an assumption is followed
// through the cages as through the houses: "if r1c1 is 9, the cage of 10
// at r1c1 holds 1 in r1c2, and then ...". A region the run leaves with
// no filling switches its cells' last candidates off, a contradiction.
// Only what the run made possible is switched off: a digit the start
// grid's candidates already rule out in the region is the ladder's
// business (the killer's own rungs), not a consequence of the assumption.

// sumRegion is cells whose digits add up to sum. They differ, unless
// apart is set: then cells i and j differ where bit j of apart[i] is
// (they are peers), and others may repeat a digit.
type sumRegion struct {
	cells []int
	sum   int
	apart []uint32
}

// sumsApart sets the apart of the sum regions whose cells are not all
// peers.
func (g *geometry) sumsApart() {
	for k := range g.sums {
		r := &g.sums[k]
		apart := make([]uint32, len(r.cells))
		distinct := true
		for i, c := range r.cells {
			for j, d := range r.cells {
				if j != i {
					if g.isPeer[c][d] {
						apart[i] |= 1 << j
					} else {
						distinct = false
					}
				}
			}
		}
		if !distinct {
			r.apart = apart
		}
	}
}

// newSumRegions checks and copies the cages' and derived regions' cells
// and sums, on a board of side n.
func newSumRegions(cages, derived []sums.Cage, n int) ([]sumRegion, error) {
	var out []sumRegion
	for i, cage := range append(cages[:len(cages):len(cages)], derived...) {
		if len(cage.Cells) == 0 || len(cage.Cells) > n {
			return nil, fmt.Errorf("logic: sum region %d has %d cells (want 1 to %d)", i, len(cage.Cells), n)
		}
		for _, c := range cage.Cells {
			if c < 0 || c >= frameCells || c%frameSide >= n || c/frameSide >= n {
				return nil, fmt.Errorf("logic: sum region %d has cell %d", i, c)
			}
		}
		out = append(out, sumRegion{cells: append([]int(nil), cage.Cells...), sum: cage.Sum})
	}
	return out, nil
}

// sumState is a sum region in the position searched: its empty cells,
// what they add up to, and the digits each can hold in the start grid.
type sumState struct {
	cells []int
	sum   int
	apart []uint32 // as sumRegion's, by the places in cells; nil when they differ
	base  [maxDigits]Digits
	// memo keeps what the region allowed for the last candidates seen in
	// each slot: runs from different assumptions often leave a region in
	// the same state.
	memo [16]sumMemo
}

type sumMemo struct {
	cand, allowed [maxDigits]Digits
	used          bool
}

// allowed is sumAllowed for the region's cells in g, from the memo when
// it has the same candidates, else from the chainer's cache (cm, where
// the region is number i), else searched.
// It returns the work done: the digit sets tried, or the cells looked up.
func (s *sumState) allowed(sc *sumScratch, cm *cageMemo, i int, g *cgrid, out *[maxDigits]Digits) int {
	var key [maxDigits]Digits
	h := uint64(0)
	for j, c := range s.cells {
		key[j] = g.cand[c]
		h = (h ^ uint64(key[j])) * 0x100000001b3
	}
	m := &s.memo[(h^h>>29)&15]
	if m.used && m.cand == key {
		*out = m.allowed
		return len(s.cells)
	}
	k := len(s.cells)
	work, ok := cm.find(i, h, key[:k], out[:k])
	if !ok {
		work = sc.regionAllowed(g.geo.n, s, &g.cand, out[:k])
		cm.put(i, h, key[:k], out[:k], work)
	}
	m.cand, m.allowed, m.used = key, *out, true
	return work
}

// loadSums makes the sum regions' states for the position of cells,
// the start grid in ch.g.
func (ch *chainer) loadSums(cells *Grid) {
	ch.sums, ch.sumCells, ch.sumApart = ch.sums[:0], ch.sumCells[:0], ch.sumApart[:0]
	for _, s := range ch.geo.sums {
		from, fromApart := len(ch.sumCells), len(ch.sumApart)
		sum := s.sum
		for i, c := range s.cells {
			if v := cells[c]; v != 0 {
				sum -= int(v)
				continue
			}
			ch.sumCells = append(ch.sumCells, c)
			if s.apart != nil {
				// The peers among the empty cells, by their new places.
				var a uint32
				k := 0
				for j, d := range s.cells {
					if cells[d] == 0 {
						if s.apart[i]&(1<<j) != 0 {
							a |= 1 << k
						}
						k++
					}
				}
				ch.sumApart = append(ch.sumApart, a)
			}
		}
		if len(ch.sumCells) > from {
			st := sumState{cells: ch.sumCells[from:len(ch.sumCells):len(ch.sumCells)], sum: sum}
			if s.apart != nil {
				st.apart = ch.sumApart[fromApart:len(ch.sumApart):len(ch.sumApart)]
			}
			ch.sums = append(ch.sums, st)
		}
	}
	ch.sumMemo.reset(maxDigits, maxDigits)
	ch.sumBase()
}

// sumBase works out what the start grid allows each region's cells.
func (ch *chainer) sumBase() {
	if ch.sumScratch == nil {
		ch.sumScratch = &sumScratch{}
	}
	for i := range ch.sums {
		s := &ch.sums[i]
		ch.sumScratch.regionAllowed(ch.geo.n, s, &ch.g.cand, s.base[:len(s.cells)])
	}
}

// sumRule switches off, in the run r on its grid g, the digits the sum
// regions the run has touched since the rule last looked (ch.sumSeen, the
// start grid when the run starts) no longer allow, each with the region's
// switched-off candidates as parents; it reports whether it added any
// (a contradiction included).
func (ch *chainer) sumRule(r *run, g *cgrid) bool {
	added := false
	var allowed [maxDigits]Digits
	for i := range ch.sums {
		s := &ch.sums[i]
		if !ch.touched(g, &ch.sumSeen, s.cells) {
			continue // as the last time: what it switches off is in the run
		}
		ch.work += s.allowed(ch.sumScratch, ch.sumMemo, i, g, &allowed)
		more, absurd := ch.ruleOffs(r, g, s.cells, allowed[:], s.base[:], nil)
		if absurd {
			return true
		}
		added = added || more
	}
	ch.sumSeen = g.cand
	return added
}

// touched reports whether a candidate of cells in g differs from seen.
func (ch *chainer) touched(g *cgrid, seen *[frameCells]Digits, cells []int) bool {
	for _, c := range cells {
		if g.cand[c] != seen[c] {
			return true
		}
	}
	return false
}

// ruleOffs switches off, in the run r on its grid g, the digits of cells
// (cells[j]) that allowed[j] no longer holds and base[j], what the rule
// allowed in the start grid, did, with the candidates the run switched
// off in cells and more (other cells the rule read) as parents. It
// reports whether it added any, and absurd when one of them was on: the
// run's contradiction, recorded.
func (ch *chainer) ruleOffs(r *run, g *cgrid, cells []int, allowed, base []Digits, more []int) (added, absurd bool) {
	var offs [maxDigits * maxDigits]int
	n := 0
	for j, c := range cells {
		for x := g.cand[c] &^ allowed[j] & base[j]; x != 0; x &= x - 1 {
			if q := potOf(c, x.low(), false); r.idx[q] == 0 {
				offs[n] = q
				n++
			}
		}
	}
	if n == 0 {
		return false, false
	}
	parents := ch.sumParents[:0]
	for _, cs := range [2][]int{cells, more} {
		for _, c := range cs {
			for x := ch.g.cand[c] &^ g.cand[c]; x != 0; x &= x - 1 {
				if j := r.idx[potOf(c, x.low(), false)]; j > 0 {
					parents = append(parents, j-1)
				}
			}
		}
	}
	ch.sumParents = parents
	if len(parents) == 0 {
		return false, false // not the run's doing: the start grid's own
	}
	for _, q := range offs[:n] {
		if j := r.idx[q^1]; j > 0 {
			r.absurdOn = int(j - 1)
			r.absurdOf = r.add(q, int(parents[0]), parents[1:], false)
			return true, true
		}
		r.qOff = append(r.qOff, int16(r.add(q, int(parents[0]), parents[1:], true)))
	}
	return true, false
}

// sumScratch is sumAllowed's working memory: engine/sums' searches
// of a region's fillings, and their buffers.
type sumScratch struct {
	fill          sums.Fillings
	repeat        sums.RepeatFillings
	opts, allowed [maxDigits]uint32
}

// repeatNodeWork is what a node of that search counts for in the chain
// budget, measured: so counted, a killer's budget buys about as many
// seconds as before the chains took these regions (Tarek's 17 at the
// default budget, one core: 2.4 s, against 2.6 s before; counted one
// each, 4.1 s and more). A node tries each digit of a cell against the
// cells before it, and checks whether anything is left to find.
const repeatNodeWork = 16

// regionAllowed is sumAllowed for region s, or repeatAllowed when its digits
// may repeat.
func (sc *sumScratch) regionAllowed(n int, s *sumState, cand *[frameCells]Digits, allowed []Digits) int {
	if s.apart == nil {
		return sc.sumAllowed(n, s.cells, s.sum, cand, allowed)
	}
	return sc.repeatAllowed(s, cand, allowed)
}

// repeatAllowed sets allowed[i] to the digits s.cells[i] can hold in a
// filling of the cells from their candidates in cand that adds up to
// s.sum, peers different (engine/sums' RepeatFillings, which the
// variant rater's rungs use too): all their candidates when the search
// runs past sums.RepeatBudget. It returns the work done: the nodes searched,
// each repeatNodeWork.
func (sc *sumScratch) repeatAllowed(s *sumState, cand *[frameCells]Digits, allowed []Digits) int {
	k := len(s.cells)
	for i, c := range s.cells {
		sc.opts[i] = toSet(cand[c])
	}
	_, ok, nodes := sc.repeat.Search(sc.opts[:k], 0, s.apart, s.sum, sums.RepeatBudget, sc.allowed[:k])
	for i, c := range s.cells {
		allowed[i] = fromSet(sc.allowed[i])
		if !ok && nodes > sums.RepeatBudget {
			allowed[i] = cand[c]
		}
	}
	return repeatNodeWork * nodes
}

// sumAllowed sets allowed[i] to the digits cells[i] can hold in a filling
// of the cells from their candidates in cand, the digits different (1 to
// n) and adding up to sum (all empty when there is none): engine/sums'
// Fillings, which the variant rater's cage rungs use too. It returns the
// work done, the digit sets tried (the chain engine's budget counts them).
func (sc *sumScratch) sumAllowed(n int, cells []int, sum int, cand *[frameCells]Digits, allowed []Digits) int {
	k := len(cells)
	for i, c := range cells {
		sc.opts[i] = toSet(cand[c])
	}
	_, work := sc.fill.Search(n, sc.opts[:k], sum, nil, sc.allowed[:k], nil)
	for i := range k {
		allowed[i] = fromSet(sc.allowed[i])
	}
	return work
}
