package rate

import "github.com/pressrun/pressrun/engine"

// CallCountRuns is the number of seeded runs Measure averages CallCount
// over, as seed 002 does.
const CallCountRuns = 10

// Metrics gathers the seeds' metrics of one puzzle.
type Metrics struct {
	WNEF       float64 // seed 000, Exponential weights; lower is harder
	CallCount  float64 // seed 002, mean over CallCountRuns runs; higher is harder
	GC         float64 // seed 004 game complexity; higher is harder
	RReduction bool    // seed 004: r-Reduction alone solves the puzzle
	Inferences int     // seed 004: inferences of r-Reduction + Inference
	Guesses    int     // seed 001 backtracking solver (see Backtracking)
	Backtracks int
	// RuleGuesses and RuleBacktracks are the same counts for seed 001's
	// rule-based solver with guessing (see RuleBased).
	RuleGuesses    int
	RuleBacktracks int
	// Capped reports that a search stopped at its budget (a CallCount run
	// at CallCountBudget, the others at SearchBudget or BacktrackBudget),
	// so some figure is a floor rather than the count. Of the public sets
	// only the hardest reach a budget, CallCount's (see CallCountBudget).
	Capped bool
}

// Measure computes every metric of the puzzle g, CallCount over
// CallCountRuns runs seeded from seed. It is meant for puzzles with a
// unique solution; on others each metric still returns (see each one).
func Measure(g engine.Grid, seed uint64) Metrics {
	m := Metrics{WNEF: WNEF(g, Exponential), GC: GameComplexity(g)}
	var c1, c2, c3 bool
	m.CallCount, c1 = CallCountWithin(g, CallCountRuns, seed, CallCountBudget)
	r := RReduction(g)
	m.RReduction, m.Inferences = r.Solved, r.Inferences
	m.Guesses, m.Backtracks, c2 = backtracking(g)
	m.RuleGuesses, m.RuleBacktracks, c3 = ruleBased(g)
	m.Capped = c1 || c2 || c3 || r.Capped
	return m
}
