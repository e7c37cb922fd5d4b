package solve

import (
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// Selection is the rule by which seed 004's Inference() picks the cell to
// infer on; the paper says only "randomly", so a study tries several.
type Selection int

// The selections CountInferences knows.
const (
	SelectFirst  Selection = iota // the first open cell in row-major order (RReduction's)
	SelectRandom                  // a uniformly random open cell: the paper's word
	SelectFewest                  // the open cell with fewest candidates, first among equals
)

// String names the selection for a report.
func (s Selection) String() string {
	switch s {
	case SelectFirst:
		return "first open cell, row-major"
	case SelectRandom:
		return "random open cell"
	case SelectFewest:
		return "open cell with fewest candidates"
	}
	return "unknown selection"
}

// InferenceCounts are the readings of seed 004's "inference times" that
// one run of its Solver() gives: the paper counts 16,034 inferences for
// 10,000 puzzles without saying what one is.
type InferenceCounts struct {
	// Tried is every value set on a cell (Theorem 11's "if we set
	// v_ij = {c_k}"), those whose branch failed included: RReduction's
	// Guesses.
	Tried int
	// Failed is the tried values whose branch ended in no solution.
	Failed int
	// Cells is the calls of Inference(): the cells selected.
	Cells int
	// Kept is the inferences on the branch that reached the solution:
	// the conclusions c_ij = c_k Theorem 11 actually draws.
	Kept int
	// Solved reports that the search reached the solution; with Tried 0,
	// r-Reduction alone did.
	Solved bool
	// Capped reports that the search stopped at the budget of tried
	// values without an answer.
	Capped bool
}

// CountInferences runs seed 004's r-Reduction plus Inference on g (as
// RReduction does, see there) selecting the cell to infer on by sel, and
// counts the inferences every way InferenceCounts reads them, within
// budget tried values. rng is used by SelectRandom only.
func CountInferences(g engine.Grid, sel Selection, rng *rand.Rand, budget int) InferenceCounts {
	c := counter{sel: sel, rng: rng, budget: budget}
	c.n.Solved = c.solve(Initiate(g), 0)
	return c.n
}

type counter struct {
	sel    Selection
	rng    *rand.Rand
	budget int
	n      InferenceCounts
}

// solve reports whether v leads to a solution, depth being the
// inferences set on the way to v.
func (c *counter) solve(v Candidates, depth int) bool {
	if !v.Reduce() {
		return false
	}
	if v.Solved() {
		c.n.Kept = depth
		return true
	}
	cell := c.pick(&v)
	c.n.Cells++
	for set := v[cell]; set != 0; set &= set - 1 {
		if c.n.Tried >= c.budget {
			c.n.Capped = true
			return false
		}
		c.n.Tried++
		w := v
		w[cell] = set & -set
		if c.solve(w, depth+1) {
			return true
		}
		if c.n.Capped {
			return false
		}
		c.n.Failed++
	}
	return false
}

func (c *counter) pick(v *Candidates) int {
	switch c.sel {
	case SelectFewest:
		return fewestCandidates(v)
	case SelectRandom:
		var open []int
		for cell, s := range v {
			if s.Count() > 1 {
				open = append(open, cell)
			}
		}
		return open[c.rng.IntN(len(open))]
	}
	return firstOpen(v)
}
