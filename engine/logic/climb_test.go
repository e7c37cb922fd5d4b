package logic

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestCheckCatches: a solve's own check refuses a step that removes the
// solution's digit, places a wrong one, or makes no progress.
func TestCheckCatches(t *testing.T) {
	g, err := engine.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	sol, n := new(engine.Solver).Solve(g)
	if n != 1 {
		t.Fatalf("%d solutions", n)
	}
	b := NewBoard(g)
	c := 1
	right := int(sol[c])
	wrong := right%9 + 1
	gone := 0
	for d := 1; d <= 9; d++ {
		if d != right && !b.Cand[c].Has(d) {
			gone = d
		}
	}
	for _, st := range []Step{
		{Technique: NakedPair, Remove: []Candidate{{c, right}}},
		{Technique: NakedSingle, Place: []Candidate{{c, wrong}}},
		{Technique: NakedPair, Remove: []Candidate{{c, gone}}},
		{Technique: NakedSingle, Place: []Candidate{{0, 4}}},
		{Technique: NakedSingle},
	} {
		if err := b.check(&st, &sol); err == nil {
			t.Errorf("step %+v passes the check", st)
		}
	}
	if gone == 0 {
		t.Fatal("r1c2 keeps every digit: the no-progress case shows nothing")
	}
}
