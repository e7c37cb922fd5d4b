// Package level names how hard a puzzle is: a ladder of levels, each a set
// of rules on the puzzle's ratings (RATING.md's default: easy, medium, hard,
// expert, evil by the Sudoku Explainer rating er), and generation aimed at
// a level.
package level

import (
	"fmt"
	"strconv"
	"strings"
)

// Rule bounds one rating column: Min < value <= Max, either bound open when
// nil. Min is exclusive and Max inclusive, so the default ladder's levels
// meet without a gap.
type Rule struct {
	Column   string // er, ep, ed, score, wnef, callcount, gc, inferences, guesses, ...
	Min, Max *float64
}

// Holds reports whether the value meets the rule.
func (r Rule) Holds(v float64) bool {
	return (r.Min == nil || v > *r.Min) && (r.Max == nil || v <= *r.Max)
}

func (r Rule) String() string {
	switch {
	case r.Min != nil && r.Max != nil:
		return fmt.Sprintf("%g < %s <= %g", *r.Min, r.Column, *r.Max)
	case r.Min != nil:
		return fmt.Sprintf("%s > %g", r.Column, *r.Min)
	case r.Max != nil:
		return fmt.Sprintf("%s <= %g", r.Column, *r.Max)
	}
	return r.Column + " any"
}

// Level is a named difficulty: a puzzle is at the level when every rule
// holds.
type Level struct {
	Name        string
	Rules       []Rule
	Description string // what a solver needs, for a book's section page
	// Names and Descriptions are the level's name and description in
	// other languages, by language code ("de"): what a levels file gives
	// for a book in that language.
	Names, Descriptions map[string]string
}

// Ratings gives a rating column's value by name; ok is false for a column
// it does not know.
type Ratings interface {
	Column(name string) (v float64, ok bool)
}

// Holds reports whether every rule of the level holds for r. A rule on a
// column r does not know fails.
func (l Level) Holds(r Ratings) bool {
	for _, rule := range l.Rules {
		v, ok := r.Column(rule.Column)
		if !ok || !rule.Holds(v) {
			return false
		}
	}
	return true
}

// Bounds returns the level's range on a column (nil where open or unbound).
func (l Level) Bounds(column string) (min, max *float64) {
	for _, r := range l.Rules {
		if r.Column == column {
			return r.Min, r.Max
		}
	}
	return nil, nil
}

// Ladder is an ordered list of levels, easiest first.
type Ladder []Level

func ptr(v float64) *float64 { return &v }

// Default is RATING.md's ladder on er: easy <= 1.5 (hidden singles),
// medium <= 2.5 (naked singles, direct pointing and claiming), hard <= 4.4
// (locked candidates, subsets, X-wing, swordfish, XY- and XYZ-wings),
// expert <= 6.5 (uniqueness, quads, jellyfish, BUG, short chains), evil
// above (chains, forcing chains).
func Default() Ladder {
	return Ladder{
		{Name: "easy", Rules: []Rule{{Column: "er", Max: ptr(1.5)}},
			Description: "Hidden singles: each digit has one place left in a row, column or box."},
		{Name: "medium", Rules: []Rule{{Column: "er", Min: ptr(1.5), Max: ptr(2.5)}},
			Description: "Naked singles, and direct pointing and claiming."},
		{Name: "hard", Rules: []Rule{{Column: "er", Min: ptr(2.5), Max: ptr(4.4)}},
			Description: "Locked candidates, pairs and triples, X-wings, swordfish, XY- and XYZ-wings."},
		{Name: "expert", Rules: []Rule{{Column: "er", Min: ptr(4.4), Max: ptr(6.5)}},
			Description: "Uniqueness, quads, jellyfish, BUG and short chains."},
		{Name: "evil", Rules: []Rule{{Column: "er", Min: ptr(6.5)}},
			Description: "Chains, forcing chains and nested chains."},
	}
}

// Of names the first level of the ladder whose rules hold, or "" when none
// does.
func (l Ladder) Of(r Ratings) string {
	for _, lv := range l {
		if lv.Holds(r) {
			return lv.Name
		}
	}
	return ""
}

// Find returns the level named name.
func (l Ladder) Find(name string) (Level, bool) {
	for _, lv := range l {
		if strings.EqualFold(lv.Name, name) {
			return lv, true
		}
	}
	return Level{}, false
}

// Index is the position of the level named name, -1 when there is none.
func (l Ladder) Index(name string) int {
	for i, lv := range l {
		if lv.Name == name {
			return i
		}
	}
	return -1
}

// ER is a Ratings of just the Sudoku Explainer rating er, for callers that
// have nothing more.
type ER float64

// Column gives er.
func (r ER) Column(name string) (float64, bool) {
	if name == "er" {
		return float64(r), true
	}
	return 0, false
}

// Names lists the levels' names in order.
func (l Ladder) Names() []string {
	out := make([]string, len(l))
	for i, lv := range l {
		out[i] = lv.Name
	}
	return out
}

// ParseRule reads a rule as a spec writes it: "er 2.5-4.4" (2.5 < er <=
// 4.4), "er <= 1.5", "er > 6.5", "score 200-500".
func ParseRule(text string) (Rule, error) {
	f := strings.Fields(text)
	bad := fmt.Errorf("rule %q: want COLUMN MIN-MAX, COLUMN <= MAX or COLUMN > MIN", text)
	switch {
	case len(f) == 2:
		lo, hi, ok := strings.Cut(f[1], "-")
		if !ok {
			return Rule{}, bad
		}
		a, err1 := strconv.ParseFloat(lo, 64)
		b, err2 := strconv.ParseFloat(hi, 64)
		if err1 != nil || err2 != nil {
			return Rule{}, bad
		}
		if a > b {
			return Rule{}, fmt.Errorf("rule %q: MIN %g is above MAX %g", text, a, b)
		}
		return Rule{Column: f[0], Min: &a, Max: &b}, nil
	case len(f) == 3:
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return Rule{}, bad
		}
		switch f[1] {
		case "<=":
			return Rule{Column: f[0], Max: &v}, nil
		case ">":
			return Rule{Column: f[0], Min: &v}, nil
		}
	}
	return Rule{}, bad
}
