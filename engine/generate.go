package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// GenerateOptions say what puzzles a Generator makes.
type GenerateOptions struct {
	// Symmetry of the givens' pattern; SymmetryRandom picks one per puzzle.
	Symmetry Symmetry
	// Pattern, when set, limits the givens to its cells.
	Pattern *Pattern
	// MinClues and MaxClues bound the number of givens (0 means no bound).
	MinClues, MaxClues int
	// Minimal asks for puzzles in which no given (no orbit of givens, under
	// a symmetry) can be removed without losing uniqueness. Without it the
	// generator stops digging at a clue count drawn from [MinClues, MaxClues].
	Minimal bool
	// Attempts bounds how many solution grids one Generate call may try
	// before it gives up (0 means 1000).
	Attempts int
}

// ErrNoPuzzle is returned when the options cannot be met within the attempts.
var ErrNoPuzzle = errors.New("no puzzle found within the attempts")

// ErrOptions is wrapped by NewGenerator's errors: options that can never
// give a puzzle.
var ErrOptions = errors.New("bad generator options")

type optionsError struct{ msg string }

func (e *optionsError) Error() string { return "engine: " + e.msg }
func (e *optionsError) Unwrap() error { return ErrOptions }

func optionsErrorf(format string, args ...any) error {
	return &optionsError{msg: fmt.Sprintf(format, args...)}
}

// Generated is a puzzle with its unique solution.
type Generated struct {
	Puzzle   Grid
	Solution Grid
	Symmetry Symmetry // the symmetry actually used (never SymmetryRandom)
}

// Generator makes puzzles by seed 000's random masking: take a random
// solution grid, then remove givens in random order, keeping each removal
// only if the solution stays unique. It is not safe for concurrent use; make
// one per goroutine.
type Generator struct {
	opts   GenerateOptions
	solver Solver
	orbits [SymmetryRandom][][]int
}

// NewGenerator checks the options and prepares a Generator.
func NewGenerator(opts GenerateOptions) (*Generator, error) {
	if opts.Symmetry > SymmetryRandom {
		return nil, optionsErrorf("unknown symmetry %d", opts.Symmetry)
	}
	if opts.MinClues < 0 || opts.MaxClues < 0 || opts.MinClues > 81 || opts.MaxClues > 81 {
		return nil, optionsErrorf("clue range %d-%d outside 0-81", opts.MinClues, opts.MaxClues)
	}
	if opts.MaxClues > 0 && opts.MinClues > opts.MaxClues {
		return nil, optionsErrorf("clue range %d-%d is empty", opts.MinClues, opts.MaxClues)
	}
	if opts.MaxClues > 0 && opts.MaxClues < 17 {
		return nil, optionsErrorf("no puzzle has a unique solution with fewer than 17 clues (asked at most %d)", opts.MaxClues)
	}
	if opts.Pattern != nil {
		n := opts.Pattern.Cells()
		if n < 17 {
			return nil, optionsErrorf("clue pattern has %d cells, a unique puzzle needs at least 17", n)
		}
		if opts.MinClues > n {
			return nil, optionsErrorf("clue pattern has %d cells, fewer than the %d clues asked", n, opts.MinClues)
		}
		if opts.Symmetry != SymmetryNone && opts.Symmetry != SymmetryRandom {
			for cell := 0; cell < 81; cell++ {
				if opts.Pattern[cell] != opts.Pattern[opts.Symmetry.image(cell)] {
					return nil, optionsErrorf("clue pattern is not %s symmetric (%s)", opts.Symmetry, CellName(cell))
				}
			}
		}
	}
	if opts.Attempts <= 0 {
		opts.Attempts = 1000
	}
	g := &Generator{opts: opts}
	for s := SymmetryNone; s < SymmetryRandom; s++ {
		g.orbits[s] = s.Orbits()
	}
	return g, nil
}

// Generate makes one puzzle from rng. The same rng state gives the same
// puzzle. It fails with ErrNoPuzzle when the options cannot be met within
// the attempts (a sparse pattern or a narrow clue range).
func (g *Generator) Generate(rng *rand.Rand) (Generated, error) {
	for attempt := 0; attempt < g.opts.Attempts; attempt++ {
		sym := g.opts.Symmetry
		if sym == SymmetryRandom {
			sym = Symmetry(rng.IntN(int(SymmetryRandom)))
		}
		if g.opts.Pattern != nil && !patternKeeps(g.opts.Pattern, sym) {
			sym = SymmetryNone
		}
		solution := g.solver.RandomSolution(rng)
		if p, ok := g.dig(solution, sym, rng); ok {
			return Generated{Puzzle: p, Solution: solution, Symmetry: sym}, nil
		}
	}
	return Generated{}, fmt.Errorf("engine: %w (%d tried)", ErrNoPuzzle, g.opts.Attempts)
}

func patternKeeps(p *Pattern, s Symmetry) bool {
	for cell := 0; cell < 81; cell++ {
		if p[cell] != p[s.image(cell)] {
			return false
		}
	}
	return true
}

// dig removes givens from the full grid in random orbit order.
func (g *Generator) dig(solution Grid, sym Symmetry, rng *rand.Rand) (Grid, bool) {
	puzzle := solution
	clues := 81
	if p := g.opts.Pattern; p != nil {
		for cell := range puzzle {
			if !p[cell] {
				puzzle[cell] = 0
				clues--
			}
		}
		if clues < 81 && !g.solver.Unique(puzzle) {
			return Grid{}, false
		}
	}
	lo, hi := g.opts.MinClues, g.opts.MaxClues
	if hi == 0 {
		hi = 81
	}
	// Without Minimal, stop at a clue count drawn from the range.
	target := lo
	if !g.opts.Minimal {
		if g.opts.MaxClues == 0 && lo == 0 {
			target = 0
		} else {
			target = lo + rng.IntN(hi-lo+1)
		}
	}
	orbits := g.orbits[sym]
	var order [81]int
	n := len(orbits)
	for i := 0; i < n; i++ {
		order[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	var gv givens
	gv.set(puzzle)
	held := false // a removable orbit was kept for the lower bound
	for _, oi := range order[:n] {
		orbit := orbits[oi]
		if puzzle[orbit[0]] == 0 {
			continue // outside the pattern
		}
		if clues-len(orbit) < lo || clues <= target {
			if !g.opts.Minimal {
				break
			}
			// Minimal: the orbit must be needed, or the puzzle is not minimal.
			if !held && g.removable(&gv, puzzle, solution, orbit) {
				held = true
			}
			continue
		}
		if g.removable(&gv, puzzle, solution, orbit) {
			for _, c := range orbit {
				puzzle[c] = 0
				gv.remove(c, int(solution[c]))
			}
			clues -= len(orbit)
		}
	}
	if clues < lo || clues > hi || held {
		return Grid{}, false
	}
	return puzzle, true
}

// removable reports whether the puzzle, whose givens are gv, keeps its
// unique solution without the givens of orbit.
func (g *Generator) removable(gv *givens, puzzle, solution Grid, orbit []int) bool {
	if len(orbit) == 1 {
		return !g.solver.hasOtherSolution(gv, solution, orbit[0])
	}
	for _, c := range orbit {
		puzzle[c] = 0
	}
	return g.solver.Unique(puzzle)
}

// Minimal reports whether every orbit of givens of the puzzle (under sym;
// every single given for SymmetryNone) is needed for a unique solution. The
// puzzle must have a unique solution.
func (s *Solver) Minimal(puzzle Grid, sym Symmetry) bool {
	solution, n := s.Solve(puzzle)
	if n != 1 {
		return false
	}
	for _, orbit := range sym.Orbits() {
		if puzzle[orbit[0]] == 0 {
			continue
		}
		if len(orbit) == 1 {
			if !s.HasOtherSolution(puzzle, solution, orbit[0]) {
				return false
			}
			continue
		}
		trial := puzzle
		for _, c := range orbit {
			trial[c] = 0
		}
		if s.Unique(trial) {
			return false
		}
	}
	return true
}

// CluesReachable reports, for each count n of givens (0-81), whether g
// reaches it by filling whole orbits of its empty cells under sym; g's own
// count is reached (g's givens are whole orbits, as in a puzzle with the
// symmetry). From the empty grid it gives the counts a puzzle with the
// symmetry can have.
func CluesReachable(g Grid, sym Symmetry) (reach [82]bool) {
	reach[g.Clues()] = true
	for _, orbit := range sym.Orbits() {
		if g[orbit[0]] != 0 {
			continue
		}
		for n := 81; n >= len(orbit); n-- {
			reach[n] = reach[n] || reach[n-len(orbit)]
		}
	}
	return reach
}
