package teach

import (
	"math/rand/v2"
	"slices"
)

// A dig toward an aim, for any kind: the kind's generator gives the full
// grid, its orbits and its rating of a trial puzzle.

// rating is a kind's rating of a trial puzzle, as far as the aim's
// ceiling: the solve's result, its judgement for the aim, whether it
// stopped above the ceiling, and the cells the solve filled.
type rating[R any] struct {
	result  R
	judged  Judgement
	stopped bool
	filled  []int
}

// verdict is what a dig makes of a trial puzzle.
type verdict uint8

const (
	refused verdict = iota // not unique, or beyond the aim
	repair                 // beyond the aim after a step of it
	towards                // within the aim, not yet meeting it
	meets                  // meets the aim
)

// digger digs one kind's puzzles toward an aim.
type digger[R any] struct {
	aim Aim
	// rate rates a trial puzzle (an error: not unique).
	rate func(trial []uint8) (rating[R], error)
	// easy, when not nil, reports a trial that needs no rating: solved by
	// steps below the aim (singles, when the aim has none), given that
	// the puzzle it was dug from, with the orbit's givens of solution
	// back, was. Removing givens never makes a puzzle easier, so once the
	// dig keeps a trial that was not, no later trial is, and easy is asked
	// no more.
	easy func(trial []uint8, orbit []int, solution []uint8) bool
}

// dig empties solution's orbits in their order, each while the puzzle
// stays unique and within the aim, and once it meets the aim, while it
// still does. Where a trial needs a step of the aim and then something
// harder, a given back where its solve stopped is tried (repair). It
// returns the puzzle, its rating and whether it meets the aim.
func (d digger[R]) dig(solution []uint8, orbits [][]int, rng *rand.Rand) ([]uint8, R, bool) {
	orbitOf := make([]int, len(solution))
	for i, o := range orbits {
		for _, c := range o {
			orbitOf[c] = i
		}
	}
	puzzle := slices.Clone(solution)
	trial := slices.Clone(solution)
	var last R
	met := false
	easy := d.easy != nil
	for _, orbit := range orbits {
		copy(trial, puzzle)
		for _, c := range orbit {
			trial[c] = 0
		}
		if easy && d.easy(trial, orbit, solution) {
			copy(puzzle, trial)
			continue
		}
		r, v := d.judge(trial)
		if v == repair && !met {
			r, v = d.repair(trial, solution, r, orbits, orbitOf, rng)
		}
		switch {
		case v == meets:
			met = true
		case v != towards || met:
			continue
		}
		copy(puzzle, trial)
		last = r.result
		easy = false // the puzzle is past what easy solves, and so is every trial of it
	}
	return puzzle, last, met
}

// judge rates trial and says what it is.
func (d digger[R]) judge(trial []uint8) (rating[R], verdict) {
	r, err := d.rate(trial)
	if err != nil {
		return r, refused
	}
	j := r.judged
	switch {
	case r.stopped || !d.aim.towards(j):
		if j.Steps > 0 && j.Other <= max(d.aim.floor(), j.Top) {
			return r, repair
		}
		return r, refused
	case d.aim.Met(j):
		return r, meets
	}
	return r, towards
}

// repairs bounds the givens a repair tries.
const repairs = 6

// repair gives trial back the orbit of a cell its solve r had not filled
// where it stopped, for a few cells drawn from rng, and keeps the first
// that brings it within the aim (trial then holds it); else trial is
// refused, and as it was.
func (d digger[R]) repair(trial, solution []uint8, r rating[R], orbits [][]int, orbitOf []int, rng *rand.Rand) (rating[R], verdict) {
	filled := make([]bool, len(trial))
	for _, c := range r.filled {
		filled[c] = true
	}
	var open []int
	for c, v := range trial {
		if v == 0 && !filled[c] {
			open = append(open, c)
		}
	}
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	for _, c := range open[:min(len(open), repairs)] {
		for _, e := range orbits[orbitOf[c]] {
			trial[e] = solution[e]
		}
		if fixed, v := d.judge(trial); v == meets || v == towards {
			return fixed, v
		}
		for _, e := range orbits[orbitOf[c]] {
			trial[e] = 0
		}
	}
	return r, refused
}
