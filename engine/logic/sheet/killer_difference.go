// Code generated from engine/logic/killer_difference.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "strings"

// Innie-outie difference: by the rule of 45 over one to three houses,
// the innies of some of the cages that cross the houses' edge less the
// outies of the others make a number: the houses' total less the whole
// cages inside and the sums of the cages whose outies are taken ("r5c4 +
// r5c5 - r6c2 = 45 - 27 - 13 = 5"). Solvers of hard killers write these
// down first. A difference of few cells places its last empty cell, or
// cuts its cells to the digits that make it (3.2).

// findInnieOutieDifference takes the difference regions in turn: a
// placement if one has a single empty cell, else a cut.
func (b *Board) findInnieOutieDifference() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	regions := ks.kg.regions
	for i := range regions {
		if regions[i].kind == rDifference {
			if st, ok := b.differencePlacement(ks.kg, i); ok {
				return st, true
			}
		}
	}
	for i := range regions {
		if regions[i].kind == rDifference {
			if st, ok := b.differenceRestriction(ks.kg, i); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// differencePlacement places the digit of difference i's one empty cell.
func (b *Board) differencePlacement(kg *killerGeometry, i int) (Step, bool) {
	r := &kg.regions[i]
	cell, rest, cells, ok := b.lastEmpty(r)
	if !ok {
		return Step{}, false
	}
	st := newStep(InnieOutieDifference)
	st.Cells, st.Digits = r.cells, digitBit(rest)
	st.Place = []Candidate{{cell, rest}}
	st.words = func(say hinter) string {
		var placed []string
		for _, c := range cells {
			placed = append(placed, cellName(c)+" = "+say.sym(int(b.Cells[c])))
		}
		more, less := differenceSides(say, r)
		return Capital(say.f("%s on %s: %s less %s make %s; with %s placed, %s is %s",
			say.w("Rule of 45"), kg.where(say, i), more, less, r.why(say), strings.Join(placed, ", "), cellName(cell), say.sym(rest)))
	}
	return st, true
}

// differenceRestriction cuts difference i's cells to the digits that make
// it, if that removes any candidate.
func (b *Board) differenceRestriction(kg *killerGeometry, i int) (Step, bool) {
	r, _, st, ok := b.restriction(i, InnieOutieDifference)
	if !ok {
		return Step{}, false
	}
	remove := st.Remove
	st.words = func(say hinter) string {
		more, less := differenceSides(say, r)
		return Capital(say.f("%s on %s: %s less %s make %s, so: %s",
			say.w("Rule of 45"), kg.where(say, i), more, less, r.why(say), say.removals(remove)))
	}
	return st, true
}

// differenceSides names a difference's sides, the one taken from first:
// "innies r5c4, r5c5" and "outies r6c2", the other way round when the
// outies make more.
func differenceSides(say hinter, r *killerRegion) (more, less string) {
	in := say.f("innies %s", cellsName(r.set.andNot(r.minus).list()))
	out := say.f("outies %s", cellsName(r.minus.list()))
	if r.sum < 0 {
		return out, in
	}
	return in, out
}
