package logic

import (
	"fmt"
)

// A Search's whole solve, for the variant rater: a ladder of Rungs (by
// their places in Rungs, which every size of this solver shares) climbed
// step by step from a puzzle's givens, as Solve climbs a scale's ladder
// on a classic. The rating rules are Sudoku Explainer's, as Solve's: ER
// the hardest step, EP the hardest up to the first placement, ED the
// first step's rating, and a guess (11.0, counted) where no rung applies.

// Climb solves the puzzle of givens cells (numbered as the houses'
// cells, 0 for an empty one), whose one solution is solution, by the
// rungs Rungs[i] for i in ladder, in that order: each step from the
// first rung that finds one, and where none does a guess, the solution's
// digit in the first cell of fewest candidates. A step that goes against
// the solution, or makes no progress, is an error, a bug; so is a closed
// stop (SetStop), ErrStopped, with no rating. The Search holds the
// climb's last position afterwards.
func (c *Search) Climb(ladder []int, cells, solution []uint8, opts ClimbOptions) (Climb, error) {
	b := &c.b
	var puzzle, sol Grid
	for i, f := range c.at {
		puzzle[f], sol[f] = cells[i], solution[i]
	}
	b.start(puzzle)
	if b.kil != nil {
		b.kil.forget()
	}
	ladder = ladder[:len(ladder)-opts.Skip]
	var res Climb
	var failed string // the words of the last step taken, for a check's error
	r, err := b.climb(&sol, climbing{
		stopAbove:   opts.StopAbove,
		stopAtGuess: opts.StopAtGuess,
		next: func() (Step, bool, float64) {
			return c.next(ladder, opts.StopAbove, opts.Budget, &res.Work)
		},
		halt: c.stopped,
		took: func(st *Step, guess bool) {
			f := c.found(st)
			if guess && !c.quiet {
				p := st.Place[0]
				f.Text = c.say.f("%s: no technique applies; guess %s (of %s)", cellName(p.Cell), c.say.sym(p.Digit), c.say.syms(toSet(st.Digits)))
			}
			failed = f.Text
			res.Steps = append(res.Steps, f)
		},
	})
	if err == ErrStopped {
		return Climb{}, err
	}
	if err != nil {
		return res, fmt.Errorf("%w (%s)", err, failed)
	}
	res.ER, res.EP, res.ED, res.Score, res.Guesses, res.Stopped = r.er, r.ep, r.ed, r.score, r.guesses, r.stopped
	res.OverBudget = opts.Budget > 0 && res.Work > opts.Budget
	return res, nil
}

// next is the step of the first rung of ladder that finds one, each
// given what is left of budget (0: no limit), its work added to work.
// With a limit above zero it tries no rung rated above it and returns
// above, the lowest rating the step would have had, instead.
func (c *Search) next(ladder []int, limit float64, budget int, work *int) (st Step, ok bool, above float64) {
	for _, i := range ladder {
		r := Rungs[i]
		if limit > 0 && r.Min > limit {
			return Step{}, false, r.Min
		}
		left := 0
		if budget > 0 {
			left = max(budget-*work, 1)
		}
		st, ok, w := c.step(r, left)
		*work += w
		if ok {
			if limit > 0 && st.Rating > limit {
				return Step{}, false, st.Rating
			}
			return st, true, 0
		}
		if budget > 0 && *work > budget || c.stopped() {
			return Step{}, false, 0
		}
	}
	return Step{}, false, 0
}

// stopped reports whether the Search's stop is closed.
func (c *Search) stopped() bool {
	if c.stop == nil {
		return false
	}
	select {
	case <-c.stop:
		return true
	default:
		return false
	}
}
