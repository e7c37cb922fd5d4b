package rate

import (
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// CallCountBudget bounds the arc-consistency calls of one run of CallCount;
// a run that reaches it stops there and counts the budget, so CallCount
// never exceeds it and a puzzle costs at most ten budgets of calls (about
// 2 ms). It is about four times seed 002's "evil" mean (527.4): the metric
// separates newspaper levels, and above that its runs are too heavy-tailed
// to measure anything but "very hard". Choosing the variable at random
// (not the smallest domain) and propagating only fixed values, the search
// has no useful bound of its own: of ten runs on each of the first 300
// puzzles of each set, those reaching 1,000 / 2,000 / 5,000 / 10,000 calls
// were 7.9 / 3.3 / 0.7 / 0.4% on unbiased-minimal.txt (uniformly sampled
// minimal puzzles), 95.1 / 90.5 / 82.2 / 77.0% on top1465.txt, 97.8 /
// 95.7 / 89.4 / 78.5% on forum-hardest-1106.txt and 99.5 / 99.2 / 98.2 /
// 96.9% on royle17.txt's 17-clue puzzles (where a run can need millions).
// Metrics.Capped reports a run at the budget.
const CallCountBudget = 2_000

// CallCount is seed 002's call count: the arc-consistency calls of
// solve.CSP (which describes the search), averaged over runs seeded runs
// (the paper and the pipeline use 10). Higher is harder; seed 002's Table
// I means on websudoku.com puzzles: easy 6.2, medium 29.2, hard 98.2, evil
// 527.4.
//
// Run i draws its variable choices from the stream (seed, i), so the
// result is a pure function of (g, runs, seed). A run that reaches
// CallCountBudget calls stops and counts CallCountBudget. runs < 1 counts
// as 1.
func CallCount(g engine.Grid, runs int, seed uint64) float64 {
	c, _ := CallCountWithin(g, runs, seed, CallCountBudget)
	return c
}

// CallCountWithin is CallCount with each run bounded at budget calls
// instead of CallCountBudget, and whether any run reached the budget.
// Seed 002 bounds nothing: its reproduction takes solve.CSPBudget, which
// no puzzle of se-bands.tsv reaches.
func CallCountWithin(g engine.Grid, runs int, seed uint64, budget int) (mean float64, capped bool) {
	return MeanCalls(CallsPerRun(g, runs, seed, budget), budget)
}

// CallsPerRun are the arc-consistency calls of each of runs seeded runs
// (at least 1), each bounded at budget. A run stopped at a smaller budget
// b makes the same calls up to b, so min(calls, b) is its count there:
// one set of runs gives the count under every smaller budget.
func CallsPerRun(g engine.Grid, runs int, seed uint64, budget int) []int {
	calls := make([]int, max(runs, 1))
	for i := range calls {
		calls[i] = solve.CSP(g, solve.Options{Seed: seed, Stream: uint64(i), MaxIterations: budget}).Calls
	}
	return calls
}

// MeanCalls is the mean of runs' calls each bounded at budget, and
// whether any reached it.
func MeanCalls(calls []int, budget int) (mean float64, capped bool) {
	total := 0
	for _, c := range calls {
		total += min(c, budget)
		capped = capped || c >= budget
	}
	return float64(total) / float64(len(calls)), capped
}
