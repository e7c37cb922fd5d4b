package study

import (
	"context"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestReproduce002 runs seed 002's reproduction on 250 puzzles of
// se-bands.tsv: every claim has its verdict, --sample takes 50 of each
// band and makes 10 puzzles for each target, and the call count rises
// from easy to medium as Table I says (by far the clearest of its steps).
func TestReproduce002(t *testing.T) {
	enginetest.ReadSample(t, enginetest.Shared("se-bands.tsv"), 1) // skips without the data
	s, err := Reproduce(context.Background(), "002", Options{DataDir: enginetest.SharedData, Sample: 250, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, s, "table1-order", "table1-values", "fig4-separation", "hillclimb-hits", "table2-harder")
	cells := tableCells(s, "callcount-levels")
	for _, b := range seBands {
		if got := cells[b.band]["puzzles"]; got != "50" {
			t.Errorf("band %s: %s puzzles, want 50 (--sample 250)", b.band, got)
		}
	}
	if easy, medium := cells["easy"]["mean kept"], cells["medium"]["mean kept"]; parse(t, easy) >= parse(t, medium) {
		t.Errorf("easy's mean call count %s is not below medium's %s", easy, medium)
	}
	for target, row := range tableCells(s, "hillclimb-targets") {
		if row["puzzles"] != "10" {
			t.Errorf("target %s: %s puzzles, want 10 (--sample 250)", target, row["puzzles"])
		}
	}
	for _, v := range s.Verdicts() {
		if v.Name == "table2-harder" && v.Verdict == Holds {
			t.Errorf("table2-harder holds, but no person timed a puzzle: %+v", v)
		}
	}
}
