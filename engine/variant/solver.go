package variant

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Solver finds and counts the solutions of a variant's grids by depth
// first search over candidate bit sets: each placement removes its symbol
// from the cell's peers, naked singles (a cell left one symbol) and
// hidden singles (a symbol left one place in a house) are placed until
// none is left, and the search then branches on the narrowest choice: a
// cell of fewest candidates or a symbol of fewest places in a house. It
// works over the variant's houses only, so every variant takes the same
// code.
//
// On large grids (12x12 and up, where minimal puzzles take thousands of
// branches) it also keeps, for every house and symbol, the set of the
// house's cells where the symbol can still go, updated as candidates
// fall: hidden singles are then seen at the elimination that makes them,
// and locked candidates (a symbol whose places in a house all lie where
// it crosses another house leaves the rest of that house) cut the search
// about four times on minimal 16x16 puzzles. On small grids that
// bookkeeping costs more than it saves, and a scan of the houses after
// each round of naked singles finds the hidden ones.
//
// On a killer (a variant with cages) cage mates are peers, and when the
// singles are done each cage's cells are narrowed to the digit
// combinations its sum still allows, each house's innies and outies
// counting as cages too (killer_solver.go), and the rule of 45 over runs
// of houses bounds their sums (killer_sums.go); other variants skip that
// with one check a round.
//
// A Solver keeps its scratch space between calls; it is not safe for
// concurrent use (make one per goroutine).
type Solver struct {
	v     *Variant
	n     int
	all   uint32       // the candidate bits of every symbol
	where [][]spot     // each cell's houses and its place in each
	cross [][]crossing // each house's crossings with other houses
	most  int          // the most cells of any crossing
	track bool         // keep places (large grids)

	levels []state     // one state per search depth
	queue  []placement // singles found, not yet placed
	locked []lock      // symbols whose places to check for locking
	rng    *rand.Rand  // nil: choices in increasing order
	near   Grid        // when not nil, choices that agree with it first

	// nodes counts the states the search entered; budget, when above 0,
	// stops the search there.
	nodes, budget int
	count, limit  int
	first         Grid

	cages      []solverCage // a killer's cages (killer_solver.go)
	sums       []solverSum  // a killer's sums over several houses (killer_sums.go)
	cageCell   []int32      // the cells of the cages and sums, each from its at
	units      int          // the cages and sums: cage i is unit i, sum i unit len(cages)+i, house h unit units+h
	unitsOf    []uint64     // the units (and houses) each cell lies in, as bits, unitWords words a cell; nil without cages
	unitWords  int
	cellHouses []uint64     // a killer's houses of each cell, as bits
	points     []point      // a killer's needed symbols to point (pointed)
	combos     [][][]uint32 // combos[k][sum]: the sets of k symbols adding to sum
}

// spot is a cell's place in one of its houses.
type spot struct {
	house int32
	bit   uint16 // 1 << the cell's index in the house's list
}

// crossing is where a house meets another in two cells or more: in, the
// house's cells there; out, the other house's cells that are not.
type crossing struct {
	house int32
	in    uint16
	out   uint16
}

// lock is a house and symbol whose places may all lie in a crossing.
type lock struct {
	house, sym int32
}

// placement is a single waiting to be placed: symbol bit in cell; bit 0
// is the cell's last candidate, whatever it is by then.
type placement struct {
	cell int32
	bit  uint32
}

// filled marks a filled cell's candidate set, beside its one symbol.
const filled = 1 << 31

// state is the search's position. cand is each cell's candidates (one bit
// and filled once it is filled); done[h] the symbols house h holds; when
// the solver tracks places, places[h*n+s] the cells of house h, as bits
// of their index in the house, where symbol s can go.
type state struct {
	cand   []uint32
	places []uint16
	done   []uint32
	dirty  []uint64 // a killer's units and houses whose cells changed since their last check, as bits
	left   int      // cells not filled
}

// copyFrom makes st the same position as o.
func (st *state) copyFrom(o *state) {
	copy(st.cand, o.cand)
	copy(st.places, o.places)
	copy(st.done, o.done)
	copy(st.dirty, o.dirty)
	st.left = o.left
}

// NewSolver is a solver for v's grids.
func NewSolver(v *Variant) *Solver {
	s := &Solver{}
	s.Reset(v)
	return s
}

// Reset makes s a solver for v's grids, as NewSolver(v) would be. The
// tables of the houses are kept when v has the same houses as the
// variant before (another killer's cages on the same grid), and the
// search's states whenever they fit: a generator trying one layout of
// cages after another pays for the cages only.
func (s *Solver) Reset(v *Variant) {
	n, cells := v.Size, v.Cells()
	if s.v == nil || !SameHouses(s.v, v) {
		*s = Solver{n: n, all: 1<<n - 1, track: n >= 12, queue: s.queue[:0], locked: s.locked[:0], points: s.points[:0]}
		s.initHouses(v)
	}
	s.v = v
	s.initCages()
	if v.IsGattai() {
		s.houseUnitsOnly()
	}
	if len(s.levels) != cells+1 {
		s.levels = make([]state, cells+1)
	}
	for i := range s.levels {
		if st := &s.levels[i]; st.cand != nil {
			st.dirty = fit(st.dirty, s.unitWords)
		}
	}
}

// houseUnitsOnly has a gattai's rounds of hidden singles scan only the
// houses whose cells changed, as a killer's do (its units, then its
// houses): a samurai has 131 houses, and scanning them all was two thirds
// of its uniqueness check.
func (s *Solver) houseUnitsOnly() {
	s.units, s.unitWords = 0, (len(s.v.houses)+63)/64
	s.unitsOf = fit(s.unitsOf, s.v.Cells()*s.unitWords)
	clear(s.unitsOf)
	s.houseUnits()
}

// SameHouses reports whether a and b have the same houses, cell for cell
// and in the same order (two killers of a size do, whatever their cages).
func SameHouses(a, b *Variant) bool {
	if a == b {
		return true
	}
	if a.Size != b.Size || len(a.houses) != len(b.houses) {
		return false
	}
	for h, cells := range a.houses {
		if !slices.Equal(cells, b.houses[h]) {
			return false
		}
	}
	return true
}

// fit is x, its length made k: resliced when its capacity allows, else
// new.
func fit(x []uint64, k int) []uint64 {
	if cap(x) >= k {
		return x[:k]
	}
	return make([]uint64, k)
}

// initHouses sets up the tables of v's houses: each cell's places in its
// houses, and the houses' crossings.
func (s *Solver) initHouses(v *Variant) {
	cells := v.Cells()
	// Each cell's places, in the order of its houses (v.cellHouses lists
	// them in increasing order, as the houses are walked here), in one
	// array.
	spots := make([]spot, 0, len(v.houses)*s.n)
	s.where = make([][]spot, cells)
	for c := range cells {
		s.where[c] = spots[len(spots) : len(spots) : len(spots)+len(v.cellHouses[c])]
		spots = spots[:len(spots)+len(v.cellHouses[c])]
	}
	// A house's cells as a bit set, to find the crossings.
	words := (cells + 63) / 64
	member := make([]uint64, len(v.houses)*words)
	in := func(h, c int) bool { return member[h*words+c/64]&(1<<(c%64)) != 0 }
	for h, hc := range v.houses {
		for i, c := range hc {
			s.where[c] = append(s.where[c], spot{house: int32(h), bit: 1 << i})
			member[h*words+c/64] |= 1 << (c % 64)
		}
	}
	s.cross = make([][]crossing, len(v.houses))
	for h, hc := range v.houses {
		for h2, hc2 := range v.houses {
			var in1, out uint16
			for i, c := range hc {
				if in(h2, c) {
					in1 |= 1 << i
				}
			}
			if h2 == h || bits.OnesCount16(in1) < 2 {
				continue
			}
			for i, c := range hc2 {
				if !in(h, c) {
					out |= 1 << i
				}
			}
			s.cross[h] = append(s.cross[h], crossing{house: int32(h2), in: in1, out: out})
			s.most = max(s.most, bits.OnesCount16(in1))
		}
	}
}

// level is the search's state at depth d, its arrays made at the first
// use: most searches stay far above the grid's depth.
func (s *Solver) level(d int) *state {
	st := &s.levels[d]
	if st.cand == nil {
		cells, houses := s.v.Cells(), len(s.v.houses)
		tracked := 0
		if s.track {
			tracked = houses * s.n
		}
		words := make([]uint32, cells+houses)
		st.cand, st.done = words[:cells:cells], words[cells:]
		st.dirty = make([]uint64, s.unitWords)
		st.places = make([]uint16, tracked)
	}
	return st
}

// Count counts the solutions of g up to limit (at least 1) and returns
// the first one found (nil when there is none). A grid whose givens break
// a house has none.
func (s *Solver) Count(g Grid, limit int) (int, Grid) {
	s.rng, s.budget = nil, 0
	n, sol, _ := s.run(g, max(limit, 1), -1, 0)
	return n, sol
}

// Unique reports whether g has exactly one solution.
func (s *Solver) Unique(g Grid) bool {
	n, _ := s.Count(g, 2)
	return n == 1
}

// ErrNoSolution is Random's error when it finds no solution grid (a
// jigsaw layout can have none).
var ErrNoSolution = errors.New("no solution grid found")

// Random is a solution grid drawn by rng: the search on an empty grid,
// trying choices in random order, started again with other draws when
// it has entered a budget of states without a solution (a random fill can
// wander into a long dead end), the budget doubling each time. After 12
// starts (about 80,000 states a cell in all) it gives up with
// ErrNoSolution: proving that a layout has no solution at all can take
// far longer than that.
func (s *Solver) Random(rng *rand.Rand) (Grid, error) {
	defer func() { s.rng, s.budget = nil, 0 }()
	empty := make(Grid, s.v.Cells())
	for try := range 12 {
		s.rng, s.budget = rng, 20*s.v.Cells()<<try
		n, sol, stopped := s.run(empty, 1, -1, 0)
		if n == 1 {
			return sol, nil
		}
		if !stopped {
			return nil, fmt.Errorf("%w: %s has none", ErrNoSolution, s.v.Name)
		}
	}
	return nil, fmt.Errorf("%w: %s, within 12 tries", ErrNoSolution, s.v.Name)
}

// otherThan reports whether g has a solution whose cell c does not hold
// solution[c]. When g with c given that has one solution, solution, g
// has another one exactly when it has such a solution: so a digger asks
// this instead of counting g's solutions to two, and the search, told
// where to differ, does not find the known solution first. Elsewhere it
// tries solution's symbols first: another solution mostly differs from it
// in a few cells.
func (s *Solver) otherThan(g Grid, c int, solution Grid) bool {
	s.rng, s.budget, s.near = nil, 0, solution
	n, _, _ := s.run(g, 1, c, solution[c])
	s.near = nil
	return n > 0
}

// stillUnique reports whether g, emptied on the cells of orbit, has one
// solution, when before it had one, solution: whether it has no solution
// that differs from it on one of those cells (any other would). Below 9x9
// it counts to two as Unique does: a 6x6 dig measured no faster the new
// way (tens of µs either way), and the count is the older path.
func (s *Solver) stillUnique(g Grid, orbit []int, solution Grid) bool {
	if s.n < 9 {
		return s.Unique(g)
	}
	for _, c := range orbit {
		if s.otherThan(g, c, solution) {
			return false
		}
	}
	return true
}

// run searches from g, with symbol ban taken from cell c when c is not
// -1; out reports whether the budget stopped it.
func (s *Solver) run(g Grid, limit int, c int, ban uint8) (count int, first Grid, out bool) {
	s.count, s.limit, s.nodes, s.first = 0, limit, 0, nil
	st := s.level(0)
	st.left = len(g)
	for c := range st.cand {
		st.cand[c] = s.all
	}
	clear(st.done)
	// Every unit is checked first.
	for i := range st.dirty {
		st.dirty[i] = ^uint64(0)
	}
	s.queue, s.locked = s.queue[:0], s.locked[:0]
	// The givens go in untracked, and their places are counted once
	// after: cheaper than following each elimination.
	track := s.track
	s.track = false
	ok := true
	for c, x := range g {
		if x != 0 && (int(x) > s.n || !s.assign(st, c, 1<<(x-1))) {
			ok = false
			break
		}
	}
	if ok && c >= 0 && ban > 0 && st.cand[c]&(1<<(ban-1)) != 0 {
		ok = s.eliminate(st, c, 1<<(ban-1), int(ban-1))
	}
	s.track = track
	if !ok {
		return 0, nil, false
	}
	if track && !s.countPlaces(st) {
		return 0, nil, false
	}
	if s.propagate(st) {
		s.search(0)
	}
	return s.count, s.first, s.budget > 0 && s.nodes >= s.budget
}

// countPlaces sets st's places from its candidates and queues what they
// allow (see fewPlaces); false when a symbol has no place in a house.
func (s *Solver) countPlaces(st *state) bool {
	clear(st.places)
	for h, cells := range s.v.houses {
		ps := st.places[h*s.n : (h+1)*s.n]
		for i, c := range cells {
			if x := st.cand[c]; x&filled == 0 {
				for ; x != 0; x &= x - 1 {
					ps[bits.TrailingZeros32(x)] |= 1 << i
				}
			}
		}
		for open := s.all &^ st.done[h]; open != 0; open &= open - 1 {
			sym := bits.TrailingZeros32(open)
			if m := ps[sym]; bits.OnesCount16(m) <= s.most && !s.fewPlaces(h, sym, m) {
				return false
			}
		}
	}
	return true
}

// search counts the solutions below depth d's state.
func (s *Solver) search(d int) {
	s.nodes++
	st := &s.levels[d] // made by the caller
	if st.left == 0 {
		s.count++
		if s.first == nil {
			s.first = make(Grid, len(st.cand))
			for c, x := range st.cand {
				s.first[c] = uint8(bits.TrailingZeros32(x) + 1)
			}
		}
		return
	}
	if s.budget > 0 && s.nodes >= s.budget {
		return
	}
	var cell, best int
	if s.v.IsGattai() {
		cell, best = s.joinedCell(st)
	} else {
		cell, best = fewestCell(st)
	}
	// A symbol with fewer places in a house than the fewest candidates of
	// a cell is the narrower branch: one of those places holds it. On
	// large grids this cuts the search by much (16x16's minimal puzzles).
	house, sym, places := -1, 0, uint16(0)
	if best > 2 {
		house, sym, places = s.narrowest(st, best)
	}
	next := s.level(d + 1)
	try := func(c int, b uint32) bool {
		next.copyFrom(st)
		s.queue, s.locked = s.queue[:0], s.locked[:0]
		if s.assign(next, c, b) && s.propagate(next) {
			s.search(d + 1)
		}
		return s.count >= s.limit || (s.budget > 0 && s.nodes >= s.budget)
	}
	if house >= 0 {
		var cells [MaxSize]int
		k := 0
		h := s.v.houses[house]
		for m := places; m != 0; m &= m - 1 {
			cells[k] = h[bits.TrailingZeros16(m)]
			k++
		}
		if s.rng != nil {
			s.rng.Shuffle(k, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		}
		if s.near != nil {
			for i, c := range cells[:k] {
				if int(s.near[c]) == sym+1 {
					cells[0], cells[i] = c, cells[0]
				}
			}
		}
		for _, c := range cells[:k] {
			if try(c, 1<<sym) {
				return
			}
		}
		return
	}
	var order [MaxSize]uint32
	k := 0
	for x := st.cand[cell]; x != 0; x &= x - 1 {
		order[k] = x & -x
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	if s.near != nil {
		for i, b := range order[:k] {
			if b == 1<<(s.near[cell]-1) {
				order[0], order[i] = b, order[0]
			}
		}
	}
	for _, b := range order[:k] {
		if try(cell, b) {
			return
		}
	}
}

// fewestCell is the first empty cell of st with the fewest candidates,
// and how many: the branch of the search on square grids.
func fewestCell(st *state) (cell, best int) {
	cell, best = -1, 33
	for c, x := range st.cand {
		if x&filled == 0 {
			if k := bits.OnesCount32(x); k < best {
				cell, best = c, k
				if k == 2 {
					break
				}
			}
		}
	}
	return cell, best
}

// joinedCell is a gattai's branch: of the empty cells with the fewest
// candidates, the one in the most houses (a cell two grids share, whose
// digit both grids feel), and how many candidates it has. The first cell
// of fewest candidates, as on square grids, may lie in a corner grid the
// others barely reach, and the search then wanders there: on 24 minimal
// samurai it took 50 times the nodes (750,854 against 14,461).
func (s *Solver) joinedCell(st *state) (cell, best int) {
	cell, best = -1, 33
	houses := 0
	for c, x := range st.cand {
		if x&filled == 0 {
			k := bits.OnesCount32(x)
			if k < best || k == best && len(s.where[c]) > houses {
				cell, best, houses = c, k, len(s.where[c])
			}
		}
	}
	return cell, best
}

// narrowest is the house and symbol, not yet placed there, with the
// fewest places, when fewer than below, and those places; house -1 when
// none is.
func (s *Solver) narrowest(st *state, below int) (house, sym int, places uint16) {
	house = -1
	var scanned [MaxSize]uint16
	for h, done := range st.done {
		open := s.all &^ done
		if open == 0 {
			continue
		}
		ps := scanned[:s.n]
		if s.track {
			ps = st.places[h*s.n : (h+1)*s.n]
		} else {
			clear(ps)
			for i, c := range s.v.houses[h] {
				if x := st.cand[c]; x&filled == 0 {
					for ; x != 0; x &= x - 1 {
						ps[bits.TrailingZeros32(x)] |= 1 << i
					}
				}
			}
		}
		for ; open != 0; open &= open - 1 {
			i := bits.TrailingZeros32(open)
			if k := bits.OnesCount16(ps[i]); k < below {
				house, sym, places, below = h, i, ps[i], k
				if k == 2 {
					return house, sym, places
				}
			}
		}
	}
	return house, sym, places
}

// assign fills cell c with the symbol bit, takes the cell's other
// candidates from its places in its houses and the symbol from its peers,
// queueing the singles that makes; false on a contradiction.
func (s *Solver) assign(st *state, c int, bit uint32) bool {
	x := st.cand[c]
	if x&filled != 0 {
		return x == bit|filled
	}
	if x&bit == 0 {
		return false
	}
	st.cand[c] = bit | filled
	st.left--
	if s.unitsOf != nil {
		s.touch(st, c)
	}
	others := x &^ bit
	for _, w := range s.where[c] {
		h := int(w.house)
		st.done[h] |= bit
		if !s.track {
			continue
		}
		for open := others &^ st.done[h]; open != 0; open &= open - 1 {
			if !s.dropPlace(st, h, bits.TrailingZeros32(open), w.bit) {
				return false
			}
		}
	}
	sym := bits.TrailingZeros32(bit)
	for _, p := range s.v.peers[c] {
		if st.cand[p]&bit != 0 && !s.eliminate(st, p, bit, sym) {
			return false
		}
	}
	return true
}

// eliminate takes the symbol bit (sym its index) from cell p's candidates
// and from its places in p's houses, queueing the singles that makes;
// false on a contradiction.
func (s *Solver) eliminate(st *state, p int, bit uint32, sym int) bool {
	y := st.cand[p]
	if y&filled != 0 {
		return false
	}
	y &^= bit
	st.cand[p] = y
	if s.unitsOf != nil {
		s.touch(st, p)
	}
	if y&(y-1) == 0 && !s.lastCandidate(p, y) {
		return false
	}
	if !s.track {
		return true
	}
	for _, w := range s.where[p] {
		if st.done[w.house]&bit == 0 && !s.dropPlace(st, int(w.house), sym, w.bit) {
			return false
		}
	}
	return true
}

// lastCandidate queues cell p, left the candidates y of one symbol or
// none; false when none.
//
//go:noinline
func (s *Solver) lastCandidate(p int, y uint32) bool {
	if y == 0 {
		return false
	}
	s.queue = append(s.queue, placement{cell: int32(p)})
	return true
}

// dropPlace takes the place b from symbol sym in house h; false when the
// symbol had no other. The common case, several places left, stays here;
// fewer go to fewPlaces.
func (s *Solver) dropPlace(st *state, h, sym int, b uint16) bool {
	i := h*s.n + sym
	m := st.places[i] &^ b
	st.places[i] = m
	return (m&(m-1) != 0 && bits.OnesCount16(m) > s.most) || s.fewPlaces(h, sym, m)
}

// fewPlaces queues what symbol sym's places m in house h allow: the one
// place as a single, or a check for locked candidates when they all may
// lie in a crossing; false when there is none.
//
//go:noinline
func (s *Solver) fewPlaces(h, sym int, m uint16) bool {
	switch {
	case m == 0:
		return false
	case m&(m-1) == 0:
		cell := s.v.houses[h][bits.TrailingZeros16(m)]
		s.queue = append(s.queue, placement{cell: int32(cell), bit: 1 << sym})
	case s.most > 1:
		s.locked = append(s.locked, lock{house: int32(h), sym: int32(sym)})
	}
	return true
}

// lockOut applies locked candidates to house h's symbol sym: when all its
// places lie where h crosses another house, the symbol goes from the
// other house's cells outside the crossing. False on a contradiction.
func (s *Solver) lockOut(st *state, h, sym int) bool {
	bit := uint32(1) << sym
	if st.done[h]&bit != 0 {
		return true
	}
	m := st.places[h*s.n+sym]
	for _, x := range s.cross[h] {
		if m&^x.in != 0 {
			continue
		}
		h2 := int(x.house)
		if st.done[h2]&bit != 0 {
			continue
		}
		for o := st.places[h2*s.n+sym] & x.out; o != 0; o &= o - 1 {
			if !s.eliminate(st, s.v.houses[h2][bits.TrailingZeros16(o)], bit, sym) {
				return false
			}
		}
	}
	return true
}

// propagate places the queued singles, and the singles they make, until
// none is left; false on a contradiction (a cell without candidates, a
// symbol without a place in a house, two singles at odds).
func (s *Solver) propagate(st *state) bool {
	// Points left by a contradiction belong to another branch.
	s.points = s.points[:0]
	for {
		if len(s.queue) > 0 {
			q := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			c, bit := int(q.cell), q.bit
			if bit == 0 {
				x := st.cand[c]
				if x&filled != 0 {
					continue
				}
				bit = x
			}
			if !s.assign(st, c, bit) {
				return false
			}
			continue
		}
		if len(s.locked) > 0 {
			l := s.locked[len(s.locked)-1]
			s.locked = s.locked[:len(s.locked)-1]
			if !s.lockOut(st, int(l.house), int(l.sym)) {
				return false
			}
			continue
		}
		if s.track {
			return true
		}
		var placed, ok bool
		if s.unitsOf != nil {
			placed, ok = s.hiddenSinglesDirty(st)
		} else {
			placed, ok = s.hiddenSingles(st)
		}
		if !ok || !placed {
			if !ok || len(s.cages) == 0 {
				return ok
			}
			if changed, ok := s.cageSums(st); !ok || changed {
				if !ok {
					return false
				}
				continue
			}
			if changed, ok := s.sumBounds(st); !ok || changed {
				if !ok {
					return false
				}
				continue
			}
			if changed, ok := s.pointed(st); !ok || !changed {
				return ok
			}
		}
	}
}

// hiddenSingles places the symbols left one place in a house, found by
// scanning the houses (when the solver does not track places); ok false
// on a contradiction, placed whether it placed any.
func (s *Solver) hiddenSingles(st *state) (placed, ok bool) {
	for h, cells := range s.v.houses {
		var once, twice uint32
		for _, c := range cells {
			x := st.cand[c] &^ filled
			twice |= once & x
			once |= x
		}
		if once != s.all {
			return placed, false
		}
		for hidden := once &^ twice &^ st.done[h]; hidden != 0; hidden &= hidden - 1 {
			bit := hidden & -hidden
			for _, c := range cells {
				if st.cand[c]&bit != 0 {
					if !s.assign(st, c, bit) {
						return placed, false
					}
					placed = true
					break
				}
			}
		}
	}
	return placed, true
}

// hiddenSinglesDirty is hiddenSingles on a killer, whose houses are
// units after its cages and sums: a house none of whose cells changed
// since its last scan has no hidden single (that scan placed them all,
// changing it) and is skipped. The mark is cleared before the scan, so
// that its own placements mark it again. The scan is hiddenSingles',
// written out again: a call a house, or a check a house in one loop for
// both, cost the other variants 5-8% of a 9x9's uniqueness check.
func (s *Solver) hiddenSinglesDirty(st *state) (placed, ok bool) {
	first, end := s.units, s.units+len(s.v.houses)
	for u := nextDirty(st, first, end); u < end; u = nextDirty(st, u+1, end) {
		checked(st, u)
		h := u - first
		cells := s.v.houses[h]
		var once, twice uint32
		for _, c := range cells {
			x := st.cand[c] &^ filled
			twice |= once & x
			once |= x
		}
		if once != s.all {
			return placed, false
		}
		for hidden := once &^ twice &^ st.done[h]; hidden != 0; hidden &= hidden - 1 {
			bit := hidden & -hidden
			for _, c := range cells {
				if st.cand[c]&bit != 0 {
					if !s.assign(st, c, bit) {
						return placed, false
					}
					placed = true
					break
				}
			}
		}
	}
	return placed, true
}
