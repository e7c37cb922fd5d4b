package logic

import (
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// shouting is a phrasebook that says every phrase in capitals, its verbs
// kept.
type shouting struct{}

func (shouting) Phrase(s string) string {
	return strings.NewReplacer("%S", "%s", "%D", "%d").Replace(strings.ToUpper(s))
}

// TestSolverIn: a phrasebook changes the step texts, their words only
// (the cells keep their names), and
// neither a step nor a rating.
func TestSolverIn(t *testing.T) {
	v := variant.X()
	for _, g := range generated(t, v, 3, 9) {
		plain, err := NewSolver(v).Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		loud, err := NewSolverIn(v, shouting{}).Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(plain.Steps) != len(loud.Steps) || plain.ER != loud.ER || plain.Score != loud.Score {
			t.Fatalf("with a phrasebook: %d steps, er %.1f, score %d; without %d, %.1f, %d",
				len(loud.Steps), loud.ER, loud.Score, len(plain.Steps), plain.ER, plain.Score)
		}
		for i, s := range loud.Steps {
			p := plain.Steps[i]
			if s.Technique != p.Technique || s.Text == p.Text || strings.ToUpper(s.Text) != strings.ToUpper(p.Text) {
				t.Errorf("step %d: %s %q, English %s %q", i, s.Technique, s.Text, p.Technique, p.Text)
			}
		}
	}
}
