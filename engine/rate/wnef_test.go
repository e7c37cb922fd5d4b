package rate

import (
	"math"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

const (
	// solvedGrid is the solution of se-bands.tsv's first puzzle.
	solvedGrid = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
	// singlesPuzzle (se-bands.tsv, band easy) falls to naked singles alone:
	// arc consistency solves it without a split.
	singlesPuzzle = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
	// hiddenPuzzle (se-bands.tsv, band easy) needs hidden singles, which
	// r-Reduction has (a naked set of k-1 cells) and arc consistency lacks.
	hiddenPuzzle = "...823..1..3...4...7.....523..96..1....1.2....1..38..683.....4...2...9..6..789..."
	// escargot is AI Escargot as seed 004 and the brief write it.
	escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestWNEFByHand(t *testing.T) {
	var empty engine.Grid
	one := empty
	one[0] = 5 // r1c1 = 5: its 20 peers keep 8 candidates, the other 60 cells 9
	for _, tc := range []struct {
		name string
		g    engine.Grid
		w    Weight
		want float64
	}{
		{"empty grid, exponential", empty, Exponential, 1.0 / 256},
		{"empty grid, squared", empty, Squared, 1.0 / 81},
		{"empty grid, linear", empty, Linear, 1.0 / 9},
		{"one given, exponential", one, Exponential, (20*2 + 60*1) / (80 * 256.0)},
		{"one given, squared", one, Squared, (20*4 + 60*1) / (80 * 81.0)},
		{"one given, linear", one, Linear, (20*2 + 60*1) / (80 * 9.0)},
		{"solved grid", engine.MustParse(solvedGrid), Exponential, 1},
	} {
		if got := WNEF(tc.g, tc.w); !near(got, tc.want) {
			t.Errorf("%s: WNEF = %v, want %v", tc.name, got, tc.want)
		}
	}

	// A solved grid less one cell, and less a deadly rectangle: every empty
	// cell has one candidate (the first) and two (the second).
	g := engine.MustParse(solvedGrid)
	g[40] = 0
	if got := WNEF(g, Exponential); got != 1 {
		t.Errorf("one hole: WNEF = %v, want 1", got)
	}
	h := rectangle(t)
	if got, want := WNEF(h, Exponential), 0.5; got != want {
		t.Errorf("deadly rectangle: WNEF = %v, want %v", got, want)
	}
}

// rectangle is solvedGrid with four cells emptied that hold two digits
// a, b as a/b in two rows, two columns and two boxes (a deadly pattern):
// each empty cell has exactly those two candidates and the puzzle has two
// solutions.
func rectangle(t *testing.T) engine.Grid {
	t.Helper()
	g := engine.MustParse(solvedGrid)
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			if r1/3 == r2/3 {
				continue
			}
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if c1/3 != c2/3 {
						continue
					}
					a, b := g[r1*9+c1], g[r1*9+c2]
					if g[r2*9+c1] == b && g[r2*9+c2] == a {
						for _, c := range []int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2} {
							g[c] = 0
						}
						return g
					}
				}
			}
		}
	}
	t.Fatal("no deadly rectangle in solvedGrid")
	return g
}

// naiveCandidates counts the candidates of an empty cell by looking at
// its row, column and box directly, as seed 000 describes.
func naiveCandidates(g engine.Grid, c int) int {
	var seen [10]bool
	for p := 0; p < 81; p++ {
		if p != c && (engine.Row(p) == engine.Row(c) || engine.Col(p) == engine.Col(c) || engine.Box(p) == engine.Box(c)) {
			seen[g[p]] = true
		}
	}
	n := 0
	for d := 1; d <= 9; d++ {
		if !seen[d] {
			n++
		}
	}
	return n
}

func TestWNEFMatchesNaive(t *testing.T) {
	for _, line := range []string{singlesPuzzle, hiddenPuzzle, escargot} {
		g := engine.MustParse(line)
		for _, w := range []Weight{Exponential, Squared, Linear} {
			sum, empty := 0.0, 0
			for c := range g {
				if g[c] == 0 {
					sum += w.Of(naiveCandidates(g, c))
					empty++
				}
			}
			want := sum / (float64(empty) * w.Of(1))
			if got := WNEF(g, w); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s %v: WNEF = %v, want %v", line, w, got, want)
			}
		}
	}
}
