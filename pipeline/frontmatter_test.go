package pipeline

import (
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates"
)

// The rules page promises what the book's puzzles need: chains only when
// a section's solves used one, "no need to guess" only when none guessed,
// and each level's new families on its line.
func TestHowToPlay(t *testing.T) {
	easy := LevelUse{Name: "Easy", First: 1, Last: 50, Techniques: map[string]int{"hidden-single-box": 40, "last-value": 3}}
	hard := LevelUse{Name: "Hard", First: 51, Last: 100, Techniques: map[string]int{"hidden-single-line": 9, "naked-pair": 2, "x-wing": 1}}
	evil := LevelUse{Name: "Evil", First: 101, Last: 150, Techniques: map[string]int{"forcing-chain": 4, "naked-pair": 1}}
	guess := LevelUse{Name: "Beyond", First: 151, Last: 152, Techniques: map[string]int{"guess": 1}}

	text := HowToPlay(nil, templates.Rules(nil, nil), []LevelUse{easy, hard}, true, false)
	for _, want := range []string{"no need to guess", "- Easy (puzzles 1–50): singles.",
		"- Hard (puzzles 51–100): everything above, and pairs, triples and quads; and x-wings", "set in bold"} {
		if !strings.Contains(text, want) {
			t.Errorf("easy and hard: no %q in\n%s", want, text)
		}
	}
	if strings.Contains(strings.ToLower(text), "chain") || strings.Contains(text, "trial and error") || strings.Contains(text, "hints") {
		t.Errorf("easy and hard: promises chains, guessing or hints:\n%s", text)
	}

	text = HowToPlay(nil, templates.Rules(nil, nil), []LevelUse{easy, evil}, false, true)
	if !strings.Contains(text, "- Evil (puzzles 101–150): everything above, and pairs, triples and quads; and chains and forcing chains.") ||
		!strings.Contains(text, "Chains: follow") || !strings.Contains(text, "no need to guess") || strings.Contains(text, "in bold") ||
		!strings.Contains(text, "the page of its hints") {
		t.Errorf("easy and evil:\n%s", text)
	}

	text = HowToPlay(nil, templates.Rules(nil, nil), []LevelUse{easy, guess}, true, false)
	if strings.Contains(text, "no need to guess") || !strings.Contains(text, "Trial and error") {
		t.Errorf("a guess:\n%s", text)
	}
}
