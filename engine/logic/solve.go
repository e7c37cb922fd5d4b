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
	// OverBudget reports that the chain searches used up Options.Budget:
	// from then on the solve guessed (each guess counted, rated 11.0)
	// instead of searching.
	OverBudget bool
	// Work is the number of implications the chain searches derived.
	Work int
}

// Count returns how many steps used technique t.
func (r *Result) Count(t Technique) int { return r.Counts[t] }

// Options tune a solve. The zero value is the default.
type Options struct {
	// Budget bounds the chain searches of one puzzle, in implications
	// derived (a dynamic forcing-chain step on a hard puzzle takes a few
	// hundred thousand). Once it is spent the solver stops searching for
	// chains and guesses, counting every guess. Zero means DefaultBudget;
	// a negative budget means no limit.
	Budget int
}

// DefaultBudget is the chain work allowed per puzzle when Options.Budget
// is zero: ample for every puzzle rated up to Sudoku Explainer's dynamic
// forcing chains, so that only the very hardest puzzles fall back to
// guessing.
const DefaultBudget = 200_000_000

// rung is one producer of the ladder.
type rung struct {
	name string
	find func(b *Board) (Step, bool)
}

// ladder lists Sudoku Explainer's producers in its order (SukakuExplainer
// with its default techniques, as it rated the calibration data). Every
// rung returns its lowest-rated step; the solver takes the first rung that
// finds one, as SE does, even when a later rung could rate lower.
//
// Left out: unique loops of six cells and more, BUG types 3 and 4,
// SukakuExplainer's larger wings (UVWXYZ, TUVWXYZ), grouped and
// empty-rectangle strong links, aligned triplet exclusion, dynamic
// forcing chains (+) and nested forcing chains; their puzzles are rated
// by the next rung that applies, or by a counted guess after the last.
// W-wings and xy-chains are not rungs of their own: SE finds them as xy
// forcing chains (7.0 plus the length bonus), and the chain rung names
// them when its chain has their shape, so they are rated exactly as SE
// rates the equivalent chain.
var ladder = []rung{
	{"last value", (*Board).findLastValue},
	{"hidden single box", func(b *Board) (Step, bool) { return b.findHiddenSingle(true) }},
	{"hidden single line", func(b *Board) (Step, bool) { return b.findHiddenSingle(false) }},
	{"direct pointing", func(b *Board) (Step, bool) { return b.findIntersection(false, true) }},
	{"direct claiming", func(b *Board) (Step, bool) { return b.findIntersection(true, true) }},
	{"direct hidden pair", func(b *Board) (Step, bool) { return b.findHiddenSubset(2, DirectHiddenPair, true) }},
	{"naked single", (*Board).findNakedSingle},
	{"direct hidden triple", func(b *Board) (Step, bool) { return b.findHiddenSubset(3, DirectHiddenTriple, true) }},
	{"pointing", func(b *Board) (Step, bool) { return b.findIntersection(false, false) }},
	{"claiming", func(b *Board) (Step, bool) { return b.findIntersection(true, false) }},
	{"naked pair", func(b *Board) (Step, bool) { return b.findNakedSubset(2, NakedPair) }},
	{"x-wing", func(b *Board) (Step, bool) { return b.findFish(2, XWing) }},
	{"hidden pair", func(b *Board) (Step, bool) { return b.findHiddenSubset(2, HiddenPair, false) }},
	{"naked triple", func(b *Board) (Step, bool) { return b.findNakedSubset(3, NakedTriple) }},
	{"swordfish", func(b *Board) (Step, bool) { return b.findFish(3, Swordfish) }},
	{"hidden triple", func(b *Board) (Step, bool) { return b.findHiddenSubset(3, HiddenTriple, false) }},
	{"turbot fish", (*Board).findTurbot},
	{"xy-wing", (*Board).findXYWing},
	{"xyz-wing", (*Board).findXYZWing},
	{"unique rectangle", (*Board).findUniqueRectangle},
	{"naked quad", func(b *Board) (Step, bool) { return b.findNakedSubset(4, NakedQuad) }},
	{"jellyfish", func(b *Board) (Step, bool) { return b.findFish(4, Jellyfish) }},
	{"hidden quad", func(b *Board) (Step, bool) { return b.findHiddenSubset(4, HiddenQuad, false) }},
	{"three strong links", func(b *Board) (Step, bool) { return b.findStrongLinks(3) }},
	{"four strong links", func(b *Board) (Step, bool) { return b.findStrongLinks(4) }},
	{"wxyz-wing", func(b *Board) (Step, bool) { return b.findBentSet(4) }},
	{"bug", (*Board).findBUG},
	{"vwxyz-wing", func(b *Board) (Step, bool) { return b.findBentSet(5) }},
	{"aligned pair exclusion", (*Board).findAlignedPairExclusion},
	{"forcing chains and cycles", (*Board).findUnaryChains},
	{"nishio", func(b *Board) (Step, bool) { return b.findForcing(nishioMode) }},
	{"multiple forcing chains", func(b *Board) (Step, bool) { return b.findForcing(multipleMode) }},
	{"dynamic forcing chains", func(b *Board) (Step, bool) { return b.findForcing(dynamicMode) }},
}

// Solve solves the puzzle with the default options; see SolveWith.
func Solve(puzzle engine.Grid) (Result, error) { return SolveWith(puzzle, Options{}) }

// SolveWith solves the puzzle step by step, each step from the first rung
// of the ladder that makes progress. When none does, or the chain budget
// is spent, it guesses: it places the solution's digit in a cell with the
// fewest candidates and counts the guess (rated 11.0), so every valid
// puzzle gets a rating. A puzzle without exactly one solution is refused
// with ErrNotUnique.
func SolveWith(puzzle engine.Grid, opts Options) (Result, error) {
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
	if b.ch != nil {
		res.OverBudget = b.ch.overBudget()
		res.Work = b.ch.work
	}
	return res, nil
}

// next finds the step of the first rung that makes progress.
func (b *Board) next() (Step, bool) {
	for _, r := range ladder {
		if s, ok := r.find(b); ok {
			return s, true
		}
		if b.ch != nil && b.ch.overBudget() {
			return Step{}, false
		}
	}
	return Step{}, false
}

// chainer returns the board's chain engine, making one, with the
// board's budget, on first use.
func (b *Board) chainer() *chainer {
	if b.ch == nil {
		b.ch = newChainer(b.budget)
	}
	return b.ch
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
