package variant

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Solver finds and counts the solutions of a variant's grids by depth
// first search over candidate bit sets: each placement removes its symbol
// from the cell's peers, naked and hidden singles in every house are
// placed until none is left, and the search then branches on a cell of
// fewest candidates. It works over the variant's houses only, so every
// variant takes the same code.
//
// A Solver keeps its scratch space between calls; it is not safe for
// concurrent use (make one per goroutine).
type Solver struct {
	v      *Variant
	all    uint32     // the candidate bits of every symbol
	levels []state    // one state per search depth
	queue  []int      // cells whose candidates fell to one
	rng    *rand.Rand // nil: candidates in increasing order

	// nodes counts the states the search entered; budget, when above 0,
	// stops the search there.
	nodes, budget int
	count, limit  int
	first         Grid
}

// state is the search's position: each cell's candidates (a single bit
// once it is filled) and whether it is filled.
type state struct {
	cand   []uint32
	filled []bool
	left   int // cells not filled
}

// NewSolver is a solver for v's grids.
func NewSolver(v *Variant) *Solver {
	s := &Solver{v: v, all: 1<<v.Size - 1}
	s.levels = make([]state, v.Cells()+1)
	for i := range s.levels {
		s.levels[i] = state{cand: make([]uint32, v.Cells()), filled: make([]bool, v.Cells())}
	}
	return s
}

// Count counts the solutions of g up to limit (at least 1) and returns
// the first one found (nil when there is none). A grid whose givens break
// a house has none.
func (s *Solver) Count(g Grid, limit int) (int, Grid) {
	s.rng, s.budget = nil, 0
	n, sol, _ := s.run(g, max(limit, 1))
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
// trying candidates in random order, started again with other draws when
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
		n, sol, stopped := s.run(empty, 1)
		if n == 1 {
			return sol, nil
		}
		if !stopped {
			return nil, fmt.Errorf("%w: %s has none", ErrNoSolution, s.v.Name)
		}
	}
	return nil, fmt.Errorf("%w: %s, within 12 tries", ErrNoSolution, s.v.Name)
}

// run searches from g; out reports whether the budget stopped it.
func (s *Solver) run(g Grid, limit int) (count int, first Grid, out bool) {
	s.count, s.limit, s.nodes, s.first = 0, limit, 0, nil
	st := &s.levels[0]
	st.left = len(g)
	s.queue = s.queue[:0]
	for c := range st.cand {
		st.cand[c], st.filled[c] = s.all, false
	}
	for c, x := range g {
		if x == 0 {
			continue
		}
		if int(x) > s.v.Size || !s.assign(st, c, 1<<(x-1)) {
			return 0, nil, false
		}
	}
	if s.propagate(st) {
		s.search(0)
	}
	return s.count, s.first, s.budget > 0 && s.nodes >= s.budget
}

// search counts the solutions below depth d's state.
func (s *Solver) search(d int) {
	s.nodes++
	st := &s.levels[d]
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
	cell, best := -1, 33
	for c, x := range st.cand {
		if !st.filled[c] {
			if k := bits.OnesCount32(x); k < best {
				cell, best = c, k
				if k == 2 {
					break
				}
			}
		}
	}
	// A symbol with fewer places in a house than the fewest candidates of
	// a cell is the narrower branch: one of those places holds it. On
	// large grids this cuts the search by much (16x16's minimal puzzles).
	house, bit := -1, uint32(0)
	if best > 2 {
		house, bit = s.narrowest(st, best)
	}
	next := &s.levels[d+1]
	try := func(c int, b uint32) bool {
		copy(next.cand, st.cand)
		copy(next.filled, st.filled)
		next.left = st.left
		s.queue = s.queue[:0]
		if s.assign(next, c, b) && s.propagate(next) {
			s.search(d + 1)
		}
		return s.count >= s.limit || (s.budget > 0 && s.nodes >= s.budget)
	}
	if house >= 0 {
		var places [MaxSize]int
		k := 0
		for _, c := range s.v.houses[house] {
			if !st.filled[c] && st.cand[c]&bit != 0 {
				places[k] = c
				k++
			}
		}
		if s.rng != nil {
			s.rng.Shuffle(k, func(i, j int) { places[i], places[j] = places[j], places[i] })
		}
		for _, c := range places[:k] {
			if try(c, bit) {
				return
			}
		}
		return
	}
	choices := st.cand[cell]
	var order [MaxSize]uint32
	k := 0
	for x := choices; x != 0; x &= x - 1 {
		order[k] = x & -x
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, b := range order[:k] {
		if try(cell, b) {
			return
		}
	}
}

// narrowest is the house and symbol with the fewest places, when fewer
// than below; -1 when none is.
func (s *Solver) narrowest(st *state, below int) (int, uint32) {
	house, sym := -1, uint32(0)
	var counts [MaxSize]int
	for hi, h := range s.v.houses {
		clear(counts[:s.v.Size])
		var done uint32
		for _, c := range h {
			if st.filled[c] {
				done |= st.cand[c]
				continue
			}
			for x := st.cand[c]; x != 0; x &= x - 1 {
				counts[bits.TrailingZeros32(x)]++
			}
		}
		for i, k := range counts[:s.v.Size] {
			if done&(1<<i) == 0 && k < below {
				house, sym, below = hi, 1<<i, k
				if k == 2 {
					return house, sym
				}
			}
		}
	}
	return house, sym
}

// assign fills cell c with the symbol bit and takes it from its peers,
// queueing a peer left with one candidate; false on a contradiction.
func (s *Solver) assign(st *state, c int, bit uint32) bool {
	if st.filled[c] {
		return st.cand[c] == bit
	}
	if st.cand[c]&bit == 0 {
		return false
	}
	st.cand[c], st.filled[c] = bit, true
	st.left--
	for _, p := range s.v.peers[c] {
		x := st.cand[p]
		if x&bit == 0 {
			continue
		}
		if st.filled[p] {
			return false
		}
		x &^= bit
		st.cand[p] = x
		if x == 0 {
			return false
		}
		if x&(x-1) == 0 {
			s.queue = append(s.queue, p)
		}
	}
	return true
}

// propagate places naked and hidden singles until none is left; false
// on a contradiction (a cell without candidates, a symbol without a
// place in a house).
func (s *Solver) propagate(st *state) bool {
	for {
		for len(s.queue) > 0 {
			p := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			if !st.filled[p] && !s.assign(st, p, st.cand[p]) {
				return false
			}
		}
		placed := false
		for _, h := range s.v.houses {
			var once, twice, done uint32
			for _, c := range h {
				x := st.cand[c]
				if st.filled[c] {
					done |= x
				}
				twice |= once & x
				once |= x
			}
			if once != s.all {
				return false
			}
			for hidden := once &^ twice &^ done; hidden != 0; hidden &= hidden - 1 {
				bit := hidden & -hidden
				for _, c := range h {
					if st.cand[c]&bit != 0 {
						if !s.assign(st, c, bit) {
							return false
						}
						placed = true
						break
					}
				}
			}
		}
		if !placed && len(s.queue) == 0 {
			return true
		}
	}
}
