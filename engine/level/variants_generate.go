package level

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/engine/variant/logic"
)

// VariantOptions say what VariantGenerator makes: puzzles of a kind at a
// level of its ladder.
type VariantOptions struct {
	// Kind is the variant kind (variant.Kinds); a jigsaw kind draws a new
	// layout for every candidate unless Layout fixes one.
	Kind   string
	Layout *variant.Variant
	Level  Level
	Ladder Ladder // the ladder Level is on (nil: For the kind)
	// Symmetry of the givens' pattern ("" none); the geometry must allow
	// it (variant.KindAllows).
	Symmetry string
	// CluesMin and CluesMax bound the givens (0: no bound): a candidate
	// outside is dropped.
	CluesMin, CluesMax int
	// Minimal asks for minimal puzzles at every level: the easier levels
	// are then found among minimal puzzles only.
	Minimal bool
	// Tries bounds the candidates one Generate call makes (0: 200).
	Tries int
	// AllowGuess keeps candidates whose rating includes a guess (the
	// rater found no technique at some step). Without it none is kept:
	// a candidate that needs one gets the givens where the rater
	// guessed (NoGuess), and a killer's cages are merged only while the
	// rater solves it without.
	AllowGuess bool
	// Dig, when set, digs each candidate from its solution and orbits
	// with the kind's rater instead of the level's digging, and says
	// whether the candidate is kept: a teaching book's chapter digs
	// toward a technique (engine/teach). Level, Ladder, Minimal and the
	// clue bounds do not apply then; a killer kind, whose cages are
	// merged rather than its givens dug, is refused.
	Dig func(rater *logic.Solver, solution variant.Grid, orbits [][]int, rng *rand.Rand) (variant.Grid, logic.Result, bool)
	// Stop, when closed, ends Generate before its next candidate, with
	// ErrStopped: a run its user stopped need not wait for the tries.
	Stop <-chan struct{}
}

// VariantGenerated is a puzzle VariantGenerator made, with its variant (a
// jigsaw's with its layout), solution and rating.
type VariantGenerated struct {
	Variant  *variant.Variant
	Puzzle   variant.Grid
	Solution variant.Grid
	Result   logic.Result
}

// VariantGenerator makes puzzles of a variant at a level. A level with an
// upper bound on er is reached by digging the solution only while the
// variant rater solves it within the bound (logic.Solver.Dig), which
// makes the puzzle as hard as the bound lets it; the top level of a
// ladder, and every level when Minimal, by digging to a minimal puzzle.
// The candidate is kept when the ladder names it the level. It is not
// safe for concurrent use; make one per goroutine.
type VariantGenerator struct {
	opts   VariantOptions
	orbits [][]int
	maxER  float64 // the level's upper bound on er; 0: none
	n      int
	exact  map[string]*variant.Solver
	rater  map[string]*logic.Solver
	fixed  *variant.Variant // the geometry, unless a jigsaw draws its own
	killer int              // a killer kind's side: its candidates come from variant.GenerateKiller
	cages  *logic.Solver    // a killer kind's rater, Reset to each layout of cages
	Tried  int              // candidates made
}

// NewVariantGenerator checks the options and prepares a generator.
func NewVariantGenerator(opts VariantOptions) (*VariantGenerator, error) {
	kind, err := variant.Kind(opts.Kind)
	if err != nil {
		return nil, err
	}
	opts.Kind = kind
	if opts.Symmetry == "" {
		opts.Symmetry = "none"
	}
	g := &VariantGenerator{opts: opts, exact: map[string]*variant.Solver{}, rater: map[string]*logic.Solver{}}
	switch n, err := variant.KillerSize(kind); {
	case err == nil:
		if opts.Dig != nil {
			return nil, fmt.Errorf("%w: %s puzzles are made by merging cages, not by digging", variant.ErrVariant, kind)
		}
		if opts.Symmetry != "none" {
			return nil, fmt.Errorf("%w: %s puzzles have no %s symmetry (their cages are drawn without one)", variant.ErrVariant, kind, opts.Symmetry)
		}
		g.killer, g.n = n, n
	case opts.Layout != nil:
		g.fixed = opts.Layout
	default:
		if _, err := variant.JigsawSize(kind); err != nil {
			if g.fixed, err = variant.Named(kind); err != nil {
				return nil, err
			}
		}
	}
	if g.killer > 0 {
		// a killer's givens are few and drawn, not dug
	} else if g.fixed != nil {
		g.n = g.fixed.Size
		if !g.fixed.Allows(opts.Symmetry) {
			return nil, fmt.Errorf("%w: %s puzzles have no %s symmetry (they allow %v)", variant.ErrVariant, kind, opts.Symmetry, g.fixed.Allowed())
		}
	} else {
		g.n, _ = variant.JigsawSize(kind)
		if ok, err := variant.KindAllows(kind, opts.Symmetry); err != nil || !ok {
			return nil, fmt.Errorf("%w: the %s layouts pressrun makes have no %s symmetry (they allow %v)", variant.ErrVariant, kind, opts.Symmetry, variant.LayoutSymmetries(g.n))
		}
	}
	if g.fixed != nil {
		g.orbits, err = g.fixed.Orbits(opts.Symmetry) // a gattai's are its sheet's
	} else {
		g.orbits, err = variant.Orbits(g.n, opts.Symmetry)
	}
	if err != nil {
		return nil, err
	}
	if opts.Ladder == nil {
		v := g.fixed
		if v == nil {
			v = &variant.Variant{Name: kind, Size: g.n}
			if g.killer > 0 {
				v, _ = variant.ForKind(kind)
			}
		}
		g.opts.Ladder = For(v)
	}
	if _, max := opts.Level.Bounds("er"); max != nil && !opts.Minimal {
		g.maxER = *max
	}
	if g.opts.Tries <= 0 {
		g.opts.Tries = 200
	}
	return g, nil
}

// Generate makes one puzzle at the level, drawing from rng; ErrNoPuzzle
// when none turned up within the tries.
func (g *VariantGenerator) Generate(rng *rand.Rand) (VariantGenerated, error) {
	for range g.opts.Tries {
		if Stopped(g.opts.Stop) {
			return VariantGenerated{}, ErrStopped
		}
		g.Tried++
		if g.killer > 0 {
			made, ok, err := g.killerCandidate(rng)
			if err != nil {
				return VariantGenerated{}, err
			}
			if ok {
				return made, nil
			}
			continue
		}
		v, solution, err := g.fill(rng)
		if errors.Is(err, variant.ErrNoSolution) {
			continue
		}
		if err != nil {
			return VariantGenerated{}, err
		}
		exact, rater := g.solvers(v)
		if g.opts.Dig != nil {
			if p, r, ok := g.opts.Dig(rater, solution, g.orbits, rng); ok {
				return VariantGenerated{Variant: v, Puzzle: p, Solution: solution, Result: r}, nil
			}
			continue
		}
		var p variant.Grid
		if g.maxER > 0 {
			p = rater.Dig(solution, g.orbits, g.maxER, rng)
		} else {
			p = exact.Dig(solution, g.orbits, rng)
		}
		if n := p.Clues(); g.opts.CluesMax > 0 && (n < g.opts.CluesMin || n > g.opts.CluesMax) {
			continue
		}
		r, err := rater.Solve(p)
		if err != nil {
			return VariantGenerated{}, fmt.Errorf("level: rate a generated %s puzzle: %w", v.Name, err)
		}
		if r.Guesses > 0 && !g.opts.AllowGuess {
			if p, r, err = NoGuess(rater, p, solution, g.orbits); err != nil {
				return VariantGenerated{}, fmt.Errorf("level: rate a generated %s puzzle: %w", v.Name, err)
			}
			if n := p.Clues(); r.Guesses > 0 || g.opts.CluesMax > 0 && n > g.opts.CluesMax {
				continue
			}
		}
		if g.opts.Ladder.Of(r) == g.opts.Level.Name {
			return VariantGenerated{Variant: v, Puzzle: p, Solution: solution, Result: r}, nil
		}
	}
	return VariantGenerated{}, fmt.Errorf("%w (%s %s, %d tries)", ErrNoPuzzle, g.opts.Kind, g.opts.Level.Name, g.opts.Tries)
}

// fill draws the candidate's geometry (a fixed one, or a jigsaw kind's
// new layout) and a solution grid of it.
func (g *VariantGenerator) fill(rng *rand.Rand) (*variant.Variant, variant.Grid, error) {
	if g.fixed == nil {
		return variant.RandomJigsaw(g.n, g.opts.Symmetry, rng)
	}
	exact, _ := g.solvers(g.fixed)
	solution, err := exact.Random(rng)
	return g.fixed, solution, err
}

// solvers are the exact solver and the rater of v's geometry, kept for
// the next candidate (a jigsaw kind's layouts differ each time, so only
// the last is kept).
func (g *VariantGenerator) solvers(v *variant.Variant) (*variant.Solver, *logic.Solver) {
	key := v.Key()
	if s, ok := g.exact[key]; ok {
		return s, g.rater[key]
	}
	if v.IsJigsaw() && g.fixed == nil {
		clear(g.exact)
		clear(g.rater)
	}
	g.exact[key], g.rater[key] = variant.NewSolver(v), logic.NewSolver(v)
	return g.exact[key], g.rater[key]
}

// killerCandidate makes one killer candidate: variant.GenerateKiller's
// cages merged, while the puzzle keeps one solution, only as far as the
// rater still solves it within the level's bound on er (Keep), or to a
// minimal killer at the top of the ladder; ok when the ladder names the
// result the level. The givens are at most CluesMax (0: none).
func (g *VariantGenerator) killerCandidate(rng *rand.Rand) (VariantGenerated, bool, error) {
	opts := variant.KillerOptions{Givens: g.opts.CluesMax, Minimal: true}
	switch {
	case g.maxER > 0:
		opts.Keep = func(v *variant.Variant, givens, solution variant.Grid) bool {
			r, err := g.cagesRater(v).SolveWith(givens, logic.Options{StopAbove: g.maxER, Solution: solution, NoText: true})
			return err == nil && !r.Stopped && r.ER <= g.maxER
		}
	case !g.opts.AllowGuess:
		// The top level: cages merged while the rater needs no guess
		// (nor the dynamic rungs, which would make each merge seconds long).
		opts.Keep = func(v *variant.Variant, givens, solution variant.Grid) bool {
			r, err := g.cagesRater(v).SolveWith(givens, logic.Options{Solution: solution, StopAtGuess: true, NoDynamic: true, NoText: true})
			return err == nil && !r.Stopped && r.Guesses == 0
		}
	}
	made, err := variant.GenerateKiller(g.killer, opts, rng)
	if err != nil {
		return VariantGenerated{}, false, err
	}
	r, err := g.cagesRater(made.Variant).SolveWith(made.Puzzle, logic.Options{Solution: made.Solution})
	if err != nil {
		return VariantGenerated{}, false, fmt.Errorf("level: rate a generated %s puzzle: %w", made.Variant.Name, err)
	}
	if g.opts.Ladder.Of(r) != g.opts.Level.Name || r.Guesses > 0 && !g.opts.AllowGuess {
		return VariantGenerated{}, false, nil
	}
	return VariantGenerated{Variant: made.Variant, Puzzle: made.Puzzle, Solution: made.Solution, Result: r}, true, nil
}

// cagesRater is the rater of v, a killer of the kind: the one rater the
// generator keeps, Reset to v's cages.
func (g *VariantGenerator) cagesRater(v *variant.Variant) *logic.Solver {
	if g.cages == nil {
		g.cages = logic.NewSolver(v)
	} else {
		g.cages.Reset(v)
	}
	return g.cages
}

// NoGuess gives puzzle p of solution the givens where the rater guessed:
// while its rating includes a guess, the cells of the orbit of the first
// guessed cell become givens (the solution's symbols), and it is rated
// again. It ends, at the latest, at the full grid, which needs no step.
// It returns the puzzle and its rating, or the error of a rating.
func NoGuess(rater *logic.Solver, p, solution variant.Grid, orbits [][]int) (variant.Grid, logic.Result, error) {
	orbitOf := make([]int, len(p))
	for i, o := range orbits {
		for _, c := range o {
			orbitOf[c] = i
		}
	}
	p = slices.Clone(p)
	for {
		r, err := rater.SolveWith(p, logic.Options{Solution: solution})
		if err != nil || r.Guesses == 0 {
			return p, r, err
		}
		i := slices.IndexFunc(r.Steps, func(s logic.Step) bool { return s.Technique == logic.Guess })
		for _, c := range orbits[orbitOf[r.Steps[i].Place[0].Cell]] {
			p[c] = solution[c]
		}
	}
}
