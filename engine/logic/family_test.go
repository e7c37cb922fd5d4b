package logic

import "testing"

// The how-to-play page promises chains only when a puzzle needs one: a
// technique filed under Chains must be one Sudoku Explainer rates as a
// chain (6.5 and up), and every chain technique must be filed there.
func TestFamilies(t *testing.T) {
	for _, tech := range Techniques() {
		got, ok := TechniqueByKey(tech.Key())
		if !ok || got != tech {
			t.Errorf("TechniqueByKey(%q) = %v, %v", tech.Key(), got, ok)
		}
		f := tech.Family()
		chain := tech.BaseRating() >= 6.5 && tech != Guess
		if (f == Chains) != chain {
			t.Errorf("%s (SE %.1f) is in family %s", tech, tech.BaseRating(), f)
		}
		if (f == Singles) != (tech == LastValue || tech == HiddenSingleBox || tech == HiddenSingleLine || tech == NakedSingle) {
			t.Errorf("%s is in family %s", tech, f)
		}
	}
	if _, ok := TechniqueByKey("no-such-technique"); ok {
		t.Error("an unknown key was found")
	}
}
