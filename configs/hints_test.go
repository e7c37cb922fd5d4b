package configs

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// hints: reads its levels in the ladder's spelling, defaults what it
// leaves out, and is off when absent.
func TestHints(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		spec   string
		levels []string
		per    int
	}{
		{"", nil, 0},
		{"hints: {}\n", []string{"hard", "expert", "evil"}, 2},
		{"hints: {levels: [Evil, expert], per-puzzle: 5}\n", []string{"evil", "expert"}, 5},
		{"hints: {per-puzzle: 1}\nlevels: [{name: a, rules: ['er <= 2']}, {name: b, rules: ['er > 2']}]\nsections: [{level: b, count: 1}]\n", []string{"b"}, 1},
	} {
		spec := tc.spec
		if !strings.Contains(spec, "sections:") {
			spec += "sections: [{level: evil, count: 1}]\n"
		}
		b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(spec))
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		if !slices.Equal(b.Hints.Levels, tc.levels) || b.Hints.PerPuzzle != tc.per {
			t.Errorf("%q: hints %+v, want %v %d", tc.spec, b.Hints, tc.levels, tc.per)
		}
	}
}

// A hints: part's problems name their line and field; an unknown level
// names the ladder's.
func TestHintsProblems(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ spec, want string }{
		{"hints:\n  levels: [hard, nope]\n", `s.yaml:2: hints.levels[1]: no level "nope"; the ladder has easy, medium, hard, expert, evil`},
		{"hints:\n  levels: [hard, Hard]\n", `s.yaml:2: hints.levels[1]: "hard" is named twice`},
		{"hints:\n  levels: evil\n", "s.yaml:2: hints.levels: want a list of levels, such as [hard, expert, evil]"},
		{"hints:\n  per-puzzle: 6\n", "s.yaml:2: hints.per-puzzle: 6: at most 5 hints a puzzle"},
		{"hints:\n  per-puzzle: 0\n", "s.yaml:2: hints.per-puzzle: must be at least 1"},
		{"hints:\n  count: 2\n", "s.yaml:2: hints.count: unknown field; want one of levels, per-puzzle"},
		{"hints: yes\n", "s.yaml:1: hints: want hints as key: value lines"},
	} {
		_, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(tc.spec+"sections: [{level: evil, count: 1}]\n"))
		var es Errors
		if !errors.As(err, &es) || len(es) != 1 {
			t.Errorf("%q: %v, want one problem", tc.spec, err)
			continue
		}
		if got := es[0].Error(); !strings.HasSuffix(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.spec, got, tc.want)
		}
	}
}
