package pipeline

import (
	"testing"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/templates/words"
)

// builtInLadders are the ladders pressrun ships: classic's and each
// variant's (level.For).
func builtInLadders(t *testing.T) map[string]level.Ladder {
	t.Helper()
	out := map[string]level.Ladder{"classic": level.Default()}
	for _, name := range []string{"4x4", "6x6", "8x8", "12x12", "16x16", "x", "windoku"} {
		v, err := variant.Named(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = level.For(v)
	}
	for _, kind := range []string{"killer", "killer-6x6"} {
		v, err := variant.ForKind(kind)
		if err != nil {
			t.Fatal(err)
		}
		out[kind] = level.For(v)
	}
	rows := make([]int, 36)
	for c := range rows {
		rows[c] = c / 6
	}
	j, err := variant.Jigsaw(6, rows)
	if err != nil {
		t.Fatal(err)
	}
	out["jigsaw-6x6"] = level.For(j)
	return out
}

// TestLevelWords: every built-in level is named and described in every
// language, and English prints them as before.
func TestLevelWords(t *testing.T) {
	for kind, ladder := range builtInLadders(t) {
		for _, lv := range ladder {
			if got := LevelName(nil, lv); got != DisplayLevel(lv.Name) {
				t.Errorf("%s %s: English name %q, want %q", kind, lv.Name, got, DisplayLevel(lv.Name))
			}
			if got := LevelDescription(nil, lv); got != lv.Description {
				t.Errorf("%s %s: English description %q, want %q", kind, lv.Name, got, lv.Description)
			}
			for _, code := range words.Codes()[1:] {
				w, _ := words.Of(code)
				if !w.HasDescription(lv.Description) {
					t.Errorf("%s.yaml: no description for %s's level %s: %q", code, kind, lv.Name, lv.Description)
				}
				if !w.Has("level." + lv.Name) {
					t.Errorf("%s.yaml: no name for level %s", code, lv.Name)
				}
			}
		}
	}
	de, _ := words.Of("de")
	own := level.Level{Name: "gentle", Description: "Our own words.", Names: map[string]string{"de": "Sanft"}}
	if LevelName(de, own) != "Sanft" || LevelName(nil, own) != "Gentle" || LevelDescription(de, own) != "Our own words." {
		t.Errorf("a levels file's own level: %q, %q, %q", LevelName(de, own), LevelName(nil, own), LevelDescription(de, own))
	}
}
