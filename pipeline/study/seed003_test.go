package study

import (
	"context"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/solve"
)

// TestReproduce003 runs seed 003's reproduction on one puzzle of each
// band and one 17-clue puzzle, annealing within 2 million moves: figure
// 6.1's count must be the paper's, every claim must have its verdict, and
// the tables must cover both schedules on both sets.
func TestReproduce003(t *testing.T) {
	enginetest.ReadSample(t, enginetest.Shared("se-bands.tsv"), 1) // skips without the data
	enginetest.ReadSample(t, enginetest.Shared("royle17.txt"), 1)
	o := Options{DataDir: enginetest.SharedData, Sample: 1, Solve: solve.Options{MaxIterations: 2_000_000}}
	s, err := Reproduce(context.Background(), "003", o)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, s, "dfs-figure-6.1", "dfs-choices", "dfs-17-clues", "dfs-difficulty", "dfs-complete", "backtrack-fewest",
		"annealing-lewis-se-bands", "annealing-lewis-17-clue", "annealing-measured-se-bands", "annealing-measured-17-clue", "annealing-complete")
	verdicts := map[string]Finding{}
	for _, v := range s.Verdicts() {
		verdicts[v.Name] = v
	}
	if v := verdicts["dfs-figure-6.1"]; v.Verdict != Holds || v.Pressrun != "641,580,843 (622,577,597 values tried + 19,003,246 visits to givens)" {
		t.Errorf("figure 6.1: %s, %s", v.Verdict, v.Pressrun)
	}
	if v := verdicts["dfs-choices"]; v.Verdict != Holds {
		t.Errorf("figure 6.1's choices: %s, %s", v.Verdict, v.Pressrun)
	}
	tables := map[string]Table{}
	for _, sec := range s.Sections {
		for _, tb := range sec.Tables {
			tables[tb.Name] = tb
		}
	}
	if rows := tables["figure-6.1"].Rows; len(rows) == 0 || rows[0][1] != "641580843" || rows[0][2] != "641580843" {
		t.Errorf("figure 6.1's table: %v", rows)
	}
	if rows := tables["dfs-bands"].Rows; len(rows) != len(seBands)+1 {
		t.Errorf("dfs-bands: %d rows, want a row per band and one for 17-clue", len(rows))
	}
	want := [][2]string{{"lewis", "se-bands"}, {"lewis", "17-clue"}, {"measured", "se-bands"}, {"measured", "17-clue"}}
	rows := tables["annealing"].Rows
	if len(rows) != len(want) {
		t.Fatalf("annealing: %d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		if rows[i][0] != w[0] || rows[i][1] != w[1] {
			t.Errorf("annealing row %d: %v, want %v", i, rows[i][:2], w)
		}
	}
	if rows[0][2] != "5" || rows[1][2] != "1" {
		t.Errorf("annealing ran %s and %s puzzles, want 5 (a band each) and 1", rows[0][2], rows[1][2])
	}
}
