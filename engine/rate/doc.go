// Package rate computes the seeds' difficulty metrics of a Sudoku puzzle:
// the weighted normalized ease function (WNEF, seed 000), the guess and
// backtrack counts of a backtracking and a rule-based solver (seed 001), the
// arc-consistency call count (seed 002), and the r-Reduction, inference and
// game-complexity measures of the Sudoku graph (seed 004). Measure gathers
// them all into a Metrics value; Rate adds the human-technique ratings of
// engine/logic (the Sudoku Explainer scale) and the level a ladder of
// engine/level gives them, which is what the archive and `pressrun rate`
// record.
//
// Every metric is a pure function of the puzzle (and, for the randomised
// ones, of a seed): the package keeps no mutable state, allocates nothing in
// its inner loops, and bounds every search by a documented budget so that
// it returns on any puzzle, valid or not.
package rate
