package logic

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestPublishedKillersByLogic: every published killer of engine/variant's
// testdata but Tarek's hard ones (TestHardKillers) is rated without a
// guess: KrazyDad's 42 and dailykillersudoku.com's 4 level-10 killers
// (killer-published.jsonl; one of those needs dynamic forcing chains) and
// sudoku.com's 120 at its four levels (killer-levels.jsonl); each
// puzzle's time is logged, median and worst.
func TestPublishedKillersByLogic(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds")
	}
	type killer struct {
		v      *variant.Variant
		g      variant.Grid
		source string
	}
	var all []killer
	for _, p := range readPublished(t) {
		if p.source != "tarek" {
			all = append(all, killer{p.v, p.g, p.source})
		}
	}
	data, err := os.ReadFile("../testdata/killer-levels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		v, g, err := variant.ParseKillerJSON(line)
		if err != nil {
			t.Fatal(err)
		}
		var rec struct{ Source string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		src, _, _ := strings.Cut(rec.Source, " ")
		all = append(all, killer{v, g, src})
	}
	logical, count := map[string]int{}, map[string]int{}
	var times []time.Duration
	for _, k := range all {
		began := time.Now()
		res, err := NewSolver(k.v).Solve(k.g)
		times = append(times, time.Since(began))
		if err != nil {
			t.Fatalf("%s %s: %v", k.source, k.v.CageCode(), err)
		}
		count[k.source]++
		if res.Guesses == 0 {
			logical[k.source]++
		} else {
			t.Errorf("%s %s: er %.1f with %d guesses", k.source, k.v.CageCode(), res.ER, res.Guesses)
		}
	}
	slices.Sort(times)
	if count["krazydad.com"] != 42 || count["dailykillersudoku.com"] != 4 || count["sudoku.com"] != 120 {
		t.Errorf("killers by source %v", count)
	}
	t.Logf("without a guess, by source: %v of %v; a puzzle's rating: median %v, worst %v", logical, count,
		times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
}

// TestPublished16x16ByLogic: the 55 published 16x16 puzzles of
// engine/variant's testdata (janko16.txt, Otto Janko's via Gecode) are
// rated without a guess.
func TestPublished16x16ByLogic(t *testing.T) {
	v, puzzles := read16(t, "janko16.txt")
	s := NewSolver(v)
	for _, p := range puzzles {
		res, err := s.Solve(p)
		if err != nil || res.Guesses > 0 {
			t.Errorf("%s: er %.1f, %d guesses, %v", v.Format(p), res.ER, res.Guesses, err)
		}
	}
	if len(puzzles) != 55 {
		t.Errorf("%d puzzles, want 55", len(puzzles))
	}
}
