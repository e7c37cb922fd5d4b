package study

import (
	"context"
	"strconv"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestReproduce000 runs seed 000's reproduction on 30 puzzles of each
// level: every claim has its verdict; the levels are the stand-ins the
// report names, 30 each; Table 1's easy level is well above evil; the
// hybrid rejects none of the easy stand-ins and every rejection of the
// slow test is zero (every puzzle is unique); the report has figures 10
// and 12.
func TestReproduce000(t *testing.T) {
	enginetest.ReadSample(t, enginetest.Shared("se-bands.tsv"), 1) // skips without the data
	enginetest.ReadSample(t, enginetest.Shared("top1465.txt"), 1)
	s, err := Reproduce(context.Background(), "000", Options{DataDir: enginetest.SharedData, Sample: 30, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, s, "table1-means", "ttest-easy-medium", "ttest-medium-hard", "ttest-hard-evil",
		"fig10-choices", "counts-uncorrelated", "fig12-weightings", "tuned-reach", "anneal-lower", "hybrid-generator", "hybrid-test")
	tables := map[string]Table{}
	plots := map[string]bool{}
	for _, sec := range s.Sections {
		for _, tb := range sec.Tables {
			tables[tb.Name] = tb
		}
		for _, p := range sec.Plots {
			plots[p.Name] = true
		}
	}
	for _, name := range []string{"wnef-levels", "fig10-choice-histograms", "fig10-mean-removed", "fig12-weightings"} {
		if !plots[name] {
			t.Errorf("no plot %s", name)
		}
	}
	levels := tables["wnef-levels"]
	want := map[string]string{"easy": "se-bands.tsv easy", "medium": "se-bands.tsv medium", "hard": "se-bands.tsv hard1", "evil": "top1465.txt"}
	means := map[string]float64{}
	for _, r := range levels.Rows {
		if w, ok := want[r[0]]; ok {
			if r[1] != w || r[2] != "30" {
				t.Errorf("level %s: stand-in %s, %s puzzles; want %s, 30 (--sample 30)", r[0], r[1], r[2], w)
			}
			means[r[0]], _ = strconv.ParseFloat(r[3], 64)
		}
	}
	if len(means) != 4 || !(means["easy"] > means["evil"]+0.05) {
		t.Errorf("level means %v: want four, easy well above evil", means)
	}
	for _, r := range tables["uniqueness-tests"].Rows {
		if r[4] != "0" {
			t.Errorf("level %s: the slow (exact) test rejects %s unique puzzles", r[0], r[4])
		}
		if r[0] == "easy" && r[3] != "0" {
			t.Errorf("the hybrid rejects %s easy puzzles (singles solve them)", r[3])
		}
	}
	for _, name := range []string{"tuned-anneal", "tuned-no-anneal", "tuned-hybrid", "tuned-own-means"} {
		tb, ok := tables[name]
		if !ok || len(tb.Rows) != 4 {
			t.Errorf("generator table %s: %d rows, want 4", name, len(tb.Rows))
			continue
		}
		for _, r := range tb.Rows {
			if r[2] != "1" { // --sample 30: max(1, 30/100) puzzles per target
				t.Errorf("%s %s: %s puzzles, want 1", name, r[0], r[2])
			}
		}
	}
}
