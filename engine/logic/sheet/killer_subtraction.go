// Code generated from engine/logic/killer_subtraction.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// Subtraction: a cage or hidden cage lying inside another region leaves
// the rest of it adding up to the difference of their sums (a cage inside
// a house's innies or outies, a one-house hidden cage inside a two-house
// one). The remainder is used as a cage: a placement, a cut to its
// fillings, or a digit it needs (3.3).

// findCageSubtraction uses the remainders.
func (b *Board) findCageSubtraction() (Step, bool) {
	return b.derived(rRemainder, rRemainder, CageSubtraction)
}
