package solve

// search is the depth-first search shared by seed 004's Solver() and
// Inference() and seed 001's Rulebased(): reduce the candidates; if the
// puzzle is neither solved nor contradicted, pick an open cell and try each
// of its candidates in increasing order, searching on from each, until one
// leads to a solution. Every tried value is counted (an inference of seed
// 004, a guess of seed 001), and so is every tried value whose search found
// no solution (a backtrack).
type search struct {
	pick   pickRule   // how to choose the cell to branch on
	budget int        // the most values that may be tried
	nodes  int        // states reduced
	tries  int        // values tried
	fails  int        // tried values that led to no solution
	capped bool       // the budget ran out before an answer
	sol    Candidates // the solution found
}

// solve reports whether v leads to a solution; on success s.sol holds it.
func (s *search) solve(v Candidates) bool {
	s.nodes++
	if !v.Reduce() {
		return false
	}
	if v.Solved() {
		s.sol = v
		return true
	}
	var c int
	switch s.pick {
	case pickFirst:
		c = firstOpen(&v)
	default:
		c = fewestCandidates(&v)
	}
	for set := v[c]; set != 0; set &= set - 1 {
		if s.tries >= s.budget {
			s.capped = true
			return false
		}
		s.tries++
		w := v
		w[c] = set & -set
		if s.solve(w) {
			return true
		}
		if s.capped {
			return false
		}
		s.fails++
	}
	return false
}

// pickRule says which open cell a search branches on.
type pickRule int

const (
	pickFewest pickRule = iota // fewestCandidates (seed 001)
	pickFirst                  // firstOpen (seed 004, see RReduction)
)

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
