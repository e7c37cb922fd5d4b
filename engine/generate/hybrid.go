package generate

import (
	"math/bits"

	"github.com/pressrun/pressrun/engine"
)

// Seed 000's uniqueness tests (§5.2.3), as pressrun reads them:
//
//   - The fast test fills naked singles (a cell with one candidate left)
//     and hidden singles (the only cell of a row, column or box that can
//     take a digit) until the board is solved (unique: the board came from
//     a solution, so it has one) or neither applies (rejected: "a high
//     probability that the board has multiple solutions", so it rejects
//     some unique boards, its false negatives).
//   - The slow test, when the singles stop, tries every candidate of one
//     cell (pressrun takes the first cell with the fewest) and runs the
//     test again from each: more than one value leading to a solution means
//     more than one solution. It is exact.
//   - The hybrid, the one the paper adopts, is the slow test with the
//     guesses it may make bounded: "if we had to guess more then twice,
//     then we reject the board". A guess is one candidate tried at such a
//     cell, counted over the whole test (so one cell of two candidates,
//     both tried, uses both guesses); the test rejects the board when it
//     would need a third. What it accepts is unique: every branch was
//     followed to a solution or a contradiction.
//
// HybridGuesses is the paper's bound.
const HybridGuesses = 2

// HybridUnique runs seed 000's uniqueness test on p with at most
// maxGuesses guesses: 0 is the fast test, HybridGuesses the paper's
// hybrid, a negative bound the slow test (no bound). It reports whether
// the test accepts p (then p has exactly one solution) and the guesses it
// made.
func HybridUnique(p engine.Grid, maxGuesses int) (accepted bool, guesses int) {
	h := hybrid{max: maxGuesses}
	var b board
	if !b.init(p) {
		return false, 0
	}
	return h.count(b) == 1, h.guesses
}

// hybrid is one run of the test: its bound and the guesses made so far.
type hybrid struct {
	max, guesses int
}

// giveUp is count's answer when the test rejects for want of guesses.
const giveUp = -1

// count is the number of solutions of b (0, 1 or 2 meaning two or more),
// or giveUp.
func (h *hybrid) count(b board) int {
	if !b.singles() {
		return 0
	}
	cell, fewest := -1, 10
	for c := range b.cand {
		if b.grid[c] == 0 {
			if n := bits.OnesCount16(b.cand[c]); n < fewest {
				cell, fewest = c, n
			}
		}
	}
	if cell < 0 {
		return 1
	}
	found := 0
	for m := b.cand[cell]; m != 0; m &= m - 1 {
		if h.max >= 0 && h.guesses >= h.max {
			return giveUp
		}
		h.guesses++
		next := b
		if !next.place(cell, uint8(bits.TrailingZeros16(m))+1) {
			continue
		}
		switch n := h.count(next); n {
		case giveUp:
			return giveUp
		default:
			found += n
		}
		if found > 1 {
			return 2
		}
	}
	return found
}

// board is a partly filled grid and the candidates of its empty cells.
type board struct {
	grid engine.Grid
	cand [81]uint16 // bit d-1: digit d is still possible; 0 for a filled cell
}

var houses = engine.Houses() // peers are hillclimb.go's

// init places p's givens; false when two of them clash.
func (b *board) init(p engine.Grid) bool {
	for c := range b.cand {
		b.cand[c] = 0x1ff
	}
	for c, d := range p {
		if d != 0 && !b.place(c, d) {
			return false
		}
	}
	return true
}

// place puts d at c and strikes it from c's peers; false when d is not a
// candidate there or a peer is left with none.
func (b *board) place(c int, d uint8) bool {
	bit := uint16(1) << (d - 1)
	if b.cand[c]&bit == 0 {
		return false
	}
	b.grid[c], b.cand[c] = d, 0
	for _, q := range peers[c] {
		if b.grid[q] == 0 {
			b.cand[q] &^= bit
			if b.cand[q] == 0 {
				return false
			}
		}
	}
	return true
}

// singles fills naked and hidden singles until neither applies; false on
// a contradiction (a cell, or a digit in a house, with no place left).
func (b *board) singles() bool {
	for changed := true; changed; {
		changed = false
		for c := range b.cand {
			if b.grid[c] == 0 && bits.OnesCount16(b.cand[c]) == 1 {
				if !b.place(c, uint8(bits.TrailingZeros16(b.cand[c]))+1) {
					return false
				}
				changed = true
			}
		}
		for _, h := range houses {
			var seen, twice, placed uint16
			for _, c := range h {
				if b.grid[c] != 0 {
					placed |= 1 << (b.grid[c] - 1)
				}
				twice |= seen & b.cand[c]
				seen |= b.cand[c]
			}
			if seen|placed != 0x1ff {
				return false // a digit with no cell left in this house
			}
			for once := seen &^ twice; once != 0; once &= once - 1 {
				bit := once & -once
				for _, c := range h {
					if b.cand[c]&bit != 0 {
						if !b.place(int(c), uint8(bits.TrailingZeros16(bit))+1) {
							return false
						}
						changed = true
						break
					}
				}
			}
		}
	}
	return true
}
