// Code generated from engine/logic/family.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// Family is a group of techniques a reader learns together, from the
// easiest: the how-to-play page of a book names the families its puzzles
// need.
type Family uint8

const (
	Singles       Family = iota // last values, hidden and naked singles
	Cages                       // a killer's cage sums: combinations, the rule of 45, hidden cages
	Intersections               // pointing and claiming, direct or not
	Subsets                     // naked and hidden pairs, triples and quads
	Fish                        // x-wing, swordfish, jellyfish and their strong-linked kin
	SingleDigit                 // skyscraper, 2-string kite, turbot fish
	Wings                       // xy-, xyz-, wxyz- and vwxyz-wings, aligned pair exclusion
	Uniqueness                  // unique rectangles and BUG
	Chains                      // cycles, chains and forcing chains
	Guessing                    // no technique applies: trial and error
	numFamilies
)

// familyKeys name the families for the words a book prints about them:
// family.KEY is the family's name in a list in a language's words file,
// family.KEY.text its paragraph ("family.subsets": "pairs, triples and
// quads").
var familyKeys = [numFamilies]string{
	Singles:       "singles",
	Cages:         "cages",
	Intersections: "intersections",
	Subsets:       "subsets",
	Fish:          "fish",
	SingleDigit:   "single-digit",
	Wings:         "wings",
	Uniqueness:    "uniqueness",
	Chains:        "chains",
	Guessing:      "guessing",
}

// String is the family's key: "subsets".
func (f Family) String() string {
	if f < numFamilies {
		return familyKeys[f]
	}
	return "unknown"
}

// Family is the family the technique belongs to.
func (t Technique) Family() Family {
	switch t {
	case LastValue, HiddenSingleBox, HiddenSingleLine, NakedSingle:
		return Singles
	case DirectPointing, DirectClaiming, Pointing, Claiming:
		return Intersections
	case DirectHiddenPair, DirectHiddenTriple, NakedPair, HiddenPair, NakedTriple, HiddenTriple, NakedQuad, HiddenQuad:
		return Subsets
	case XWing, Swordfish, Jellyfish, StrongLinks:
		return Fish
	case Skyscraper, TwoStringKite, TurbotFish:
		return SingleDigit
	case XYWing, XYZWing, WXYZWing, VWXYZWing, AlignedPairExclusion:
		return Wings
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueLoop, BUG1, BUG2, BUG3, BUG4:
		return Uniqueness
	case CageLastCell, RuleOf45, CageCombinations, HiddenCage, LockedCageDigit, RuleOf45Houses, CageSubtraction, InnieOutieDifference, CageClash, HouseCombinations:
		return Cages
	case Guess:
		return Guessing
	}
	return Chains
}

// TechniqueByKey is the technique whose Key is key.
func TechniqueByKey(key string) (Technique, bool) {
	for t, k := range techniqueKeys {
		if k == key {
			return Technique(t), true
		}
	}
	return 0, false
}
