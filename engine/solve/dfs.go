package solve

import "github.com/pressrun/pressrun/engine"

// DFSBudget is dfs's default budget of values tried. The slowest puzzle of
// the public sets for the plain search (top1465.txt) needs 1,044,342,800,
// about 2.5 s; the mean there is 8.6 million.
const DFSBudget = 2_000_000_000

var dfsMethod = Method{
	Name:    "dfs",
	Seed:    "003",
	Summary: "brute force: the first empty cell, digits 1-9, depth first",
	Unit:    "values tried (steps)",
	Budget:  DFSBudget,
	Counts:  []string{"steps", "calls", "backtracks"},
	solve:   dfs,
}

// dfs is seed 003's Algorithm 1, the "simple recursive brute-force depth
// first search": take the next empty cell in row-major order, place the
// values 1 to 9 in turn, and recurse on each that violates no constraint
// (no equal digit in the cell's row, column or box); when every value
// fails, empty the cell and return. It has no heuristic at all, which is
// the point of measuring it.
//
// Steps counts the values tried (placed and checked); Calls the recursive
// calls; Backtracks the values that passed the check but whose search
// failed. The paper's "iterations" (641,580,843 for its figure 6.1) also
// count each pass over a given cell: see DFSIterations. A puzzle whose
// givens already clash is not solved, with no work.
func dfs(g engine.Grid, o Options) Work {
	w, _ := dfsRun(g, o)
	return w
}

// DFSIterations is dfs on g with its work counted as seed 003 counts it:
// iterations are the values tried (Work.Steps) plus the visits to given
// cells, which the search steps over on its way to the next empty cell.
// That is the count of the source the paper cites for its figure 6.1
// (641,580,843 = 622,577,597 values tried + 19,003,246 visits to givens);
// the values tried alone fall short of it by those visits.
func DFSIterations(g engine.Grid, o Options) (iterations int, w Work) {
	w, givens := dfsRun(g, o)
	return w.Steps + givens, w
}

// dfsRun is dfs, also returning the visits to given cells. Counting them
// is one addition per given stepped over, about 3% of the values tried on
// a 17-clue puzzle, so dfs keeps it rather than searching twice.
func dfsRun(g engine.Grid, o Options) (Work, int) {
	var w Work
	if !g.Valid() {
		return w, 0
	}
	s := dfsSearch{g: g, budget: o.budget(DFSBudget)}
	s.used.givens(g)
	w.Solved = s.next(0)
	if w.Solved {
		w.Solution = s.g
	}
	w.Steps, w.Calls, w.Backtracks, w.Capped = s.steps, s.calls, s.backtracks, s.capped
	return w, s.givens
}

type dfsSearch struct {
	g                        engine.Grid
	used                     placed
	steps, calls, backtracks int
	givens                   int // visits to given cells
	budget                   int
	capped                   bool
}

// next searches on from cell c, the first cell not yet known to be filled.
func (s *dfsSearch) next(c int) bool {
	s.calls++
	for c < 81 && s.g[c] != 0 {
		c++
		s.givens++
	}
	if c == 81 {
		return true
	}
	used := s.used.of(c)
	for d := uint8(1); d <= 9; d++ {
		if s.steps >= s.budget {
			s.capped = true
			return false
		}
		s.steps++
		bit := DigitBit(d)
		if used&bit != 0 {
			continue
		}
		s.g[c] = d
		s.used.mark(c, bit)
		if s.next(c + 1) {
			return true
		}
		s.used.unmark(c, bit)
		s.g[c] = 0
		if s.capped {
			return false
		}
		s.backtracks++
	}
	return false
}
