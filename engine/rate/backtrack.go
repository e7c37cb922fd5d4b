package rate

import "github.com/pressrun/pressrun/engine"

// SearchBudget bounds the values RReduction and RuleBased may try (their
// inferences or guesses), and BacktrackBudget the guesses of Backtracking.
// A search that reaches its budget stops and reports the counts so far.
// They only keep a pathological grid from running away: the most any
// puzzle of the public sets needs is 2,815 inferences (royle17.txt), 2,347
// rule-based guesses (forum-hardest-1106.txt) and 1,865,126 backtracking
// guesses (royle17.txt, 0.9 s; 18,858 on average there, 44 on
// unbiased-minimal.txt).
const (
	SearchBudget    = 100_000
	BacktrackBudget = 5_000_000
)

// Backtracking runs seed 001's backtrack solver and returns its work as
// counts rather than time. The solver (the paper's Backtrack(puzzle)) picks
// the empty cell with the fewest candidates (the digits not in its row,
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
// So guesses - backtracks is the number of guesses on the path to the
// solution. A puzzle whose givens repeat a digit in a house counts (0, 0).
// The search is bounded by BacktrackBudget guesses.
func Backtracking(g engine.Grid) (guesses, backtracks int) {
	guesses, backtracks, _ = backtracking(g)
	return guesses, backtracks
}

// backtracking is Backtracking, also reporting whether the budget ran out.
func backtracking(g engine.Grid) (guesses, backtracks int, capped bool) {
	if !g.Valid() {
		return 0, 0, false
	}
	b := backtracker{g: g, budget: BacktrackBudget}
	for c, d := range g {
		if d != 0 {
			bit := digitBit(d)
			b.row[engine.Row(c)] |= bit
			b.col[engine.Col(c)] |= bit
			b.box[engine.Box(c)] |= bit
		}
	}
	b.solve()
	return b.guesses, b.backtracks, b.capped
}

type backtracker struct {
	g                   engine.Grid
	row, col, box       [9]digits
	guesses, backtracks int
	budget              int
	capped              bool
}

func (b *backtracker) solve() bool {
	best, bestN := -1, 10
	var bestSet digits
	for c := 0; c < 81; c++ {
		if b.g[c] != 0 {
			continue
		}
		set := allDigits &^ (b.row[c/9] | b.col[c%9] | b.box[c/27*3+c%9/3])
		if n := set.count(); n < bestN {
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
	r, cl, bx := best/9, best%9, best/27*3+best%9/3
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
		b.row[r] |= bit
		b.col[cl] |= bit
		b.box[bx] |= bit
		if b.solve() {
			return true
		}
		b.g[best] = 0
		b.row[r] &^= bit
		b.col[cl] &^= bit
		b.box[bx] &^= bit
		if b.capped {
			return false
		}
		if guess {
			b.backtracks++
		}
	}
	return false
}

// RuleBased runs seed 001's rule-based solver with guessing and returns
// its work as counts. The rules are the paper's naked single and naked
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
// path to the solution; a puzzle the rules solve counts (0, 0). The search
// is bounded by SearchBudget guesses.
func RuleBased(g engine.Grid) (guesses, backtracks int) {
	guesses, backtracks, _ = ruleBased(g)
	return guesses, backtracks
}

// ruleBased is RuleBased, also reporting whether the budget ran out.
func ruleBased(g engine.Grid) (guesses, backtracks int, capped bool) {
	s := search{pick: pickFewest, budget: SearchBudget}
	s.solve(initiate(g))
	return s.tries, s.fails, s.capped
}
