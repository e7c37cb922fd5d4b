// Package logic rates the puzzles of every variant the way package
// engine/logic rates classic ones: a solver that applies, at each step,
// the simplest technique that makes progress, over the variant's houses
// (rows, columns, boxes or jigsaw regions, and extra houses such as Sudoku
// X's diagonals and windoku's windows), and gives er, ep, ed and score on
// the classic rater's scale, Sudoku Explainer's. Techniques, their keys,
// ratings and step costs are the classic rater's (the Technique type is
// engine/logic's), so "hidden-single-box" or "xy-wing" means the same in
// every variant's ratings.
//
// The ladder, in Sudoku Explainer's order: last value (full house),
// hidden singles, direct pointing and claiming, direct hidden pairs,
// naked singles, direct hidden triples, locked candidates between any
// two intersecting houses, naked and hidden pairs, triples and quads in
// any house, X-wings, swordfish and jellyfish over every pair of house
// families, the turbot fish family (skyscraper, 2-string kite, turbot
// fish, empty rectangle), XY- and XYZ-wings, unique rectangles and
// loops (where swapping the loop's two symbols keeps every house
// whole), strong-linked fish, WXYZ- and VWXYZ-wings, aligned pair
// exclusion, BUG after the WXYZ-wings (not on a killer), then forcing
// chains and cycles. Every rung, a killer's cage rungs too, is
// engine/logic's (its rungs.go), over the variant's houses, and so is
// the climb (its Search.Climb: the step by step solve, the guess, the
// rating rules), on 12x12 and 16x16 the same solver built for a 16x16
// frame (engine/logic/wide), on a gattai for a 21x21 sheet
// (engine/logic/sheet), its houses named by their grid ("row 3 of grid
// 2"); this package chooses each kind's ladder
// (ladder.go, dynamic.go) and gives the result in the variant's terms.
// The rungs: the singles, locked candidates and subsets, the fish, the
// turbot fish and strong-linked fish (the sukaku scale's strong links,
// grouped links and loops over any houses), the XY- and XYZ-wings, the
// unique rectangles and loops (the sukaku scale's, every house and a
// killer's every cage kept whole by the swap),
// the WXYZ- and VWXYZ-wings (the sukaku scale's bent sets), aligned
// pair exclusion, BUG, the forcing chains
// and cycles (X-, Y- and XY-cycles, X-chains, W-wings, XY-chains, AICs,
// with SE's length bonus), nishio, static multiple
// forcing chains (contradiction, cell, region), dynamic forcing chains,
// dynamic forcing chains plus and nested forcing chains of levels 2 to 5
// (a killer's cages as peers, its sums and the rule of 45's regions as
// links); and at last a guess (11.0, counted in Result.Guesses), where
// the chains' budget runs out, so that every puzzle with one solution is
// finished and rated.
//
// A box-like house (a box, a jigsaw region, a window) rates hidden
// singles as a box (1.2) and makes locked candidates pointing (2.6); a
// line-like one (a row, a column, a diagonal: any house spanning every
// row or every column) rates them as a line (1.5) and makes them
// claiming (2.8).
//
// A killer (cages with sums) has its own ladder: the classic rungs and,
// between them by rating, engine/logic's cage rungs (KillerRungs: cage
// last cell 1.1, rule of 45 2.0, cage combinations 2.1, hidden cages
// 2.5, locked cage digits 2.7, the rule of 45 over two or three houses
// 3.1, innie-outie differences 3.2, cage subtraction 3.3, cage clashes
// 3.9, house combinations 4.0 and up); unique rectangles and loops only
// where the swap keeps every cage's sum. RATING.md's killer section has
// the calibration on published killers.
//
// Solve (or a Solver, which keeps a variant's tables between puzzles)
// rates a puzzle; Result.Column gives its er, ep, ed, score, steps and
// guesses to level.Ladder.Of. Solver.Dig digs a solution to a puzzle
// rated at most a bound, the way a level-aimed generator reaches the
// levels below a ladder's top.
//
// On classic 9x9 it gives the classic rater's er, ep, ed, score and
// technique counts on each of the 70 puzzles of its test sample whose
// hardest step rates at most 5.4; RATING.md has the agreement
// above that, the speed, and the calibration of the per-variant ladders
// (level.For). Classic puzzles themselves are rated by engine/logic,
// which is faster on its fixed geometry; this package is for the
// variants.
//
// The package is pure: standard library and engine packages only, no
// package-level mutable state, randomness passed in.
package logic
