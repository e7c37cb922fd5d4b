// Package logic solves Sudoku the way a person does: at every step it
// applies the simplest technique that makes progress, from hidden singles
// up to forcing chains, and records the step as data and as a sentence.
// The ratings built on it (Sudoku Explainer's er/ep/ed scale, a HoDoKu-like
// score) live in package rate.
//
// Everything reads the board's houses from a geometry (geometry.go):
// classic's, or any board's of side 4 to 9, drawn in a 9x9 frame
// (Houses: a jigsaw's regions, Sudoku X's diagonals, windoku's windows,
// a 6x6's boxes, a killer's cages as peers). The chain rungs (BUG, the
// forcing chains and cycles, nishio, the multiple, dynamic, plus and
// nested forcing chains: Search, Rungs) serve the variant rater's kinds
// over their houses, a killer's cage sums and the rule of 45's regions
// among its links (cagesums.go), and so do the singles, locked
// candidates, subsets, fish, wings, strong links (turbot fish
// included, with grouped links over any houses: stronglinks.go), bent
// sets (WXYZ-wings and up) and unique rectangles and loops (a killer's
// cages kept whole by the swap), and a killer's cage rungs (KillerRungs,
// killer*.go: a cage's last cell, the rule of 45 over one to three
// houses, cage combinations, hidden cages, locked cage digits,
// innie-outie differences, subtraction, clashes and house combinations),
// over the sum regions the geometry derives from the cages (killer.go).
// Every technique is written here once, and so is the solve that climbs
// a ladder of them (Solve on a classic's scale; Search.Climb, climb.go,
// on the ladders engine/variant/logic chooses for the variants).
//
// The sizes are size.go's. Package engine/logic/wide is this package
// built again for a 16x16 frame (12x12 and 16x16 boards), and package
// engine/logic/sheet for a 21x21 one (a gattai's overlapping 9x9 grids:
// samurai, twin, sohei, flower; NewSheet), their files copied from these
// by TestWideCopy but for size.go, doc.go and the classic_*.go files,
// which serve the classic 9x9 alone (Solve, Hints, NewBoard). After
// changing a file here, run go test ./engine/logic -run TestWideCopy
// -update.
//
// The geometry (geometry.go) takes a board as houses of kinds (rows,
// columns, regions, extra houses), in families of houses that do not
// meet, and its square grids (blocks: one on a square board, one per
// grid of a gattai); what Sudoku Explainer orders by rows, columns and
// boxes it orders by those kinds, so a classic's orders are SE's.
//
// The package is pure: standard library and the engine packages only
// (engine/variant for a killer's cages), no package-level mutable state.
package logic
