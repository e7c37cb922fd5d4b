package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStudyGolden holds study's bad usages and what a run on two puzzles
// says.
func TestStudyGolden(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"study-no-out", []string{"study", "testdata/solve-methods.txt"}},
		{"study-unknown-seed", []string{"study", "--reproduce", "005", "--out", "testdata/never-written"}},
		{"study-no-data", []string{"study", "--reproduce", "004", "--data", "testdata/no-such-folder", "--out", "testdata/never-written"}},
		{"study-files-and-seed", []string{"study", "--reproduce", "004", "--out", "testdata/never-written", "testdata/solve-methods.txt"}},
		{"study-unknown-method", []string{"study", "--methods", "rules,magic", "--out", "testdata/never-written", "testdata/solve-methods.txt"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, pressrun(t, "", tt.args...))
		})
	}
	if _, err := os.Stat("testdata/never-written"); err == nil {
		t.Errorf("a refused study wrote its --out folder")
	}
}

// TestStudyWrites runs a study of two methods on two puzzles and checks
// the report's files are there, and nothing else.
func TestStudyWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	r := pressrun(t, "", "study", "--methods", "rules,backtrack", "--out", dir, "--quiet", "testdata/solve-methods.txt")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "report.html, numbers.tsv and 5 plots") {
		t.Errorf("stderr: %s", r.stderr)
	}
	var names []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			names = append(names, rel)
		}
		return nil
	})
	want := "numbers.tsv plots/solve-methods-er-backtrack.png plots/solve-methods-er-rules.png plots/solve-methods-hist-backtrack.png plots/solve-methods-hist-rules.png plots/solve-methods-sorted.png report.html"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("files:\n%s\nwant:\n%s", got, want)
	}
}
