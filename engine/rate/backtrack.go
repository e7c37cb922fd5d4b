package rate

import (
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// SearchBudget bounds the values RReduction and RuleBased may try, and
// BacktrackBudget the guesses of Backtracking: solve's default budgets,
// fixed here because a rating is a function of them (see solve).
const (
	SearchBudget    = solve.SearchBudget
	BacktrackBudget = solve.BacktrackBudget
)

// Backtracking is the work of seed 001's backtrack solver as counts
// rather than time: its guesses and backtracks (see solve.Backtrack).
func Backtracking(g engine.Grid) (guesses, backtracks int) {
	guesses, backtracks, _ = backtracking(g)
	return guesses, backtracks
}

// backtracking is Backtracking, also reporting whether the budget ran out.
func backtracking(g engine.Grid) (guesses, backtracks int, capped bool) {
	w := solve.Backtrack(g, solve.Options{MaxIterations: BacktrackBudget})
	return w.Guesses, w.Backtracks, w.Capped
}

// RuleBased is the work of seed 001's rule-based solver with guessing as
// counts: its guesses and backtracks (see solve.Rules).
func RuleBased(g engine.Grid) (guesses, backtracks int) {
	guesses, backtracks, _ = ruleBased(g)
	return guesses, backtracks
}

// ruleBased is RuleBased, also reporting whether the budget ran out.
func ruleBased(g engine.Grid) (guesses, backtracks int, capped bool) {
	w := solve.Rules(g, solve.Options{MaxIterations: SearchBudget})
	return w.Guesses, w.Backtracks, w.Capped
}
