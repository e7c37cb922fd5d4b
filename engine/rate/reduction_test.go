package rate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

func TestRReduction(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    engine.Grid
		want Reduction
	}{
		{"solved grid", engine.MustParse(solvedGrid), Reduction{Solved: true}},
		{"naked singles", engine.MustParse(singlesPuzzle), Reduction{Solved: true}},
		{"hidden singles", engine.MustParse(hiddenPuzzle), Reduction{Solved: true}},
		// Seed 004: "the computer can solve AI Escargot with only 91
		// inferences".
		{"AI Escargot", engine.MustParse(escargot), Reduction{Inferences: 91}},
		// Two solutions: r-Reduction cannot decide the rectangle; the
		// first value tried at its first cell leads to a solution.
		{"deadly rectangle", rectangle(t), Reduction{Inferences: 1}},
	} {
		if got := RReduction(tc.g); got != tc.want {
			t.Errorf("%s: RReduction = %+v, want %+v", tc.name, got, tc.want)
		}
	}
	// Givens that clash: a contradiction straight away, nothing to infer.
	g := engine.MustParse(solvedGrid)
	g[0], g[1] = 0, g[2]
	if got := RReduction(g); got != (Reduction{}) {
		t.Errorf("clashing givens: RReduction = %+v, want zero", got)
	}
}
