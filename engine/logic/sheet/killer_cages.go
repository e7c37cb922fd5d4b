// Code generated from engine/logic/killer_cages.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"strconv"
	"strings"
)

// The killer's cage rungs: the last cell of a cage (1.1), a cage's
// combinations (2.1) and a digit every combination of a cage or hidden
// cage needs (2.7). The same reasoning over derived regions makes the
// rule of 45 (killer_45.go) and subtraction (killer_subtraction.go).
// Each step's words are said when the step is (Step.words), in the
// Search's language.

// findCageLastCell finds a cage with one empty cell: it holds the sum
// less the digits placed.
func (b *Board) findCageLastCell() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for i := range ks.kg.ncages {
		if st, ok := b.regionPlacement(ks.kg, i, CageLastCell); ok {
			return st, true
		}
	}
	return Step{}, false
}

// regionPlacement places the digit of region i's one empty cell: its sum
// less the digits placed in the others.
func (b *Board) regionPlacement(kg *killerGeometry, i int, t Technique) (Step, bool) {
	r := &kg.regions[i]
	cell, rest, placed, ok := b.lastEmpty(r)
	if !ok {
		return Step{}, false
	}
	st := newStep(t)
	st.Cells, st.Digits = r.cells, digitBit(rest)
	st.Place = []Candidate{{cell, rest}}
	st.words = func(say hinter) string {
		var terms []string
		for _, c := range placed {
			terms = append(terms, say.sym(int(b.Cells[c])))
		}
		calc := strconv.Itoa(r.sum)
		if len(terms) > 0 {
			calc += " - " + strings.Join(terms, " - ")
		}
		switch {
		case r.kind == rCage:
			return say.f("%s: last empty cell of %s: %s = %s", cellName(cell), kg.name(say, i), calc, strconv.Itoa(rest))
		case len(r.cells) == 1:
			return Capital(say.f("%s on %s: %s is %s", ruleName(say, r), kg.where(say, i), cellName(cell), r.why(say)))
		}
		return Capital(say.f("%s on %s: %s add up to %s; less the %s placed, %s is %s = %s", ruleName(say, r), kg.where(say, i),
			cellsName(r.cells), r.why(say), strings.Join(terms, ", "), cellName(cell), calc, strconv.Itoa(rest)))
	}
	return st, true
}

// lastEmpty finds region r's one empty cell and the digit that makes
// r's sum (a difference's: its innies less its outies) with the digits
// placed in the others, which it lists; ok is false when r has another
// empty cell, or none, or the digit is no candidate of the cell.
func (b *Board) lastEmpty(r *killerRegion) (cell, digit int, placed []int, ok bool) {
	cell, rest := -1, r.sum // what the empty cell's signed digit must be
	for _, c := range r.cells {
		v := int(b.Cells[c])
		switch {
		case v == 0 && cell >= 0:
			return 0, 0, nil, false
		case v == 0:
			cell = c
			continue
		case r.minus.has(c):
			rest += v
		default:
			rest -= v
		}
		placed = append(placed, c)
	}
	if cell < 0 {
		return 0, 0, nil, false
	}
	if r.minus.has(cell) {
		rest = -rest
	}
	if rest < 1 || rest > b.geo.n || !b.Cand[cell].Has(rest) {
		return 0, 0, nil, false
	}
	return cell, rest, placed, true
}

// ruleName is what a step over a derived region says first.
func ruleName(say hinter, r *killerRegion) string {
	if r.kind == rRemainder {
		return say.w("Subtraction")
	}
	return say.w("Rule of 45")
}

// findCageCombinations finds a cage whose cells hold candidates no
// combination of its sum can give them: the digit sets of its size that
// make the sum, placed in its cells' candidates with no digit twice.
func (b *Board) findCageCombinations() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for i := range ks.kg.ncages {
		if st, ok := b.regionRestriction(i, CageCombinations); ok {
			return st, true
		}
	}
	return Step{}, false
}

// open is region i and its state, the state nil when the region has no
// empty cell or no filling.
func (b *Board) open(i int) (*killerRegion, *regionState) {
	ks := b.kil
	r := &ks.kg.regions[i]
	if !b.hasEmpty(r) {
		return r, nil
	}
	if rs := ks.state(b, i); rs.ok {
		return r, rs
	}
	return r, nil
}

// regionRestriction cuts region i's cells to the digits its fillings give
// them, if that removes any candidate.
func (b *Board) regionRestriction(i int, t Technique) (Step, bool) {
	r, rs, st, ok := b.restriction(i, t)
	if !ok {
		return Step{}, false
	}
	kg := b.kil.kg
	st.words = func(say hinter) string {
		fill, combos, rm := fillings(say, r, rs), sayCombos(r, rs), say.removals(st.Remove)
		var text string
		switch {
		case r.kind == rCage && combos:
			text = say.f("%s can only be %s: %s", kg.name(say, i), fill, rm)
		case r.kind == rCage:
			text = say.f("%s can only hold digits of %s in these places: %s", kg.name(say, i), fill, rm)
		case combos:
			text = say.f("%s on %s: %s add up to %s, so they can only be %s: %s", ruleName(say, r), kg.where(say, i), cellsName(r.cells), r.why(say), fill, rm)
		default:
			text = say.f("%s on %s: %s add up to %s, so they can only hold digits of %s in these places: %s", ruleName(say, r), kg.where(say, i), cellsName(r.cells), r.why(say), fill, rm)
		}
		return Capital(text)
	}
	return st, true
}

// restriction is the step of technique t, its words unsaid, that cuts
// region i's cells to the digits its fillings give them, if that removes
// any candidate; and the region and its state.
func (b *Board) restriction(i int, t Technique) (*killerRegion, *regionState, Step, bool) {
	r, rs := b.open(i)
	if rs == nil {
		return nil, nil, Step{}, false
	}
	remove := b.restrict(r, rs)
	if len(remove) == 0 {
		return nil, nil, Step{}, false
	}
	st := newStep(t)
	st.Cells, st.Remove, st.Digits = r.cells, remove, stepDigits(remove)
	return r, rs, st, true
}

// fillings says what a region can hold: its combinations as sums, "1+2+4
// or 1+3+5", when sayCombos says there are few enough of them, else the
// digits its cells can hold, "1235" (always for cells that may repeat a
// digit). A step says them in a phrase of their own, since "it can only
// be" a sum and "it can only hold digits of" a set are said apart.
func fillings(say hinter, r *killerRegion, rs *regionState) string {
	if sayCombos(r, rs) {
		return say.comboText(rs.combos)
	}
	return say.syms(rs.allDigits())
}

// sayCombos reports whether fillings says r's combinations.
func sayCombos(r *killerRegion, rs *regionState) bool {
	return r.distinct && len(rs.combos) > 0 && len(rs.combos) <= maxComboText
}

func (b *Board) hasEmpty(r *killerRegion) bool {
	for _, c := range r.cells {
		if b.Cells[c] == 0 {
			return true
		}
	}
	return false
}

// findLockedCageDigit finds a digit every filling of a cage, or of one
// house's innies or outies, uses, whose places in it all see a cell
// outside: that cell loses it.
func (b *Board) findLockedCageDigit() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for i, r := range ks.kg.regions {
		if r.kind == rCage || r.kind == rInnies || r.kind == rOuties {
			if st, ok := b.regionLocked(i, LockedCageDigit); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// regionLocked finds a digit every filling of region i uses, not placed
// there yet, whose places in the region all see a cell outside with it.
func (b *Board) regionLocked(i int, t Technique) (Step, bool) {
	r, rs := b.open(i)
	if rs == nil {
		return Step{}, false
	}
	kg := b.kil.kg
	for x := rs.required; x != 0; x &= x - 1 {
		d := sfirst(x)
		seers, placed, any := b.geo.onBoard, false, false
		var holders []int
		for k, c := range r.cells {
			if b.Cells[c] == uint8(d) {
				placed = true
				break
			}
			if rs.allowed[k]&sbit(d) != 0 && b.Cells[c] == 0 {
				seers, any = seers.and(b.geo.peerSet[c]), true
				holders = append(holders, c)
			}
		}
		if placed || !any {
			continue
		}
		var remove []Candidate
		var seen []int
		for s := seers.andNot(r.set); !s.empty(); s = s.rest() {
			if c := s.first(); b.Cand[c].Has(d) {
				remove = append(remove, Candidate{c, d})
				seen = append(seen, c)
			}
		}
		if len(remove) == 0 {
			continue
		}
		st := newStep(t)
		st.Cells, st.Digits, st.Remove = r.cells, digitBit(d), remove
		st.words = func(say hinter) string {
			fill, combos, rm := fillings(say, r, rs), sayCombos(r, rs), say.removals(remove)
			sym, in, see := say.sym(d), cellsName(holders), cellsName(seen)
			var text string
			switch {
			case r.kind == rCage && combos:
				text = say.f("%s can only be %s, so it holds a %s, in %s, which all see %s: %s", kg.name(say, i), fill, sym, in, see, rm)
			case r.kind == rCage:
				text = say.f("%s can only hold digits of %s in these places, so it holds a %s, in %s, which all see %s: %s", kg.name(say, i), fill, sym, in, see, rm)
			case combos:
				text = say.f("%s on %s: %s add up to %s; they can only be %s, so it holds a %s, in %s, which all see %s: %s",
					ruleName(say, r), kg.where(say, i), cellsName(r.cells), r.why(say), fill, sym, in, see, rm)
			default:
				text = say.f("%s on %s: %s add up to %s; they can only hold digits of %s in these places, so it holds a %s, in %s, which all see %s: %s",
					ruleName(say, r), kg.where(say, i), cellsName(r.cells), r.why(say), fill, sym, in, see, rm)
			}
			return Capital(text)
		}
		return st, true
	}
	return Step{}, false
}
