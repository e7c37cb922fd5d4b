// Code generated from engine/logic/scale_classic.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "slices"

// classicLadder is Sudoku Explainer 1.2.1's ladder: SukakuExplainer's
// without the techniques the fork added, which 1.2.1 finds only as the
// chains they are (turbot fish: skyscrapers, kites, empty rectangles as
// 6.6 x-chains; three and four strong links; the WXYZ, VWXYZ and UVWXYZ
// wings).
// Its producers and their order are Sudoku Explainer 1.2.1's (and skfr's,
// src/puzzle.cpp Traite_a and Traite, a port of it).
// Its unique loops are 1.2.1's, without lkSudoku's fixes, and its
// nested forcing chains of level 4 and 5 are 1.2.1's, not the fork's.
var classicLadder = append(replaced(without(sukakuBase, "turbot fish", "three strong links", "four strong links", "wxyz-wing", "vwxyz-wing", "uvwxyz-wing"),
	rung{"unique rectangle", UniqueRectangle1.BaseRating(), func(b *Board) (Step, bool) { return b.findUniqueRectangle(false) }}),
	nestedRung(nested2Mode), nestedRung(nested3Mode), nestedRung(nested4Mode), nestedRung(nested5Mode))

// without is the ladder with the rungs of the names left out; a name
// the ladder lacks is a mistake, and panics.
func without(ladder []rung, names ...string) []rung {
	out := slices.Clone(ladder)
	for _, n := range names {
		i := slices.IndexFunc(out, func(r rung) bool { return r.Name == n })
		if i < 0 {
			panic("logic: no rung " + n)
		}
		out = slices.Delete(out, i, i+1)
	}
	return out
}

// replaced is the ladder with r in place of the rung of its name; a name
// the ladder lacks is a mistake, and panics.
func replaced(ladder []rung, r rung) []rung {
	out := slices.Clone(ladder)
	i := slices.IndexFunc(out, func(x rung) bool { return x.Name == r.Name })
	if i < 0 {
		panic("logic: no rung " + r.Name)
	}
	out[i] = r
	return out
}
