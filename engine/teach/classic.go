package teach

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
)

// ErrNoPuzzle is Generate's error when no puzzle served the aim within
// the tries: level.ErrNoPuzzle, so that one errors.Is serves both.
var ErrNoPuzzle = level.ErrNoPuzzle

// ErrNotOnLadder is the error for an aim with a technique the scale's
// ladder (or the kind's) does not have.
var ErrNotOnLadder = errors.New("the ladder has no such technique")

// Generator makes classic puzzles for an aim. Each candidate is dug from a
// random full grid: the orbits of the symmetry are tried in an order
// drawn from the random stream, and one is emptied when the puzzle stays
// unique and its solve stays within the aim (nothing rated above the
// aim's techniques; once a step of them is needed, still needed). The
// candidate is kept when, with no orbit left to empty, its solve meets
// the aim. Its puzzles are not minimal: a given whose removal would need
// a harder technique stays. It is not safe for concurrent use.
type Generator struct {
	aim    Aim
	sym    engine.Symmetry
	solver engine.Solver
	digger digger[logic.Result]
	// Stop, when closed, ends Generate before its next candidate, with
	// level.ErrStopped.
	Stop <-chan struct{}
	// Tries bounds the candidates one Generate makes (0: 50,000, about
	// half a minute below the chains: the rarest techniques, jellyfish
	// and the BUG types, take thousands).
	Tries int
	// Tried counts the candidates made, Rated the solves.
	Tried, Rated int
}

// NewGenerator checks the aim against the scale (nil: the default) and
// prepares a generator of puzzles with the symmetry.
func NewGenerator(aim Aim, scale *logic.Scale, sym engine.Symmetry) (*Generator, error) {
	if err := aim.Check(); err != nil {
		return nil, err
	}
	scale = scale.OrDefault()
	for _, t := range aim.Techniques {
		if !t.On(scale.Techniques()) {
			return nil, fmt.Errorf("teach: %s on the %s scale: %w (%s finds them as the chains they are)", t.Name, scale.Name, ErrNotOnLadder, scale.Rater)
		}
	}
	g := &Generator{aim: aim, sym: sym}
	g.digger = digger[logic.Result]{aim: aim, rate: func(trial []uint8) (rating[logic.Result], error) {
		g.Rated++
		res, err := logic.SolveWith(engine.Grid(trial), logic.Options{StopAbove: aim.Ceiling(), Scale: scale})
		r := rating[logic.Result]{result: res, judged: aim.Judge(ClassicSteps(res.Steps)), stopped: res.Stopped}
		for _, s := range res.Steps {
			for _, p := range s.Place {
				r.filled = append(r.filled, p.Cell)
			}
		}
		return r, err
	}}
	singles := true
	for _, t := range aim.Techniques {
		singles = singles && t.Rating() > logic.NakedSingle.BaseRating()
	}
	if singles {
		// No step of the aim is a single, so a puzzle singles solve
		// needs no rating: none of its steps is the aim's or above it.
		g.digger.easy = func(trial []uint8, orbit []int, solution []uint8) bool {
			return level.SinglesStill(engine.Grid(trial), orbit, engine.Grid(solution))
		}
	}
	return g, nil
}

// Generate makes one puzzle for the aim from rng, with its solve; the same
// rng state gives the same puzzle. ErrNoPuzzle when none came within
// the tries.
func (g *Generator) Generate(rng *rand.Rand) (engine.Generated, logic.Result, error) {
	tries := g.Tries
	if tries <= 0 {
		tries = 50_000
	}
	for range tries {
		if level.Stopped(g.Stop) {
			return engine.Generated{}, logic.Result{}, level.ErrStopped
		}
		g.Tried++
		solution, sym, orbits := level.DigStart(&g.solver, g.sym, rng)
		p, res, ok := g.digger.dig(solution[:], orbits, rng)
		if ok {
			return engine.Generated{Puzzle: engine.Grid(p), Solution: solution, Symmetry: sym}, res, nil
		}
	}
	return engine.Generated{}, logic.Result{}, fmt.Errorf("teach: %s: %w (%d tried)", g.aim.Names(), ErrNoPuzzle, tries)
}
