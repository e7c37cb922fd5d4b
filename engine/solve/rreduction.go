package solve

import "github.com/pressrun/pressrun/engine"

var rreductionMethod = Method{
	Name:    "rreduction",
	Seed:    "004",
	Summary: "r-Reduction (naked sets of 1-8 cells), then inference",
	Unit:    "inferences (guesses)",
	Budget:  SearchBudget,
	Counts:  []string{"guesses", "backtracks", "steps"},
	solve:   RReduction,
}

// RReduction is seed 004's heuristic reasoning on the Sudoku graph, the
// method rreduction.
//
// r-Reduction (Theorem 10, with 1-Reduction, Theorem 9, as r = 1): in any
// of the 27 sections, r cells whose candidate sets have a union of exactly
// r digits take those digits, which are struck from the section's other
// cells. The paper's Reduction() applies it for r = 1 to 8 and starts again
// at r = 1 after any change, until no r changes anything. When that leaves
// one candidate in every cell, r-Reduction alone solves the puzzle and the
// Work has no Guesses. (The fixpoint does not depend on the order of
// application; see Candidates.Reduce.)
//
// The full algorithm is the paper's Solver()/Reduction()/Inference(): run
// Reduction(); if a cell has no candidate left (or r cells of a section
// share fewer than r digits) the puzzle "has no solution" and Solver()
// returns false; if every cell has one candidate it is solved and returns
// true; otherwise Inference() selects a cell with more than one candidate
// and, for each of its candidates x in increasing order, sets v_ij = {x}
// and calls Solver() on a copy of the candidates, stopping at the first
// that returns true. Each such setting is one inference (Theorem 11: "if
// we set v_ij = {c_k} ... then if r-Reduction can reduce the puzzle to a
// solution"); Work.Guesses counts them all, those whose branch ended in a
// contradiction included (Backtracks counts those), and Steps the states
// reduced. When every candidate of the selected cell fails, the branch
// has no solution and Solver() returns false (the paper's loop
// would select another cell of the same dead branch; that can only fail
// again, and with no cell left it would never end).
//
// The paper says the cell is selected "randomly". This implementation takes
// the first open cell in row-major order (r1c1, r1c2, ...), which makes the
// count a function of the puzzle alone and reproduces the paper's one
// exactly reported figure: 91 inferences for AI Escargot. The choice
// matters. On all 49,158 puzzles of royle17.txt (the paper: 10,000 of
// Royle's 47,621), r-Reduction alone solves 70.11% (paper 70.5%) whatever
// the choice, and the mean number of inferences per puzzle is
//
//	3.10 with the first open cell in row-major order  (AI Escargot 91),
//	2.7  with a uniformly random open cell            (AI Escargot about 80
//	                                                   on average: 81.7 over
//	                                                   200 seeds, 2 to 217),
//	1.47 with the open cell of fewest candidates      (AI Escargot 19),
//
// against the paper's 1.6034 (16,034 inferences for 10,000 puzzles). No
// selection rule tried gives both figures; row-major order is the one that
// reproduces a published figure exactly, and the random one agrees with
// the paper's AI Escargot figure only on average. TestInferenceSelections
// recomputes these figures (PRESSRUN_FULL=1 for all of royle17.txt).
//
// The search stops after Options.MaxIterations inferences (default
// SearchBudget; Capped); no puzzle of the public sets comes near it (at
// most 2,815 on royle17.txt, 2,257 on forum-hardest-1106.txt). On a puzzle with several solutions it stops at
// the first; on one with none it counts every value it tried.
func RReduction(g engine.Grid, o Options) Work {
	s := search{pick: SelectFirst, budget: o.budget(SearchBudget)}
	return s.work(s.solve(Initiate(g)))
}

// firstOpen picks the first cell in row-major order that has more than one
// candidate.
func firstOpen(v *Candidates) int {
	for c, s := range v {
		if s.Count() > 1 {
			return c
		}
	}
	return -1
}
