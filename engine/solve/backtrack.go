package solve

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

// SearchBudget bounds the values rreduction and rules may try (their
// inferences or guesses), and BacktrackBudget the guesses of backtrack,
// by default (Options.MaxIterations sets another). A search that reaches
// its budget stops and reports the counts so far. They only keep a
// pathological grid from running away: the most any puzzle of the public
// sets needs is 2,815 inferences (royle17.txt), 2,347 rule-based guesses
// (forum-hardest-1106.txt) and 1,865,126 backtracking guesses
// (royle17.txt; 18,858 on average there, 44 on
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
	b := backtracker{budget: o.budget(BacktrackBudget)}
	b.empty = cells{^uint64(0), cellsHigh}
	for x := range b.allowed {
		b.allowed[x] = b.empty
	}
	for c, d := range g {
		if d != 0 {
			b.place(c, int(d-1))
		}
	}
	w := Work{Solved: b.solve(-1, 0)}
	if w.Solved {
		w.Solution = b.solution()
	}
	w.Guesses, w.Backtracks, w.Calls, w.Capped = b.guesses, b.backtracks, b.calls, b.capped
	return w
}

// backtracker is Backtrack's search, its state as bitboards, so that a
// call finds the cell of fewest candidates in a few dozen word operations
// instead of a pass over the 81 cells (royle17.txt's 17-clue puzzles take
// 18,858 guesses on average, about five calls each, and the archive rates
// every one).
type backtracker struct {
	board               // the search's state, restored as a whole
	guesses, backtracks int
	calls               int
	budget              int
	capped              bool
}

// board is the state of Backtrack's search.
type board struct {
	empty cells // the cells not filled
	// allowed[x] holds the cells none of whose peers holds x+1: an empty
	// cell's candidates are the digits whose set holds it.
	allowed [9]cells
	// taken[i] holds bit i of each cell's number of digits taken (held
	// by a peer), nine minus its candidates, kept as allowed changes.
	// Counting down from nine rather than up to it makes "at most one
	// candidate" the one set taken[3] and saves a negation per plane
	// where a digit is placed (about 5% of the time on royle17).
	taken [4]cells
}

// solve is the paper's Backtrack(puzzle): one call per cell filled. It
// fills cell with x+1 (nothing when cell < 0) and searches on. A cell
// with one candidate is filled in the same loop rather than by a
// recursive call, though counted as one; a guess recurses. On failure
// the cells it filled stay filled: the guess above restores the state.
func (b *backtracker) solve(cell, x int) bool {
	n := &b.taken
	// The empty cells and the cells of at most one candidate (taken[3])
	// are also kept in locals, so that the search for the next cell need
	// not wait for the stores just made.
	e0, e1 := b.empty[0], b.empty[1]
	f0, f1 := n[3][0], n[3][1]
	for {
		if cell >= 0 {
			// b.place(cell, x), written out (too big for the inliner)
			// and without writing g: the solution is read off allowed.
			if cell < 64 {
				e0 &^= 1 << (cell & 63)
				b.empty[0] = e0
			} else {
				e1 &^= 1 << (cell & 63)
				b.empty[1] = e1
			}
			p, a := &peerCells[cell], &b.allowed[x]
			lose0, lose1 := a[0]&p[0], a[1]&p[1]
			a[0] &^= lose0
			a[1] &^= lose1
			lose0, lose1 = carry(&n[0], lose0, lose1)
			lose0, lose1 = carry(&n[1], lose0, lose1)
			lose0, lose1 = carry(&n[2], lose0, lose1)
			f0 ^= lose0
			f1 ^= lose1
			n[3] = cells{f0, f1}
		}
		b.calls++
		// The first empty cell in row-major order with at most one
		// candidate, if any (cell c is bit c%64 of word c/64). Taking a
		// forced cell before a later dead end changes no count: the dead
		// end stays one and fails the forced cell's only branch at once.
		// Forced cells and dead ends are most calls.
		// The word is set apart from the bit so that the loads below
		// need not wait for the bit's search.
		var w int
		few := e0 & f0
		if few == 0 {
			few = e1 & f1
			if few == 0 {
				if e0|e1 == 0 {
					return true // complete, and valid by construction
				}
				return b.guess(b.fewest())
			}
			w = 1
		}
		i := uint(bits.TrailingZeros64(few))
		if n[0][w]>>i&1 != 0 {
			return false // no candidate: nine digits taken
		}
		// The cell's one candidate x+1: bit k of x is the cell's bit of
		// the union of the digits' sets with bit k set (written out here:
		// as a call it cost a tenth of the time).
		a := &b.allowed
		v0 := a[1][w] | a[3][w] | a[5][w] | a[7][w]
		v1 := a[2][w] | a[3][w] | a[6][w] | a[7][w]
		v2 := a[4][w] | a[5][w] | a[6][w] | a[7][w]
		v3 := a[8][w]
		cell = w<<6 | int(i)
		x = int(v0>>i&1 | v1>>i&1<<1 | v2>>i&1<<2 | v3>>i&1<<3)
	}
}

// solution is the grid when every cell is filled: a cell's digit is the
// one whose set of allowed cells still holds it (no peer holds it, and
// the peers in its row hold every other digit).
func (b *backtracker) solution() engine.Grid {
	var g engine.Grid
	for x := range b.allowed {
		for w, s := range b.allowed[x] {
			for ; s != 0; s &= s - 1 {
				g[w<<6|bits.TrailingZeros64(s)] = uint8(x + 1)
			}
		}
	}
	return g
}

// guess tries each candidate of cell (two or more) in increasing order,
// a guess each, and searches on; it reports whether one led to the
// solution. Like solve, it leaves the state changed on failure: the
// board is restored before each candidate but the first, not after the
// last, which spares a copy of the board on most backtracks.
func (b *backtracker) guess(cell int) bool {
	digits := b.candidates(cell)
	saved := b.board
	for {
		if b.guesses >= b.budget {
			b.capped = true
			return false
		}
		b.guesses++
		x := bits.TrailingZeros16(uint16(digits))
		digits &= digits - 1
		if b.solve(cell, x) {
			return true
		}
		if b.capped {
			return false
		}
		b.backtracks++
		if digits == 0 {
			return false
		}
		b.board = saved
	}
}

// place fills cell with x+1: x+1 is no longer a candidate of its peers.
func (b *backtracker) place(cell, x int) {
	b.empty[cell>>6&1] &^= 1 << (cell & 63)
	p, a := &peerCells[cell], &b.allowed[x]
	lose0, lose1 := a[0]&p[0], a[1]&p[1]
	a[0] &^= lose0
	a[1] &^= lose1
	for i := range b.taken {
		lose0, lose1 = carry(&b.taken[i], lose0, lose1)
	}
}

// carry adds one to the digits taken of the cells that lose a candidate
// (lose0, lose1), on the bit plane c of the counts: it flips their bits
// and returns the cells where the carry runs on.
func carry(c *cells, lose0, lose1 uint64) (uint64, uint64) {
	c0, c1 := c[0], c[1]
	c[0], c[1] = c0^lose0, c1^lose1
	return lose0 & c0, lose1 & c1
}

// candidates are the digits an empty cell may take.
func (b *backtracker) candidates(cell int) Digits {
	w, i, a := cell>>6&1, uint(cell&63), &b.allowed
	return Digits(a[0][w]>>i&1 | a[1][w]>>i&1<<1 | a[2][w]>>i&1<<2 |
		a[3][w]>>i&1<<3 | a[4][w]>>i&1<<4 | a[5][w]>>i&1<<5 |
		a[6][w]>>i&1<<6 | a[7][w]>>i&1<<7 | a[8][w]>>i&1<<8)
}

// fewest is the first empty cell in row-major order with the fewest
// candidates, when every one has two or more.
func (b *backtracker) fewest() int {
	n := &b.taken
	// Two candidates (seven taken), the most common fewest, is tried
	// first.
	two0 := b.empty[0] & n[0][0] & n[1][0] & n[2][0] &^ n[3][0]
	two1 := b.empty[1] & n[0][1] & n[1][1] & n[2][1] &^ n[3][1]
	if two0 != 0 {
		return bits.TrailingZeros64(two0)
	}
	if two1 != 0 {
		return 64 + bits.TrailingZeros64(two1)
	}
	for k := 3; k <= 9; k++ {
		s := b.empty
		for i := range n {
			if (9-k)>>i&1 != 0 {
				s = cells{s[0] & n[i][0], s[1] & n[i][1]}
			} else {
				s = s.andNot(n[i])
			}
		}
		if s[0] != 0 {
			return bits.TrailingZeros64(s[0])
		}
		if s[1] != 0 {
			return 64 + bits.TrailingZeros64(s[1])
		}
	}
	panic("solve: an empty cell with more than nine candidates")
}
