package logic

import (
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// Innie-outie difference: by the rule of 45 over one to three houses,
// the innies of some of the cages that cross the houses' edge less the
// outies of the others make a number: the houses' total less the whole
// cages inside and the sums of the cages whose outies are taken ("r5c4 +
// r5c5 - r6c2 = 45 - 27 - 13 = 5"). Solvers of hard killers write these
// down first. A difference of few cells places its last empty cell, or
// cuts its cells to the digits that make it (3.2).

// findInnieOutieDifference takes the difference regions in turn: a
// placement if one has a single empty cell, else a cut.
func (s *Solver) findInnieOutieDifference(b *board) (Step, bool) {
	regions := s.kil.kg.regions
	for i := range regions {
		if r := &regions[i]; r.kind == rDifference {
			if st, ok := b.differencePlacement(r); ok {
				return st, true
			}
		}
	}
	for i := range regions {
		if r := &regions[i]; r.kind == rDifference {
			if st, ok := s.differenceRestriction(b, i); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// differencePlacement places the digit of a difference's one empty cell.
func (b *board) differencePlacement(r *sumRegion) (Step, bool) {
	cell, rest, cells, ok := b.lastEmpty(r)
	if !ok {
		return Step{}, false
	}
	var placed []string
	for _, c := range cells {
		placed = append(placed, b.cellName(c)+" = "+b.symbolName(int(b.val[c])))
	}
	st := newStep(InnieOutieDifference)
	st.Cells, st.Symbols = r.cells, bit(rest)
	st.Place = []Candidate{{cell, rest}}
	more, less := b.differenceSides(r)
	st.Text = classic.Capital(b.say.s("%s on %s: %s less %s make %s; with %s placed, %s is %s",
		b.say.w("Rule of 45"), r.where, more, less, r.why, strings.Join(placed, ", "), b.cellName(cell), b.symbolName(rest)))
	return st, true
}

// differenceRestriction cuts difference i's cells to the digits that make
// it, if that removes any candidate.
func (s *Solver) differenceRestriction(b *board, i int) (Step, bool) {
	r, _, st, ok := s.restriction(b, i, InnieOutieDifference)
	if !ok {
		return Step{}, false
	}
	more, less := b.differenceSides(r)
	st.Text = classic.Capital(b.say.s("%s on %s: %s less %s make %s, so: %s",
		b.say.w("Rule of 45"), r.where, more, less, r.why, b.removals(st.Remove)))
	return st, true
}

// differenceSides names a difference's sides, the one taken from first:
// "innies r5c4, r5c5" and "outies r6c2", the other way round when the
// outies make more.
func (b *board) differenceSides(r *sumRegion) (more, less string) {
	in := b.say.s("innies %s", b.cellsName(r.set.andNot(r.minus).list()))
	out := b.say.s("outies %s", b.cellsName(r.minus.list()))
	if r.sum < 0 {
		return out, in
	}
	return in, out
}
