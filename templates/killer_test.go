package templates

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// killerPuzzles reads testdata/killers.jsonl: three published killers
// copied from engine/variant/testdata/killer-published.jsonl (its first,
// dailykillersudoku.com #24789 via github.com/vtsukur/killer-sudoku-solver;
// KrazyDad's KD_Killer_IM1-B1-P1 and KD_Killer_IM2-B100-P1 via
// github.com/bnatalha/webscrapping; that folder's README names the
// commits and licences), then two 6x6 killers made for these tests (a
// random cage layout over a fixed solution, kept because it has one
// solution). Each is checked to have its given solution as its only one.
func killerPuzzles(t testing.TB) (nine, six []Puzzle) {
	t.Helper()
	f, err := os.Open("testdata/killers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		v, g, err := variant.ParseKillerJSON(sc.Text())
		if err != nil {
			t.Fatalf("testdata/killers.jsonl:%d: %v", line, err)
		}
		var extra struct{ Name, Solution string }
		if err := json.Unmarshal(sc.Bytes(), &extra); err != nil {
			t.Fatal(err)
		}
		sol, err := v.Parse(extra.Solution)
		if err != nil {
			t.Fatalf("testdata/killers.jsonl:%d: %v", line, err)
		}
		if n, first := variant.NewSolver(v).Count(g, 2); n != 1 || v.Format(first) != extra.Solution {
			t.Fatalf("testdata/killers.jsonl:%d (%s): %d solutions", line, extra.Name, n)
		}
		p := Puzzle{Variant: v, Givens: g, Solution: sol, Level: "Hard", ID: extra.Name[max(0, len(extra.Name)-6):]}
		if v.Size == 9 {
			nine = append(nine, p)
		} else {
			six = append(six, p)
		}
	}
	if len(nine) != 3 || len(six) != 2 {
		t.Fatalf("testdata/killers.jsonl: %d 9x9 and %d 6x6 killers, want 3 and 2", len(nine), len(six))
	}
	return nine, six
}
