package solve

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

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
//
// The search keeps, for each digit, the cells that see it placed, so that
// a node counts every cell's candidates at once, bit-sliced over the 81
// cells (the 9 digits' sets added up in four bit planes), instead of cell
// by cell; the cell it picks, the order it tries and so every count are
// those of the plain search (backtrack_test.go holds it to one).
func Backtrack(g engine.Grid, o Options) Work {
	if !g.Valid() {
		return Work{}
	}
	b := backtracker{g: g, budget: o.budget(BacktrackBudget)}
	b.used.givens(g)
	for c, d := range g {
		if d >= 1 && d <= 9 {
			p := &peerCells[c]
			b.blocked[d-1][0] |= p[0]
			b.blocked[d-1][1] |= p[1]
		} else {
			b.empty.set(c)
		}
	}
	w := Work{Solved: b.solve()}
	if w.Solved {
		w.Solution = b.g
	}
	w.Guesses, w.Backtracks, w.Calls, w.Capped = b.guesses, b.backtracks, b.calls, b.capped
	return w
}

type backtracker struct {
	g                   engine.Grid
	empty               cells    // the cells not filled
	blocked             [9]cells // blocked[d]: the cells that see digit d+1 placed
	used                placed   // the same, by row, column and box: a cell's candidates
	guesses, backtracks int
	calls               int
	budget              int
	capped              bool
}

// pick is the cell the search fills next and its candidates: the first
// empty cell in row-major order with at most one candidate, else the first
// with the fewest; n is its number of candidates, -1 when no cell is
// empty. The digits' sets of possible cells are added up in "at least k
// candidates" sets, k = 1 to 4, two 64-bit words at a time; a node where
// every empty cell has four or more counts them in full (rare).
func (b *backtracker) pick() (cell, n int, set Digits) {
	e0, e1 := b.empty[0], b.empty[1]
	if e0|e1 == 0 {
		return -1, -1, 0
	}
	var a1, a2, a3, a4, z1, z2, z3, z4 uint64 // at least 1..4, word 0 then word 1
	for d := range b.blocked {
		x := e0 &^ b.blocked[d][0]
		a4 |= a3 & x
		a3 |= a2 & x
		a2 |= a1 & x
		a1 |= x
		y := e1 &^ b.blocked[d][1]
		z4 |= z3 & y
		z3 |= z2 & y
		z2 |= z1 & y
		z1 |= y
	}
	var at cells
	switch {
	case e0&^a2|e1&^z2 != 0:
		at = cells{e0 &^ a2, e1 &^ z2}
	case a2&^a3|z2&^z3 != 0:
		at = cells{a2 &^ a3, z2 &^ z3}
	case a3&^a4|z3&^z4 != 0:
		at = cells{a3 &^ a4, z3 &^ z4}
	default:
		at = b.fewest()
	}
	if at[0] != 0 {
		cell = bits.TrailingZeros64(at[0])
	} else {
		cell = 64 + bits.TrailingZeros64(at[1])
	}
	set = AllDigits &^ b.used.of(cell)
	return cell, set.Count(), set
}

// fewest are the empty cells with the fewest candidates, counted cell by
// cell.
func (b *backtracker) fewest() cells {
	var at cells
	least := 10
	for w := 0; w < 2; w++ {
		for x := b.empty[w]; x != 0; x &= x - 1 {
			bit := x & -x
			n := 0
			for d := range b.blocked {
				if b.blocked[d][w]&bit == 0 {
					n++
				}
			}
			switch {
			case n < least:
				least, at = n, cells{}
				at[w] = bit
			case n == least:
				at[w] |= bit
			}
		}
	}
	return at
}

func (b *backtracker) solve() bool {
	b.calls++
	best, bestN, bestSet := b.pick()
	if bestN == 0 {
		return false
	}
	if best < 0 {
		return true // complete, and valid by construction
	}
	guess := bestN > 1
	w, cbit := best>>6, uint64(1)<<(best&63)
	b.empty[w] &^= cbit
	for set := bestSet; set != 0; set &= set - 1 {
		if guess {
			if b.guesses >= b.budget {
				b.capped = true
				b.empty[w] |= cbit
				return false
			}
			b.guesses++
		}
		bit := set & -set
		d := bit.lowest() - 1
		old := b.blocked[d]
		b.g[best] = d + 1
		b.used.mark(best, bit)
		b.blocked[d][0] |= peerCells[best][0]
		b.blocked[d][1] |= peerCells[best][1]
		if b.solve() {
			return true
		}
		b.g[best] = 0
		b.used.unmark(best, bit)
		b.blocked[d] = old
		if b.capped {
			b.empty[w] |= cbit
			return false
		}
		if guess {
			b.backtracks++
		}
	}
	b.empty[w] |= cbit
	return false
}
