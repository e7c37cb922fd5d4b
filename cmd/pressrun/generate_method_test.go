package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// TestGenerateMethodGolden: every refused --method, --target and the flags
// around them name themselves, what is allowed and a way on (exit 2).
func TestGenerateMethodGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"generate-method-unknown", []string{"generate", "--method", "annealing"}},
		{"generate-method-masking-target", []string{"generate", "--target", "wnef=0.09"}},
		{"generate-method-masking-anneal", []string{"generate", "--method", "masking", "--anneal=false"}},
		{"generate-method-no-target", []string{"generate", "--method", "tuned"}},
		{"generate-method-target-column", []string{"generate", "--method", "hillclimb", "--target", "difficulty=3"}},
		{"generate-method-target-form", []string{"generate", "--method", "tuned", "--target", "wnef"}},
		{"generate-method-target-value", []string{"generate", "--method", "tuned", "--target", "wnef=low"}},
		{"generate-method-target-range", []string{"generate", "--method", "tuned", "--target", "wnef=2"}},
		{"generate-method-tolerance", []string{"generate", "--method", "tuned", "--target", "wnef=0.1", "--tolerance", "wide"}},
		{"generate-method-anneal-hillclimb", []string{"generate", "--method", "hillclimb", "--target", "callcount=98", "--anneal=false"}},
		{"generate-method-symmetry", []string{"generate", "--method", "tuned", "--target", "wnef=0.12", "--symmetry", "rot180"}},
		{"generate-method-uniqueness-hillclimb", []string{"generate", "--method", "hillclimb", "--target", "callcount=98", "--uniqueness", "hybrid"}},
		{"generate-method-uniqueness-unknown", []string{"generate", "--method", "tuned", "--target", "wnef=0.12", "--uniqueness", "guess"}},
		{"generate-method-max-moves", []string{"generate", "--method", "hillclimb", "--target", "callcount=98", "--max-moves", "-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := pressrun(t, "", tt.args...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2", r.code)
			}
			golden(t, tt.name, tt.args, r)
		})
	}
}

// summary is the line a --method run ends with on stderr.
var summary = regexp.MustCompile(`^pressrun: (\w+) at (\S+)±(\S+): (\d+) puzzles, (\d+) hit and (\d+) missed, [0-9.]+ ms a puzzle\n$`)

// TestGenerateMethodOutput: tuned and hillclimb runs are the same for 1
// and 3 workers; every puzzle is unique, its ratings are rate.Rate's and
// its hit column says whether the target column is in the window; the
// summary counts the hits.
func TestGenerateMethodOutput(t *testing.T) {
	for _, tt := range []struct{ method, target string }{{"tuned", "wnef=0.13"}, {"hillclimb", "callcount=29.2"}} {
		args := []string{"generate", "--method", tt.method, "--target", tt.target, "-n", "4", "--seed", "7", "--format", "tsv"}
		one := pressrun(t, "", append(args, "--workers", "1")...)
		three := pressrun(t, "", append(args, "--workers", "3")...)
		if one.code != 0 || three.code != 0 {
			t.Fatalf("%s: exit %d and %d\n%s%s", tt.method, one.code, three.code, one.stderr, three.stderr)
		}
		if one.stdout != three.stdout {
			t.Errorf("%s: 1 and 3 workers differ:\n%s\n%s", tt.method, one.stdout, three.stdout)
		}
		m := summary.FindStringSubmatch(three.stderr)
		if m == nil || m[1] != tt.method || m[2] != tt.target || m[4] != "4" {
			t.Fatalf("%s: stderr %q, want the summary line", tt.method, three.stderr)
		}
		target, _ := generate.ParseTarget(tt.target, "")
		lines := strings.Split(strings.TrimSuffix(one.stdout, "\n"), "\n")
		want := append(append(append([]string{"index", "puzzle", "solution", "clues", "symmetry"}, methodColumns...), methodRatingColumns...), "techniques")
		if lines[0] != strings.Join(want, "\t") {
			t.Fatalf("%s: header %q, want %q", tt.method, lines[0], strings.Join(want, "\t"))
		}
		col := map[string]int{}
		for i, c := range want {
			col[c] = i
		}
		hits := 0
		var s engine.Solver
		for _, line := range lines[1:] {
			f := strings.Split(line, "\t")
			p, err := engine.Parse(f[col["puzzle"]])
			if err != nil {
				t.Fatal(err)
			}
			if sol, n := s.Solve(p); n != 1 || sol.String() != f[col["solution"]] {
				t.Errorf("%s: %s has %d solutions", tt.method, p, n)
				continue
			}
			r, err := rate.Rate(p, level.Default())
			if err != nil {
				t.Fatal(err)
			}
			v, _ := r.Column(target.Column)
			if got := f[col[target.Column]]; got != ratingValueText(&r, target.Column) {
				t.Errorf("%s: %s column %s, rate gives %s", tt.method, target.Column, got, ratingValueText(&r, target.Column))
			}
			hit, _ := strconv.ParseBool(f[col["hit"]])
			if hit != target.Hit(v) {
				t.Errorf("%s: %s hit %v, but %s=%g", tt.method, p, hit, target.Column, v)
			}
			if hit {
				hits++
			}
		}
		if m[5] != strconv.Itoa(hits) || m[6] != strconv.Itoa(4-hits) {
			t.Errorf("%s: summary %q, but %d of 4 rows hit", tt.method, three.stderr, hits)
		}
		if hits != 4 {
			t.Errorf("%s at %s: %d of 4 hit", tt.method, tt.target, hits)
		}
	}
}

// ratingValueText is a rating column as a table prints it.
func ratingValueText(r *rate.Ratings, name string) string {
	switch v := ratingValue(r, name).(type) {
	case num:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}
