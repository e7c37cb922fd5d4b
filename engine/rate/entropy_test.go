package rate

import (
	"math"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

func TestGameComplexityByHand(t *testing.T) {
	var empty engine.Grid
	one := empty
	one[40] = 7
	for _, tc := range []struct {
		name string
		g    engine.Grid
		want float64
	}{
		{"empty grid", empty, math.Log2(9)},
		{"one given", one, (20*3 + 60*math.Log2(9)) / 81},
		{"solved grid", engine.MustParse(solvedGrid), 0},
		{"deadly rectangle", rectangle(t), 4.0 / 81},
	} {
		if got := GameComplexity(tc.g); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: GC = %v, want %v", tc.name, got, tc.want)
		}
	}
	// One 1-Reduction, not more: in a solved grid less one row, each empty
	// cell keeps one candidate (log 1 = 0), however the row is emptied.
	g := engine.MustParse(solvedGrid)
	for c := 0; c < 9; c++ {
		g[c] = 0
	}
	if got := GameComplexity(g); got != 0 {
		t.Errorf("empty row: GC = %v, want 0", got)
	}
	// A cell reduced to one candidate by the pass does not strike its digit
	// in turn: in AI Escargot the figure is the plain sum over the givens'
	// direct restrictions.
	e := engine.MustParse(escargot)
	sum := 0.0
	for c := range e {
		if e[c] == 0 {
			sum += math.Log2(float64(naiveCandidates(e, c)))
		}
	}
	if got := GameComplexity(e); math.Abs(got-sum/81) > 1e-12 {
		t.Errorf("AI Escargot: GC = %v, want %v", got, sum/81)
	}
	t.Logf("AI Escargot: GC %.4f", GameComplexity(e))
}
