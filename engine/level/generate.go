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
	// CluesMin and CluesMax, when not zero, bound the puzzle's givens: a
	// candidate outside is dropped before it is rated.
	CluesMin, CluesMax int
}

// Generator makes puzzles at a level. Easy levels are dug only as far as
// the level's techniques reach (a puzzle that hidden singles solve, or
// singles, with as few givens as that allows); harder ones are minimal
// puzzles, rejection-sampled, with the exact solver's guess count as a
// cheap pre-filter so that puzzles solved without a guess are never fully
// rated when the level starts at er 4.4 or above. It is not safe for
// concurrent use; make one per goroutine.
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
	g := &Generator[R]{opts: opts, gen: gen}
	if _, max := opts.Level.Bounds("er"); max != nil {
		switch {
		case *max <= 1.5:
			g.dig = digHiddenSingles
		case *max <= 2.5:
			g.dig = digSingles
		}
	}
	return g, nil
}

// Generate makes one puzzle at the level from rng, with its ratings.
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
		if n := p.Puzzle.Clues(); (g.opts.CluesMin > 0 && n < g.opts.CluesMin) || (g.opts.CluesMax > 0 && n > g.opts.CluesMax) {
			continue
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

// digEasy takes givens away from a random full grid in random order,
// keeping each removal only when the puzzle stays unique and solvable by
// the level's singles: easy puzzles are not minimal.
func (g *Generator[R]) digEasy(rng *rand.Rand) (engine.Generated, error) {
	sym := g.opts.Symmetry
	if sym == engine.SymmetryRandom {
		sym = engine.Symmetry(rng.IntN(int(engine.SymmetryRandom)))
	}
	solution := g.solver.RandomSolution(rng)
	puzzle := solution
	orbits := sym.Orbits()
	rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	naked := g.dig == digSingles
	for _, orbit := range orbits {
		trial := puzzle
		for _, c := range orbit {
			trial[c] = 0
		}
		// Solved by singles means unique, so no separate check is needed.
		if solvedBySingles(trial, naked) {
			puzzle = trial
		}
	}
	return engine.Generated{Puzzle: puzzle, Solution: solution, Symmetry: sym}, nil
}

// solvedBySingles reports whether last values and hidden singles (and, with
// naked, naked singles) alone fill the grid.
func solvedBySingles(g engine.Grid, naked bool) bool {
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
