package logic

import (
	"fmt"
	classic "github.com/pressrun/pressrun/engine/logic"

	"github.com/pressrun/pressrun/engine/variant"
)

// ErrNotUnique is wrapped by the error for a puzzle without exactly one
// solution: the techniques assume one, and the checks need it. It is the
// classic rater's, so that one errors.Is serves both.
var ErrNotUnique = classic.ErrNotUnique

// ErrStopped is SolveWith's error when Options.Stop was closed before the
// solve ended: there is no rating. It is the classic rater's Climb's.
var ErrStopped = classic.ErrStopped

// Result is a whole solve: the steps and what they add up to, on the
// classic rater's scale.
type Result struct {
	Steps    []Step
	Solution variant.Grid
	// ER is the rating of the hardest step; EP the same up to the first
	// placement, ED the rating of the first step (Sudoku Explainer's
	// rating, pearl and diamond).
	ER, EP, ED float64
	Score      int            // the summed step costs
	Counts     map[string]int // steps of each technique, by the classic technique keys
	Guesses    int            // steps where no technique applied
	// Stopped reports a solve ended at Options.StopAbove, unfinished:
	// then only ER, a lower bound above StopAbove, means anything.
	Stopped bool
	// OverBudget reports that the chain searches used up Options.Budget:
	// from then on the solve guessed instead of searching.
	OverBudget bool
	// Work is the chain searches' work, in engine/logic's implications.
	Work int
}

// Column gives a rating column by name, as level.Ratings asks: er, ep,
// ed, score, steps or guesses.
func (r Result) Column(name string) (float64, bool) {
	switch name {
	case "er":
		return r.ER, true
	case "ep":
		return r.EP, true
	case "ed":
		return r.ED, true
	case "score":
		return float64(r.Score), true
	case "steps":
		return float64(len(r.Steps)), true
	case "guesses":
		return float64(r.Guesses), true
	}
	return 0, false
}

// Columns are the columns Column gives.
var Columns = []string{"er", "ep", "ed", "score", "steps", "guesses"}

// Options tune a solve; the zero value is the default.
type Options struct {
	// StopAbove, when above zero, ends the solve where the next step
	// would rate above it (Result.Stopped): the rungs above it are not
	// tried. It saves the chain searches when only "at most this hard"
	// matters, as in generating to a level.
	StopAbove float64
	// StopAtGuess ends the solve, Stopped, where it would guess: for a
	// generator that keeps only puzzles solved without one.
	StopAtGuess bool
	// NoDynamic leaves the dynamic rungs out (dynamic.go): a killer
	// generator's test of each merge of cages, which they would make
	// seconds long. A puzzle solved without them is rated the same with
	// them.
	NoDynamic bool
	// NoText leaves the steps without words (Step.Text empty): a generator
	// rating candidates it never shows saves saying each step. The
	// steps and ratings are the same.
	NoText bool
	// Budget bounds the chain searches of one solve (engine/logic's
	// rungs, dynamic.go), in engine/logic's implications, as the
	// classic rater's budget. Once it is spent the solver stops searching
	// for chains and guesses, counting every guess (Result.OverBudget).
	// Zero means the kind's default (DefaultBudget, KillerBudget); a
	// negative budget means no limit, which lets a user give a hard
	// killer minutes (pressrun rate --variant --budget).
	Budget int
	// Stop, when closed, ends the solve soon after (within one chain run)
	// with ErrStopped and no rating: a rating given minutes (Budget
	// negative) need not be waited for when its user stops it.
	Stop <-chan struct{}
	// Solution, when not nil, is the puzzle's one solution, known to the
	// caller (a generator that has just checked it): the exact solver's
	// check is skipped, and the steps are held to it instead. A wrong
	// Solution makes a step against it an error, or a wrong rating.
	Solution variant.Grid
}

// DefaultBudget is the chain work allowed per solve when Options.Budget
// is zero, as the classic rater's (engine/logic's implications): the
// evil X, windoku, jigsaw and 16x16 puzzles that need nested forcing
// chains take a fraction of it. A puzzle it cuts short is rated 11.0 by
// a guess; since every chain rates 6.5 or more, at or above the lowest
// bound of every ladder's top level, no level depends on it either.
const DefaultBudget = classic.DefaultBudget

// KillerBudget is DefaultBudget on a killer, much less: the hardest
// killers (Tarek's) take the sums' chains thousands of millions of
// implications (the digit sets a sum's search tries count as such), ten
// seconds and more each, and most of them are not finished at six
// thousand million. A killer that needs more than 24 million (0.1 to
// 0.2 s) is left to the guess, fast; the generators never reach it
// (their killers are kept solved without the dynamic rungs).
const KillerBudget = 24_000_000

// Solver rates puzzles of one variant. It keeps the variant's tables, the
// classic rater's Search over its houses and an exact solver between
// calls; it is not safe for concurrent use.
type Solver struct {
	geo    *geometry
	exact  *variant.Solver // made at the first solve not told the solution
	ladder []rung
	// dynamicRungs is how many of the dynamic rungs (dynamic.go) end
	// ladder, which Options.NoDynamic leaves out.
	dynamicRungs int
	// search is the classic rater over geo's houses (dynamic.go), which
	// climbs the ladder; made at the first solve, and again for a new
	// geometry.
	search    chainSearch
	searchGeo *geometry
}

// NewSolver is a Solver for v's puzzles, its step texts in English.
func NewSolver(v *variant.Variant) *Solver { return NewSolverIn(v, nil) }

// NewSolverIn is a Solver for v's puzzles whose step texts (Step.Text,
// and so Hints) are said in pb's language (nil: English). The language
// changes the texts only, never a step or a rating.
func NewSolverIn(v *variant.Variant, pb Phrasebook) *Solver {
	s := &Solver{geo: newGeometry(v, pb)}
	s.ladder, s.dynamicRungs = ladderOf(v)
	return s
}

// Reset makes s a Solver for v's puzzles, its step texts in the same
// language, as NewSolverIn would make it. The tables of the houses are
// kept when v has the same houses as s's variant (another killer's cages
// on the same grid), and the search's buffers always: a generator rating
// one layout of cages after another pays for the cages only.
func (s *Solver) Reset(v *variant.Variant) {
	old := s.geo
	if old.v.Name == v.Name && old.v.IsJigsaw() == v.IsJigsaw() && variant.SameHouses(old.v, v) {
		s.geo = old.withCages(v)
	} else {
		s.geo = newGeometry(v, old.say.pb)
		s.geo.say = old.say
	}
	if s.exact != nil {
		s.exact.Reset(v)
	}
	s.ladder, s.dynamicRungs = ladderOf(v)
}

// Solve solves g, a puzzle of v, with the default options: see
// Solver.SolveWith.
func Solve(v *variant.Variant, g variant.Grid) (Result, error) {
	return NewSolver(v).SolveWith(g, Options{})
}

// Solve is SolveWith with the default options.
func (s *Solver) Solve(g variant.Grid) (Result, error) { return s.SolveWith(g, Options{}) }

// SolveWith solves g step by step, each step from the first rung of the
// ladder that makes progress, as the classic rater does (engine/logic's
// Search.Climb climbs it). When no rung does, it guesses: it places the
// solution's symbol in a cell of fewest candidates, counts the guess and
// rates it 11.0, so every puzzle with one solution gets a rating. A
// puzzle without exactly one solution (by the exact solver) is refused
// with ErrNotUnique; a step that goes against the solution is reported
// as an error, a bug, not rated.
func (s *Solver) SolveWith(g variant.Grid, opts Options) (Result, error) {
	v := s.geo.v
	if len(g) != v.Cells() {
		return Result{}, fmt.Errorf("logic: %d cells, want %d for %s", len(g), v.Cells(), v.Name)
	}
	solution := opts.Solution
	if solution == nil {
		if s.exact == nil {
			s.exact = variant.NewSolver(v)
		}
		var n int
		if n, solution = s.exact.Count(g, 2); n != 1 {
			return Result{}, fmt.Errorf("logic: %s: %w (%d found)", v.Name, ErrNotUnique, n)
		}
	} else if len(solution) != len(g) {
		return Result{}, fmt.Errorf("logic: a solution of %d cells for %d", len(solution), len(g))
	}
	budget := opts.Budget
	switch {
	case opts.Budget < 0:
		budget = 0
	case opts.Budget > 0:
	case v.IsKiller():
		budget = KillerBudget
	default:
		budget = DefaultBudget
	}
	if s.search == nil || s.searchGeo != s.geo {
		search, err := newChainSearch(s.geo)
		if err != nil {
			return Result{}, fmt.Errorf("logic: %s: %w", v.Name, err)
		}
		s.search, s.searchGeo = search, s.geo
	}
	// The nested searches' cache of another puzzle would spend less of
	// this one's budget than a first rating of it does (a generator's
	// rating and rate's differed).
	s.search.Forget()
	s.search.SetStop(opts.Stop)
	s.search.SetQuiet(opts.NoText)
	co := classic.ClimbOptions{StopAbove: opts.StopAbove, StopAtGuess: opts.StopAtGuess, Budget: budget}
	if opts.NoDynamic {
		co.Skip = s.dynamicRungs
	}
	c, err := s.search.climb(s.ladder, g, solution, co)
	if err == classic.ErrStopped {
		return Result{}, ErrStopped
	}
	if err != nil {
		return Result{}, fmt.Errorf("logic: %s: %w", v.Name, err)
	}
	res := Result{Solution: solution, Counts: map[string]int{}, ER: c.ER, EP: c.EP, ED: c.ED, Score: c.Score,
		Guesses: c.Guesses, Stopped: c.Stopped, OverBudget: c.OverBudget, Work: c.Work, Steps: make([]Step, len(c.Steps))}
	for i, f := range c.Steps {
		st := Step{Technique: classic.Technique(f.Technique), Rating: f.Rating, Score: f.Score, Cells: f.Cells,
			Symbols: f.Symbols, Text: f.Text}
		for _, p := range f.Place {
			st.Place = append(st.Place, Candidate{p[0], p[1]})
		}
		for _, r := range f.Remove {
			st.Remove = append(st.Remove, Candidate{r[0], r[1]})
		}
		res.Steps[i] = st
		res.Counts[st.Technique.Key()]++
	}
	return res, nil
}

// PrintSymbols has the step texts name the symbols as labels does,
// labels[s-1] for symbol s (variant.Labels: a 16x16 book's "1" to "16"),
// so that a hint reads as the printed grid; nil for the variant's own
// characters. A Reset keeps them.
func (s *Solver) PrintSymbols(labels []string) {
	s.geo.say.labels = labels
	s.search = nil // its texts name the symbols anew
}
