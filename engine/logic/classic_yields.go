package logic

import "strings"

// What each rung's steps can be: a teaching book's chapter asks which
// scale, and which kind's ladder, has the technique it teaches.

// rungYields are the techniques of each rung's steps, by the rung's name
// (a rung not here yields the technique of its own name's key).
var rungYields = map[string][]Technique{
	"last value":                  {LastValue},
	"hidden single box":           {HiddenSingleBox},
	"hidden single line":          {HiddenSingleLine},
	"naked single":                {NakedSingle},
	"direct pointing":             {DirectPointing},
	"direct claiming":             {DirectClaiming},
	"pointing":                    {Pointing},
	"claiming":                    {Claiming},
	"direct hidden pair":          {DirectHiddenPair},
	"direct hidden triple":        {DirectHiddenTriple},
	"naked pair":                  {NakedPair},
	"hidden pair":                 {HiddenPair},
	"naked triple":                {NakedTriple},
	"hidden triple":               {HiddenTriple},
	"naked quad":                  {NakedQuad},
	"hidden quad":                 {HiddenQuad},
	"x-wing":                      {XWing},
	"swordfish":                   {Swordfish},
	"jellyfish":                   {Jellyfish},
	"xy-wing":                     {XYWing},
	"xyz-wing":                    {XYZWing},
	"turbot fish":                 {Skyscraper, TwoStringKite, TurbotFish},
	"three strong links":          {StrongLinks},
	"four strong links":           {StrongLinks},
	"wxyz-wing":                   {WXYZWing},
	"vwxyz-wing":                  {VWXYZWing},
	"uvwxyz-wing":                 {UVWXYZWing},
	"unique rectangle":            {UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueLoop},
	"bug":                         {BUG1, BUG2, BUG3, BUG4},
	"aligned pair exclusion":      {AlignedPairExclusion},
	"forcing chains and cycles":   {XCycle, YCycle, XChain, WWing, XYChain, AIC, XYCycle},
	"aligned triplet exclusion":   {AlignedTripletExclusion},
	"nishio":                      {Nishio},
	"multiple forcing chains":     {CellForcing, RegionForcing},
	"dynamic forcing chains":      {DynamicForcing},
	"dynamic forcing chains plus": {DynamicForcingPlus},
	"cage last cell":              {CageLastCell},
	"rule of 45":                  {RuleOf45},
	"cage combinations":           {CageCombinations},
	"hidden cage":                 {HiddenCage},
	"locked cage digit":           {LockedCageDigit},
	"rule of 45 over houses":      {RuleOf45Houses},
	"innie-outie difference":      {InnieOutieDifference},
	"cage subtraction":            {CageSubtraction},
	"cage clash":                  {CageClash},
	"house combinations":          {HouseCombinations},
}

// Yields lists the techniques the rung's steps can have.
func (r Rung) Yields() []Technique {
	if strings.HasPrefix(r.Name, "nested forcing chains") {
		return []Technique{NestedForcing}
	}
	if ts, ok := rungYields[r.Name]; ok {
		return ts
	}
	panic("logic: rung " + r.Name + " yields no technique")
}

// Techniques lists the techniques the scale's ladder gives its steps, in
// the ladder's order, each once.
func (s *Scale) Techniques() []Technique {
	var out []Technique
	seen := map[Technique]bool{}
	for _, r := range s.OrDefault().ladder {
		for _, t := range r.Yields() {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}
