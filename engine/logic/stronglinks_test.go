package logic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestSukakuStrongLinks solves, on the sukaku scale, puzzles of the
// bank (se-rated.tsv: grantm/sudoku-exchange-puzzle-bank, public domain)
// and of unbiased-minimal.txt (tdoku's data, BSD-2-Clause) whose
// SukakuExplainer solve turns on what its default ladder does
// differently from 1.2.1 and from its own TurbotFish: a turbot fish (a
// box and a line) found as two strong links at 4.1; grouped strong links
// of three and four links at 5.7 and 6.1; a unique loop that lkSudoku's
// fix finds. Each wants SukakuExplainer's er (serate, built by
// scripts/build-raters) and a step of the kind at its rating.
func TestSukakuStrongLinks(t *testing.T) {
	for _, c := range []struct {
		puzzle string
		er     float64
		steps  []string // "rating text-prefix" of steps the solve must take
	}{
		{"4..3...5825.4..31..8.1...........673....6....764...........4.8..13..5.6484...1..5", 4.1,
			[]string{"4.1 turbot fish on 7"}},
		{"...7...68.851.......7..21..5...76.....3...7.....34...6..14..8.......731.23...9...", 7.2,
			[]string{"4.3 grouped turbot fish on 4", "5.7 grouped 3 strong links on 9", "6.1 grouped 4 strong links on 9"}},
		{"4.9...7.68...5...3.1.....9.2.47.86.5...9.2.....1...9..78.5.3.41............2.4...", 4.6,
			[]string{"4.6 unique loop type 2"}},
	} {
		res, err := SolveWith(engine.MustParse(c.puzzle), Options{Scale: Sukaku})
		if err != nil {
			t.Fatal(err)
		}
		if res.ER != c.er {
			t.Errorf("%s: er %.1f, SukakuExplainer %.1f", c.puzzle, res.ER, c.er)
		}
		for _, want := range c.steps {
			found := false
			for _, s := range res.Steps {
				found = found || strings.HasPrefix(fmt.Sprintf("%.1f %s", s.Rating, s.Text), want)
			}
			if !found {
				t.Errorf("%s: no step %q", c.puzzle, want)
			}
		}
	}
}
