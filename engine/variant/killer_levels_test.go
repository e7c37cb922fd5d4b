package variant

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// levelKiller is one line of testdata/killer-levels.jsonl beside its
// cages and givens: where it was published and at which of the
// publisher's levels (sources and licences in testdata/README.md).
type levelKiller struct {
	Solution       string `json:"solution"`
	Source         string `json:"source"`
	PublisherLevel string `json:"publisher_level"`
}

// TestKillerLevelsData: every killer of testdata/killer-levels.jsonl
// reads in the JSON form, says its source and publisher level,
// and has exactly one solution by the solver, the one published; each
// publisher there gives at least two levels, or it could not check a
// ladder. The plain counter's agreement was checked when the file was
// made (README); here only the fast solver runs, to stay quick.
func TestKillerLevelsData(t *testing.T) {
	data, err := os.ReadFile("testdata/killer-levels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 40 {
		t.Fatalf("%d killers with levels, want at least 40", len(lines))
	}
	levels := map[string]map[string]int{} // publisher -> level -> puzzles
	for i, line := range lines {
		v, g, err := ParseKillerJSON(line)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		var rec levelKiller
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if rec.Source == "" || rec.PublisherLevel == "" || len(rec.Solution) != 81 {
			t.Fatalf("line %d: source %q, level %q, solution %q", i+1, rec.Source, rec.PublisherLevel, rec.Solution)
		}
		publisher, _, _ := strings.Cut(rec.Source, " (")
		if levels[publisher] == nil {
			levels[publisher] = map[string]int{}
		}
		levels[publisher][rec.PublisherLevel]++
		n, sol := NewSolver(v).Count(g, 2)
		if n != 1 || v.Format(sol) != rec.Solution {
			t.Errorf("line %d: %d solutions, %s; published %s", i+1, n, v.Format(sol), rec.Solution)
		}
	}
	for publisher, byLevel := range levels {
		if len(byLevel) < 2 {
			t.Errorf("%s: only levels %v", publisher, byLevel)
		}
	}
}
