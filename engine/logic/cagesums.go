package logic

import (
	"fmt"

	"github.com/pressrun/pressrun/engine/variant"
)

// A killer's sums in the dynamic chains. A cage's digits differ and add
// up to its sum; so do those of the regions a person derives from the
// cages (a house's innies and outies, by the rule of 45). In a dynamic
// run every region whose cells have lost candidates is worked out again:
// a digit a cell can no longer hold in any filling of the region (its
// digits different, their total the region's) is switched off, with the
// region's switched-off candidates as its parents, as the advanced rules
// of dynamic chains plus do (advanced.go). So an assumption is followed
// through the cages as through the houses: "if r1c1 is 9, the cage of 10
// at r1c1 holds 1 in r1c2, and then ...". A region the run leaves with
// no filling switches its cells' last candidates off, a contradiction.
// Only what the run made possible is switched off: a digit the start
// grid's candidates already rule out in the region is the ladder's
// business (the killer's own rungs), not a consequence of the assumption.

// sumRegion is cells whose digits differ and add up to sum.
type sumRegion struct {
	cells []int
	sum   int
}

// newSumRegions checks and copies the cages' and derived regions' cells
// and sums, on a board of side n.
func newSumRegions(cages, derived []variant.Cage, n int) ([]sumRegion, error) {
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
		out = append(out, sumRegion{append([]int(nil), cage.Cells...), cage.Sum})
	}
	return out, nil
}

// sumState is a sum region in the position searched: its empty cells,
// what they add up to, and the digits each can hold in the start grid.
type sumState struct {
	cells []int
	sum   int
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
// it has the same candidates.
// It returns the work done: the digit sets tried, or the cells looked up.
func (s *sumState) allowed(sc *sumScratch, g *cgrid, out *[maxDigits]Digits) int {
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
	work := sc.sumAllowed(g.geo.n, s.cells, s.sum, &g.cand, out[:len(s.cells)])
	m.cand, m.allowed, m.used = key, *out, true
	return work
}

// loadSums makes the sum regions' states for the position of cells,
// the start grid in ch.g.
func (ch *chainer) loadSums(cells *Grid) {
	ch.sums, ch.sumCells = ch.sums[:0], ch.sumCells[:0]
	for _, s := range ch.geo.sums {
		from := len(ch.sumCells)
		sum := s.sum
		for _, c := range s.cells {
			if v := cells[c]; v != 0 {
				sum -= int(v)
			} else {
				ch.sumCells = append(ch.sumCells, c)
			}
		}
		if len(ch.sumCells) > from {
			ch.sums = append(ch.sums, sumState{cells: ch.sumCells[from:len(ch.sumCells):len(ch.sumCells)], sum: sum})
		}
	}
	ch.sumBase()
}

// sumBase works out what the start grid allows each region's cells.
func (ch *chainer) sumBase() {
	if ch.sumScratch == nil {
		ch.sumScratch = &sumScratch{}
	}
	for i := range ch.sums {
		s := &ch.sums[i]
		ch.sumScratch.sumAllowed(ch.geo.n, s.cells, s.sum, &ch.g.cand, s.base[:len(s.cells)])
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
	var offs [frameCells]int
	for i := range ch.sums {
		s := &ch.sums[i]
		touched := false
		for _, c := range s.cells {
			if g.cand[c] != ch.sumSeen[c] {
				touched = true
				break
			}
		}
		if !touched {
			continue // as the last time: what it switches off is in the run
		}
		ch.work += s.allowed(ch.sumScratch, g, &allowed)
		n := 0
		for j, c := range s.cells {
			for x := g.cand[c] &^ allowed[j] & s.base[j]; x != 0; x &= x - 1 {
				if q := potOf(c, x.low(), false); r.idx[q] == 0 {
					offs[n] = q
					n++
				}
			}
		}
		if n == 0 {
			continue
		}
		parents := ch.sumParents[:0]
		for _, c := range s.cells {
			for x := ch.g.cand[c] &^ g.cand[c]; x != 0; x &= x - 1 {
				if j := r.idx[potOf(c, x.low(), false)]; j > 0 {
					parents = append(parents, j-1)
				}
			}
		}
		ch.sumParents = parents
		for _, q := range offs[:n] {
			if j := r.idx[q^1]; j > 0 {
				r.absurdOn = int(j - 1)
				r.absurdOf = r.add(q, int(parents[0]), parents[1:], false)
				return true
			}
			r.qOff = append(r.qOff, int16(r.add(q, int(parents[0]), parents[1:], true)))
			added = true
		}
	}
	ch.sumSeen = g.cand
	return added
}

// sumScratch is sumAllowed's working memory: engine/variant's search of
// a region's fillings, and its buffers.
type sumScratch struct {
	fill          variant.Fillings
	opts, allowed [maxDigits]uint32
}

// sumAllowed sets allowed[i] to the digits cells[i] can hold in a filling
// of the cells from their candidates in cand, the digits different (1 to
// n) and adding up to sum (all empty when there is none): engine/variant's
// Fillings, which the variant rater's cage rungs use too. It returns the
// work done, the digit sets tried (the chain engine's budget counts them).
func (sc *sumScratch) sumAllowed(n int, cells []int, sum int, cand *[frameCells]Digits, allowed []Digits) int {
	k := len(cells)
	for i, c := range cells {
		sc.opts[i] = uint32(cand[c]) >> 1
	}
	_, work := sc.fill.Search(n, sc.opts[:k], sum, nil, sc.allowed[:k], nil)
	for i := range k {
		allowed[i] = Digits(sc.allowed[i] << 1)
	}
	return work
}
