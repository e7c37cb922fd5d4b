// Code generated from engine/logic/killer_45.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// The rule of 45: a house holds 1 to n once each, n(n+1)/2 in all (45 on
// a 9x9), so the cells of a house in cages that stick out of it (its
// innies) add up to that less the cages wholly inside, and the cells
// outside of the cages that stick in (its outies) to those cages' sums
// less the innies'. One cell so found is placed (rule of 45, 2.0);
// several are a hidden cage, cut to its combinations like a cage (2.5);
// over two or three adjacent rows, columns or boxes both are one rung,
// 3.1, a digit every filling needs included.

// findRuleOf45 places the one empty cell of one house's innies or outies.
func (b *Board) findRuleOf45() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for i, r := range ks.kg.regions {
		if r.kind == rInnies || r.kind == rOuties {
			if st, ok := b.regionPlacement(ks.kg, i, RuleOf45); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// findHiddenCage cuts one house's innies or outies to their fillings.
func (b *Board) findHiddenCage() (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	for i, r := range ks.kg.regions {
		if r.kind == rInnies || r.kind == rOuties {
			if st, ok := b.regionRestriction(i, HiddenCage); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// findRuleOf45Houses is the rule of 45 over two or three adjacent houses:
// a placement, a hidden cage's cut, or a digit it needs.
func (b *Board) findRuleOf45Houses() (Step, bool) {
	return b.derived(rInnies2, rOuties2, RuleOf45Houses)
}

// derived takes the regions of kinds k1 and k2 in turn: a placement if
// one has a single empty cell, else a cut to their fillings, else a digit
// they need.
func (b *Board) derived(k1, k2 regionKind, t Technique) (Step, bool) {
	ks := b.killer()
	if ks == nil {
		return Step{}, false
	}
	regions := ks.kg.regions
	for i, r := range regions {
		if r.kind == k1 || r.kind == k2 {
			if st, ok := b.regionPlacement(ks.kg, i, t); ok {
				return st, true
			}
		}
	}
	for i, r := range regions {
		if r.kind == k1 || r.kind == k2 {
			if st, ok := b.regionRestriction(i, t); ok {
				return st, true
			}
		}
	}
	for i, r := range regions {
		if r.kind == k1 || r.kind == k2 {
			if st, ok := b.regionLocked(i, t); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}
