package logic

import classic "github.com/pressrun/pressrun/engine/logic"

// Clashes: two cages (or hidden cages) whose cells all see each other,
// as two cages in one row, use different digits, so a combination of one
// that shares a digit with every combination the other has left is ruled
// out (3.9).

// findCageClash finds a pair of regions that rules out combinations of
// one of them, and cuts its cells to the combinations left.
func (s *Solver) findCageClash(b *board) (Step, bool) {
	ks := s.kil
	for _, p := range ks.kg.clashes {
		for _, ab := range [2][2]int{{p[0], p[1]}, {p[1], p[0]}} {
			if st, ok := s.clash(b, ab[0], ab[1]); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// clash cuts region a to its combinations that leave region b one.
func (s *Solver) clash(b *board, a, o int) (Step, bool) {
	ks := s.kil
	ra, sa := s.open(b, a)
	ro, so := &ks.kg.regions[o], ks.state(b, o)
	if sa == nil || !so.ok {
		return Step{}, false
	}
	others := so.combos
	keep := func(m uint32) bool {
		for _, x := range others {
			if m&x == 0 {
				return true
			}
		}
		return false
	}
	var out []uint32
	for _, m := range sa.combos {
		if !keep(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return Step{}, false
	}
	cut := &ks.scratch
	cut.snap = append(cut.snap[:0], sa.snap...)
	ks.fillDistinct(b, cut, ra.sum, keep)
	if !cut.ok {
		return Step{}, false
	}
	remove := b.restrict(ra, cut)
	if len(remove) == 0 {
		return Step{}, false
	}
	st := newStep(CageClash)
	st.Cells, st.Remove = append(append([]int{}, ra.cells...), ro.cells...), remove
	for _, x := range remove {
		st.Symbols |= bit(x.Symbol)
	}
	ruled := b.comboText(out)
	if ruled == "" {
		ruled = b.say.s("%s of its combinations", num(len(out)))
	}
	one, other, fill, rm := ra.name(b.geometry), ro.name(b.geometry), b.fillings(ra, cut), b.removals(remove)
	switch {
	case b.combos(ra, cut):
		st.Text = b.say.s("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so it can only be %s: %s", one, other, ruled, fill, rm)
	case cut.allDigits() == b.all:
		// Its cells together still hold every digit: say what goes
		// rather than "digits of 123456789".
		st.Text = b.say.s("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so its cells keep only the digits its remaining combinations give them: %s", one, other, ruled, rm)
	default:
		st.Text = b.say.s("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so it can only hold digits of %s in these places: %s", one, other, ruled, fill, rm)
	}
	st.Text = classic.Capital(st.Text)
	return st, true
}
