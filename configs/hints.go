package configs

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine/level"
)

// Hints is the spec's hints: part, the book's hints appendix:
//
//	hints:
//	  levels: [hard, expert, evil]
//	  per-puzzle: 2
//
// The puzzles of the sections at Levels get PerPuzzle hints each. The
// zero value (no hints: part) is a book without hints.
type Hints struct {
	Levels    []string // in the ladder's spelling
	PerPuzzle int      // 1 to MaxHintsPerPuzzle
}

// Defaults of a hints: part, and the most hints a puzzle may have: past
// a few steps a hint is a walk-through, not a nudge.
const (
	DefaultHintsPerPuzzle = 2
	MaxHintsPerPuzzle     = 5
)

// DefaultHintLevels are the levels that get hints when hints: names none:
// every level past the ladder's first two (on the default ladder hard,
// expert and evil), whose puzzles need more than singles; a reader of the
// first two gets stuck only where a single hides, which a hint would give
// away whole. A ladder of two levels or fewer: its last level.
func DefaultHintLevels(ladder level.Ladder) []string {
	names := ladder.Names()
	if len(names) <= 2 {
		return names[max(len(names)-1, 0):]
	}
	return names[2:]
}

// Has reports whether the puzzles of level get hints.
func (h Hints) Has(level string) bool { return h.PerPuzzle > 0 && slices.Contains(h.Levels, level) }

// hints reads the hints: part (n nil: not given) against the ladder;
// ladderOK false means the spec's own ladder had problems, so the levels
// are not checked.
func (r *specReader) hints(n *yaml.Node, ladder level.Ladder, ladderOK bool) Hints {
	if n == nil {
		return Hints{}
	}
	h := Hints{PerPuzzle: DefaultHintsPerPuzzle}
	levelsSet := false
	r.mapping(n, "hints", map[string]func(*yaml.Node, string){
		"levels": func(v *yaml.Node, f string) {
			levelsSet = true
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				r.fail(v, f, "want a list of levels, such as [%s]", strings.Join(DefaultHintLevels(ladder), ", "))
				return
			}
			for i, item := range v.Content {
				field := fmt.Sprintf("%s[%d]", f, i)
				name := r.levelOf(item, field, ladder, ladderOK)
				if slices.Contains(h.Levels, name) {
					r.fail(item, field, "%q is named twice", name)
					continue
				}
				h.Levels = append(h.Levels, name)
			}
		},
		"per-puzzle": func(v *yaml.Node, f string) {
			k := r.integer(v, f, 1)
			if k > MaxHintsPerPuzzle {
				r.fail(v, f, "%d: at most %d hints a puzzle", k, MaxHintsPerPuzzle)
				k = 0
			}
			h.PerPuzzle = k
		},
	})
	if !levelsSet {
		h.Levels = DefaultHintLevels(ladder)
	}
	return h
}
