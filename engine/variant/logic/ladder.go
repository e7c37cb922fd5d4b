package logic

import classic "github.com/pressrun/pressrun/engine/logic"

// The techniques by their classic names.
const (
	LastValue            = classic.LastValue
	HiddenSingleBox      = classic.HiddenSingleBox
	HiddenSingleLine     = classic.HiddenSingleLine
	DirectPointing       = classic.DirectPointing
	DirectClaiming       = classic.DirectClaiming
	DirectHiddenPair     = classic.DirectHiddenPair
	NakedSingle          = classic.NakedSingle
	DirectHiddenTriple   = classic.DirectHiddenTriple
	Pointing             = classic.Pointing
	Claiming             = classic.Claiming
	NakedPair            = classic.NakedPair
	XWing                = classic.XWing
	HiddenPair           = classic.HiddenPair
	NakedTriple          = classic.NakedTriple
	Swordfish            = classic.Swordfish
	HiddenTriple         = classic.HiddenTriple
	Skyscraper           = classic.Skyscraper
	TwoStringKite        = classic.TwoStringKite
	TurbotFish           = classic.TurbotFish
	XYWing               = classic.XYWing
	XYZWing              = classic.XYZWing
	NakedQuad            = classic.NakedQuad
	Jellyfish            = classic.Jellyfish
	HiddenQuad           = classic.HiddenQuad
	XChain               = classic.XChain
	WWing                = classic.WWing
	XYChain              = classic.XYChain
	AIC                  = classic.AIC
	CellForcing          = classic.CellForcing
	RegionForcing        = classic.RegionForcing
	Guess                = classic.Guess
	CageLastCell         = classic.CageLastCell
	RuleOf45             = classic.RuleOf45
	CageCombinations     = classic.CageCombinations
	HiddenCage           = classic.HiddenCage
	LockedCageDigit      = classic.LockedCageDigit
	RuleOf45Houses       = classic.RuleOf45Houses
	CageSubtraction      = classic.CageSubtraction
	InnieOutieDifference = classic.InnieOutieDifference
	CageClash            = classic.CageClash
	HouseCombinations    = classic.HouseCombinations
)

// rung is one producer of the ladder: engine/logic's rung of that place
// in its Rungs, which every size of its solver (engine/logic/wide too)
// has in the same order.
type rung = int

// ladder is the classic rater's ladder (Sudoku Explainer's order of
// producers) over any houses, without BUG, nishio, dynamic and nested
// forcing chains. A puzzle
// that needs one of them is rated by the next rung that applies, which
// rates at least as high as a rule, or by a counted guess.
var ladder = []rung{
	classicRung(classic.SingleRungs[0]),
	classicRung(classic.SingleRungs[1]),
	classicRung(classic.SingleRungs[2]),
	classicRung(classic.LockingRungs[0]),
	classicRung(classic.LockingRungs[1]),
	classicRung(classic.SubsetRungs[0]),
	classicRung(classic.SingleRungs[3]),
	classicRung(classic.SubsetRungs[1]),
	classicRung(classic.LockingRungs[2]),
	classicRung(classic.LockingRungs[3]),
	classicRung(classic.SubsetRungs[2]),
	classicRung(classic.FishRungs[0]),
	classicRung(classic.SubsetRungs[3]),
	classicRung(classic.SubsetRungs[4]),
	classicRung(classic.FishRungs[1]),
	classicRung(classic.SubsetRungs[5]),
	classicRung(classic.StrongLinkRungs[0]),
	classicRung(classic.WingRungs[0]),
	classicRung(classic.WingRungs[1]),
	classicRung(classic.UniqueLoopRung),
	classicRung(classic.SubsetRungs[6]),
	classicRung(classic.FishRungs[2]),
	classicRung(classic.SubsetRungs[7]),
	classicRung(classic.StrongLinkRungs[1]),
	classicRung(classic.StrongLinkRungs[2]),
	classicRung(classic.BentSetRungs[0]),
	classicRung(classic.BentSetRungs[1]),
	classicRung(classic.ExclusionRung),
	classicRung(classic.ChainsRung),
	classicRung(classic.MultipleRung),
}

// killerRungs are the killer's cage rungs (engine/logic's KillerRungs),
// each placed in the ladder before the first classic rung rated above it.
var killerRungs = func() []rung {
	var out []rung
	for _, r := range classic.KillerRungs {
		out = append(out, classicRung(r))
	}
	return out
}()

// killerLadder is the ladder of a killer: the classic rungs and the
// killer's, by rating (a killer rung after the classic rungs of its own
// rating). The unique rectangles stay: they check the cages (swaps).
var killerLadder = func() []rung {
	out := make([]rung, 0, len(ladder)+len(killerRungs))
	k := 0
	for _, r := range ladder {
		for k < len(killerRungs) && classic.Rungs[killerRungs[k]].Min < classic.Rungs[r].Min {
			out = append(out, killerRungs[k])
			k++
		}
		out = append(out, r)
	}
	return append(out, killerRungs[k:]...)
}()
