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
	placed := false
	for !b.Solved() {
		step, ok, above := b.next(opts.StopAbove)
		if !ok && above == 0 && opts.StopAbove > 0 && techniqueInfo[Guess].se > opts.StopAbove {
			above = techniqueInfo[Guess].se // it would guess
		}
		if above > 0 {
			res.Stopped, res.ER = true, max(res.ER, above)
			break
		}
		rating := step.Rating
		if !ok {
			step = b.guess(solution)
			res.Guesses++
			res.Bound = true
			rating = step.Rating
			if b.ch != nil && b.ch.overBudget() {
				rating = b.cutAt
			}
		}
		if err := b.check(&step, &solution); err != nil {
			return res, err
		}
		b.apply(&step)
		if len(res.Steps) == 0 {
			res.ED, res.BoundED = rating, !ok
		}
		if !placed {
			res.EP = max(res.EP, rating)
			res.BoundEP = res.BoundEP || !ok
			placed = len(step.Place) > 0
		}
		res.ER = max(res.ER, rating)
		res.Score += step.Score
		res.Counts[step.Technique]++
		res.Steps = append(res.Steps, step)
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
