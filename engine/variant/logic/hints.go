package logic

import (
	"slices"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// Hints are up to n hints for a variant puzzle from its solve, res, as
// the classic rater's logic.Hints picks them: the texts of the first
// steps past singles (and on a killer past the cage steps, its everyday
// moves, but for cage clashes and house combinations, which are not),
// where a reader who has done every one of those gets stuck, in
// solve order, a step on the pattern of one already chosen passed over;
// for a puzzle that those alone solve, its first cage steps, else its
// hardest singles (naked, then hidden in a line, then in a box). Guesses
// get no hint. The texts are in the language of the Solver that made res
// (NewSolverIn).
func Hints(res Result, n int) []string {
	var out []string
	var chosen []*Step
	for i := range res.Steps {
		s := &res.Steps[i]
		f := s.Technique.Family()
		if len(out) == n || f == classic.Singles || everydayCage(s) || s.Technique == Guess {
			continue
		}
		if !slices.ContainsFunc(chosen, func(c *Step) bool { return samePattern(c, s) }) {
			chosen = append(chosen, s)
			out = append(out, s.Text)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, s := range res.Steps {
		if s.Technique.Family() == classic.Cages && len(out) < n && !slices.Contains(out, s.Text) {
			out = append(out, s.Text)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, t := range []Technique{NakedSingle, HiddenSingleLine, HiddenSingleBox, LastValue} {
		for _, s := range res.Steps {
			if s.Technique == t && len(out) < n {
				out = append(out, s.Text)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// everydayCage reports whether s is one of a killer's everyday cage
// steps: a cage step below cage clashes.
func everydayCage(s *Step) bool {
	return s.Technique.Family() == classic.Cages && s.Technique != CageClash && s.Technique != HouseCombinations
}

// samePattern reports whether two steps use the same technique on the
// same cells and symbols.
func samePattern(a, b *Step) bool {
	return a.Technique == b.Technique && a.Symbols == b.Symbols && slices.Equal(a.Cells, b.Cells)
}
