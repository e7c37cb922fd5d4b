package logic

import "slices"

// classicLadder is Sudoku Explainer 1.2.1's ladder: SukakuExplainer's
// without the techniques the fork added, which 1.2.1 finds only as the
// chains they are (turbot fish: skyscrapers, kites, empty rectangles as
// 6.6 x-chains; three and four strong links; the WXYZ, VWXYZ and UVWXYZ
// wings).
// Its producers and their order are Sudoku Explainer 1.2.1's (and skfr's,
// src/puzzle.cpp Traite_a and Traite, a port of it).
// Its nested forcing chains of level 4 and 5 are 1.2.1's, not the fork's.
var classicLadder = append(without(sukakuBase, "turbot fish", "three strong links", "four strong links", "wxyz-wing", "vwxyz-wing", "uvwxyz-wing"),
	nestedRung(nested2Mode), nestedRung(nested3Mode), nestedRung(nested4Mode), nestedRung(nested5Mode))

// without is the ladder with the rungs of the names left out; a name
// the ladder lacks is a mistake, and panics.
func without(ladder []rung, names ...string) []rung {
	out := slices.Clone(ladder)
	for _, n := range names {
		i := slices.IndexFunc(out, func(r rung) bool { return r.name == n })
		if i < 0 {
			panic("logic: no rung " + n)
		}
		out = slices.Delete(out, i, i+1)
	}
	return out
}
