package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
)

// generate --technique: each puzzle unique, the technique in its solve
// and nothing rated above it, in the tsv's columns.
func TestGenerateTechnique(t *testing.T) {
	r := pressrun(t, "", "generate", "--technique", "x-wing,xy-wing", "-n", "4", "--seed", "1", "--format", "tsv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	head := strings.Split(lines[0], "\t")
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %s in %v", name, head)
		return -1
	}
	if len(lines) != 5 {
		t.Fatalf("%d lines:\n%s", len(lines), r.stdout)
	}
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		g, err := engine.Parse(f[col("puzzle")])
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := engine.CountSolutions(g, 2); n != 1 {
			t.Errorf("%s: %d solutions", g, n)
		}
		res, err := logic.Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		top := 0.0
		for _, s := range res.Steps {
			if s.Technique == logic.XWing || s.Technique == logic.XYWing {
				top = max(top, s.Rating)
			}
		}
		if top == 0 || res.ER > top {
			t.Errorf("%s: er %.1f, x-wing or xy-wing at most %.1f", g, res.ER, top)
		}
		if tech := f[col("techniques")]; !strings.Contains(tech, "x-wing") && !strings.Contains(tech, "xy-wing") {
			t.Errorf("techniques %s", tech)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--technique", "x-wingg"}, `--technique "x-wingg": no technique of that name`},
		{[]string{"--technique", "x-wing", "--level", "hard"}, "--level does not apply with --technique"},
		{[]string{"--technique", "x-wing", "--require", "0"}, "--require 0: want 1 or more"},
		{[]string{"--require", "2"}, "--require needs --technique"},
		{[]string{"--technique", "skyscraper"}, "skyscraper on the classic scale"},
	} {
		r := pressrun(t, "", append([]string{"generate", "--seed", "1"}, c.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

func TestHelpTechniques(t *testing.T) {
	r := pressrun(t, "", "help", "techniques")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, want := range []string{"x-wing                       3.2    3.2    variants killer", "skyscraper                   -      4.0",
		"rule-of-45", "bugplus1", "hidden-single                1.2+"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help techniques lacks %q", want)
		}
	}
}

func TestGenerateVariantTechnique(t *testing.T) {
	r := pressrun(t, "", "generate", "--variant", "x", "--technique", "x-wing", "-n", "2", "--seed", "1", "--format", "tsv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "x-wing:") || !strings.HasSuffix(lines[1], "\tx") {
		t.Errorf("%s", r.stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "killer", "--technique", "x-wing"}, "its cages are merged, not dug"},
		{[]string{"--variant", "x", "--technique", "aligned-triplet-exclusion"}, "aligned-triplet-exclusion on x puzzles"},
	} {
		r := pressrun(t, "", append([]string{"generate", "--seed", "1"}, c.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// A rare technique's search ends when its run is stopped, not after its
// 50,000 tries (a hidden quad is hardly ever found).
func TestGenerateTechniqueStops(t *testing.T) {
	for _, args := range [][]string{
		{"generate", "--technique", "hidden-quad", "-n", "2", "--seed", "1"},
		{"generate", "--variant", "x", "--technique", "hidden-quad", "-n", "2", "--seed", "1"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		start := time.Now()
		r := pressrunCtx(t, ctx, "", args...)
		cancel()
		if took := time.Since(start); r.code == 0 || took > 5*time.Second {
			t.Errorf("%v: exit %d after %v, stopped at 0.5 s: %s", args, r.code, took, r.stderr)
		}
	}
}
