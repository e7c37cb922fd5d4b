package teach

import (
	"fmt"
	"iter"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
)

// VariantGenerator makes puzzles of a variant kind for an aim, dug as
// Generator digs a classic's (the kind's orbits, its rater), with the
// kind's geometry, solution grids and jigsaw layouts drawn by
// level.VariantGenerator. A killer kind, whose cages are merged rather
// than its givens dug, is not made. It is not safe for concurrent use.
type VariantGenerator struct {
	aim Aim
	gen *level.VariantGenerator
	// Rated counts the solves.
	Rated int
}

// NewVariantGenerator checks the aim against the kind's ladder and
// prepares a generator of the kind's puzzles (a jigsaw kind's with layout
// when not nil, else a new layout each) with the symmetry ("": none).
// tries bounds the candidates one Generate makes (0: 20,000 on grids up to
// 9x9, whose candidates take milliseconds, 500 on larger ones, whose take
// a second: the rare techniques take thousands).
// stop, when closed, ends a Generate before its next candidate, with
// level.ErrStopped.
func NewVariantGenerator(aim Aim, kind string, layout *variant.Variant, sym string, tries int, stop <-chan struct{}) (*VariantGenerator, error) {
	if err := aim.Check(); err != nil {
		return nil, err
	}
	on, err := OnKind(kind, nil)
	if err != nil {
		return nil, err
	}
	for _, t := range aim.Techniques {
		if !t.On(on) {
			return nil, fmt.Errorf("teach: %s on %s puzzles: %w", t.Name, kind, ErrNotOnLadder)
		}
	}
	if tries <= 0 {
		tries = 20_000
		if v, err := variant.ForKind(kind); err == nil && (v.Size > 9 || v.IsGattai()) {
			tries = 500
		}
	}
	g := &VariantGenerator{aim: aim}
	opts := level.VariantOptions{Kind: kind, Layout: layout, Symmetry: sym, Tries: tries, Stop: stop,
		Dig: func(rater *vlogic.Solver, solution variant.Grid, orbits [][]int, rng *rand.Rand) (variant.Grid, vlogic.Result, bool) {
			d := digger[vlogic.Result]{aim: aim, rate: func(trial []uint8) (rating[vlogic.Result], error) {
				g.Rated++
				res, err := rater.SolveWith(trial, vlogic.Options{StopAbove: aim.Ceiling(), NoText: true})
				r := rating[vlogic.Result]{result: res, judged: aim.Judge(VariantSteps(res.Steps)), stopped: res.Stopped}
				for _, s := range res.Steps {
					for _, p := range s.Place {
						r.filled = append(r.filled, p.Cell)
					}
				}
				return r, err
			}}
			order := make([][]int, len(orbits))
			for i, j := range rng.Perm(len(orbits)) {
				order[i] = orbits[j]
			}
			return d.dig(solution, order, rng)
		}}
	if g.gen, err = level.NewVariantGenerator(opts); err != nil {
		return nil, fmt.Errorf("teach: %w", err)
	}
	return g, nil
}

// Generate makes one puzzle for the aim from rng; the same rng state
// gives the same puzzle. ErrNoPuzzle when none came within the tries.
// Its Result is the solve the dig judged, without the steps' words.
func (g *VariantGenerator) Generate(rng *rand.Rand) (level.VariantGenerated, error) {
	made, err := g.gen.Generate(rng)
	if err != nil {
		return made, fmt.Errorf("teach: %s: %w", g.aim.Names(), err)
	}
	return made, nil
}

// Tried counts the candidates made.
func (g *VariantGenerator) Tried() int { return g.gen.Tried }

// VariantSteps are a variant solve's steps as Judge reads them.
func VariantSteps(steps []vlogic.Step) iter.Seq2[logic.Technique, float64] {
	return func(yield func(logic.Technique, float64) bool) {
		for _, s := range steps {
			if !yield(s.Technique, s.Rating) {
				return
			}
		}
	}
}
