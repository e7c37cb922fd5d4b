package level

import "github.com/pressrun/pressrun/engine/variant"

// For is the built-in ladder of a variant's puzzles, on the Sudoku
// Explainer scale (er) that the variant rater (engine/variant/logic)
// gives every variant. Each ladder has only levels that its variant's
// generated puzzles reach often enough to make a book of (the
// calibration, with the share of generated puzzles per level, is in
// engine/variant/logic/RATING.md):
//   - 4x4: easy only. Every 4x4 puzzle, minimal or not, falls to hidden
//     singles in the boxes (er 1.2); there is no harder 4x4.
//   - 6x6: easy (hidden singles in the boxes), medium (in the lines, and
//     naked singles) and hard (locked candidates and beyond, one minimal
//     puzzle in twenty-five).
//   - 6x6 jigsaw: its regions make harder puzzles: classic's first three
//     levels and expert above er 4.4 (one minimal puzzle in twenty-five).
//   - 8x8, classic and the 9x9 variants (X, windoku, jigsaw): Default's
//     five levels. The extra houses give more singles, and the same
//     techniques feel as hard.
//   - 12x12 and 16x16: Default's names, but a step of the same rating is
//     harder to find among 144 or 256 cells, so every bound is lower:
//     naked singles are medium, locked candidates and pairs hard,
//     triples and wings expert, and anything above er 4.4 evil.
//   - killer (9x9): its own five levels, on the killer rungs' ratings:
//     easy is cage combinations and the rule of 45 on one house (er up
//     to 2.3), medium adds hidden cages and locked cage digits (KrazyDad's
//     "intermediate" killers rate 2.1-2.7), hard the rule of 45 over
//     several houses, innie-outie differences and subtraction (to er
//     3.3), expert cage clashes and the classic techniques up to er 6.5,
//     evil chains (dailykillersudoku.com's level 10 rates 3.2, 3.3, 3.9
//     and 4.1).
//     Merged killers seldom land in expert: above er 3.3 most need chains.
//   - killer 6x6: easy, medium and hard only: merged 6x6 killers rate
//     2.7 at most (hidden cages, locked cage digits), so there is nothing
//     to fill an expert or evil section with.
func For(v *variant.Variant) Ladder {
	d := Default()
	if _, err := variant.KillerSize(v.Name); err == nil {
		return killerLadder(v.Size) // a killer, or its kind without cages (variant.ForKind)
	}
	switch n := v.Size; {
	case n <= 4:
		return Ladder{
			{Name: "easy", Rules: []Rule{{Column: "er"}}, Description: "Hidden singles: each symbol has one place left in a box."},
		}
	case n <= 6 && !v.IsJigsaw():
		return Ladder{
			{Name: "easy", Rules: []Rule{{Column: "er", Max: ptr(1.2)}}, Description: "Hidden singles in the boxes: each digit has one place left in a box."},
			{Name: "medium", Rules: []Rule{{Column: "er", Min: ptr(1.2), Max: ptr(2.5)}}, Description: "Hidden singles in rows and columns, and naked singles."},
			{Name: "hard", Rules: []Rule{{Column: "er", Min: ptr(2.5)}}, Description: "Locked candidates, skyscrapers, turbot fish and XY-wings."},
		}
	case n <= 6:
		return Ladder{
			d[0], d[1], d[2],
			{Name: "expert", Rules: []Rule{{Column: "er", Min: ptr(4.4)}}, Description: "Quads, strong links, bent wings and chains."},
		}
	case n >= 12:
		return Ladder{
			{Name: "easy", Rules: []Rule{{Column: "er", Max: ptr(1.5)}}, Description: "Hidden singles: each symbol has one place left in a row, column or box."},
			{Name: "medium", Rules: []Rule{{Column: "er", Min: ptr(1.5), Max: ptr(2.3)}}, Description: "Naked singles, and direct pointing and claiming."},
			{Name: "hard", Rules: []Rule{{Column: "er", Min: ptr(2.3), Max: ptr(3.4)}}, Description: "Locked candidates, naked and hidden pairs, X-wings."},
			{Name: "expert", Rules: []Rule{{Column: "er", Min: ptr(3.4), Max: ptr(4.4)}}, Description: "Triples, swordfish, turbot fish, XY- and XYZ-wings."},
			{Name: "evil", Rules: []Rule{{Column: "er", Min: ptr(4.4)}}, Description: "Quads, jellyfish, bent wings, chains and forcing chains."},
		}
	}
	return d
}

// killerLadder is For's ladder of killers of side n (the calibration is
// in engine/variant/logic/RATING.md, killer section).
func killerLadder(n int) Ladder {
	easy := Level{Name: "easy", Rules: []Rule{{Column: "er", Max: ptr(2.3)}}, Description: "Cage combinations, the rule of 45 on one house, and singles."}
	if n <= 6 {
		return Ladder{
			{Name: "easy", Rules: []Rule{{Column: "er", Max: ptr(2.1)}}, Description: "Cage combinations, the rule of 45 on one house, and singles."},
			{Name: "medium", Rules: []Rule{{Column: "er", Min: ptr(2.1), Max: ptr(2.5)}}, Description: "Hidden cages: a house's innies and outies as a cage, and naked singles."},
			{Name: "hard", Rules: []Rule{{Column: "er", Min: ptr(2.5)}}, Description: "Locked cage digits, pointing and claiming, and beyond."},
		}
	}
	return Ladder{
		easy,
		{Name: "medium", Rules: []Rule{{Column: "er", Min: ptr(2.3), Max: ptr(2.8)}}, Description: "Hidden cages (innies and outies), locked cage digits, pointing and claiming."},
		{Name: "hard", Rules: []Rule{{Column: "er", Min: ptr(2.8), Max: ptr(3.3)}}, Description: "The rule of 45 over several houses, innie-outie differences, subtraction, naked pairs and X-wings."},
		{Name: "expert", Rules: []Rule{{Column: "er", Min: ptr(3.3), Max: ptr(6.5)}}, Description: "Cage clashes, triples, wings, quads and unique rectangles that keep the cages."},
		{Name: "evil", Rules: []Rule{{Column: "er", Min: ptr(6.5)}}, Description: "Chains and forcing chains on top of the cage arithmetic."},
	}
}
