package logic

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// ratedSample reads testdata/se-rated-sample.tsv: the first two puzzles of
// each Sudoku Explainer rating (2.5 to 9.2, 111 puzzles) of
// ../shared/data/se-rated.tsv (grantm/sudoku-exchange-puzzle-bank split
// by rating, public domain, rated by SukakuExplainer).
func ratedSample(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("testdata/se-rated-sample.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line, _, _ := strings.Cut(sc.Text(), "\t"); len(line) == 81 {
			out = append(out, line)
		}
	}
	if len(out) < 100 {
		t.Fatalf("se-rated-sample.tsv: %d puzzles", len(out))
	}
	return out
}

// TestClassicAgreement rates classic puzzles with both raters (the
// classic one on SukakuExplainer's scale, whose techniques the variant
// rater has): the sample of se-rated.tsv (2.5 to 9.2) and 40 minimal puzzles made by the
// variant generator (most of them easy). Where the classic rater's
// hardest step is at most 5.4 (up to hidden quads and three strong
// links), and its solve needs no unique loop longer than a rectangle and
// no turbot fish with a grouped link, the ratings must be the same: er, ep, ed, score and the
// technique counts. Above, the ladders differ (unique loops, grouped turbot fish, BUG, nishio,
// dynamic and nested chains are not here), and the test logs how far apart they are.
// It also holds the step costs to the classic rater's.
func TestClassicAgreement(t *testing.T) {
	v := variant.Classic()
	s := NewSolver(v)
	lines := ratedSample(t)
	for _, p := range generated(t, v, 40, 8) {
		lines = append(lines, v.Format(p))
	}
	type pair struct {
		line      string
		want, got float64
	}
	var all []pair
	exact, near, inLadder, inExact := 0, 0, 0, 0
	for _, line := range lines {
		eg, err := engine.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		want, err := classic.SolveWith(eg, classic.Options{Scale: classic.Sukaku})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := v.Parse(line)
		got, err := s.Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, pair{line, want.ER, got.ER})
		same := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
		shared := want.Count(classic.UniqueLoop) == 0 // a technique the variant rater has not
		for _, st := range want.Steps {
			switch st.Technique {
			case classic.Skyscraper, classic.TwoStringKite, classic.TurbotFish:
				shared = shared && st.Rating < 4.25 // a grouped link rates 4.3
			}
		}
		if want.ER <= 5.4 && shared {
			inLadder++
			if !same(want.ER, got.ER) || !same(want.EP, got.EP) || !same(want.ED, got.ED) || want.Score != got.Score {
				t.Errorf("%s: er/ep/ed/score %g/%g/%g/%d, classic %g/%g/%g/%d", line,
					got.ER, got.EP, got.ED, got.Score, want.ER, want.EP, want.ED, want.Score)
			}
			for _, tech := range classic.Techniques() {
				if want.Count(tech) != got.Counts[tech.Key()] {
					t.Errorf("%s: %d steps of %s, classic %d", line, got.Counts[tech.Key()], tech, want.Count(tech))
				}
			}
		}
		if same(got.ER, want.ER) {
			exact++
			if want.ER <= 5.4 && shared {
				inExact++
			}
		}
		if math.Abs(got.ER-want.ER) <= 0.1+1e-9 {
			near++
		}
	}
	sort.Slice(all, func(i, j int) bool { return math.Abs(all[i].got-all[i].want) > math.Abs(all[j].got-all[j].want) })
	t.Logf("%d classic puzzles: er equal %d (%.0f%%), within 0.1 %d (%.0f%%); classic er <= 5.4: %d of %d equal",
		len(all), exact, 100*float64(exact)/float64(len(all)), near, 100*float64(near)/float64(len(all)), inExact, inLadder)
	var worst []string
	for _, p := range all[:8] {
		worst = append(worst, fmt.Sprintf("%.1f->%.1f", p.want, p.got))
	}
	t.Logf("worst (classic->here): %s", strings.Join(worst, " "))
	// Agreement by the classic rating's band.
	for _, band := range [][2]float64{{0, 4.4}, {4.4, 5.4}, {5.4, 6.5}, {6.5, 7.5}, {7.5, 8.5}, {8.5, 12}} {
		k, eq, nr := 0, 0, 0
		var diff float64
		for _, p := range all {
			if p.want > band[0] && p.want <= band[1] {
				k++
				diff += p.got - p.want
				if p.got == p.want {
					eq++
				}
				if math.Abs(p.got-p.want) <= 0.1+1e-9 {
					nr++
				}
			}
		}
		if k > 0 {
			t.Logf("classic er in (%.1f, %.1f]: %d puzzles, %d equal, %d within 0.1, mean difference %+.2f", band[0], band[1], k, eq, nr, diff/float64(k))
		}
	}
}
