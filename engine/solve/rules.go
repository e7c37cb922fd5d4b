package solve

import "github.com/pressrun/pressrun/engine"

var rulesMethod = Method{
	Name:    "rules",
	Seed:    "001",
	Summary: "naked singles and naked (so hidden) tuples, then guesses",
	Unit:    "guesses",
	Budget:  SearchBudget,
	Counts:  []string{"guesses", "backtracks", "steps"},
	solve:   Rules,
}

// Rules is seed 001's rule-based solver with guessing, the method rules. The rules are the paper's naked single and naked
// tuples (which, as the paper notes, include the hidden ones), applied until
// none applies: exactly r-Reduction for r = 1..8 (see reduce). When they
// are stuck, the solver guesses like the backtrack solver: it picks the cell
// with the fewest candidates (first in row-major order among equals), tries
// each candidate in increasing order and runs the rules again from there,
// stopping at the first solution. A state where a cell has no candidate
// left (or r cells of a house share fewer than r digits) is a dead end.
//
// A guess is a candidate tried at such a cell (it always has two or more
// candidates); a backtrack is a guess taken back because its search reached
// only dead ends. guesses - backtracks is the number of guesses on the
// path to the solution; a puzzle the rules solve has none. Steps counts
// the states the rules reduced. The search is bounded by
// Options.MaxIterations guesses (default SearchBudget).
func Rules(g engine.Grid, o Options) Work {
	s := search{pick: SelectFewest, budget: o.budget(SearchBudget)}
	return s.work(s.solve(Initiate(g)))
}
