package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestGenerateVariantLevels is issue 22's acceptance for generate: for
// every kind and every level of its ladder, `generate --variant V --level
// L -n N --seed 1` makes N puzzles that the plain exact-cover counter
// finds unique, that `rate --variant V` puts at level L, and that are the
// same bytes on 1 and 2 workers. N is 30 in CI and with
// PRESSRUN_VARIANT_N, else 6 (the 16x16 and 12x12 levels take most of
// the time).
func TestGenerateVariantLevels(t *testing.T) {
	n := 6
	if os.Getenv("CI") != "" {
		n = 30
	}
	if env, _ := strconv.Atoi(os.Getenv("PRESSRUN_VARIANT_N")); env > 0 {
		n = env
	}
	for _, kind := range variant.Kinds[1:] {
		v, err := variant.ForKind(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, lv := range level.For(v) {
			args := []string{"generate", "--variant", kind, "--level", lv.Name, "-n", fmt.Sprint(n), "--seed", "1"}
			one := pressrun(t, "", append(args, "--workers", "1")...)
			two := pressrun(t, "", append(args, "--workers", "2")...)
			if one.code != 0 || two.code != 0 {
				t.Fatalf("%s: exit %d, %d\n%s%s", strings.Join(args, " "), one.code, two.code, one.stderr, two.stderr)
			}
			if one.stdout != two.stdout {
				t.Fatalf("%s: 1 and 2 workers differ", strings.Join(args, " "))
			}
			lines := strings.Split(strings.TrimSpace(one.stdout), "\n")
			if len(lines) != n {
				t.Fatalf("%s: %d lines", strings.Join(args, " "), len(lines))
			}
			for _, line := range lines {
				p := readVariantLine(t, v, line)
				if got := enginetest.CoverCount(p.Variant.Size, p.Variant.Regions, p.Variant.Extra, p.Grid, 2); got != 1 {
					t.Fatalf("%s %s: %s has %d solutions by exact cover", kind, lv.Name, line, got)
				}
			}
			rated := pressrun(t, one.stdout, "rate", "--variant", kind)
			if rated.code != 0 {
				t.Fatalf("rate --variant %s: exit %d\n%s", kind, rated.code, rated.stderr)
			}
			for _, row := range strings.Split(strings.TrimSpace(rated.stdout), "\n")[1:] {
				if got := strings.Split(row, "\t")[1]; got != lv.Name {
					t.Fatalf("%s %s: rates again as %s: %s", kind, lv.Name, got, row)
				}
			}
		}
	}
}

// readVariantLine reads one line as generate writes it.
func readVariantLine(t *testing.T, kind *variant.Variant, line string) variant.Puzzle {
	t.Helper()
	v, g, _, err := variant.NewReader(strings.NewReader(line), kind).Next()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return variant.Puzzle{Variant: v, Grid: g}
}
