package teach

import (
	"fmt"
	"iter"

	"github.com/pressrun/pressrun/engine/logic"
)

// Aim is what a chapter's puzzles must hold: steps of any of Techniques,
// at least Require of them, each rated at most its technique's Ceiling,
// and no other step rated above the hardest of them. The solve takes the
// simplest step available at every point (the rater's ladder), so each
// such step comes where nothing simpler applies.
type Aim struct {
	Techniques []Technique
	Require    int // 0 means 1
}

// Check says what is wrong with an aim: no technique, a technique twice,
// or a Require below 0.
func (a Aim) Check() error {
	if len(a.Techniques) == 0 {
		return fmt.Errorf("teach: no technique")
	}
	if a.Require < 0 {
		return fmt.Errorf("teach: require %d: want 1 or more", a.Require)
	}
	seen := map[string]bool{}
	for _, t := range a.Techniques {
		if seen[t.Name] {
			return fmt.Errorf("teach: technique %s named twice", t.Name)
		}
		seen[t.Name] = true
	}
	return nil
}

// Names are the aim's techniques' names, comma-joined: "x-wing,swordfish".
func (a Aim) Names() string {
	s := ""
	for i, t := range a.Techniques {
		if i > 0 {
			s += ","
		}
		s += t.Name
	}
	return s
}

// Ceiling is the highest rating a step of the aim may have: the solve is
// stopped above it (logic.Options.StopAbove).
func (a Aim) Ceiling() float64 {
	c := 0.0
	for _, t := range a.Techniques {
		c = max(c, t.Ceiling())
	}
	return c
}

// floor is the hardest a solve may be before any step of the aim is in
// it: the highest of the techniques' ratings.
func (a Aim) floor() float64 {
	f := 0.0
	for _, t := range a.Techniques {
		f = max(f, t.Rating())
	}
	return f
}

// Has reports whether m is one of the aim's techniques.
func (a Aim) Has(m logic.Technique) bool {
	_, ok := a.has(m)
	return ok
}

// has reports whether m is one of the aim's techniques, and the ceiling
// of that technique.
func (a Aim) has(m logic.Technique) (float64, bool) {
	for _, t := range a.Techniques {
		if t.Has(m) {
			return t.Ceiling(), true
		}
	}
	return 0, false
}

// Judgement is what a solve's steps say of a puzzle for the aim.
type Judgement struct {
	Steps int     // the steps of the aim's techniques
	First int     // the place of the first of them in the solve (-1: none)
	Top   float64 // the highest rating of them
	Other float64 // the highest rating of the other steps
	// Over: a step of the aim rated above its technique's ceiling, or a
	// guess (a step no technique explains).
	Over bool
	// Leads: the first of the solve's hardest steps is the aim's, as a
	// rater that names a puzzle's hardest technique names it (Sudoku
	// Explainer's %R names the first); false when another technique's
	// step of the same rating comes before.
	Leads bool
}

// Judge reads a solve's steps, each its technique and rating.
func (a Aim) Judge(steps iter.Seq2[logic.Technique, float64]) Judgement {
	j := Judgement{First: -1}
	i := 0
	hardest := -1.0
	for t, r := range steps {
		if t == logic.Guess {
			j.Over = true
		}
		c, mine := a.has(t)
		if r > hardest+1e-9 {
			hardest, j.Leads = r, mine
		}
		if mine {
			if j.First < 0 {
				j.First = i
			}
			j.Steps++
			j.Top = max(j.Top, r)
			j.Over = j.Over || r > c+1e-9
		} else {
			j.Other = max(j.Other, r)
		}
		i++
	}
	return j
}

// Met reports whether the judged solve serves the aim: enough steps of its
// techniques, none above its ceiling, nothing else rated above them, and
// no other step as hard before the first of its hardest.
func (a Aim) Met(j Judgement) bool {
	return !j.Over && j.Steps >= max(a.Require, 1) && j.Other <= j.Top+1e-9 && j.Leads
}

// towards reports whether a puzzle being dug may go on towards the aim:
// nothing in it rated above what the aim allows so far (its techniques'
// highest rating, or the highest of its steps of them).
func (a Aim) towards(j Judgement) bool {
	return !j.Over && j.Other <= max(a.floor(), j.Top)+1e-9
}

// ClassicSteps are a classic solve's steps as Judge reads them.
func ClassicSteps(steps []logic.Step) iter.Seq2[logic.Technique, float64] {
	return func(yield func(logic.Technique, float64) bool) {
		for _, s := range steps {
			if !yield(s.Technique, s.Rating) {
				return
			}
		}
	}
}
