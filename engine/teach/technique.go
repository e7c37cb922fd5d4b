package teach

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
)

// Technique is what a chapter teaches: a name, and the rater's techniques
// it stands for (one, or a family such as the hidden singles of boxes and
// of lines).
type Technique struct {
	Name    string // as --technique and a section's technique: take it: "x-wing"
	Members []logic.Technique
}

// families are the techniques that stand for several of the rater's: a
// chapter on hidden singles takes those of boxes and of lines alike.
var families = []Technique{
	{"hidden-single", []logic.Technique{logic.HiddenSingleBox, logic.HiddenSingleLine}},
	{"locked-candidates", []logic.Technique{logic.Pointing, logic.Claiming}},
	{"unique-rectangle", []logic.Technique{logic.UniqueRectangle1, logic.UniqueRectangle2, logic.UniqueRectangle3, logic.UniqueRectangle4}},
	{"bug", []logic.Technique{logic.BUG1, logic.BUG2, logic.BUG3, logic.BUG4}},
}

// All lists every technique a chapter can teach: each of the rater's,
// in the ladder's order (its key the name), then the families.
func All() []Technique {
	var out []Technique
	for _, t := range logic.Techniques() {
		if t != logic.Guess {
			out = append(out, Technique{t.Key(), []logic.Technique{t}})
		}
	}
	return append(out, families...)
}

// Named is the technique of the name: its key ("x-wing", "bugplus1") or
// its name with hyphens for spaces ("bug+1"), in any case; an error lists
// the names when none is.
func Named(name string) (Technique, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, t := range All() {
		if t.Name == n {
			return t, nil
		}
	}
	for _, t := range All() {
		if len(t.Members) == 1 && strings.ReplaceAll(t.Members[0].String(), " ", "-") == n {
			return t, nil
		}
	}
	var names []string
	for _, t := range All() {
		names = append(names, t.Name)
	}
	return Technique{}, fmt.Errorf("teach: no technique %q (see 'pressrun help techniques': %s)", name, strings.Join(names, ", "))
}

// Rating is the lowest rating a step of the technique has (Sudoku
// Explainer's scale, its easiest member's base).
func (t Technique) Rating() float64 {
	r := t.Members[0].BaseRating()
	for _, m := range t.Members[1:] {
		r = min(r, m.BaseRating())
	}
	return r
}

// Ceiling is the highest rating a step of the technique may have in a
// chapter: its hardest member's base, and for a technique whose steps
// rate above their base with size or length (chains, loops, bent sets),
// up to a point the chapter's puzzles need not pass.
func (t Technique) Ceiling() float64 {
	c := 0.0
	for _, m := range t.Members {
		c = max(c, m.BaseRating()+growth(m))
	}
	return c
}

// growth is how far above its base a step of the technique may rate in a
// chapter: chains and forcing chains grow with their length (Sudoku
// Explainer adds a tenth or more for each step of length past a few),
// loops, bent sets, strong links, grouped turbot fish and BUGs with their
// size. A chain's stays below the next family's base (an xy-chain up to
// 7.4, below nishio's 7.5; a cell forcing chain up to 8.4, below the
// dynamic ones' 8.5): a chapter's chains are its shorter ones, and the
// rater is stopped before the next family's costlier search.
func growth(t logic.Technique) float64 {
	switch {
	case t == logic.AlignedTripletExclusion:
		return 0
	case t >= logic.XCycle && t <= logic.NestedForcing:
		return 0.4
	case slices.Contains([]logic.Technique{logic.TurbotFish, logic.UniqueLoop, logic.StrongLinks, logic.WXYZWing, logic.VWXYZWing, logic.UVWXYZWing,
		logic.BUG1, logic.BUG2, logic.BUG3, logic.BUG4, logic.UniqueRectangle2, logic.UniqueRectangle3, logic.UniqueRectangle4, logic.HouseCombinations}, t):
		return 0.5
	}
	return 0
}

// Has reports whether the rater's technique m is one of t's.
func (t Technique) Has(m logic.Technique) bool { return slices.Contains(t.Members, m) }

// On reports whether a ladder that gives its steps the techniques of
// ladder (logic.Scale.Techniques, or a variant's) has t.
func (t Technique) On(ladder []logic.Technique) bool {
	for _, m := range t.Members {
		if slices.Contains(ladder, m) {
			return true
		}
	}
	return false
}

// OnKind lists the techniques the ladder of a kind's puzzles gives its
// steps (variant.Kinds; classic's on the scale, nil: the default).
func OnKind(kind string, scale *logic.Scale) ([]logic.Technique, error) {
	k, err := variant.Kind(kind)
	if err != nil {
		return nil, err
	}
	if k == "classic" {
		return scale.OrDefault().Techniques(), nil
	}
	_, err = variant.KillerSize(k)
	return vlogic.Techniques(err == nil), nil
}
