package level

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// Rater rates a puzzle fully; the generator calls it on every candidate
// that passes the cheap checks.
type Rater[R Ratings] func(engine.Grid) (R, error)

// Options say what a Generator aims at.
type Options[R Ratings] struct {
	Level Level
	// Ladder, when set, is the ladder Level belongs to: a puzzle is kept
	// only when the ladder names it Level (the first level whose rules
	// hold), not merely when Level's rules hold, which matters when levels
	// overlap.
	Ladder   Ladder
	Symmetry engine.Symmetry
	Rate     Rater[R]
	// Tries bounds the candidates one Generate call may make before it
	// gives up (0 means 2,000).
	Tries int
	// CluesMin and CluesMax, when not zero, bound the puzzle's givens. A
	// candidate dug with fewer than CluesMin gets givens of its solution
	// back, unless Minimal (see Generate); one with more than CluesMax is
	// dropped before it is rated.
	CluesMin, CluesMax int
	// Minimal asks for minimal puzzles only: every level is then dug to a
	// minimal puzzle, the easy ones too (kept when the ladder names them
	// easy), and no given is added back. Without it a level's puzzles need
	// not be minimal: the easy levels are dug by singles, the others to a
	// minimal puzzle, and either gets givens back to reach CluesMin.
	// DefaultMinimal is the usual choice.
	Minimal bool
}

// DefaultMinimal reports whether the puzzles of a level are minimal
// unless a section or --minimal says otherwise: true for the levels dug
// to a minimal puzzle (all but those with er at most 2.5, which singles
// solve, easy and medium on the default ladder), false when the clue
// range's minimum (0: none) is above MinimalClues(sym).
func DefaultMinimal(lv Level, sym engine.Symmetry, cluesMin int) bool {
	return digOf(lv, false) == digMinimal && cluesMin <= MinimalClues(sym)
}

// MinimalClues is the most givens that minimal puzzles with the symmetry
// have in practice: the largest count that at least one in a hundred of
// engine.Generator's minimal puzzles reach or pass (50,000 a symmetry,
// seed 11), so that a level's minimal puzzles at that count turn up
// within a generator's tries. Symmetric ones keep more, since whole
// orbits must go; the largest minimal puzzles known have 40 givens.
func MinimalClues(sym engine.Symmetry) int {
	switch sym {
	case engine.SymmetryNone:
		return 27 // 2.8% have 27 or more, 0.33% 28
	case engine.Rot180, engine.Diagonal, engine.Antidiagonal:
		return 31 // rot180: 1.9% have 31 or more, 0.99% 32; diagonal: 1.2%, 0.22%
	case engine.Mirror, engine.Flip:
		return 32 // 1.4% have 32 or more, 0.27% 33
	}
	return 36 // rot90 (7.5% have 36 or more, 0.40% 37), and random, which may draw it
}

// Generator makes puzzles at a level. Easy levels are dug only as far as
// the level's techniques reach (a puzzle that hidden singles solve, or
// singles, with as few givens as that allows) unless Options.Minimal;
// harder ones are minimal puzzles, rejection-sampled, with the exact
// solver's guess count as a cheap pre-filter so that puzzles solved
// without a guess are never fully rated when the level starts at er 4.4
// or above. Either may get givens back to reach a clue range (Generate).
// It is not safe for concurrent use; make one per goroutine.
type Generator[R Ratings] struct {
	opts   Options[R]
	gen    *engine.Generator
	solver engine.Solver
	dig    digKind
	// Rated counts the candidates fully rated, Tried the candidates made.
	Rated, Tried int
}

type digKind uint8

const (
	digMinimal       digKind = iota // dig to a minimal puzzle
	digHiddenSingles                // dig while hidden singles solve it
	digSingles                      // dig while singles (hidden and naked) solve it
)

// ErrNoPuzzle is returned when no puzzle at the level turned up within the
// tries.
var ErrNoPuzzle = errors.New("no puzzle at the level within the tries")

// ErrStopped is returned by a generator whose Stop was closed.
var ErrStopped = errors.New("stopped")

// Stopped reports whether stop (nil: never) is closed.
func Stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// NewGenerator prepares a Generator for the level.
func NewGenerator[R Ratings](opts Options[R]) (*Generator[R], error) {
	if opts.Rate == nil {
		return nil, fmt.Errorf("level: no rater")
	}
	if opts.Tries <= 0 {
		opts.Tries = 2000
	}
	gen, err := engine.NewGenerator(engine.GenerateOptions{Symmetry: opts.Symmetry, Minimal: true})
	if err != nil {
		return nil, err
	}
	return &Generator[R]{opts: opts, gen: gen, dig: digOf(opts.Level, opts.Minimal)}, nil
}

// digOf is how a level's puzzles are dug: by singles when the level bounds
// er at 1.5 or 2.5 and minimal puzzles are not asked for, otherwise to a
// minimal puzzle.
func digOf(lv Level, minimal bool) digKind {
	if _, max := lv.Bounds("er"); max != nil && !minimal {
		switch {
		case *max <= 1.5:
			return digHiddenSingles
		case *max <= 2.5:
			return digSingles
		}
	}
	return digMinimal
}

// Generate makes one puzzle at the level from rng, with its ratings; the
// same rng state gives the same puzzle.
//
// A candidate dug with fewer givens than CluesMin (and not Minimal) gets
// givens of its solution back: whole orbits of its symmetry, in an order
// drawn from rng, up to a count drawn uniformly from those in the clue
// range that its empty orbits can make. Givens of the solution keep the
// solution unique. The candidate is rated after: more givens can only make
// a puzzle easier, so the easiest level keeps every one, while a harder
// level drops those that fell below it and digs another, within Tries.
func (g *Generator[R]) Generate(rng *rand.Rand) (engine.Generated, R, error) {
	var zero R
	minER, _ := g.opts.Level.Bounds("er")
	for try := 0; try < g.opts.Tries; try++ {
		g.Tried++
		var p engine.Generated
		var err error
		if g.dig == digMinimal {
			p, err = g.gen.Generate(rng)
		} else {
			p, err = g.digEasy(rng)
		}
		if err != nil {
			return p, zero, err
		}
		n := p.Puzzle.Clues()
		if n < g.opts.CluesMin && !g.opts.Minimal {
			p, n = g.addClues(p, rng)
		}
		if n < g.opts.CluesMin || (g.opts.CluesMax > 0 && n > g.opts.CluesMax) {
			continue
		}
		if minER != nil && *minER >= 1.5 && SolvedBySingles(p.Puzzle, false) {
			continue // hidden singles solve it: er 1.5 at most
		}
		if minER != nil && *minER >= 4.4 {
			// Solved by the exact solver's propagation alone (singles and
			// locked candidates, in effect): not this hard.
			if n, _ := g.solver.CountSolutions(p.Puzzle, 1); n == 1 && g.solver.Guesses == 0 {
				continue
			}
		}
		g.Rated++
		r, err := g.opts.Rate(p.Puzzle)
		if err != nil {
			return p, zero, fmt.Errorf("level: rate %s: %w", p.Puzzle, err)
		}
		if g.holds(r) {
			return p, r, nil
		}
	}
	return engine.Generated{}, zero, fmt.Errorf("level %s: %w (%d tried)", g.opts.Level.Name, ErrNoPuzzle, g.opts.Tries)
}

// holds reports whether r is at the level: the ladder names it so, or
// without a ladder the level's rules hold.
func (g *Generator[R]) holds(r R) bool {
	if g.opts.Ladder != nil {
		return g.opts.Ladder.Of(r) == g.opts.Level.Name
	}
	return g.opts.Level.Holds(r)
}

// addClues gives the puzzle givens of its solution back, as Generate
// says, and returns it with its count of givens: short of CluesMin when no
// count in the range can be made, or when the orbits drawn strand the
// count below it (orbits of unequal size, as rot90's 4 and 1, can).
func (g *Generator[R]) addClues(p engine.Generated, rng *rand.Rand) (engine.Generated, int) {
	n := p.Puzzle.Clues()
	hi := g.opts.CluesMax
	if hi == 0 {
		hi = g.opts.CluesMin // no upper bound: the fewest givens that do
	}
	reach := engine.CluesReachable(p.Puzzle, p.Symmetry)
	var counts [82]int
	k := 0
	for c := g.opts.CluesMin; c <= hi; c++ {
		if reach[c] {
			counts[k] = c
			k++
		}
	}
	if k == 0 {
		return p, n
	}
	target := counts[rng.IntN(k)]
	var empty [81][]int
	m := 0
	for _, orbit := range p.Symmetry.Orbits() {
		if p.Puzzle[orbit[0]] == 0 {
			empty[m] = orbit
			m++
		}
	}
	rng.Shuffle(m, func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	for _, orbit := range empty[:m] {
		if n == target {
			break
		}
		if n+len(orbit) > target {
			continue
		}
		for _, c := range orbit {
			p.Puzzle[c] = p.Solution[c]
		}
		n += len(orbit)
	}
	return p, n
}

// digEasy takes givens away from a random full grid in random order,
// keeping each removal only when the puzzle stays unique and solvable by
// the level's singles: easy puzzles are not minimal.
func (g *Generator[R]) digEasy(rng *rand.Rand) (engine.Generated, error) {
	solution, sym, orbits := DigStart(&g.solver, g.opts.Symmetry, rng)
	puzzle := solution
	naked := g.dig == digSingles
	for _, orbit := range orbits {
		trial := puzzle
		for _, c := range orbit {
			trial[c] = 0
		}
		// Solved by singles means unique, so no separate check is needed.
		if (len(orbit) == 1 && singleAgain(trial, orbit[0], solution[orbit[0]], naked)) || SolvedBySingles(trial, naked) {
			puzzle = trial
		}
	}
	return engine.Generated{Puzzle: puzzle, Solution: solution, Symmetry: sym}, nil
}

// DigStart is where a dig starts: a random full grid from rng, the
// symmetry (one drawn from rng when sym is random) and its orbits in an
// order drawn from rng, to be emptied in that order.
func DigStart(s *engine.Solver, sym engine.Symmetry, rng *rand.Rand) (engine.Grid, engine.Symmetry, [][]int) {
	if sym == engine.SymmetryRandom {
		sym = engine.Symmetry(rng.IntN(int(engine.SymmetryRandom)))
	}
	solution := s.RandomSolution(rng)
	orbits := sym.Orbits()
	rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	return solution, sym, orbits
}

// singleAgain reports whether the digit d, taken away at cell to make
// trial, is a single there at once: the only place for d in one of the
// cell's houses (or, with naked, the only digit its peers leave). Then
// singles put it back first thing and go on as they did before it was
// taken, so a puzzle singles solved, less that one given, is solved by
// singles too; and the check needs one look at the grid where
// SolvedBySingles solves it all again (digging an easy puzzle asks 81
// times).
func singleAgain(trial engine.Grid, cell int, d uint8, naked bool) bool {
	var rows, cols, boxes uint16 // where d is given
	for c, v := range trial {
		if v == d {
			rows |= 1 << (c / 9)
			cols |= 1 << (c % 9)
			boxes |= 1 << engine.Box(c)
		}
	}
	for _, h := range [3]int{cell / 9, 9 + cell%9, 18 + engine.Box(cell)} {
		only := true
		for _, e := range houses[h] {
			e := int(e)
			if e != cell && trial[e] == 0 && rows>>(e/9)&1 == 0 && cols>>(e%9)&1 == 0 && boxes>>engine.Box(e)&1 == 0 {
				only = false
				break
			}
		}
		if only {
			return true
		}
	}
	if !naked {
		return false
	}
	seen := uint16(1) << d
	for _, p := range peers[cell] {
		seen |= 1 << trial[p]
	}
	return seen&0x3fe == 0x3fe
}

// SinglesStill reports whether last values and singles (naked ones too)
// solve trial, a puzzle they solved with the orbit's givens (of solution)
// back: at a glance where the orbit is one cell that a single puts back
// at once (singleAgain), else by solving it.
func SinglesStill(trial engine.Grid, orbit []int, solution engine.Grid) bool {
	return len(orbit) == 1 && singleAgain(trial, orbit[0], solution[orbit[0]], true) || SolvedBySingles(trial, true)
}

// SolvedBySingles reports whether last values and hidden singles (and, with
// naked, naked singles) alone fill the grid.
func SolvedBySingles(g engine.Grid, naked bool) bool {
	var cand [81]uint16
	var rowUsed, colUsed, boxUsed [9]uint16
	for c, v := range g {
		if v != 0 {
			b := uint16(1) << v
			rowUsed[c/9] |= b
			colUsed[c%9] |= b
			boxUsed[engine.Box(c)] |= b
		}
	}
	empty := 0
	for c, v := range g {
		if v == 0 {
			cand[c] = 0x3fe &^ (rowUsed[c/9] | colUsed[c%9] | boxUsed[engine.Box(c)])
			empty++
		}
	}
	place := func(c int, d uint16) {
		b := uint16(1) << d
		cand[c] = 0
		empty--
		r, col, box := c/9, c%9, engine.Box(c)
		for i := 0; i < 9; i++ {
			cand[r*9+i] &^= b
			cand[i*9+col] &^= b
			cand[(box/3*3+i/3)*9+box%3*3+i%3] &^= b
		}
	}
	for empty > 0 {
		progress := false
		// Hidden singles in every house (a last value is one too).
		for h := 0; h < 27; h++ {
			var once, twice uint16
			for i := 0; i < 9; i++ {
				m := cand[houses[h][i]]
				twice |= once & m
				once |= m
			}
			single := once &^ twice
			for single != 0 {
				d := uint16(bits.TrailingZeros16(single))
				single &= single - 1
				for i := 0; i < 9; i++ {
					if c := int(houses[h][i]); cand[c]&(1<<d) != 0 {
						place(c, d)
						progress = true
						break
					}
				}
			}
		}
		if !progress && naked {
			for c := 0; c < 81; c++ {
				if m := cand[c]; m != 0 && m&(m-1) == 0 {
					place(c, uint16(bits.TrailingZeros16(m)))
					progress = true
				}
			}
		}
		if !progress {
			return false
		}
	}
	return true
}

// houses are the engine's houses: rows 0-8, columns 9-17, boxes 18-26.
var houses = engine.Houses()

// peers are the engine's peers of each cell.
var peers = engine.Peers()
