package solve

import "math/rand/v2"

// search is the depth-first search shared by seed 004's Solver() and
// Inference() and seed 001's Rulebased(): reduce the candidates; if the
// puzzle is neither solved nor contradicted, pick an open cell and try each
// of its candidates in increasing order, searching on from each, until one
// leads to a solution. Every tried value is counted (an inference of seed
// 004, a guess of seed 001), and so is every tried value whose search found
// no solution (a backtrack).
type search struct {
	pick     Selection  // how to choose the cell to branch on
	rng      *rand.Rand // SelectRandom's draws
	budget   int        // the most values that may be tried
	nodes    int        // states reduced
	branches int        // states branched on: cells selected
	tries    int        // values tried
	fails    int        // tried values that led to no solution
	depth    int        // values set on the way to the state searched
	kept     int        // the depth of the solution: the values it keeps
	capped   bool       // the budget ran out before an answer
	sol      Candidates // the solution found
}

// solve reports whether v leads to a solution; on success s.sol holds it.
func (s *search) solve(v Candidates) bool {
	s.nodes++
	if !v.Reduce() {
		return false
	}
	if v.Solved() {
		s.sol, s.kept = v, s.depth
		return true
	}
	c := s.cell(&v)
	s.branches++
	for set := v[c]; set != 0; set &= set - 1 {
		if s.tries >= s.budget {
			s.capped = true
			return false
		}
		s.tries++
		w := v
		w[c] = set & -set
		s.depth++
		found := s.solve(w)
		s.depth--
		if found {
			return true
		}
		if s.capped {
			return false
		}
		s.fails++
	}
	return false
}

// Selection is the rule by which a search picks the open cell to branch
// on: seed 001's findSquare takes the fewest candidates; seed 004's
// Inference() a cell "randomly", which a study reads several ways.
type Selection int

// The selections a search knows.
const (
	SelectFirst  Selection = iota // the first open cell in row-major order (RReduction's)
	SelectRandom                  // a uniformly random open cell: seed 004's word
	SelectFewest                  // the open cell with fewest candidates, first among equals (seed 001)
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

// cell is the open cell of v the search branches on.
func (s *search) cell(v *Candidates) int {
	switch s.pick {
	case SelectFirst:
		return firstOpen(v)
	case SelectRandom:
		var open []int
		for c, set := range v {
			if set.Count() > 1 {
				open = append(open, c)
			}
		}
		return open[s.rng.IntN(len(open))]
	}
	return fewestCandidates(v)
}

// fewestCandidates picks the open cell with the fewest Candidates, the
// first in row-major order among equals: seed 001's findSquare.
func fewestCandidates(v *Candidates) int {
	best, bestN := -1, 10
	for c, s := range v {
		if n := s.Count(); n > 1 && n < bestN {
			best, bestN = c, n
			if n == 2 {
				break
			}
		}
	}
	return best
}

// work is the search's Work once it has run: Solved and the solution
// when found, the states reduced as Steps, the values tried as Guesses,
// those whose search failed as Backtracks.
func (s *search) work(solved bool) Work {
	w := Work{Solved: solved, Steps: s.nodes, Guesses: s.tries, Backtracks: s.fails, Capped: s.capped}
	if solved {
		w.Solution = s.sol.Grid()
	}
	return w
}
