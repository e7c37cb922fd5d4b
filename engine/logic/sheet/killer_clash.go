// Code generated from engine/logic/killer_clash.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "strconv"

// Clashes: two cages (or hidden cages) whose cells all see each other,
// as two cages in one row, use different digits, so a combination of one
// that shares a digit with every combination the other has left is ruled
// out (3.9).

// findCageClash finds a pair of regions that rules out combinations of
// one of them, and cuts its cells to the combinations left.
func (b *Board) findCageClash() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for _, p := range ks.kg.clashes {
		for _, ab := range [2][2]int{{p[0], p[1]}, {p[1], p[0]}} {
			if st, ok := b.clash(ab[0], ab[1]); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// clash cuts region a to its combinations that leave region o one.
func (b *Board) clash(a, o int) (Step, bool) {
	ks := b.kil
	kg := ks.kg
	ra, sa := b.open(a)
	ro, so := &kg.regions[o], ks.state(b, o)
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
	st.Cells, st.Remove, st.Digits = append(append([]int{}, ra.cells...), ro.cells...), remove, stepDigits(remove)
	all := toSet(b.geo.all)
	st.words = func(say hinter) string {
		ruled := say.comboText(out)
		if ruled == "" {
			ruled = say.f("%s of its combinations", strconv.Itoa(len(out)))
		}
		one, other, fill, rm := kg.name(say, a), kg.name(say, o), fillings(say, ra, cut), say.removals(remove)
		var text string
		switch {
		case sayCombos(ra, cut):
			text = say.f("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so it can only be %s: %s", one, other, ruled, fill, rm)
		case cut.allDigits() == all:
			// Its cells together still hold every digit: say what goes
			// rather than "digits of 123456789".
			text = say.f("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so its cells keep only the digits its remaining combinations give them: %s", one, other, ruled, rm)
		default:
			text = say.f("%s and %s see each other, so their digits differ: the first can be no %s (each clashes with every combination the second has left), so it can only hold digits of %s in these places: %s", one, other, ruled, fill, rm)
		}
		return Capital(text)
	}
	return st, true
}
