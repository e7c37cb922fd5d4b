// Code generated from engine/logic/step.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"strings"
)

// Technique is a solving technique. The constants are in the order the
// solver tries them, which is Sudoku Explainer's order of producers: by
// rating, with the few exceptions SE has (a producer's hints can rate
// above the next producer's base, and SE still takes the first producer
// that finds anything).
type Technique uint8

const (
	LastValue          Technique = iota // the one empty cell of a house
	HiddenSingleBox                     // a digit with one place in a box
	HiddenSingleLine                    // a digit with one place in a row or column
	DirectPointing                      // pointing that leaves a hidden single in another box
	DirectClaiming                      // claiming that leaves a hidden single in another line
	DirectHiddenPair                    // hidden pair that leaves a hidden single in its house
	NakedSingle                         // a cell with one candidate
	DirectHiddenTriple                  // hidden triple that leaves a hidden single in its house
	Pointing                            // a digit of a box confined to one row or column
	Claiming                            // a digit of a row or column confined to one box
	NakedPair
	XWing
	HiddenPair
	NakedTriple
	Swordfish
	HiddenTriple
	Skyscraper    // two strong links on parallel lines joined by a weak one
	TwoStringKite // a row and a column strong link joined in a box
	TurbotFish    // a line and a box strong link (empty rectangles included)
	XYWing
	XYZWing
	UniqueRectangle1 // unique rectangles, types 1-4
	UniqueRectangle2
	UniqueRectangle3
	UniqueRectangle4
	UniqueLoop // a unique rectangle's loop of six cells or more, types 1-4
	NakedQuad
	Jellyfish
	HiddenQuad
	StrongLinks // three or four strong links on one digit
	WXYZWing    // four cells, four digits, one of them unrestricted
	BUG1        // bivalue universal grave + 1
	BUG2        // BUG: the extra candidates are one digit
	BUG3        // BUG: the extras as one cell make a naked set
	BUG4        // BUG: two cells of a house, one of which takes its extra
	VWXYZWing
	AlignedPairExclusion
	UVWXYZWing // six cells, six digits, one of them unrestricted
	XCycle     // a bidirectional cycle on one digit
	YCycle     // a bidirectional cycle of bivalue cells
	XChain     // a forcing chain on one digit
	WWing      // two bivalue cells joined by a strong link: an xy forcing chain
	XYChain    // a forcing chain through bivalue cells only
	AIC        // a forcing chain mixing cell and house links
	XYCycle    // a bidirectional cycle mixing cell and house links
	// AlignedTripletExclusion: three cells whose value combinations their
	// common bivalue and trivalue peers rule out in part.
	AlignedTripletExclusion
	Nishio         // a candidate whose assumption contradicts itself (one digit, dynamic)
	CellForcing    // every candidate of a cell forces the same conclusion
	RegionForcing  // every place of a digit in a house forces the same conclusion
	DynamicForcing // forcing chains that use the eliminations made on the way
	// DynamicForcingPlus are dynamic forcing chains that also follow
	// what pointing, claiming, pairs and x-wings eliminate on the way
	// (SE's "Dynamic Forcing Chains (+)").
	DynamicForcingPlus
	// NestedForcing are dynamic forcing chains that, where a run has
	// nothing else to follow, also take what simpler chains find in the
	// run's grid (SE's "Nested Forcing Chains", levels 2 to 5).
	NestedForcing
	// The killer techniques: only the variant rater's killer ladder
	// (engine/variant/logic) uses them, between the classic rungs of
	// their ratings; classic solves never take them.
	CageLastCell     // the one empty cell of a cage is its sum less the others
	RuleOf45         // one house's innies or outies make a single cell's digit
	CageCombinations // a cage's cells keep the digits of the combinations its sum allows
	HiddenCage       // one house's innies or outies, several cells, as a cage
	LockedCageDigit  // a digit every combination of a cage needs, seen by a cell outside
	RuleOf45Houses   // innies or outies of two or three adjacent houses
	CageSubtraction  // a cage or hidden cage inside another: the rest is a cage
	// InnieOutieDifference: by the rule of 45, the innies of some cages
	// of one to three houses less the outies of the others make a
	// number.
	InnieOutieDifference
	CageClash // two cages of one house whose combinations cannot share digits
	// HouseCombinations: a house's cages' combinations fitted together,
	// each digit once.
	HouseCombinations
	Guess // no technique applies: the solution's digit is placed, and counted
	numTechniques
)

// techniqueInfo is what the ladder knows of each technique: its name, its
// base rating on the Sudoku Explainer scale (chains add to it with length,
// loops and sets with size) and its cost in the summed score (HoDoKu's
// published step scores where HoDoKu has the technique).
var techniqueInfo = [numTechniques]struct {
	name  string
	se    float64
	score int
}{
	LastValue:               {"last value", 1.0, 4},
	HiddenSingleBox:         {"hidden single", 1.2, 14},
	HiddenSingleLine:        {"hidden single", 1.5, 14},
	DirectPointing:          {"direct pointing", 1.7, 50},
	DirectClaiming:          {"direct claiming", 1.9, 50},
	DirectHiddenPair:        {"direct hidden pair", 2.0, 70},
	NakedSingle:             {"naked single", 2.3, 4},
	DirectHiddenTriple:      {"direct hidden triple", 2.5, 100},
	Pointing:                {"pointing", 2.6, 50},
	Claiming:                {"claiming", 2.8, 50},
	NakedPair:               {"naked pair", 3.0, 60},
	XWing:                   {"x-wing", 3.2, 140},
	HiddenPair:              {"hidden pair", 3.4, 70},
	NakedTriple:             {"naked triple", 3.6, 80},
	Swordfish:               {"swordfish", 3.8, 150},
	HiddenTriple:            {"hidden triple", 4.0, 100},
	Skyscraper:              {"skyscraper", 4.0, 130},
	TwoStringKite:           {"2-string kite", 4.1, 150},
	TurbotFish:              {"turbot fish", 4.1, 120},
	XYWing:                  {"xy-wing", 4.2, 160},
	XYZWing:                 {"xyz-wing", 4.4, 180},
	UniqueRectangle1:        {"unique rectangle type 1", 4.5, 100},
	UniqueRectangle2:        {"unique rectangle type 2", 4.5, 100},
	UniqueRectangle3:        {"unique rectangle type 3", 4.6, 100},
	UniqueRectangle4:        {"unique rectangle type 4", 4.5, 100},
	UniqueLoop:              {"unique loop", 4.6, 120},
	NakedQuad:               {"naked quad", 5.0, 120},
	Jellyfish:               {"jellyfish", 5.2, 160},
	HiddenQuad:              {"hidden quad", 5.4, 150},
	StrongLinks:             {"strong-linked fish", 5.4, 200},
	WXYZWing:                {"wxyz-wing", 5.5, 200},
	BUG1:                    {"bug+1", 5.6, 100},
	BUG2:                    {"bug type 2", 5.7, 100},
	BUG3:                    {"bug type 3", 5.8, 120},
	BUG4:                    {"bug type 4", 5.7, 110},
	VWXYZWing:               {"vwxyz-wing", 6.2, 220},
	AlignedPairExclusion:    {"aligned pair exclusion", 6.2, 200},
	UVWXYZWing:              {"uvwxyz-wing", 6.6, 240},
	XCycle:                  {"x-cycle", 6.5, 260},
	YCycle:                  {"y-cycle", 6.5, 260},
	XChain:                  {"x-chain", 6.6, 260},
	WWing:                   {"w-wing", 7.0, 150},
	XYChain:                 {"xy-chain", 7.0, 260},
	AIC:                     {"forcing chain", 7.0, 280},
	XYCycle:                 {"xy-cycle", 7.0, 280},
	AlignedTripletExclusion: {"aligned triplet exclusion", 7.5, 450},
	Nishio:                  {"nishio forcing chains", 7.5, 500},
	CellForcing:             {"cell forcing chains", 8.0, 500},
	RegionForcing:           {"region forcing chains", 8.0, 500},
	DynamicForcing:          {"dynamic forcing chains", 8.5, 700},
	DynamicForcingPlus:      {"dynamic forcing chains plus", 9.0, 900},
	NestedForcing:           {"nested forcing chains", 9.5, 1000},
	CageLastCell:            {"cage last cell", 1.1, 4},
	RuleOf45:                {"rule of 45", 2.0, 20},
	CageCombinations:        {"cage combinations", 2.1, 30},
	HiddenCage:              {"hidden cage", 2.5, 60},
	LockedCageDigit:         {"locked cage digit", 2.7, 50},
	RuleOf45Houses:          {"rule of 45 over houses", 3.1, 100},
	CageSubtraction:         {"cage subtraction", 3.3, 120},
	InnieOutieDifference:    {"innie-outie difference", 3.2, 110},
	CageClash:               {"cage clash", 3.9, 150},
	HouseCombinations:       {"house combinations", 4.0, 200},
	Guess:                   {"guess", 11.0, 10000},
}

// String is the technique's name as a person says it.
func (t Technique) String() string {
	if t < numTechniques {
		return techniqueInfo[t].name
	}
	return fmt.Sprintf("Technique(%d)", t)
}

// Key is a stable identifier for output columns: "hidden-single-box".
func (t Technique) Key() string {
	if t < numTechniques {
		return techniqueKeys[t]
	}
	return t.String()
}

// techniqueKeys are the Keys, made once from the names: every rating
// reads them.
var techniqueKeys = func() (keys [numTechniques]string) {
	r := strings.NewReplacer(" ", "-", "+", "plus", "(", "", ")", "")
	for t := range keys {
		keys[t] = r.Replace(techniqueInfo[t].name)
	}
	keys[HiddenSingleBox], keys[HiddenSingleLine] = "hidden-single-box", "hidden-single-line"
	return keys
}()

// BaseRating is the technique's rating on the Sudoku Explainer scale
// before any length adjustment.
func (t Technique) BaseRating() float64 { return techniqueInfo[t].se }

// Cost is a step's cost in the summed score (before any size addition).
func (t Technique) Cost() int { return techniqueInfo[t].score }

// Techniques lists every technique in ladder order: the classic ladder's,
// then the killer techniques (which the killer ladder takes between the
// classic rungs of their ratings), then the guess.
func Techniques() []Technique {
	out := make([]Technique, numTechniques)
	for i := range out {
		out[i] = Technique(i)
	}
	return out
}

// Candidate is one digit in one cell.
type Candidate struct {
	Cell  int
	Digit int
}

func (c Candidate) String() string { return fmt.Sprintf("%s=%d", cellName(c.Cell), c.Digit) }

// Step is one move of a solve, as data and as a sentence.
type Step struct {
	Technique Technique
	Rating    float64     // Sudoku Explainer rating of this step
	Score     int         // cost in the summed score
	Cells     []int       // the cells of the pattern
	Digits    Digits      // the digits of the pattern
	Place     []Candidate // digits placed
	Remove    []Candidate // candidates eliminated
	Text      string      // "r4c7: hidden single 5 in box 6"
	// chain is a multiple or dynamic forcing chain's note for its hint,
	// nil for other steps.
	chain *chainNote
	// words says a killer's cage step (killer_*.go), nil for other
	// steps: the step's hint, said in the hinter's language when the
	// step is, on the board it was found on and before the board moves
	// on (it reads the board's digits and the region states as they
	// were found, not copies).
	words func(say hinter) string
}

// chainNote is what a forcing chain's hint says besides its step: the
// kind of conclusion ("contradiction", "double", "cell", "region"), what
// it follows from, and the conclusion's digit (Step.Cells[0] holds its
// cell).
type chainNote struct {
	kind  string
	from  forcingSource
	digit int
}

// String is the step's sentence.
func (s Step) String() string { return s.Text }

// newStep fills in the rating and score of a technique.
func newStep(t Technique) Step {
	return Step{Technique: t, Rating: techniqueInfo[t].se, Score: techniqueInfo[t].score}
}

// removals describes eliminations compactly: "r1c2<>5, r3c4<>5".
func removals(rs []Candidate) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%s<>%d", cellName(r.Cell), r.Digit)
	}
	return strings.Join(parts, ", ")
}

// apply carries out the step's placements and eliminations on the board.
func (b *Board) apply(s *Step) {
	for _, r := range s.Remove {
		b.eliminate(r.Cell, r.Digit)
	}
	for _, p := range s.Place {
		if b.Cells[p.Cell] == 0 {
			b.place(p.Cell, p.Digit)
		}
	}
}
