package variant

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Options say what puzzles GenerateWith and GenerateKind make, as
// engine.GenerateOptions does for classic. The zero value asks for
// puzzles without symmetry dug to minimal.
type Options struct {
	// Symmetry of the givens' pattern, one of Symmetries ("" is "none").
	// The variant must allow it (Variant.Allows); a jigsaw kind's layouts
	// are drawn with it.
	Symmetry string
	// MinClues and MaxClues bound the number of givens (0: no bound).
	MinClues, MaxClues int
	// Minimal asks for puzzles in which no orbit of givens can go without
	// losing uniqueness. Without it digging stops at a clue count drawn
	// from [MinClues, MaxClues] (with neither bound, at minimal too).
	Minimal bool
	// Attempts bounds the solution grids (for a jigsaw kind, the layouts)
	// one call tries before it gives up; 0 means 100.
	Attempts int
}

// Generated is a puzzle made by GenerateWith or GenerateKind: its
// variant (for a jigsaw kind, the layout drawn for it), the puzzle and
// its solution.
type Generated struct {
	Variant          *Variant
	Puzzle, Solution Grid
}

// ErrOptions is wrapped by the errors of options that can never give a
// puzzle (a clue range out of the grid or below n-1 givens).
var ErrOptions = errors.New("bad generator options")

// ErrNoPuzzle is returned when the options were not met within the
// attempts (a narrow clue range, or Minimal with a high MinClues).
var ErrNoPuzzle = errors.New("no puzzle found within the attempts")

// Generate makes a puzzle of v with the clue-pattern symmetry sym: a
// solution drawn by rng, dug to a unique puzzle minimal up to the
// symmetry's orbits. It returns the puzzle and its solution; an error
// wrapping ErrVariant when v does not allow sym. It is GenerateWith with
// only the symmetry set.
func Generate(v *Variant, sym string, rng *rand.Rand) (puzzle, solution Grid, err error) {
	g, err := GenerateWith(v, Options{Symmetry: sym}, rng)
	return g.Puzzle, g.Solution, err
}

// GenerateWith makes a puzzle of v (a jigsaw keeps its layout; see
// GenerateKind for a new layout each puzzle): a solution grid drawn by
// rng, dug in an order drawn by rng one orbit of the symmetry at a time,
// an orbit emptied when the puzzle stays unique over v's houses. With a
// clue range it stops digging at a count drawn from it and keeps at
// least MinClues; a solution whose dig ends outside the range (or, with
// Minimal, that MinClues keeps from being minimal) is dropped for
// another, up to the attempts. Same rng state, same puzzle.
//
// It fails wrapping ErrVariant when v does not allow the symmetry,
// ErrOptions for an impossible clue range, ErrNoSolution when no
// solution grid is found (a jigsaw layout may have none) and ErrNoPuzzle
// when the attempts run out. A minimal 16x16 takes about a second.
func GenerateWith(v *Variant, opts Options, rng *rand.Rand) (Generated, error) {
	opts, orbits, err := opts.check(v.Size, v)
	if err != nil {
		return Generated{}, err
	}
	s := NewSolver(v)
	for range opts.Attempts {
		solution, err := s.Random(rng)
		if err != nil {
			return Generated{}, err
		}
		if p, ok := s.dig(solution, orbits, opts, rng); ok {
			return Generated{Variant: v, Puzzle: p, Solution: solution}, nil
		}
	}
	return Generated{}, fmt.Errorf("%w: %s, %d tried", ErrNoPuzzle, v.Name, opts.Attempts)
}

// GenerateKind makes a puzzle of the variant kind: a name Named knows,
// or a key FromKey knows, made by GenerateWith; or a jigsaw kind
// ("jigsaw", "jigsaw-6x6"), for which each attempt draws a new layout
// with the symmetry (RandomLayout) and digs the solution grid that
// proved the layout has one, the puzzle's uniqueness proven over that
// layout's houses. Its errors are GenerateWith's; a symmetry the kind's
// layouts cannot have (LayoutSymmetries) wraps ErrVariant. A killer kind
// is made by GenerateKiller, minimal when opts.Minimal, with at most
// opts.MaxClues givens (0: none) and no symmetry.
func GenerateKind(kind string, opts Options, rng *rand.Rand) (Generated, error) {
	if k, err := KillerSize(kind); err == nil {
		if opts.Symmetry != "" && opts.Symmetry != "none" {
			return Generated{}, fmt.Errorf("%w: %s puzzles have no %s symmetry (their cages are drawn without one)", ErrVariant, kind, opts.Symmetry)
		}
		return GenerateKiller(k, KillerOptions{Minimal: opts.Minimal, Givens: opts.MaxClues}, rng)
	}
	n, err := JigsawSize(kind)
	if err != nil {
		v, err := FromKey(kind)
		if err != nil {
			return Generated{}, err
		}
		return GenerateWith(v, opts, rng)
	}
	opts, orbits, err := opts.check(n, nil)
	if err != nil {
		return Generated{}, err
	}
	for range opts.Attempts {
		v, solution, err := randomLayout(n, opts.Symmetry, rng)
		if err != nil {
			return Generated{}, err
		}
		if p, ok := NewSolver(v).dig(solution, orbits, opts, rng); ok {
			return Generated{Variant: v, Puzzle: p, Solution: solution}, nil
		}
	}
	return Generated{}, fmt.Errorf("%w: %s, %d tried", ErrNoPuzzle, kind, opts.Attempts)
}

// check fills the defaults of o for a grid of side n, refuses what can
// never give a puzzle and returns the symmetry's orbits; v, when not
// nil, must allow the symmetry.
func (o Options) check(n int, v *Variant) (Options, [][]int, error) {
	if o.Symmetry == "" {
		o.Symmetry = "none"
	}
	if v != nil && !v.Allows(o.Symmetry) {
		return o, nil, fmt.Errorf("%w: %s has no %s symmetry (it allows %v)", ErrVariant, v.Name, o.Symmetry, v.Allowed())
	}
	var orbits [][]int
	var err error
	cells := n * n
	if v != nil {
		orbits, err = v.Orbits(o.Symmetry)
		cells = v.Cells()
	} else {
		orbits, err = Orbits(n, o.Symmetry)
	}
	if err != nil {
		return o, nil, err
	}
	switch {
	case o.MinClues < 0 || o.MaxClues < 0 || o.MinClues > cells || o.MaxClues > cells:
		return o, nil, fmt.Errorf("%w: clue range %d-%d outside 0-%d", ErrOptions, o.MinClues, o.MaxClues, cells)
	case o.MaxClues > 0 && o.MinClues > o.MaxClues:
		return o, nil, fmt.Errorf("%w: clue range %d-%d is empty", ErrOptions, o.MinClues, o.MaxClues)
	case o.MaxClues > 0 && o.MaxClues < n-1:
		// With two symbols missing from the givens, swapping them in a
		// solution gives another.
		return o, nil, fmt.Errorf("%w: no puzzle of side %d has one solution with fewer than %d givens (asked at most %d)", ErrOptions, n, n-1, o.MaxClues)
	}
	if o.Attempts <= 0 {
		o.Attempts = 100
	}
	return o, orbits, nil
}

// Dig makes a puzzle of solution: it tries the orbits in an order drawn
// by rng and empties each whose removal leaves exactly one solution, so
// the result is minimal up to the orbits (no orbit of givens can go) and
// has their symmetry.
func (s *Solver) Dig(solution Grid, orbits [][]int, rng *rand.Rand) Grid {
	g, _ := s.dig(solution, orbits, Options{}, rng)
	return g
}

// dig empties orbits of solution in an order drawn by rng while the
// puzzle stays unique, as engine's Generator digs: without Minimal it
// stops at a clue count drawn from the range (none drawn without
// bounds: it digs to minimal), never going below MinClues; with Minimal
// it fails when MinClues kept a removable orbit. It fails when the
// count ends outside the range.
func (s *Solver) dig(solution Grid, orbits [][]int, o Options, rng *rand.Rand) (Grid, bool) {
	cells := len(solution)
	lo, hi := o.MinClues, o.MaxClues
	if hi == 0 {
		hi = cells
	}
	target := lo
	if !o.Minimal && (lo > 0 || o.MaxClues > 0) {
		target = lo + rng.IntN(hi-lo+1)
	}
	g := slices.Clone(solution)
	clues := cells
	for _, i := range rng.Perm(len(orbits)) {
		orbit := orbits[i]
		if clues-len(orbit) < lo || clues <= target {
			if !o.Minimal {
				break
			}
			if s.removable(g, orbit, solution) {
				return nil, false // minimal only below MinClues
			}
			continue
		}
		if s.removable(g, orbit, solution) {
			for _, c := range orbit {
				g[c] = 0
			}
			clues -= len(orbit)
		}
	}
	return g, clues >= lo && clues <= hi
}

// removable reports whether g, unique with solution, stays unique
// without the givens of orbit (stillUnique); g is left as it was.
func (s *Solver) removable(g Grid, orbit []int, solution Grid) bool {
	for _, c := range orbit {
		g[c] = 0
	}
	ok := s.stillUnique(g, orbit, solution)
	for _, c := range orbit {
		g[c] = solution[c]
	}
	return ok
}
