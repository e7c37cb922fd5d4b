package logic

import (
	"math/rand/v2"
	"slices"

	"github.com/pressrun/pressrun/engine/variant"
)

// Dig makes a puzzle of solution no harder than maxER: it tries the
// orbits (variant.Orbits) in an order drawn by rng and empties each whose
// removal leaves exactly one solution and a puzzle the ladder solves
// without a step rated above maxER (Options.StopAbove). The result is as
// hard as the bound lets the digging make it, minimal up to the orbits
// among the puzzles within the bound; with maxER 1.5 it is classic's
// "dig while hidden singles solve it". A level (min, max] is reached by
// digging to max and keeping the puzzles rated above min: on the large
// grids, whose minimal puzzles mostly need guessing, it is the way to the
// middle levels. It costs a rating per orbit (a few milliseconds on
// 16x16 below the chains).
func (s *Solver) Dig(solution variant.Grid, orbits [][]int, maxER float64, rng *rand.Rand) variant.Grid {
	g := slices.Clone(solution)
	for _, i := range rng.Perm(len(orbits)) {
		orbit := orbits[i]
		for _, c := range orbit {
			g[c] = 0
		}
		if !s.within(g, maxER) {
			for _, c := range orbit {
				g[c] = solution[c]
			}
		}
	}
	return g
}

// within reports whether g has one solution (SolveWith checks it) and
// rates at most maxER.
func (s *Solver) within(g variant.Grid, maxER float64) bool {
	r, err := s.SolveWith(g, Options{StopAbove: maxER, NoText: true})
	return err == nil && !r.Stopped && r.ER <= maxER
}
