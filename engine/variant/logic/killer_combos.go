package logic

import (
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// The killer's cage rungs: the last cell of a cage (1.1), a cage's
// combinations (2.1) and a digit every combination of a cage or hidden
// cage needs (2.7). The same reasoning over derived regions makes the
// rule of 45 (killer_45.go) and subtraction (killer_subtraction.go).

// findCageLastCell finds a cage with one empty cell: it holds the sum
// less the digits placed.
func (s *Solver) findCageLastCell(b *board) (Step, bool) {
	kg := s.kil.kg
	for i := range kg.ncages {
		if st, ok := b.regionPlacement(&kg.regions[i], CageLastCell); ok {
			return st, true
		}
	}
	return Step{}, false
}

// regionPlacement places the digit of a region's one empty cell: its sum
// less the digits placed in the others.
func (b *board) regionPlacement(r *sumRegion, t Technique) (Step, bool) {
	cell, rest, placed, ok := b.lastEmpty(r)
	if !ok {
		return Step{}, false
	}
	var terms []string
	for _, c := range placed {
		terms = append(terms, b.symbolName(int(b.val[c])))
	}
	st := newStep(t)
	st.Cells, st.Symbols = r.cells, bit(rest)
	st.Place = []Candidate{{cell, rest}}
	calc := num(r.sum)
	if len(terms) > 0 {
		calc += " - " + strings.Join(terms, " - ")
	}
	switch {
	case r.kind == rCage:
		st.Text = b.say.s("%s: last empty cell of %s: %s = %s", b.cellName(cell), r.name(b.geometry), calc, num(rest))
	case len(r.cells) == 1:
		st.Text = classic.Capital(b.say.s("%s on %s: %s is %s", b.ruleName(r), r.where, b.cellName(cell), r.why))
	default:
		st.Text = classic.Capital(b.say.s("%s on %s: %s add up to %s; less the %s placed, %s is %s = %s", b.ruleName(r), r.where,
			b.cellsName(r.cells), r.why, strings.Join(terms, ", "), b.cellName(cell), calc, num(rest)))
	}
	return st, true
}

// lastEmpty finds region r's one empty cell and the digit that makes
// r's sum (a difference's: its innies less its outies) with the digits
// placed in the others, which it lists; ok is false when r has another
// empty cell, or none, or the digit is no candidate of the cell.
func (b *board) lastEmpty(r *sumRegion) (cell, digit int, placed []int, ok bool) {
	cell, rest := -1, r.sum // what the empty cell's signed digit must be
	for _, c := range r.cells {
		v := int(b.val[c])
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
	if rest < 1 || rest > b.n || b.cand[cell]&bit(rest) == 0 {
		return 0, 0, nil, false
	}
	return cell, rest, placed, true
}

// ruleName is what a step over a derived region says first.
func (b *board) ruleName(r *sumRegion) string {
	if r.kind == rRemainder {
		return b.say.w("Subtraction")
	}
	return b.say.w("Rule of 45")
}

// findCageCombinations finds a cage whose cells hold candidates no
// combination of its sum can give them: the digit sets of its size that
// make the sum, placed in its cells' candidates with no digit twice.
func (s *Solver) findCageCombinations(b *board) (Step, bool) {
	kg := s.kil.kg
	for i := range kg.ncages {
		if st, ok := s.regionRestriction(b, i, CageCombinations); ok {
			return st, true
		}
	}
	return Step{}, false
}

// open is region i and its state, the state nil when the region has no
// empty cell or no filling.
func (s *Solver) open(b *board, i int) (*sumRegion, *regionState) {
	r := &s.kil.kg.regions[i]
	if !b.hasEmpty(r) {
		return r, nil
	}
	if rs := s.kil.state(b, i); rs.ok {
		return r, rs
	}
	return r, nil
}

// regionRestriction cuts region i's cells to the digits its fillings give
// them, if that removes any candidate.
func (s *Solver) regionRestriction(b *board, i int, t Technique) (Step, bool) {
	r, rs, st, ok := s.restriction(b, i, t)
	if !ok {
		return Step{}, false
	}
	fill, combos, rm := b.fillings(r, rs), b.combos(r, rs), b.removals(st.Remove)
	switch {
	case r.kind == rCage && combos:
		st.Text = b.say.s("%s can only be %s: %s", r.name(b.geometry), fill, rm)
	case r.kind == rCage:
		st.Text = b.say.s("%s can only hold digits of %s in these places: %s", r.name(b.geometry), fill, rm)
	case combos:
		st.Text = b.say.s("%s on %s: %s add up to %s, so they can only be %s: %s", b.ruleName(r), r.where, b.cellsName(r.cells), r.why, fill, rm)
	default:
		st.Text = b.say.s("%s on %s: %s add up to %s, so they can only hold digits of %s in these places: %s", b.ruleName(r), r.where, b.cellsName(r.cells), r.why, fill, rm)
	}
	st.Text = classic.Capital(st.Text)
	return st, true
}

// restriction is the step of technique t, its text unsaid, that cuts
// region i's cells to the digits its fillings give them, if that removes
// any candidate; and the region and its state.
func (s *Solver) restriction(b *board, i int, t Technique) (*sumRegion, *regionState, Step, bool) {
	r, rs := s.open(b, i)
	if rs == nil {
		return nil, nil, Step{}, false
	}
	remove := b.restrict(r, rs)
	if len(remove) == 0 {
		return nil, nil, Step{}, false
	}
	st := newStep(t)
	st.Cells, st.Remove = r.cells, remove
	for _, x := range remove {
		st.Symbols |= bit(x.Symbol)
	}
	return r, rs, st, true
}

// fillings says what a region can hold: its combinations as sums, "1+2+4
// or 1+3+5", when combos says there are few enough of them, else the
// digits its cells can hold, "1235" (always for cells that may repeat a
// digit). A step says them in a phrase of their own, since "it can only
// be" a sum and "it can only hold digits of" a set are said apart.
func (b *board) fillings(r *sumRegion, rs *regionState) string {
	if b.combos(r, rs) {
		return b.comboText(rs.combos)
	}
	return b.symbolsName(rs.allDigits())
}

// combos reports whether fillings says r's combinations.
func (b *board) combos(r *sumRegion, rs *regionState) bool {
	return r.distinct && len(rs.combos) > 0 && len(rs.combos) <= maxComboText
}

func (b *board) hasEmpty(r *sumRegion) bool {
	for _, c := range r.cells {
		if b.val[c] == 0 {
			return true
		}
	}
	return false
}

// findLockedCageDigit finds a digit every filling of a cage, or of one
// house's innies or outies, uses, whose places in it all see a cell
// outside: that cell loses it.
func (s *Solver) findLockedCageDigit(b *board) (Step, bool) {
	for i, r := range s.kil.kg.regions {
		if r.kind == rCage || r.kind == rInnies || r.kind == rOuties {
			if st, ok := s.regionLocked(b, i, LockedCageDigit); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// regionLocked finds a digit every filling of region i uses, not placed
// there yet, whose places in the region all see a cell outside with it.
func (s *Solver) regionLocked(b *board, i int, t Technique) (Step, bool) {
	r, rs := s.open(b, i)
	if rs == nil {
		return Step{}, false
	}
	for x := rs.required; x != 0; x &= x - 1 {
		d := first(x)
		seers, placed, any := b.holding(d), false, false
		var holders []int
		for k, c := range r.cells {
			if b.val[c] == uint8(d) {
				placed = true
				break
			}
			if rs.allowed[k]&bit(d) != 0 && b.val[c] == 0 {
				seers, any = seers.and(b.peers[c]), true
				holders = append(holders, c)
			}
		}
		if placed || !any {
			continue
		}
		seers = seers.andNot(r.set)
		if seers.empty() {
			continue
		}
		var remove []Candidate
		for _, c := range seers.list() {
			remove = append(remove, Candidate{c, d})
		}
		st := newStep(t)
		st.Cells, st.Symbols, st.Remove = r.cells, bit(d), remove
		fill, combos, rm := b.fillings(r, rs), b.combos(r, rs), b.removals(remove)
		sym, in, see := b.symbolName(d), b.cellsName(holders), b.cellsName(seers.list())
		switch {
		case r.kind == rCage && combos:
			st.Text = b.say.s("%s can only be %s, so it holds a %s, in %s, which all see %s: %s", r.name(b.geometry), fill, sym, in, see, rm)
		case r.kind == rCage:
			st.Text = b.say.s("%s can only hold digits of %s in these places, so it holds a %s, in %s, which all see %s: %s", r.name(b.geometry), fill, sym, in, see, rm)
		case combos:
			st.Text = b.say.s("%s on %s: %s add up to %s; they can only be %s, so it holds a %s, in %s, which all see %s: %s",
				b.ruleName(r), r.where, b.cellsName(r.cells), r.why, fill, sym, in, see, rm)
		default:
			st.Text = b.say.s("%s on %s: %s add up to %s; they can only hold digits of %s in these places, so it holds a %s, in %s, which all see %s: %s",
				b.ruleName(r), r.where, b.cellsName(r.cells), r.why, fill, sym, in, see, rm)
		}
		st.Text = classic.Capital(st.Text)
		return st, true
	}
	return Step{}, false
}

// allDigits is the digits the region's cells can hold, together.
func (rs *regionState) allDigits() uint32 {
	var all uint32
	for _, x := range rs.allowed {
		all |= x
	}
	return all
}
