package solve

import "github.com/pressrun/pressrun/engine"

var exactMethod = Method{
	Name:    "exact",
	Summary: "pressrun's solver: bitboards, singles propagated, guesses",
	Unit:    "none (it has no budget)",
	Counts:  []string{"guesses"},
	solve:   exact,
}

// exact runs engine.Solver, the solver pressrun counts solutions with,
// and reports its guesses: the branchings of a search that also looks for
// a second solution, so that a puzzle's count covers proving it unique.
// Like the other methods it reports the first solution it finds; `pressrun
// solve` without --method prints the count of solutions.
func exact(g engine.Grid, _ Options) Work {
	var s engine.Solver
	sol, n := s.Solve(g)
	return Work{Solved: n >= 1, Solution: sol, Guesses: s.Guesses}
}
