package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestCanonTransform checks what users of canon rely on beyond the golden
// files: the transform in the JSON output turns the puzzle into its
// canonical form, and isomorphic puzzles share one form.
func TestCanonTransform(t *testing.T) {
	r := pressrun(t, "", "canon", "--format", "json", "testdata/solve.txt")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), r.stdout)
	}
	var forms []string
	for _, l := range lines {
		var v struct {
			Puzzle    string           `json:"puzzle"`
			Canonical string           `json:"canonical"`
			Transform engine.Transform `json:"transform"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		p := engine.MustParse(v.Puzzle)
		if got := v.Transform.Apply(p).String(); got != v.Canonical {
			t.Errorf("transform %v makes %s of %s, want the canonical %s", v.Transform, got, v.Puzzle, v.Canonical)
		}
		forms = append(forms, v.Canonical)
	}

	// The canonical forms of the canonical forms are themselves.
	again := pressrun(t, strings.Join(forms, "\n")+"\n", "canon")
	for i, l := range strings.Split(strings.TrimSuffix(again.stdout, "\n"), "\n")[1:] {
		if want := forms[i] + "\t" + forms[i]; l != want {
			t.Errorf("canon of a canonical form: %q, want %q", l, want)
		}
	}
}

func BenchmarkCanonCommand(b *testing.B) {
	data := benchFile(b)
	b.Run("tsv", func(b *testing.B) { benchCommand(b, data, "canon", "-") })
	b.Run("json", func(b *testing.B) { benchCommand(b, data, "canon", "--format", "json", "-") })
}
