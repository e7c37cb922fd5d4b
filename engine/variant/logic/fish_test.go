package logic

import (
	"strings"
	"testing"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// TestFishOverFamilies: the fish take every pair of house families, a
// windoku's windows and a jigsaw's regions against rows and columns. Each
// puzzle of testdata/fish.txt takes such a fish (its text names the
// window or region), every step held to the solution by SolveWith and
// replayed against the exact solver's.
func TestFishOverFamilies(t *testing.T) {
	for _, r := range rateListed(t, "testdata/fish.txt") {
		found := ""
		for _, s := range r.res.Steps {
			switch s.Technique {
			case classic.XWing, classic.Swordfish, classic.Jellyfish:
				if strings.Contains(s.Text, "window") || strings.Contains(s.Text, "region") {
					found = s.Text
				}
			}
		}
		if found == "" || r.res.Guesses > 0 {
			t.Errorf("%.50s: er %.1f, %d guesses, no fish over windows or regions", r.line, r.res.ER, r.res.Guesses)
		}
		t.Logf("%s: er %.1f: %s", r.v.Name, r.res.ER, found)
	}
}
