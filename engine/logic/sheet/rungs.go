// Code generated from engine/logic/rungs.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// Rung is one producer of the ladder: its name as a ladder says it, the
// lowest rating its steps have (its easiest technique's) and its search.
// Each is written once here and serves both the classic ladders
// (solve.go) and the variant rater, which takes them over its boards'
// houses through a Search (houses.go): every rung below reads the
// board's geometry, not a 9x9's.
type Rung struct {
	Name string
	Min  float64
	find func(b *Board) (Step, bool)
}

// rung is a Rung, as the ladders name it.
type rung = Rung

// SingleRungs are the singles: a house's last value (1.0), a hidden
// single in a box-like house (1.2) or a line-like one (1.5), and a naked
// single (2.3), in Sudoku Explainer's scan of the houses (singles.go).
var SingleRungs = []Rung{
	{"last value", LastValue.BaseRating(), (*Board).findLastValue},
	{"hidden single box", HiddenSingleBox.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSingle(true) }},
	{"hidden single line", HiddenSingleLine.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSingle(false) }},
	{"naked single", NakedSingle.BaseRating(), (*Board).findNakedSingle},
}

// LockingRungs are the locked candidates: direct pointing (1.7) and
// claiming (1.9), which SE takes only for the hidden single they leave,
// then pointing (2.6) and claiming (2.8), between any two houses
// (intersections.go).
var LockingRungs = []Rung{
	{"direct pointing", DirectPointing.BaseRating(), func(b *Board) (Step, bool) { return b.findIntersection(false, true) }},
	{"direct claiming", DirectClaiming.BaseRating(), func(b *Board) (Step, bool) { return b.findIntersection(true, true) }},
	{"pointing", Pointing.BaseRating(), func(b *Board) (Step, bool) { return b.findIntersection(false, false) }},
	{"claiming", Claiming.BaseRating(), func(b *Board) (Step, bool) { return b.findIntersection(true, false) }},
}

// SubsetRungs are the naked and hidden subsets of a house (subsets.go):
// direct hidden pair and triple (taken only for the hidden single they
// leave), then naked and hidden pairs, triples and quads.
var SubsetRungs = []Rung{
	{"direct hidden pair", DirectHiddenPair.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSubset(2, DirectHiddenPair, true) }},
	{"direct hidden triple", DirectHiddenTriple.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSubset(3, DirectHiddenTriple, true) }},
	{"naked pair", NakedPair.BaseRating(), func(b *Board) (Step, bool) { return b.findNakedSubset(2, NakedPair) }},
	{"hidden pair", HiddenPair.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSubset(2, HiddenPair, false) }},
	{"naked triple", NakedTriple.BaseRating(), func(b *Board) (Step, bool) { return b.findNakedSubset(3, NakedTriple) }},
	{"hidden triple", HiddenTriple.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSubset(3, HiddenTriple, false) }},
	{"naked quad", NakedQuad.BaseRating(), func(b *Board) (Step, bool) { return b.findNakedSubset(4, NakedQuad) }},
	{"hidden quad", HiddenQuad.BaseRating(), func(b *Board) (Step, bool) { return b.findHiddenSubset(4, HiddenQuad, false) }},
}

// FishRungs are the basic fish, x-wing (3.2), swordfish (3.8) and
// jellyfish (5.2), over every pair of the houses' families (fish.go).
var FishRungs = []Rung{
	{"x-wing", XWing.BaseRating(), func(b *Board) (Step, bool) { return b.findFish(2, XWing) }},
	{"swordfish", Swordfish.BaseRating(), func(b *Board) (Step, bool) { return b.findFish(3, Swordfish) }},
	{"jellyfish", Jellyfish.BaseRating(), func(b *Board) (Step, bool) { return b.findFish(4, Jellyfish) }},
}

// WingRungs are the XY-wing (4.2) and the XYZ-wing (4.4): a pivot and
// two bivalue pincers it sees (wings.go).
var WingRungs = []Rung{
	{"xy-wing", XYWing.BaseRating(), (*Board).findXYWing},
	{"xyz-wing", XYZWing.BaseRating(), (*Board).findXYZWing},
}

// StrongLinkRungs are SukakuExplainer's strong-linked fishes
// (stronglinks.go): two links, the turbot fish family (skyscraper 4.0,
// 2-string kite and turbot fish 4.1, grouped 4.3), then three (5.4) and
// four (5.8) links, over any houses, grouped links too (a line's cells
// in two regions, a box-like house's empty rectangle or two of its
// lines).
var StrongLinkRungs = []Rung{
	{"turbot fish", Skyscraper.BaseRating(), func(b *Board) (Step, bool) { return b.findStrongLinks(2) }},
	{"three strong links", StrongLinks.BaseRating(), func(b *Board) (Step, bool) { return b.findStrongLinks(3) }},
	{"four strong links", StrongLinks.BaseRating(), func(b *Board) (Step, bool) { return b.findStrongLinks(4) }},
}

// BentSetRungs are SukakuExplainer's bent sets (bentsets.go): the
// WXYZ-wing (5.5-5.6), VWXYZ-wing (6.2-6.4) and UVWXYZ-wing (6.6), a
// pivot and the wings it sees, over any houses.
var BentSetRungs = []Rung{
	{"wxyz-wing", WXYZWing.BaseRating(), func(b *Board) (Step, bool) { return b.findBentSet(4) }},
	{"vwxyz-wing", VWXYZWing.BaseRating(), func(b *Board) (Step, bool) { return b.findBentSet(5) }},
	{"uvwxyz-wing", UVWXYZWing.BaseRating(), func(b *Board) (Step, bool) { return b.findBentSet(6) }},
}

// UniqueLoopRung is SukakuExplainer's unique rectangles and loops
// (4.5 and up, uniqueloops.go, with lkSudoku's fixes), over any houses:
// a loop whose two digits could swap round it, every house it visits
// holding one cell of each parity, and a killer's every cage as many.
var UniqueLoopRung = Rung{"unique rectangle", UniqueRectangle1.BaseRating(), func(b *Board) (Step, bool) { return b.findUniqueRectangle(true) }}

// BUGRung is the bivalue universal grave (5.6 and up, bug.go), over any
// houses that each hold every digit once: not a killer's, whose cages
// need sums. SE tries it after the WXYZ-wings.
var BUGRung = Rung{"bug", BUG1.BaseRating(), (*Board).findBUG}

// ExclusionRung is Sudoku Explainer's aligned pair exclusion (6.2,
// exclusion.go): SE tries it after the BUG.
var ExclusionRung = Rung{"aligned pair exclusion", AlignedPairExclusion.BaseRating(), (*Board).findAlignedPairExclusion}

// ChainsRung is Sudoku Explainer's forcing chains and cycles (6.5 and
// up, unary.go): X-cycles and chains on one digit, xy-cycles, xy-chains
// and alternating inference chains, each rated by its length.
var ChainsRung = Rung{"forcing chains and cycles", XCycle.BaseRating(), (*Board).findUnaryChains}

// chainRung is the rung of a multiple-chain mode.
func chainRung(name string, min float64, m chainMode) Rung {
	return Rung{name, min, func(b *Board) (Step, bool) { return b.findForcing(m) }}
}

// NishioRung is Sudoku Explainer's nishio forcing chains (7.5): one
// digit's candidate assumed, and followed through that digit only, to a
// contradiction. SE tries it after the forcing chains and before the
// static multiple forcing chains.
var NishioRung = chainRung("nishio", Nishio.BaseRating(), nishioMode)

// MultipleRung is Sudoku Explainer's static multiple forcing chains (8.0
// and up): every candidate of a cell, or every place of a digit in a
// house, forcing the same conclusion.
var MultipleRung = chainRung("multiple forcing chains", CellForcing.BaseRating(), multipleMode)

// DynamicRungs are Sudoku Explainer 1.2.1's rungs above its static
// multiple forcing chains, in its order: dynamic forcing chains (8.5),
// dynamic forcing chains plus (9.0: the runs also use locked candidates,
// hidden and naked pairs and X-wings, and on a killer the fit of each
// house's cages, cagehouses.go), and nested forcing chains of
// levels 2 to 5 (9.5, 10.0, 10.5, 11.0), as the classic scale has them.
var DynamicRungs = []Rung{
	chainRung("dynamic forcing chains", DynamicForcing.BaseRating(), dynamicMode),
	chainRung("dynamic forcing chains plus", DynamicForcingPlus.BaseRating(), plusMode),
	chainRung("nested forcing chains 2", float64(nested2Mode.base)/10, nested2Mode),
	chainRung("nested forcing chains 3", float64(nested3Mode.base)/10, nested3Mode),
	chainRung("nested forcing chains 4", float64(nested4Mode.base)/10, nested4Mode),
	chainRung("nested forcing chains 5", float64(nested5Mode.base)/10, nested5Mode),
}

// KillerRungs are a killer's cage rungs (killer_*.go), in the order of
// their ratings, which the variant rater's killer ladder places between
// the classic rungs: a cage's last cell (1.1), the rule of 45 (2.0),
// cage combinations (2.1), hidden cages (2.5), locked cage digits (2.7),
// the rule of 45 over two or three houses (3.1), innie-outie differences
// (3.2), cage subtraction (3.3), cage clashes (3.9) and house
// combinations (4.0 and up). On a board without cages they find nothing.
var KillerRungs = []Rung{
	{"cage last cell", CageLastCell.BaseRating(), (*Board).findCageLastCell},
	{"rule of 45", RuleOf45.BaseRating(), (*Board).findRuleOf45},
	{"cage combinations", CageCombinations.BaseRating(), (*Board).findCageCombinations},
	{"hidden cage", HiddenCage.BaseRating(), (*Board).findHiddenCage},
	{"locked cage digit", LockedCageDigit.BaseRating(), (*Board).findLockedCageDigit},
	{"rule of 45 over houses", RuleOf45Houses.BaseRating(), (*Board).findRuleOf45Houses},
	{"innie-outie difference", InnieOutieDifference.BaseRating(), (*Board).findInnieOutieDifference},
	{"cage subtraction", CageSubtraction.BaseRating(), (*Board).findCageSubtraction},
	{"cage clash", CageClash.BaseRating(), (*Board).findCageClash},
	{"house combinations", HouseCombinations.BaseRating(), (*Board).findHouseCombinations},
}

// Rungs are the rungs a Search takes, in Sudoku Explainer's order: the
// singles, locked candidates, subsets, fish and wings, the BUG, aligned
// pair exclusion, the forcing chains and cycles, nishio, the multiple
// forcing chains, then the dynamic rungs, SukakuExplainer's strong
// links, bent sets and unique loops, and a killer's cage rungs. Every
// size this solver is built for (package wide) has them in this order,
// so a caller may name a rung by its place.
var Rungs = append(append(append(append(append([]Rung{
	SingleRungs[0], SingleRungs[1], SingleRungs[2], LockingRungs[0], LockingRungs[1], SubsetRungs[0],
	SingleRungs[3], SubsetRungs[1], LockingRungs[2], LockingRungs[3], SubsetRungs[2], FishRungs[0],
	SubsetRungs[3], SubsetRungs[4], FishRungs[1], SubsetRungs[5], WingRungs[0], WingRungs[1],
	SubsetRungs[6], FishRungs[2], SubsetRungs[7], BUGRung, ExclusionRung, ChainsRung, NishioRung, MultipleRung,
}, DynamicRungs...), StrongLinkRungs...), BentSetRungs...), UniqueLoopRung), KillerRungs...)
