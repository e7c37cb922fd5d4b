// Code generated from engine/logic/solve.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"errors"
	"fmt"
	"math"
)

// ErrNotUnique is returned for a puzzle without exactly one solution: the
// logical techniques (uniqueness ones above all) assume one.
var ErrNotUnique = errors.New("puzzle does not have exactly one solution")

// Result is a whole solve: the steps and what they add up to.
type Result struct {
	Steps    []Step
	Solution Grid
	// ER is the rating of the hardest step; EP the same up to the first
	// placement, ED the rating of the first step (Sudoku Explainer's
	// rating, pearl and diamond).
	ER, EP, ED float64
	Score      int                // the summed step costs
	Counts     [numTechniques]int // steps of each technique
	Guesses    int                // steps where no technique applied
	// OverBudget reports that the chain searches used up Options.Budget:
	// from then on the solve guessed (each guess counted) instead of
	// searching, and ER is a lower bound (Bound): each guess counts as
	// the lowest rating of the rung whose search was cut.
	OverBudget bool
	// Bound reports that ER is a lower bound, not Sudoku Explainer's
	// rating: the solve guessed, over its budget or past the ladder's
	// end (where a guess counts 11.0). BoundEP and BoundED say the same
	// of EP (a guess before the first placement) and ED (a first-step
	// guess).
	Bound, BoundEP, BoundED bool
	// Work is the number of implications the chain searches derived.
	Work int
	// Stopped reports a solve ended at Options.StopAbove, unfinished.
	Stopped bool
}

// Count returns how many steps used technique t.
func (r *Result) Count(t Technique) int { return r.Counts[t] }

// Options tune a solve. The zero value is the default.
type Options struct {
	// Budget bounds the chain searches of one puzzle, in implications
	// derived (a dynamic forcing-chain step on a hard puzzle takes a few
	// hundred thousand, a nested one millions). Once it is spent the
	// solver stops searching for chains and guesses, counting every
	// guess, and ER is a lower bound (Result.Bound). Zero means
	// DefaultBudget; a negative budget means no limit.
	Budget int
	// StopAbove, when above zero, ends the solve where the next step would
	// rate above it (Result.Stopped): the rungs above it are not tried,
	// and the forcing chains' search goes only as deep as a chain rated
	// at most StopAbove can be. Up to there the solve is the one without
	// it, so a puzzle it does not stop gets the full result (Work, the
	// search spared, aside); one it stops has ER at least the lowest
	// rating the next step could have had, above StopAbove. It saves the
	// costliest searches when only "at most this hard" matters, as in
	// generating to a level.
	StopAbove float64
	// Scale is the rating scale, whose ladder the solve climbs; nil is
	// DefaultScale.
	Scale *Scale
}

// DefaultBudget is the chain work allowed per puzzle when Options.Budget
// is zero: about 10 s on a 2-core machine, ample for every puzzle rated
// up to Sudoku Explainer's dynamic forcing chains; about one in 25 of
// the forum's hardest (nested forcing chains of levels 4 and 5) spend it
// and are rated as lower bounds (Result.Bound). A budget in work, not
// time, keeps the ratings the same on every machine.
const DefaultBudget = 200_000_000

// sukakuLadder lists SukakuExplainer's producers in its order, with its
// default techniques, as it rated the calibration data (the Sukaku
// scale). Every rung returns its lowest-rated step; the solver takes the
// first rung that finds one, as SE does, even when a later rung could
// rate lower.
//
// Left out: SukakuExplainer's TUVWXYZ-wing and its grouped and
// empty-rectangle strong links; their puzzles are rated by the next rung
// that applies, or by a counted guess after the last.
// W-wings and xy-chains are not rungs of their own: SE finds them as xy
// forcing chains (7.0 plus the length bonus), and the chain rung names
// them when its chain has their shape, so they are rated exactly as SE
// rates the equivalent chain.
var sukakuLadder = append(sukakuBase, nestedRung(nested2Mode), nestedRung(nested3Mode),
	nestedRung(nested4Mode), nestedRung(nested41), nestedRung(nested42))

// sukakuBase is both scales' ladder up to its nested forcing chains, on
// the sukaku scale's side (classicLadder leaves some rungs out).
var sukakuBase = []rung{
	SingleRungs[0],     // last value
	SingleRungs[1],     // hidden single box
	SingleRungs[2],     // hidden single line
	LockingRungs[0],    // direct pointing
	LockingRungs[1],    // direct claiming
	SubsetRungs[0],     // direct hidden pair
	SingleRungs[3],     // naked single
	SubsetRungs[1],     // direct hidden triple
	LockingRungs[2],    // pointing
	LockingRungs[3],    // claiming
	SubsetRungs[2],     // naked pair
	FishRungs[0],       // x-wing
	SubsetRungs[3],     // hidden pair
	SubsetRungs[4],     // naked triple
	FishRungs[1],       // swordfish
	SubsetRungs[5],     // hidden triple
	StrongLinkRungs[0], // turbot fish
	WingRungs[0],       // xy-wing
	WingRungs[1],       // xyz-wing
	UniqueLoopRung,     // unique rectangles and loops
	SubsetRungs[6],     // naked quad
	FishRungs[2],       // jellyfish
	SubsetRungs[7],     // hidden quad
	StrongLinkRungs[1], // three strong links
	StrongLinkRungs[2], // four strong links
	BentSetRungs[0],    // wxyz-wing
	BUGRung,
	BentSetRungs[1], // vwxyz-wing
	ExclusionRung,
	BentSetRungs[2], // uvwxyz-wing
	ChainsRung,
	{"aligned triplet exclusion", AlignedTripletExclusion.BaseRating(), (*Board).findAlignedTripletExclusion},
	NishioRung,
	MultipleRung,
	DynamicRungs[0], // dynamic forcing chains
	DynamicRungs[1], // dynamic forcing chains plus
}

// nestedRung is the rung of a nested forcing chains mode (nested.go).
func nestedRung(m chainMode) rung {
	return rung{fmt.Sprintf("nested forcing chains %d/%b", m.level, m.inner), float64(m.base) / 10, func(b *Board) (Step, bool) { return b.findForcing(m) }}
}

// next finds the step of the first rung that makes progress. With a
// limit above zero it tries no rung whose steps would rate above it, nor
// keeps such a step: it returns above, the lowest rating the step would
// have had, instead.
func (b *Board) next(limit float64) (s Step, ok bool, above float64) {
	b.ceiling = 0
	if limit > 0 {
		b.ceiling = int(math.Floor(limit*10 + 1e-9))
	}
	for _, r := range b.scale.ladder {
		if limit > 0 && r.Min > limit {
			return Step{}, false, r.Min
		}
		s, ok := r.find(b)
		if b.above > 0 {
			above, b.above = b.above, 0
			return Step{}, false, above
		}
		if ok {
			if limit > 0 && s.Rating > limit {
				return Step{}, false, s.Rating
			}
			return s, true, 0
		}
		if b.ch != nil && b.ch.overBudget() {
			b.cutAt = r.Min
			return Step{}, false, 0
		}
	}
	return Step{}, false, 0
}

// chainer returns the board's chain engine, making one, with the
// board's budget, on first use.
func (b *Board) chainer() *chainer {
	if b.ch == nil {
		b.ch = newChainer(b.geo, b.budget)
	}
	return b.ch
}

// climbing is what a climb (Board.climb) takes: where it stops, how it
// finds each step, and what it does with each.
type climbing struct {
	// stopAbove, when above zero, ends the climb where the next step
	// would rate above it; stopAtGuess where it would guess.
	stopAbove   float64
	stopAtGuess bool
	// next finds the next step in the board's position: the step and
	// true, or false and, when it stopped at stopAbove, the lowest
	// rating the step would have had.
	next func() (st Step, ok bool, above float64)
	// halt, when not nil, reports that the climb is to stop, with
	// ErrStopped.
	halt func() bool
	// guessRating, when not nil, is what a guess counts in the ratings
	// (the classic's lower bound where the budget ran out); else its
	// rating, 11.0.
	guessRating func() float64
	// took sees each step taken, in the position it was found in, and
	// whether it is a guess.
	took func(st *Step, guess bool)
}

// climbed is what a climb's steps add up to, as Sudoku Explainer rates a
// solve: er the hardest step, ep the hardest up to the first placement,
// ed the first step's rating; whether a guess went into ep and ed; the
// summed score, the steps, the guesses; and whether it stopped
// unfinished (er then a lower bound above stopAbove).
type climbed struct {
	er, ep, ed       float64
	boundEP, boundED bool
	score, steps     int
	guesses          int
	stopped          bool
}

// climb solves the board's position step by step, each step from next,
// and where next finds none a guess: the solution's digit in the first
// cell of fewest candidates. Each step is held to the solution (a step
// against it, or one that makes no progress, is an error: a bug),
// applied, and added up. Both solves climb here: the classic ladders'
// (classic_solve.go) and the variant rater's (Search.Climb).
func (b *Board) climb(solution *Grid, c climbing) (climbed, error) {
	var r climbed
	placed := false
	for b.empty > 0 {
		st, ok, above := c.next()
		if c.halt != nil && c.halt() {
			return climbed{}, ErrStopped
		}
		if !ok && above == 0 && c.stopAbove > 0 && Guess.BaseRating() > c.stopAbove {
			above = Guess.BaseRating() // it would guess
		}
		if above > 0 {
			r.stopped, r.er = true, max(r.er, above)
			break
		}
		if !ok && c.stopAtGuess {
			r.stopped = true
			break
		}
		rating := st.Rating
		if !ok {
			st = b.guess(*solution)
			r.guesses++
			rating = st.Rating
			if c.guessRating != nil {
				rating = c.guessRating()
			}
		}
		c.took(&st, !ok)
		if err := b.check(&st, solution); err != nil {
			return r, err
		}
		b.apply(&st)
		if r.steps == 0 {
			r.ed, r.boundED = rating, !ok
		}
		if !placed {
			r.ep = max(r.ep, rating)
			r.boundEP = r.boundEP || !ok
			placed = len(st.Place) > 0
		}
		r.er = max(r.er, rating)
		r.score += st.Score
		r.steps++
	}
	return r, nil
}

// guess places the solution's digit in the first cell with the fewest
// candidates.
func (b *Board) guess(solution Grid) Step {
	best, bestN := -1, maxDigits+1
	for c := 0; c < frameCells; c++ {
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
// wrong digit or removes the right one, or makes no progress, is a bug,
// and is reported as one rather than turned into a wrong rating.
func (b *Board) check(s *Step, solution *Grid) error {
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
	progress := false
	for _, p := range s.Place {
		progress = progress || b.Cells[p.Cell] == 0
	}
	for _, r := range s.Remove {
		progress = progress || b.Cand[r.Cell].Has(r.Digit)
	}
	if !progress {
		return fmt.Errorf("logic: %s made no progress (%s)", s.Technique, s.Text)
	}
	return nil
}
