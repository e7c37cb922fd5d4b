package study

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/pipeline/stats"
)

// TestReproduce004 runs seed 004's reproduction on small samples: every
// claim has its verdict, AI Escargot takes the paper's 91 inferences,
// r-Reduction alone solves about 70% of 17-clue puzzles, and the hardest
// list's game complexity lies below every 17-clue puzzle's.
func TestReproduce004(t *testing.T) {
	enginetest.ReadSample(t, enginetest.Shared("royle17.txt"), 1) // skips without the data
	s, err := Reproduce(context.Background(), "004", Options{DataDir: enginetest.SharedData, Sample: 300})
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, s, "rreduction-alone", "inference-solves-all", "mean-inferences", "table2-gc", "gc-range-17", "gc-mean-17",
		"levels-separate", "table1-easy", "table1-intermediate", "rreduction-easy-intermediate", "se-bands-separate", "gc-vs-se", "hardest-gc",
		"escargot-inferences", "hardest-inferences")
	verdicts := map[string]Finding{}
	for _, v := range s.Verdicts() {
		verdicts[v.Name] = v
	}
	if v := verdicts["escargot-inferences"]; v.Verdict != Holds || !strings.HasPrefix(v.Pressrun, "91 ") {
		t.Errorf("AI Escargot: %s, %s", v.Pressrun, v.Verdict)
	}
	if v := verdicts["hardest-gc"]; v.Verdict != DoesNotHold {
		t.Errorf("the hardest list against 17-clue puzzles: %s (%s)", v.Verdict, v.Statistic)
	}
	rows := map[string][]string{}
	for _, r := range s.Sections[0].Tables[0].Rows {
		rows[r[0]] = r
	}
	share, err := strconv.ParseFloat(strings.TrimSuffix(rows["share r-Reduction alone solves"][1], "%"), 64)
	if err != nil || share < 60 || share > 80 {
		t.Errorf("r-Reduction alone solves %q of 300 17-clue puzzles", rows["share r-Reduction alone solves"][1])
	}
}

// TestSeparate004 checks the best ordered thresholds on levels small
// enough to count by hand.
func TestSeparate004(t *testing.T) {
	apart := separate004([]namedValues{{"a", []float64{1, 2, 3}}, {"b", []float64{4, 5}}, {"c", []float64{9}}})
	if apart.errors != 0 || apart.balanced != 0 {
		t.Errorf("separated levels: %+v", apart)
	}
	// b's 3.5 lies below a's 4: one error either way, but one of the
	// smaller level b weighs 1/2 and one of a 1/4, so the thresholds
	// misclassify a's 4.
	one := separate004([]namedValues{{"a", []float64{1, 2, 3, 4}}, {"b", []float64{3.5, 5}}})
	if one.errors != 1 || one.wrong[0] != 1 || math.Abs(one.balanced-1.0/8) > 1e-12 {
		t.Errorf("one overlap: %+v", one)
	}
	// Equal values take one level: the tie costs one of them.
	tie := separate004([]namedValues{{"a", []float64{1, 2}}, {"b", []float64{2, 3}}})
	if tie.errors != 1 {
		t.Errorf("a tie: %+v", tie)
	}
	// Levels in the wrong order are as bad as putting all in one level.
	reversed := separate004([]namedValues{{"a", []float64{5, 6}}, {"b", []float64{1, 2}}})
	if reversed.errors != 2 || reversed.balanced != 0.5 {
		t.Errorf("reversed levels: %+v", reversed)
	}
	if got := apart.overlapText(); !strings.Contains(got, "a/b: 0 of 3 above the other's least, 0 of 2 below its most") {
		t.Errorf("overlapText: %s", got)
	}
}

func TestAUC004(t *testing.T) {
	for _, c := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{3, 4}, []float64{1, 2}, 1},
		{[]float64{1, 2}, []float64{3, 4}, 0},
		{[]float64{1, 3}, []float64{2}, 0.5},
		{[]float64{2}, []float64{2}, 0.5},
	} {
		if got := stats.MannWhitney(c.b, c.a).AUC; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("P(%v over %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
