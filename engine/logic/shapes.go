package logic

import "errors"

// The shapes of what a Search gives, defined here once: packages wide
// and sheet, this solver built again for larger frames, take them as
// they are (their shapes.go), so a Search of any size gives the same
// types and the variant rater takes each as it is.

// ClimbOptions tune a Climb; the zero value climbs the whole ladder
// without limit.
type ClimbOptions struct {
	// StopAbove, when above zero, ends the climb where the next step
	// would rate above it (Climb.Stopped): the rungs above it are not
	// tried.
	StopAbove float64
	// StopAtGuess ends the climb, Stopped, where it would guess.
	StopAtGuess bool
	// Budget bounds the chain searches of the whole climb, in
	// implications (0: no limit). A rung is given what is left of it;
	// once it is spent the climb guesses instead of searching.
	Budget int
	// Skip leaves the ladder's last Skip rungs out (the variant rater's
	// dynamic rungs, for a killer generator testing each merge of cages).
	Skip int
}

// Climb is a whole solve: the steps, as a Search finds them, and what
// they add up to.
type Climb struct {
	Steps      []Found
	ER, EP, ED float64
	Score      int
	Guesses    int // steps where no rung applied
	// Stopped reports a climb ended at ClimbOptions.StopAbove (ER is
	// then a lower bound above it) or StopAtGuess, unfinished.
	Stopped bool
	// OverBudget reports that the chain searches used up the budget:
	// from then on the climb guessed instead of searching.
	OverBudget bool
	Work       int // the chain searches' work, in implications
}

// Found is a step a Search found, as the variant rater takes it: cells
// numbered as the houses' cells, symbol s for digit s. Its fields are of
// the language's types only.
type Found struct {
	Technique     uint8 // a Technique
	Rating        float64
	Score         int
	Cells         []int    // the pattern's cells
	Symbols       uint32   // the pattern's digits, bit s-1 for symbol s
	Text          string   // the step in words
	Place, Remove [][2]int // (cell, symbol)
}

// ErrStopped is Climb's error when the Search's stop (SetStop) was
// closed before the climb ended: there is no rating.
var ErrStopped = errors.New("logic: the solve was stopped")
