package logic

import (
	"fmt"

	"github.com/pressrun/pressrun/engine"
)

// Solve solves the puzzle with the default options; see SolveWith.
func Solve(puzzle Grid) (Result, error) { return SolveWith(puzzle, Options{}) }

// SolveWith solves the puzzle step by step, each step from the first rung
// of the ladder that makes progress. When none does, or the chain budget
// is spent, it guesses: it places the solution's digit in a cell with the
// fewest candidates and counts the guess (rated 11.0), so every valid
// puzzle gets a rating. A puzzle without exactly one solution is refused
// with ErrNotUnique.
func SolveWith(puzzle Grid, opts Options) (Result, error) {
	var s engine.Solver
	solution, n := s.Solve(puzzle)
	if n != 1 {
		return Result{}, fmt.Errorf("logic: %w (%d found)", ErrNotUnique, n)
	}
	budget := opts.Budget
	switch {
	case budget == 0:
		budget = DefaultBudget
	case budget < 0:
		budget = 0
	}
	res := Result{Solution: solution}
	b := NewBoard(puzzle)
	b.budget = budget
	if opts.Scale != nil {
		b.scale = opts.Scale
	}
	r, err := b.climb(&solution, climbing{
		stopAbove: opts.StopAbove,
		next:      func() (Step, bool, float64) { return b.next(opts.StopAbove) },
		guessRating: func() float64 {
			if b.ch != nil && b.ch.overBudget() {
				return b.cutAt
			}
			return Guess.BaseRating()
		},
		took: func(st *Step, _ bool) {
			res.Counts[st.Technique]++
			res.Steps = append(res.Steps, *st)
		},
	})
	res.ER, res.EP, res.ED, res.Score, res.Guesses, res.Stopped = r.er, r.ep, r.ed, r.score, r.guesses, r.stopped
	res.Bound, res.BoundEP, res.BoundED = r.guesses > 0, r.boundEP, r.boundED
	if err != nil {
		return res, err
	}
	if b.ch != nil {
		res.OverBudget = b.ch.overBudget()
		res.Work = b.ch.work
	}
	return res, nil
}

// Hints returns up to n hints for the puzzle: the first steps of its
// solve past singles, where a reader who has done every single gets
// stuck, in solve order. A puzzle that singles alone solve gets its
// hardest singles instead: its naked singles, else its hidden singles in
// a row or column, else those in a box. Guesses (steps where no technique
// applies) get no hint. A puzzle without exactly one solution is refused
// with ErrNotUnique.
func Hints(g Grid, n int) ([]Hint, error) { return HintsOn(g, n, nil) }

// HintsOn is Hints from the solve on the scale (nil: DefaultScale), whose
// techniques the steps are.
func HintsOn(g Grid, n int, scale *Scale) ([]Hint, error) { return HintsIn(g, n, scale, nil) }

// HintsIn is HintsOn with the hints said in pb's language (nil: English).
func HintsIn(g Grid, n int, scale *Scale, pb Phrasebook) ([]Hint, error) {
	if n <= 0 {
		return nil, nil
	}
	res, err := SolveWith(g, Options{Scale: scale})
	if err != nil {
		return nil, err
	}
	if pb == nil {
		pb = english{}
	}
	return hintsOf(hinter{pb: pb}, g, res.Steps, n), nil
}

// DescribeIn says every step of a solve of puzzle g in words, in pb's
// language (nil: English), as the hints say them, each in the position
// it was taken in (the steps replayed from g); a guess says which cell
// it guessed. It is explain's --language.
func DescribeIn(g Grid, steps []Step, pb Phrasebook) []string {
	if pb == nil {
		pb = english{}
	}
	say := hinter{pb: pb}
	b := NewBoard(g)
	out := make([]string, len(steps))
	for i := range steps {
		s := &steps[i]
		if s.Technique == Guess && len(s.Place) == 1 {
			p := s.Place[0]
			out[i] = say.f("%s: no technique applies; guess %s (of %s)", cellName(p.Cell), fmt.Sprint(p.Digit), s.Digits.String())
		} else {
			out[i] = say.describe(b, s)
		}
		b.apply(s)
	}
	return out
}

// hintsOf explains the chosen steps of a solve of g, replaying it to
// see each chosen step's position.
func hintsOf(say hinter, g Grid, steps []Step, n int) []Hint {
	chosen := hintSteps(steps, n)
	if len(chosen) == 0 {
		return nil
	}
	out := make([]Hint, 0, len(chosen))
	b := NewBoard(g)
	for i := range steps {
		if chosen[len(out)] == i {
			out = append(out, Hint{Step: i, Technique: steps[i].Technique, Text: say.describe(b, &steps[i]), Givens: b.geo.cells - b.Empty()})
			if len(out) == len(chosen) {
				break
			}
		}
		b.apply(&steps[i])
	}
	return out
}

// Position is a board of a solve as a reader's pencil marks have it: each
// cell's digit (0 where open) and each open cell's candidates.
type Position struct {
	Cells      Grid
	Candidates [81]Digits
}

// PositionBefore is the position of a solve of puzzle g in which its step
// i was taken: the steps before it replayed from the givens (a teaching
// book's worked example draws it). steps are g's solve's.
func PositionBefore(g Grid, steps []Step, i int) Position {
	b := NewBoard(g)
	for k := range min(i, len(steps)) {
		b.apply(&steps[k])
	}
	p := Position{Cells: b.Cells}
	copy(p.Candidates[:], b.Cand[:81])
	return p
}
