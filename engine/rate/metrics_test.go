package rate

import (
	"math"
	"os"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
)

func TestMeasure(t *testing.T) {
	for _, line := range []string{singlesPuzzle, hiddenPuzzle, escargot} {
		g := engine.MustParse(line)
		m := Measure(g, 9)
		r := RReduction(g)
		bg, bb := Backtracking(g)
		rg, rb := RuleBased(g)
		cc, capped := CallCountWithin(g, 10, 9, CallCountBudget)
		want := Metrics{
			WNEF: WNEF(g, Exponential), CallCount: cc, GC: GameComplexity(g), Capped: capped || r.Capped,
			RReduction: r.Solved, Inferences: r.Inferences,
			Guesses: bg, Backtracks: bb, RuleGuesses: rg, RuleBacktracks: rb,
		}
		if m != want {
			t.Errorf("%s: Measure = %+v, want %+v", line, m, want)
		}
		t.Logf("%s: %+v", line, m)
	}
}

// TestNotUnique runs every metric on puzzles with several solutions: they
// must return, with counts that make sense.
func TestNotUnique(t *testing.T) {
	for _, g := range readPuzzles(t, "testdata/multi-solution-sample.txt") {
		m := Measure(g, 1)
		if m.CallCount < 1 || m.Guesses < m.Backtracks || m.RuleGuesses < m.RuleBacktracks || m.RReduction || math.IsNaN(m.WNEF) || math.IsNaN(m.GC) {
			t.Errorf("%v: %+v", g, m)
		}
	}
}

// TestHardest runs the searches on the forum's hardest puzzles (SE 10 to
// 11): none may reach its budget, and none may take long.
func TestHardest(t *testing.T) {
	all := readPuzzles(t, dataDir+"/forum-hardest-1106.txt")
	ps, calls := spread(all, 60), spread(all, 5)
	if os.Getenv("PRESSRUN_FULL") != "" {
		ps, calls = all, all
	}
	start := time.Now()
	inf, maxInf, bt, maxBt, rb := 0, 0, 0, 0, 0
	for _, g := range ps {
		r := RReduction(g)
		if r.Capped || r.Solved {
			t.Errorf("%v: %+v", g, r)
		}
		inf += r.Inferences
		maxInf = max(maxInf, r.Inferences)
		x, _ := Backtracking(g)
		bt += x
		maxBt = max(maxBt, x)
		y, _ := RuleBased(g)
		rb += y
	}
	n := float64(len(ps))
	t.Logf("forum-hardest-1106.txt, %d puzzles, %v: inferences mean %.1f max %d; backtracking guesses mean %.1f max %d; rule-based guesses mean %.1f", len(ps), time.Since(start), float64(inf)/n, maxInf, float64(bt)/n, maxBt, float64(rb)/n)
	start = time.Now()
	var worst time.Duration
	sum, maxCC := 0.0, 0.0
	for i, g := range calls {
		t0 := time.Now()
		c := CallCount(g, CallCountRuns, uint64(i))
		worst = max(worst, time.Since(t0))
		sum += c
		maxCC = max(maxCC, c)
	}
	t.Logf("CallCount on %d of them, %v (worst %v): mean %.0f, max %.0f (budget %d a run)", len(calls), time.Since(start), worst, sum/float64(len(calls)), maxCC, CallCountBudget)
}

// Every rule column is one Column knows, and no other name is.
func TestRuleColumns(t *testing.T) {
	var r Ratings
	for _, c := range RuleColumns {
		if _, ok := r.Column(c); !ok {
			t.Errorf("Column(%q) unknown", c)
		}
	}
	if _, ok := r.Column("speed"); ok {
		t.Error("Column(speed) known")
	}
}

// SetColumn then Column gives back every rule column, each set to its own
// value without touching the others; a name Column does not know is
// refused.
func TestSetColumn(t *testing.T) {
	value := func(i int, name string) float64 {
		if name == "rreduction" {
			return 1 // a flag: 1 or 0
		}
		return float64(i + 2)
	}
	var r Ratings
	for i, c := range RuleColumns {
		if !r.SetColumn(c, value(i, c)) {
			t.Errorf("SetColumn(%q) unknown", c)
		}
	}
	for i, c := range RuleColumns {
		if got, _ := r.Column(c); got != value(i, c) {
			t.Errorf("Column(%q) = %v after SetColumn(%q, %v)", c, got, c, value(i, c))
		}
	}
	if r.SetColumn("speed", 1) {
		t.Error("SetColumn(speed) known")
	}
}
