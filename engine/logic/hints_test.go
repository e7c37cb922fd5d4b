package logic

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// Names a hint may use that are not a step's cells or digits: houses
// ("row 4", "rows 2 and 6", "boxes 1, 4 and 7").
var (
	hintCellRe  = regexp.MustCompile(`\br([1-9])c([1-9])\b`)
	hintHouseRe = regexp.MustCompile(`(?i)\b(?:(?:row|column|box) [1-9]|(?:rows|columns|boxes) [1-9](?:(?:, | and )[1-9])+)\b`)
	hintDigitRe = regexp.MustCompile(`\b[0-9]+\b`)
)

// spoilers returns what text names beyond step s: cells outside its
// pattern, eliminations and placement, digits outside its digits,
// eliminations and placement, and any other figure.
func spoilers(text string, s *Step) []string {
	cells := map[int]bool{}
	digits := s.Digits
	for _, c := range s.Cells {
		cells[c] = true
	}
	for _, cs := range [][]Candidate{s.Place, s.Remove} {
		for _, c := range cs {
			cells[c.Cell] = true
			digits |= digitBit(c.Digit)
		}
	}
	var bad []string
	for _, m := range hintCellRe.FindAllStringSubmatch(text, -1) {
		c := int(m[1][0]-'1')*9 + int(m[2][0]-'1')
		if !cells[c] {
			bad = append(bad, "cell "+m[0])
		}
	}
	rest := hintHouseRe.ReplaceAllString(hintCellRe.ReplaceAllString(text, " "), " ")
	for _, m := range hintDigitRe.FindAllString(rest, -1) {
		if len(m) != 1 || m == "0" || !digits.Has(int(m[0]-'0')) {
			bad = append(bad, "digit "+m)
		}
	}
	return bad
}

// TestSpoilersCatchesStrayNames checks the checker: a hint naming a cell
// or digit of another step is caught; houses are not digits.
func TestSpoilersCatchesStrayNames(t *testing.T) {
	s := &Step{Technique: Pointing, Cells: []int{9, 11}, Digits: digitBit(1), Remove: []Candidate{{15, 1}, {17, 1}}}
	if bad := spoilers("In box 1, the 1s all lie in row 2 (r2c1 and r2c3): remove 1 from r2c7 and r2c9.", s); len(bad) > 0 {
		t.Errorf("a fair hint flagged: %v", bad)
	}
	for _, text := range []string{
		"In box 1, the 1s all lie in row 2: remove 1 from r2c7, then r5c5 is 3.",
		"In box 1, the 1s all lie in row 2: remove 1 from r2c7, and then 4.",
		"In rows 2 and 6, the 1s lie in 12 cells.",
		"In row 2, 1 and 4 can only go in r2c7 and r2c9.",
	} {
		if bad := spoilers(text, s); len(bad) == 0 {
			t.Errorf("%q: a spoiler not caught", text)
		}
	}
}

// TestHintEveryTechnique says the step of every technique's recorded
// position (testdata/techniques.tsv): each in its technique's own words,
// not the generic fallback, naming nothing beyond the step.
func TestHintEveryTechnique(t *testing.T) {
	for _, p := range techniquePositions(t) {
		b, s := p.find(t)
		text := hinter{pb: english{}}.techniqueHint(b, &s)
		t.Logf("%s: %s\n\t%s", s.Technique, s.Text, text)
		if text == "" {
			t.Errorf("%s (%s): no hint of its own; the generic one says %q", s.Technique, s.Text, hinter{pb: english{}}.describe(b, &s))
			continue
		}
		if bad := spoilers(text, &s); len(bad) > 0 {
			t.Errorf("%s: %q names %v, not of its step (%s)", s.Technique, text, bad, s.Text)
		}
	}
}

// TestHintsRule checks Hints over many puzzles: at most n; each names
// only its step's cells and digits; each step past singles when the
// solve has such steps (the first n of them, in order), else the
// hardest singles; Givens the cells filled then.
func TestHintsRule(t *testing.T) {
	var puzzles []engine.Grid
	puzzles = append(puzzles, readPuzzles(t, "testdata/unbiased-sample.txt")...)
	puzzles = append(puzzles, readPuzzles(t, "testdata/royle17-sample.txt")[:100]...)
	top := readPuzzles(t, "testdata/top1465-sample.txt")
	if testing.Short() {
		top = top[:30]
	}
	puzzles = append(puzzles, top...)
	const n = 4
	counts := map[Technique]int{}
	singlesOnly, generic := 0, 0
	for i, res := range solveAll(t, puzzles) {
		g := puzzles[i]
		hs := hintsOf(hinter{pb: english{}}, g, res.Steps, n)
		checkHints(t, g, res.Steps, hs, n)
		past := false
		for _, s := range res.Steps {
			past = past || !isSingle(s.Technique) && s.Technique != Guess
		}
		if !past {
			singlesOnly++
		}
		b := NewBoard(g)
		j := 0
		for i := range res.Steps {
			if j < len(hs) && hs[j].Step == i {
				if (hinter{pb: english{}}).techniqueHint(b, &res.Steps[i]) == "" {
					generic++
					t.Errorf("%s step %d (%s): the generic hint %q", g, i, res.Steps[i].Text, hs[j].Text)
				}
				counts[hs[j].Technique]++
				j++
			}
			b.apply(&res.Steps[i])
		}
	}
	t.Logf("%d puzzles (%d solved by singles alone), hints by technique: %v", len(puzzles), singlesOnly, counts)
	if singlesOnly == 0 {
		t.Error("no puzzle solved by singles alone: the fallback went untested")
	}
}

// checkHints holds the hints of one solve to the rule.
func checkHints(t *testing.T, g engine.Grid, steps []Step, hs []Hint, n int) {
	t.Helper()
	var past []int // the steps past singles, but for repeats of a pattern
	for i, s := range steps {
		if isSingle(s.Technique) || s.Technique == Guess {
			continue
		}
		repeat := false
		for _, j := range past {
			o := steps[j]
			repeat = repeat || o.Technique == s.Technique && o.Digits == s.Digits && fmt.Sprint(o.Cells) == fmt.Sprint(s.Cells)
		}
		if !repeat {
			past = append(past, i)
		}
	}
	if len(hs) > n {
		t.Fatalf("%s: %d hints, asked for %d", g, len(hs), n)
	}
	if len(past) > 0 && len(hs) != min(n, len(past)) {
		t.Errorf("%s: %d hints, want %d (%d patterns past singles)", g, len(hs), min(n, len(past)), len(past))
	}
	if len(past) == 0 && len(hs) == 0 {
		t.Errorf("%s: solved by singles, and no hint", g)
	}
	b := NewBoard(g)
	j := 0
	for i := range steps {
		if j < len(hs) && hs[j].Step == i {
			h, s := hs[j], &steps[i]
			if len(past) > 0 && past[j] != i {
				t.Errorf("%s: hint %d explains step %d (%s), want step %d, the next new pattern past singles", g, j+1, i, s.Technique, past[j])
			}
			if len(past) == 0 && s.Technique != NakedSingle && s.Technique != HiddenSingleLine &&
				(s.Technique != HiddenSingleBox || countTechnique(steps, NakedSingle)+countTechnique(steps, HiddenSingleLine) > 0) {
				t.Errorf("%s: hint %d explains a %s, not the hardest singles", g, j+1, s.Technique)
			}
			if h.Technique != s.Technique {
				t.Errorf("%s: hint %d says technique %s, its step is %s", g, j+1, h.Technique, s.Technique)
			}
			if h.Givens != 81-b.Empty() {
				t.Errorf("%s: hint %d: Givens %d, %d cells filled", g, j+1, h.Givens, 81-b.Empty())
			}
			if bad := spoilers(h.Text, s); len(bad) > 0 {
				t.Errorf("%s: hint %d %q names %v, not of its step (%s)", g, j+1, h.Text, bad, s.Text)
			}
			j++
		}
		b.apply(&steps[i])
	}
	if j != len(hs) {
		t.Errorf("%s: %d of %d hints point at steps of the solve in order", g, j, len(hs))
	}
}

func countTechnique(steps []Step, t Technique) int {
	n := 0
	for _, s := range steps {
		if s.Technique == t {
			n++
		}
	}
	return n
}

// TestHintsN checks the count asked for and the refusals.
func TestHintsN(t *testing.T) {
	g := readPuzzles(t, "testdata/top1465-sample.txt")[0]
	for _, n := range []int{0, 1, 2, 5} {
		hs, err := Hints(g, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(hs) != n {
			t.Errorf("Hints(n=%d): %d hints", n, len(hs))
		}
	}
	multi := readPuzzles(t, "testdata/multi-solution-sample.txt")[0]
	if _, err := Hints(multi, 2); err == nil {
		t.Error("hints for a puzzle with several solutions")
	}
}

// TestHintsSharedData runs the rule over a thousand SE-rated puzzles
// of every band (../shared/data/se-bands.tsv), when present.
func TestHintsSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the testdata samples are enough")
	}
	puzzles := readPuzzles(t, sharedData+"/se-bands.tsv")
	if len(puzzles) > 1000 {
		step := len(puzzles) / 1000
		var some []engine.Grid
		for i := 0; i < len(puzzles); i += step {
			some = append(some, puzzles[i])
		}
		puzzles = some
	}
	for i, res := range solveAll(t, puzzles) {
		checkHints(t, puzzles[i], res.Steps, hintsOf(hinter{pb: english{}}, puzzles[i], res.Steps, 3), 3)
	}
}
