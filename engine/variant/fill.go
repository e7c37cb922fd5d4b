package variant

import (
	"math/bits"
	"math/rand/v2"
)

// filler draws solution grids of a variant under a small budget of
// search states, for telling quickly whether a drawn jigsaw layout has
// a solution grid at all. Solver.Random is the thorough way, but on one
// of the few layouts that have none (or hide theirs well) it searches
// for seconds before giving up; a layout is cheaper dropped after a few
// thousand states and another drawn. The search is the plain one: the
// empty cell of fewest candidates, its candidates in random order,
// restarted with twice the budget when a start runs out.
type filler struct {
	v     *Variant
	all   uint32
	used  []uint32 // the symbols each house holds
	g     Grid
	cand  []uint32 // scratch: each empty cell's candidates
	nodes int
}

func newFiller(v *Variant) *filler {
	return &filler{v: v, all: 1<<v.Size - 1, used: make([]uint32, len(v.houses)), g: make(Grid, v.Cells()), cand: make([]uint32, v.Cells())}
}

// fillStarts and fillBudget bound a fill: 6 starts from 20 states a cell,
// doubling, about 1,300 states a cell in all.
const fillStarts, fillBudget = 6, 20

// fill is a solution grid drawn by rng, or nil when the starts ran out
// of budget or the search proved there is none.
func (f *filler) fill(rng *rand.Rand) Grid {
	for start := range fillStarts {
		clear(f.g)
		clear(f.used)
		f.nodes = fillBudget * f.v.Cells() << start
		switch f.search(rng) {
		case found:
			out := make(Grid, len(f.g))
			copy(out, f.g)
			return out
		case none:
			return nil
		}
	}
	return nil
}

type fillResult int

const (
	found fillResult = iota
	none
	outOfBudget
)

func (f *filler) search(rng *rand.Rand) fillResult {
	if f.nodes--; f.nodes < 0 {
		return outOfBudget
	}
	cand := f.cand
	cell, best := -1, 33
	for c, x := range f.g {
		cand[c] = 0
		if x != 0 {
			continue
		}
		m := f.all
		for _, h := range f.v.cellHouses[c] {
			m &^= f.used[h]
		}
		cand[c] = m
		if k := bits.OnesCount32(m); k < best {
			cell, best = c, k
		}
	}
	if cell < 0 {
		return found
	}
	if best == 0 {
		return none
	}
	// A symbol with one place left in a house goes there (a hidden
	// single); one with none left ends the branch.
	hc, hb := -1, uint32(0)
	if best > 1 {
		for hi, h := range f.v.houses {
			var once, twice uint32
			for _, c := range h {
				twice |= once & cand[c]
				once |= cand[c]
			}
			if f.all&^f.used[hi]&^once != 0 {
				return none
			}
			if single := once &^ twice; single != 0 && hc < 0 {
				hb = single & -single
				for _, c := range h {
					if cand[c]&hb != 0 {
						hc = c
						break
					}
				}
			}
		}
	}
	try := func(c int, b uint32) fillResult {
		f.g[c] = uint8(bits.TrailingZeros32(b) + 1)
		for _, h := range f.v.cellHouses[c] {
			f.used[h] |= b
		}
		r := f.search(rng)
		if r != found {
			f.g[c] = 0
			for _, h := range f.v.cellHouses[c] {
				f.used[h] &^= b
			}
		}
		return r
	}
	if hc >= 0 {
		return try(hc, hb)
	}
	var order [MaxSize]uint32
	k := 0
	for x := cand[cell]; x != 0; x &= x - 1 {
		order[k] = x & -x
		k++
	}
	rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, b := range order[:k] {
		if r := try(cell, b); r != none {
			return r
		}
	}
	return none
}
