package level

import "github.com/pressrun/pressrun/engine/variant"

// For is the built-in ladder of a variant's puzzles. Classic 9x9 and the
// 9x9 variants (X, windoku, jigsaw) have Default's levels: their extra
// houses give more singles, and the same techniques feel as hard. The
// small grids stop where their techniques run out: a 4x4 has no room for
// more than singles and pointing, a 6x6 none for fish beyond X-wings.
// 16x16 and 12x12 have Default's names, but a step of the same rating is
// harder to find among 256 cells, so every bound is lower.
//
// The bounds are on the Sudoku Explainer scale (er); how each ladder was
// set is in this package's doc (RATING.md's rules per variant).
func For(v *variant.Variant) Ladder {
	d := Default()
	switch n := v.Size; {
	case n <= 4:
		return Ladder{
			{"easy", []Rule{{Column: "er", Max: ptr(1.2)}}, "Hidden singles: each symbol has one place left in a row, column or box."},
			{"medium", []Rule{{Column: "er", Min: ptr(1.2)}}, "Naked singles and pointing."},
		}
	case n <= 8:
		return Ladder{
			{"easy", []Rule{{Column: "er", Max: ptr(1.5)}}, d[0].Description},
			{"medium", []Rule{{Column: "er", Min: ptr(1.5), Max: ptr(2.5)}}, d[1].Description},
			{"hard", []Rule{{Column: "er", Min: ptr(2.5)}}, "Locked candidates, pairs and triples, X-wings."},
		}
	case n >= 12:
		return Ladder{
			{"easy", []Rule{{Column: "er", Max: ptr(1.5)}}, d[0].Description},
			{"medium", []Rule{{Column: "er", Min: ptr(1.5), Max: ptr(2.3)}}, d[1].Description},
			{"hard", []Rule{{Column: "er", Min: ptr(2.3), Max: ptr(3.6)}}, "Locked candidates, pairs and X-wings."},
			{"expert", []Rule{{Column: "er", Min: ptr(3.6)}}, "Triples, swordfish, wings and chains."},
		}
	}
	return d
}
