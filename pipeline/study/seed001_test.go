package study

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/solve"
)

// TestReproduce001 runs seed 001's reproduction on a small sample: every
// claim gets its verdict, the timed figures are drawn, the sizes follow
// --sample as help study says, and on 17-clue puzzles the rule-based
// solver is the faster by the sign test.
func TestReproduce001(t *testing.T) {
	enginetest.ReadSample(t, enginetest.Shared("royle17.txt"), 1) // skips without the data
	// The methods' budgets are cut to 50,000 of their units: the Boltzmann
	// machine runs to its budget on 17- to 21-clue puzzles, which is the
	// most of this test's time at the methods' own budgets.
	s, err := Reproduce(context.Background(), "001", Options{DataDir: enginetest.SharedData, Sample: 100, Workers: 2, Solve: solve.Options{MaxIterations: 50_000}})
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, s, "rules-fastest", "sign-test", "rules-solves-all", "rules-narrow", "correlation", "worst10", "backtrack-tail", "boltzmann-17", "boltzmann-46")
	plots := map[string]bool{}
	tables := map[string]Table{}
	for _, sec := range s.Sections {
		for _, p := range sec.Plots {
			plots[p.Name] = true
		}
		for _, tb := range sec.Tables {
			tables[tb.Name] = tb
		}
	}
	for _, name := range []string{"time-rules-hist", "time-rules-zoom", "time-sorted", "time-backtrack-hist", "time-backtrack-density", "time-difference", "time-cdf", "royle17-scatter", "boltzmann-clues"} {
		if !plots[name] {
			t.Errorf("no plot %s", name)
		}
	}
	// --sample 100: 100 counted, 10 timed (the least), 1 of each band.
	if got := tables["royle17-difficulty"].Rows[0][1]; got != "100" {
		t.Errorf("correlation over %s puzzles, want 100", got)
	}
	if got := tables["timed"].Rows[0][1]; got != "10" {
		t.Errorf("%s puzzles timed, want 10", got)
	}
	// Rules is the faster on nearly every 17-clue puzzle (193 of 200 in
	// the default run), but a backtrack solve that guesses little can
	// beat it: on this sample's 10 it is 8 / 2 on an idle machine, was
	// 7 / 3 once in CI and 5 / 5 once in a full CI run on this 2-core
	// machine, with cmd/pressrun's generation tests running beside it
	// (the two solvers are timed at different moments of a load they do
	// not control). So the test asks for at least 4 of the 10, and for
	// the rule-based solver's median time to be below backtrack's (about
	// 6 times), which no load has upset.
	sign := tables["timed-tests"].Rows[0]
	var faster, slower int
	if _, err := fmt.Sscanf(sign[2], "%d / %d", &faster, &slower); err != nil || faster < 4 {
		t.Errorf("rules faster on %q of 10 puzzles", sign[2])
	}
	timed := tables["timed"]
	median := map[string]float64{}
	for _, row := range timed.Rows {
		median[row[0]], _ = strconv.ParseFloat(row[6], 64)
	}
	if bt, ru := median["backtrack (17 clues)"], median["rules (17 clues)"]; !(ru > 0 && ru < bt) {
		t.Errorf("median ms: rules %v, backtrack %v; want rules the faster", ru, bt)
	}
	p, _ := strconv.ParseFloat(sign[3], 64)
	for _, v := range s.Verdicts() {
		if v.Name == "sign-test" && (v.Verdict == Holds) != (p < 0.05) {
			t.Errorf("sign test p = %v but verdict %s", p, v.Verdict)
		}
	}
}

// TestSeed001Sizes holds --sample to what seed 001's Sample text says.
func TestSeed001Sizes(t *testing.T) {
	for _, c := range []struct {
		sample int
		want   seed001Sizes
	}{
		{0, seed001Sizes{counts: 10000, timed: 200, bands: 10, clues: 20}},
		{500, seed001Sizes{counts: 500, timed: 10, bands: 1, clues: 1}},
		{50000, seed001Sizes{counts: 50000, timed: 1000, bands: 50, clues: 100}},
		{-1, seed001Sizes{counts: -1, timed: seed001TimedCap, bands: -1, clues: seed001CluesCap}},
	} {
		if got := seed001SizesFor(c.sample); got != c.want {
			t.Errorf("--sample %d: %+v, want %+v", c.sample, got, c.want)
		}
	}
	if !strings.Contains(seed001.Sample, "-1 takes all") {
		t.Errorf("Sample text does not say what -1 does: %s", seed001.Sample)
	}
}
