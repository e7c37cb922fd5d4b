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
func Backtrack(g engine.Grid, o Options) Work {
	if !g.Valid() {
		return Work{}
	}
	b := backtracker{g: g, budget: o.budget(BacktrackBudget)}
	for c, d := range g {
		if d >= 1 && d <= 9 {
			continue
		}
		b.empty.set(c)
	}
	for x := range b.allowed {
		b.allowed[x] = cells{^uint64(0), cellsHigh}
	}
	for c, d := range g {
		if d >= 1 && d <= 9 {
			b.allowed[d-1] = b.allowed[d-1].andNot(peerCells[c])
		}
	}
	w := Work{Solved: b.solve()}
	if w.Solved {
		w.Solution = b.g
	}
	w.Guesses, w.Backtracks, w.Calls, w.Capped = b.guesses, b.backtracks, b.calls, b.capped
	return w
}

// backtracker is the state of Backtrack's search as bitboards, so that a
// call finds the cell of fewest candidates in some fifty word operations
// instead of a pass over the 81 cells (royle17.txt's 17-clue puzzles take
// 18,858 guesses on average, and the archive rates every one).
type backtracker struct {
	// g holds the digits placed; a cell emptied again keeps its last
	// digit, which nothing reads until the grid is complete.
	g     engine.Grid
	empty cells // the cells not filled
	// allowed[x] holds the cells none of whose peers holds x+1: an empty
	// cell's candidates are the digits whose set holds it.
	allowed             [9]cells
	guesses, backtracks int
	calls               int
	budget              int
	capped              bool
}

// solve is the paper's Backtrack(puzzle): one call per cell filled. A
// cell with one candidate is filled in the same loop rather than by a
// recursive call, though counted as one; a guess recurses. On failure
// it leaves the state as it found it.
func (b *backtracker) solve() bool {
	allowed, empty := b.allowed, b.empty
	for {
		b.calls++
		if b.empty.empty() {
			return true // complete, and valid by construction
		}
		cell, low := b.choose()
		digits := b.candidates(cell)
		if digits == 0 {
			break
		}
		if low {
			b.place(cell, bits.TrailingZeros16(uint16(digits)))
			continue
		}
		if b.guess(cell, digits) {
			return true
		}
		break
	}
	b.allowed, b.empty = allowed, empty
	return false
}

// guess tries each candidate of cell in increasing order, a guess each,
// and searches on; it reports whether one led to the solution. On
// failure the cell stays filled: solve, its caller, restores the state.
func (b *backtracker) guess(cell int, digits Digits) bool {
	for ; digits != 0; digits &= digits - 1 {
		if b.guesses >= b.budget {
			b.capped = true
			return false
		}
		b.guesses++
		x := bits.TrailingZeros16(uint16(digits))
		saved := b.allowed[x]
		b.place(cell, x)
		if b.solve() {
			return true
		}
		b.allowed[x] = saved
		if b.capped {
			return false
		}
		b.backtracks++
	}
	return false
}

// place fills cell with x+1.
func (b *backtracker) place(cell, x int) {
	b.g[cell] = uint8(x + 1)
	b.empty[cell>>6&1] &^= 1 << (cell & 63)
	b.allowed[x] = b.allowed[x].andNot(peerCells[cell])
}

// candidates are the digits an empty cell may take.
func (b *backtracker) candidates(cell int) Digits {
	w, i, a := cell>>6&1, uint(cell&63), &b.allowed
	return Digits(a[0][w]>>i&1 | a[1][w]>>i&1<<1 | a[2][w]>>i&1<<2 |
		a[3][w]>>i&1<<3 | a[4][w]>>i&1<<4 | a[5][w]>>i&1<<5 |
		a[6][w]>>i&1<<6 | a[7][w]>>i&1<<7 | a[8][w]>>i&1<<8)
}

// choose is the cell the search fills next: the first empty cell in
// row-major order with at most one candidate (low), else the first with
// the fewest. Cell c is bit c%64 of word c/64, so the lowest bit of a set
// is its first cell in row-major order.
func (b *backtracker) choose() (cell int, low bool) {
	// The candidates of every cell counted at once by carry-save adders
	// over the nine digits' sets: a cell's count is its bit of ones plus
	// twice its bits of the four carries.
	o0, a0, b0, c0, d0 := tally(&b.allowed, 0)
	o1, a1, b1, c1, d1 := tally(&b.allowed, 1)
	few0 := b.empty[0] &^ (a0 | b0 | c0 | d0)
	few1 := b.empty[1] &^ (a1 | b1 | c1 | d1)
	if few0 != 0 {
		return bits.TrailingZeros64(few0), true
	}
	if few1 != 0 {
		return 64 + bits.TrailingZeros64(few1), true
	}
	// Every empty cell has two candidates or more: count them in full,
	// bit i of the count in count[i], and find the fewest.
	var count [4]cells
	count[0] = cells{o0, o1}
	count[1][0], count[2][0], count[3][0] = twos(a0, b0, c0, d0)
	count[1][1], count[2][1], count[3][1] = twos(a1, b1, c1, d1)
	for k := 2; k <= 9; k++ {
		s := b.empty
		for i := range count {
			if k>>i&1 != 0 {
				s = cells{s[0] & count[i][0], s[1] & count[i][1]}
			} else {
				s = s.andNot(count[i])
			}
		}
		if !s.empty() {
			return first(s), false
		}
	}
	panic("solve: an empty cell with more than nine candidates")
}

// tally adds up word w of the nine digits' sets by carry-save adders:
// each cell's ones bit and four carries of weight two.
func tally(a *[9]cells, w int) (ones, c1, c2, c3, c4 uint64) {
	s1, c1 := add3(a[0][w], a[1][w], a[2][w])
	s2, c2 := add3(a[3][w], a[4][w], a[5][w])
	s3, c3 := add3(a[6][w], a[7][w], a[8][w])
	ones, c4 = add3(s1, s2, s3)
	return ones, c1, c2, c3, c4
}

// twos adds four carries of weight two: bits 1, 2 and 3 of the counts.
func twos(c1, c2, c3, c4 uint64) (b1, b2, b3 uint64) {
	t, c5 := add3(c1, c2, c3)
	c6 := t & c4
	return t ^ c4, c5 ^ c6, c5 & c6
}

// first is the lowest cell of a non-empty set.
func first(s cells) int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// add3 is a carry-save adder of three bit sets: the bits of the sums'
// ones and of their twos.
func add3(a, b, c uint64) (sum, carry uint64) {
	u := a ^ b
	return u ^ c, a&b | u&c
}
