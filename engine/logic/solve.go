package logic

import (
	"errors"
	"fmt"

	"github.com/pressrun/pressrun/engine"
)

// ErrNotUnique is returned for a puzzle without exactly one solution: the
// logical techniques (uniqueness ones above all) assume one.
var ErrNotUnique = errors.New("puzzle does not have exactly one solution")

// Result is a whole solve: the steps and what they add up to.
type Result struct {
	Steps    []Step
	Solution engine.Grid
	// ER is the rating of the hardest step; EP the same up to the first
	// placement, ED the rating of the first step (Sudoku Explainer's
	// rating, pearl and diamond).
	ER, EP, ED float64
	Score      int                // the summed step costs
	Counts     [numTechniques]int // steps of each technique
	Guesses    int                // steps where no technique applied
}

// Count returns how many steps used technique t.
func (r *Result) Count(t Technique) int { return r.Counts[t] }

// finder is one rung of the ladder.
type finder struct {
	technique Technique
	find      func(b *Board) (Step, bool)
}

// ladder lists the techniques in the order they are tried: by rating, so
// that every step is the simplest one that makes progress.
var ladder = []finder{
	{LastValue, (*Board).findLastValue},
	{HiddenSingleBox, func(b *Board) (Step, bool) { return b.findHiddenSingle(true) }},
	{HiddenSingleLine, func(b *Board) (Step, bool) { return b.findHiddenSingle(false) }},
	{DirectPointing, func(b *Board) (Step, bool) { return b.findIntersection(false, true) }},
	{DirectClaiming, func(b *Board) (Step, bool) { return b.findIntersection(true, true) }},
	{DirectHiddenPair, func(b *Board) (Step, bool) { return b.findHiddenSubset(2, DirectHiddenPair, true) }},
	{NakedSingle, (*Board).findNakedSingle},
	{DirectHiddenTriple, func(b *Board) (Step, bool) { return b.findHiddenSubset(3, DirectHiddenTriple, true) }},
	{Pointing, func(b *Board) (Step, bool) { return b.findIntersection(false, false) }},
	{Claiming, func(b *Board) (Step, bool) { return b.findIntersection(true, false) }},
	{NakedPair, func(b *Board) (Step, bool) { return b.findNakedSubset(2, NakedPair) }},
	{XWing, func(b *Board) (Step, bool) { return b.findFish(2, XWing) }},
	{HiddenPair, func(b *Board) (Step, bool) { return b.findHiddenSubset(2, HiddenPair, false) }},
	{NakedTriple, func(b *Board) (Step, bool) { return b.findNakedSubset(3, NakedTriple) }},
	{Swordfish, func(b *Board) (Step, bool) { return b.findFish(3, Swordfish) }},
	{HiddenTriple, func(b *Board) (Step, bool) { return b.findHiddenSubset(3, HiddenTriple, false) }},
	{XYWing, (*Board).findXYWing},
	{XYZWing, (*Board).findXYZWing},
	{UniqueRectangle1, func(b *Board) (Step, bool) { return b.findUniqueRectangle(1) }},
	{UniqueRectangle2, func(b *Board) (Step, bool) { return b.findUniqueRectangle(2) }},
	{UniqueRectangle3, func(b *Board) (Step, bool) { return b.findUniqueRectangle(3) }},
	{UniqueRectangle4, func(b *Board) (Step, bool) { return b.findUniqueRectangle(4) }},
	{NakedQuad, func(b *Board) (Step, bool) { return b.findNakedSubset(4, NakedQuad) }},
	{Jellyfish, func(b *Board) (Step, bool) { return b.findFish(4, Jellyfish) }},
	{HiddenQuad, func(b *Board) (Step, bool) { return b.findHiddenSubset(4, HiddenQuad, false) }},
	{BUG1, (*Board).findBUG1},
	{WWing, (*Board).findWWing},
}

// Solve solves the puzzle step by step, each step the lowest-rated
// technique that makes progress. When none applies it guesses: it places
// the solution's digit in a cell with the fewest candidates and counts the
// guess, so every valid puzzle gets a rating. A puzzle without exactly one
// solution is refused with ErrNotUnique.
func Solve(puzzle engine.Grid) (Result, error) {
	var s engine.Solver
	solution, n := s.Solve(puzzle)
	if n != 1 {
		return Result{}, fmt.Errorf("logic: %w (%d found)", ErrNotUnique, n)
	}
	res := Result{Solution: solution}
	b := NewBoard(puzzle)
	placed := false
	for !b.Solved() {
		step, ok := b.next()
		if !ok {
			step = b.guess(solution)
			res.Guesses++
		}
		if err := check(&step, solution); err != nil {
			return res, err
		}
		b.apply(&step)
		if len(res.Steps) == 0 {
			res.ED = step.Rating
		}
		if !placed {
			res.EP = max(res.EP, step.Rating)
			placed = len(step.Place) > 0
		}
		res.ER = max(res.ER, step.Rating)
		res.Score += step.Score
		res.Counts[step.Technique]++
		res.Steps = append(res.Steps, step)
	}
	return res, nil
}

// next finds the simplest step that makes progress.
func (b *Board) next() (Step, bool) {
	for _, f := range ladder {
		if s, ok := f.find(b); ok {
			return s, true
		}
	}
	return Step{}, false
}

// guess places the solution's digit in the first cell with the fewest
// candidates.
func (b *Board) guess(solution engine.Grid) Step {
	best, bestN := -1, 10
	for c := 0; c < 81; c++ {
		if n := b.Cand[c].Count(); n > 0 && n < bestN {
			best, bestN = c, n
		}
	}
	d := int(solution[best])
	s := newStep(Guess)
	s.Cells, s.Digits = []int{best}, b.Cand[best]
	s.Place = []Candidate{{best, d}}
	s.Text = fmt.Sprintf("%s: no technique applies; guess %d (of %s)", cellName(best), d, b.Cand[best])
	return s
}

// check holds a step to the known solution: a technique that places a
// wrong digit or removes the right one is a bug, and is reported as one
// rather than turned into a wrong rating.
func check(s *Step, solution engine.Grid) error {
	for _, p := range s.Place {
		if int(solution[p.Cell]) != p.Digit {
			return fmt.Errorf("logic: %s placed %s against the solution (%s)", s.Technique, p, s.Text)
		}
	}
	for _, r := range s.Remove {
		if int(solution[r.Cell]) == r.Digit {
			return fmt.Errorf("logic: %s removed %s, the solution's digit (%s)", s.Technique, r, s.Text)
		}
	}
	if len(s.Place) == 0 && len(s.Remove) == 0 {
		return fmt.Errorf("logic: %s made no progress (%s)", s.Technique, s.Text)
	}
	return nil
}
