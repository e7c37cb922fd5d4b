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

// ErrNotOnScale is the error for an aim none of whose techniques the
// scale's ladder (or the kind's) has.
var ErrNotOnScale = errors.New("no technique of the aim is on the ladder")

// Generator makes classic puzzles for an aim. Each candidate is dug from a
// random full grid: the orbits of the symmetry are tried in an order
// drawn from the random stream, and one is emptied when the puzzle stays
// unique and its solve stays within the aim (nothing rated above the
// aim's techniques; once a step of them is needed, still needed). The
// candidate is kept when, with no orbit left to empty, its solve meets
// the aim. Its puzzles are not minimal: a given whose removal would need
// a harder technique stays. It is not safe for concurrent use.
type Generator struct {
	aim   Aim
	scale *logic.Scale
	sym   engine.Symmetry
	// singles: the aim has no single, so a puzzle singles solve needs no
	// rating on the way (none of its steps is the aim's or above it).
	singles bool
	solver  engine.Solver
	// Tries bounds the candidates one Generate makes (0: 2,000).
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
			return nil, fmt.Errorf("teach: %s on the %s scale: %w (%s finds them as the chains they are)", t.Name, scale.Name, ErrNotOnScale, scale.Rater)
		}
	}
	g := &Generator{aim: aim, scale: scale, sym: sym, singles: true}
	for _, t := range aim.Techniques {
		g.singles = g.singles && t.Rating() > logic.NakedSingle.BaseRating()
	}
	return g, nil
}

// Generate makes one puzzle for the aim from rng, with its solve; the same
// rng state gives the same puzzle. ErrNoPuzzle when none came within
// the tries.
func (g *Generator) Generate(rng *rand.Rand) (engine.Generated, logic.Result, error) {
	tries := g.Tries
	if tries <= 0 {
		tries = 2000
	}
	for range tries {
		g.Tried++
		p, res, ok := g.dig(rng)
		if ok {
			return p, res, nil
		}
	}
	return engine.Generated{}, logic.Result{}, fmt.Errorf("teach: %s: %w (%d tried)", g.aim.Names(), ErrNoPuzzle, tries)
}

// dig makes one candidate, as Generator says, and reports whether it
// meets the aim.
func (g *Generator) dig(rng *rand.Rand) (engine.Generated, logic.Result, bool) {
	solution, sym, orbits := level.DigStart(&g.solver, g.sym, rng)
	puzzle := solution
	orbitOf := make([]int, 81)
	for i, o := range orbits {
		for _, c := range o {
			orbitOf[c] = i
		}
	}
	var last logic.Result
	met := false
	for _, orbit := range orbits {
		trial := puzzle
		for _, c := range orbit {
			trial[c] = 0
		}
		if g.singles && !met && level.SolvedBySingles(trial, true) {
			puzzle = trial
			continue
		}
		res, verdict := g.judge(trial)
		if verdict == repair && !met {
			// The aim's step came, and something harder after it: a
			// given back where the solve stopped may spare the rest.
			trial, res, verdict = g.repair(trial, solution, res, orbits, orbitOf, rng)
		}
		switch verdict {
		case meets:
			met = true
		case towards:
			if met {
				continue
			}
		default:
			continue
		}
		puzzle, last = trial, res
	}
	return engine.Generated{Puzzle: puzzle, Solution: solution, Symmetry: sym}, last, met
}

// verdict is what a dig makes of a trial puzzle.
type verdict uint8

const (
	refused verdict = iota // not unique, or beyond the aim
	repair                 // beyond the aim after a step of it
	towards                // within the aim, not yet meeting it
	meets                  // meets the aim
)

// judge rates trial as far as the aim's ceiling and says what it is.
func (g *Generator) judge(trial engine.Grid) (logic.Result, verdict) {
	g.Rated++
	res, err := logic.SolveWith(trial, logic.Options{StopAbove: g.aim.Ceiling(), Scale: g.scale})
	if err != nil {
		return res, refused
	}
	j := g.aim.Judge(ClassicSteps(res.Steps))
	switch {
	case res.Stopped || !g.aim.towards(j):
		if j.Steps > 0 && j.Other <= max(g.aim.floor(), j.Top) {
			return res, repair
		}
		return res, refused
	case g.aim.Met(j):
		return res, meets
	}
	return res, towards
}

// repairs bounds the givens a repair tries.
const repairs = 6

// repair tries giving trial back the orbit of a cell the solve res had
// not filled where it stopped, a few cells drawn from rng, and returns the
// first puzzle that is within the aim, or trial refused.
func (g *Generator) repair(trial, solution engine.Grid, res logic.Result, orbits [][]int, orbitOf []int, rng *rand.Rand) (engine.Grid, logic.Result, verdict) {
	open := trial
	for _, s := range res.Steps {
		for _, p := range s.Place {
			open[p.Cell] = uint8(p.Digit)
		}
	}
	var cells []int
	for c, v := range open {
		if v == 0 {
			cells = append(cells, c)
		}
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for _, c := range cells[:min(len(cells), repairs)] {
		fixed := trial
		for _, e := range orbits[orbitOf[c]] {
			fixed[e] = solution[e]
		}
		if r, v := g.judge(fixed); v == meets || v == towards {
			return fixed, r, v
		}
	}
	return trial, res, refused
}
