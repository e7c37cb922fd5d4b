package pipeline

import "github.com/pressrun/pressrun/engine/variant"

// VariantSolvers keeps a worker's solvers of variant puzzles, one a
// geometry: building a solver's scratch space costs more than a small
// grid's solve, and the puzzles a run reads are mostly of one geometry
// (each jigsaw layout is one of its own). Not safe for concurrent use.
type VariantSolvers map[string]*variant.Solver

// For is the solver of v's grids.
func (s VariantSolvers) For(v *variant.Variant) *variant.Solver {
	key := v.Key()
	if sv, ok := s[key]; ok {
		return sv
	}
	if len(s) > 64 {
		clear(s) // a file of jigsaws, each its own layout
	}
	sv := variant.NewSolver(v)
	s[key] = sv
	return sv
}
