package solve

import "github.com/pressrun/pressrun/engine"

// SearchBudget bounds the values rreduction and rules may try (their
// inferences or guesses), and BacktrackBudget the guesses of backtrack,
// by default (Options.MaxIterations sets another). A search that reaches
// its budget stops and reports the counts so far. They only keep a pathological grid from running away: the most any
// puzzle of the public sets needs is 2,815 inferences (royle17.txt), 2,347
// rule-based guesses (forum-hardest-1106.txt) and 1,865,126 backtracking
// guesses (royle17.txt, 0.9 s; 18,858 on average there, 44 on
// unbiased-minimal.txt).
const (
	SearchBudget    = 100_000
	BacktrackBudget = 5_000_000
)

var backtrackMethod = Method{
	Name:    "backtrack",
	Seed:    "001",
	Summary: "backtracking at the cell of fewest candidates",
	Unit:    "guesses",
	Budget:  BacktrackBudget,
	Counts:  []string{"guesses", "backtracks", "calls"},
	solve:   Backtrack,
}

// Backtrack is seed 001's backtrack solver, the method backtrack. It (the
// paper's Backtrack(puzzle)) picks the empty cell with the fewest candidates (the digits not in its row,
// column or box among the cells filled so far; the first such cell in
// row-major order among equals), tries each candidate in increasing order
// and recurses, and stops at the first complete grid. A cell with no
// candidate is a dead end.
//
// A guess is the assignment of a candidate to a chosen cell that had two or
// more candidates; filling a cell with its only candidate is forced and not
// counted (the paper: puzzles solvable that way are solved "with no
// backtracking"). A backtrack is a guess taken back because the search
// under it reached only dead ends, after which the next candidate is tried.
// So Guesses - Backtracks is the number of guesses on the path to the
// solution; Calls counts the recursive calls. A puzzle whose givens
// repeat a digit in a house is not solved, with no work. The search is
// bounded by Options.MaxIterations guesses (default BacktrackBudget).
func Backtrack(g engine.Grid, o Options) Work {
	if !g.Valid() {
		return Work{}
	}
	b := backtracker{g: g, budget: o.budget(BacktrackBudget)}
	b.used.givens(g)
	w := Work{Solved: b.solve()}
	if w.Solved {
		w.Solution = b.g
	}
	w.Guesses, w.Backtracks, w.Calls, w.Capped = b.guesses, b.backtracks, b.calls, b.capped
	return w
}

type backtracker struct {
	g                   engine.Grid
	used                placed
	guesses, backtracks int
	calls               int
	budget              int
	capped              bool
}

func (b *backtracker) solve() bool {
	b.calls++
	best, bestN := -1, 10
	var bestSet Digits
	for c := 0; c < 81; c++ {
		if b.g[c] != 0 {
			continue
		}
		set := AllDigits &^ b.used.of(c)
		if n := set.Count(); n < bestN {
			best, bestN, bestSet = c, n, set
			if n <= 1 {
				// Taking a forced cell before a later dead end (a cell with
				// no candidate) changes no count: the dead end stays one
				// and fails the forced cell's only branch at once.
				break
			}
		}
	}
	if bestN == 0 {
		return false
	}
	if best < 0 {
		return true // complete, and valid by construction
	}
	guess := bestN > 1
	for set := bestSet; set != 0; set &= set - 1 {
		if guess {
			if b.guesses >= b.budget {
				b.capped = true
				return false
			}
			b.guesses++
		}
		bit := set & -set
		b.g[best] = bit.lowest()
		b.used.mark(best, bit)
		if b.solve() {
			return true
		}
		b.g[best] = 0
		b.used.unmark(best, bit)
		if b.capped {
			return false
		}
		if guess {
			b.backtracks++
		}
	}
	return false
}
