// Package generate holds the seeds' puzzle generators side by side, by
// name, so that they can be run on the same seed and compared: random
// masking (masking, seed 000's simplest, pressrun's own generator),
// seed 000's tuned masking aimed at a target with its annealing step
// (tuned), and seed 002's hill climbing toward a target (hillclimb). A
// target is a value of any rating column of rate.RuleColumns ("wnef=0.09",
// "callcount=98") with a window around it (Target).
//
// Every method is a pure function of its options and the random stream it
// is given; every puzzle it returns has exactly one solution (checked with
// engine.Solver), is rated afresh with rate.Rate (Result.Ratings, so that
// whether it hit its target is read from the same ratings a user sees), and
// comes with the work it took (Work) in counts rather than time. A method
// that does not reach its target within its budget returns the closest
// puzzle it found with Hit false: a miss is an outcome, not an error.
//
// Where the papers are vague, the choices made here:
//
//   - Reaching a target means |value - target| <= tolerance, the same
//     window on both sides for every column (DefaultTolerance gives the
//     width per column). tuned approaches from the easy side, because it
//     only removes givens from a full grid (from above on wnef, where lower
//     is harder; from below on the others); hillclimb from either side.
//   - Both methods' uniqueness test is the exact solver by default, not
//     seed 000's hybrid of singles with a limited number of guesses (which
//     rejects some unique boards; tuned takes it with Options.Hybrid), and
//     their solution grids come from
//     engine.Solver.RandomSolution rather than seed 000's row-by-row
//     backtracking: both give the same kind of grid, faster.
//   - tuned (see Tuned) and hillclimb (see HillClimb) say their own
//     choices.
package generate

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
)

// Method is one generating method.
type Method struct {
	Name    string // as `pressrun generate --method` takes it
	Seed    string // the seed (paper) it follows
	Summary string // one line
	// Targeted methods aim at Options.Target and need one; masking takes
	// none.
	Targeted bool
	// MaxMoves is the default of Options.MaxMoves (0: no move budget).
	MaxMoves int
}

// Methods are the methods in the order help lists them; masking, the
// first, is pressrun's default.
var Methods = []Method{
	{Name: "masking", Seed: "000", Summary: "random masking: a random solution grid, givens removed in random order while the solution stays unique (a minimal puzzle)"},
	{Name: "tuned", Seed: "000", Summary: "tuned masking: removal strategies aimed at the target, annealing (add givens back, optimise again, keep the best) when the minimum is not low enough", Targeted: true, MaxMoves: 20_000},
	{Name: "hillclimb", Seed: "002", Summary: "hill climbing: add, delete and change one given at a time, keeping a change only when it brings the rating closer to the target", Targeted: true, MaxMoves: 3_000},
}

// Names lists the methods' names in order.
func Names() []string {
	names := make([]string, len(Methods))
	for i, m := range Methods {
		names[i] = m.Name
	}
	return names
}

// Lookup finds a method by name.
func Lookup(name string) (Method, bool) {
	for _, m := range Methods {
		if m.Name == name {
			return m, true
		}
	}
	return Method{}, false
}

// Options tune a Generator. The zero value is masking's default; tuned
// and hillclimb need a Target.
type Options struct {
	// Target is the rating aimed at: required by tuned and hillclimb,
	// refused by masking.
	Target Target
	// NoAnneal turns tuned's annealing step off, so that it stops at the
	// first minimum its strategies reach (seed 000 reports the WNEF
	// reachable with and without it).
	NoAnneal bool
	// Hybrid makes tuned test each removal with seed 000's hybrid
	// uniqueness test (HybridUnique with HybridGuesses) instead of the
	// exact solver: it refuses a removal after which the test would need
	// more than two guesses, unique or not (the paper's generator; see
	// hybrid.go).
	Hybrid bool
	// MaxMoves bounds the moves one puzzle may take (0: the method's
	// Method.MaxMoves); a method out of moves returns its closest puzzle.
	MaxMoves int
	// Masking are masking's options (symmetry, pattern, clues,
	// minimality); the other methods make asymmetric puzzles and take none.
	Masking engine.GenerateOptions
	// Ladder names the level of each result's ratings (nil: level.Default).
	Ladder level.Ladder
	// Scale is the scale of er, ep and ed, aimed at and rated (nil:
	// logic.DefaultScale).
	Scale *logic.Scale
}

// Work is what one puzzle took, in counts that repeat on any machine.
type Work struct {
	// Attempts counts the solution grids tried (masking, tuned) or the
	// starting puzzles climbed from (hillclimb: 1, plus one per restart).
	Attempts int
	// Moves counts the changes tried, each checked for uniqueness: a
	// given removed (masking counts none: engine.Generator does not say),
	// or added, or changed.
	Moves int
	// Anneals counts tuned's annealing rounds.
	Anneals int
	// Refused counts tuned's removals its uniqueness test refused, and
	// FalseRefusals those of them that left the solution unique all the
	// same (only the hybrid test refuses such: Options.Hybrid).
	Refused, FalseRefusals int
}

// Columns are the names of Work's counts, in the order a table prints
// them; Work.Column reads each.
var Columns = []string{"attempts", "moves", "anneals"}

// Column reads a count of w by its column name.
func (w Work) Column(name string) (int, bool) {
	switch name {
	case "attempts":
		return w.Attempts, true
	case "moves":
		return w.Moves, true
	case "anneals":
		return w.Anneals, true
	}
	return 0, false
}

// Outcome is how a puzzle met its target: whether it hit the window, and
// the work it took.
type Outcome struct {
	Hit bool // always false without a target
	Work
}

// Result is one generated puzzle, its ratings and its outcome.
type Result struct {
	engine.Generated // Symmetry is SymmetryNone but for masking
	Ratings          rate.Ratings
	Outcome
}

// ErrOptions is wrapped by New's errors: a method that does not exist, or
// options the method cannot take.
var ErrOptions = errors.New("bad generator options")

type optionsError struct{ msg string }

func (e *optionsError) Error() string { return "generate: " + e.msg }
func (e *optionsError) Unwrap() error { return ErrOptions }

// Generator makes puzzles by one method. It is not safe for concurrent
// use; make one per goroutine.
type Generator struct {
	method  Method
	opts    Options
	masking *engine.Generator
	solver  engine.Solver
	measure func(engine.Grid) float64
}

// New checks the options against the method and prepares a Generator.
func New(method string, opts Options) (*Generator, error) {
	m, ok := Lookup(method)
	if !ok {
		return nil, &optionsError{fmt.Sprintf("unknown method %q; want one of %s", method, strings.Join(Names(), ", "))}
	}
	switch {
	case m.Targeted && opts.Target.IsZero():
		return nil, &optionsError{fmt.Sprintf("method %s needs a target", m.Name)}
	case !m.Targeted && !opts.Target.IsZero():
		return nil, &optionsError{fmt.Sprintf("method %s takes no target", m.Name)}
	case opts.NoAnneal && m.Name != "tuned":
		return nil, &optionsError{fmt.Sprintf("method %s does not anneal", m.Name)}
	case opts.Hybrid && m.Name != "tuned":
		return nil, &optionsError{fmt.Sprintf("method %s has no hybrid uniqueness test", m.Name)}
	case opts.MaxMoves < 0:
		return nil, &optionsError{fmt.Sprintf("move budget %d below 0", opts.MaxMoves)}
	}
	if !opts.Target.IsZero() {
		if _, err := ParseTarget(opts.Target.String(), ""); err != nil {
			return nil, err
		}
		if opts.Target.Tolerance < 0 {
			return nil, &optionsError{fmt.Sprintf("tolerance %g below 0", opts.Target.Tolerance)}
		}
	}
	if opts.MaxMoves == 0 {
		opts.MaxMoves = m.MaxMoves
	}
	if opts.Ladder == nil {
		opts.Ladder = level.Default()
	}
	g := &Generator{method: m, opts: opts}
	if m.Name == "masking" {
		gen, err := engine.NewGenerator(opts.Masking)
		if err != nil {
			return nil, err
		}
		g.masking = gen
	} else {
		g.measure = measure(opts.Target.Column, opts.Scale)
	}
	return g, nil
}

// Generate makes one puzzle from rng; the same rng state gives the same
// result. Its error is masking's engine.ErrNoPuzzle, or a rating that
// failed (which a unique puzzle never does).
func (g *Generator) Generate(rng *rand.Rand) (Result, error) {
	var res Result
	switch g.method.Name {
	case "masking":
		p, err := g.masking.Generate(rng)
		if err != nil {
			return Result{}, err
		}
		res.Generated = p
		res.Attempts = 1
	case "tuned":
		res = g.tuned(rng)
	case "hillclimb":
		res = g.hillClimb(rng)
	}
	if !g.solver.Unique(res.Puzzle) {
		return Result{}, fmt.Errorf("generate: %s made %s without a unique solution (a bug)", g.method.Name, res.Puzzle)
	}
	r, err := rate.RateOn(res.Puzzle, g.opts.Ladder, g.opts.Scale)
	if err != nil {
		return Result{}, fmt.Errorf("generate: rate %s: %w", res.Puzzle, err)
	}
	res.Ratings = r
	if !g.opts.Target.IsZero() {
		v, _ := r.Column(g.opts.Target.Column)
		res.Hit = g.opts.Target.Hit(v)
	}
	return res, nil
}

// distance is how far v is from the target's window: 0 inside it.
func (g *Generator) distance(v float64) float64 {
	lo, hi := g.opts.Target.Window()
	switch {
	case v < lo:
		return lo - v
	case v > hi:
		return v - hi
	case v != v: // NaN: not rated
		return 1e300
	}
	return 0
}

// harder reports whether v is beyond the window on the hard side.
func (g *Generator) harder(v float64) bool {
	lo, hi := g.opts.Target.Window()
	if lowerIsHarder(g.opts.Target.Column) {
		return v < lo
	}
	return v > hi
}
