package desk

import (
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

// A puzzle's page explains its solve on the scale its ratings are on: the
// kite puzzle (7.8 on classic, 4.3 on sukaku; TestRateScale in
// cmd/pressrun) is solved by chains on one and by a turbot fish on the
// other.
func TestExplanationScale(t *testing.T) {
	const kite = "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........"
	p := store.Puzzle{Givens: store.Cells(engine.MustParse(kite))}
	for _, c := range []struct {
		scale *logic.Scale
		hard  float64
		has   string
	}{{logic.Classic, 7.8, "forcing chain"}, {logic.Sukaku, 4.3, "turbot fish"}} {
		p.Ratings = &store.Ratings{Rater: rate.RaterOn(c.scale)}
		steps, err := explanation(p)
		if err != nil {
			t.Fatal(err)
		}
		hardest, text := 0.0, ""
		for _, s := range steps {
			hardest = max(hardest, s.Rating)
			text += s.Text + "\n"
		}
		if hardest != c.hard || !strings.Contains(text, c.has) {
			t.Errorf("%s: hardest step %.1f, want %.1f with a %s:\n%s", c.scale, hardest, c.hard, c.has, text)
		}
	}
}
