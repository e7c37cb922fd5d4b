package configs

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// A section's technique: makes it a chapter; its problems name the line
// and field.
func TestChapterSections(t *testing.T) {
	dir := t.TempDir()
	s := "sections:\n  - "
	for _, tc := range []struct{ spec, want string }{
		{s + "{technique: x-wingg, count: 4}\n", `s.yaml:2: sections[0].technique: no technique "x-wingg" ('pressrun help techniques' lists them)`},
		{s + "{technique: skyscraper, count: 4}\n", `s.yaml:2: sections[0].technique: skyscraper is not on the ladder of the classic scale`},
		{s + "{technique: aligned-triplet-exclusion, count: 4, variant: x}\n", `s.yaml:2: sections[0].technique: aligned-triplet-exclusion is not on the ladder of x puzzles`},
		{s + "{technique: x-wing, count: 4, variant: killer}\n", `s.yaml:2: sections[0].technique: a killer chapter is not made yet`},
		{s + "{technique: x-wing, count: 4, clues: 30-40}\n", `s.yaml:2: sections[0].clues: a chapter's puzzles are dug until they need its technique; leave clues: out`},
		{s + "{level: hard, count: 4, require: 2}\n", `s.yaml:2: sections[0].require: require: counts the steps of a chapter's technique; add technique:`},
		{s + "{technique: 'x-wing, x-wing', count: 4}\n", `s.yaml:2: sections[0].technique: technique x-wing named twice`},
		{s + "{technique: x-wing, count: 4, require: 0}\n", `s.yaml:2: sections[0].require: must be at least 1`},
		{s + "{count: 4}\n", `s.yaml:2: sections[0].level: want a level (easy, medium, hard, expert, evil), or a technique: for a chapter`},
	} {
		_, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(tc.spec))
		got := ""
		if err != nil {
			got = strings.ReplaceAll(err.Error(), dir+"/", "")
		}
		if !errors.Is(err, ErrSpec) || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\n got %q\nwant %q", tc.spec, got, tc.want)
		}
	}
	b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte("scale: sukaku\n"+s+"{technique: 'skyscraper,2-string-kite', count: 4, require: 2}\n  - {technique: xy-wing, level: hard, count: 3}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a := b.Sections[0].Technique; a == nil || a.Names() != "skyscraper,2-string-kite" || a.Require != 2 || b.Sections[0].Level != "" || b.Sections[0].Minimal {
		t.Errorf("section 0: %+v", b.Sections[0])
	}
	if a := b.Sections[1].Technique; a == nil || a.Names() != "xy-wing" || b.Sections[1].Level != "hard" {
		t.Errorf("section 1: %+v", b.Sections[1])
	}
}
