package level

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
)

// erOnly is a rating with one column, er, from the logical solver.
type erOnly float64

func (r erOnly) Column(name string) (float64, bool) {
	if name == "er" {
		return float64(r), true
	}
	return 0, false
}

func rateER(g engine.Grid) (erOnly, error) {
	res, err := logic.Solve(g)
	return erOnly(res.ER), err
}

func TestDefaultLadder(t *testing.T) {
	l := Default()
	for _, c := range []struct {
		er   float64
		want string
	}{{1.0, "easy"}, {1.5, "easy"}, {1.7, "medium"}, {2.5, "medium"}, {2.6, "hard"}, {4.4, "hard"}, {4.5, "expert"}, {6.5, "expert"}, {6.6, "evil"}, {11, "evil"}} {
		if got := l.Of(erOnly(c.er)); got != c.want {
			t.Errorf("er %.1f: %s, want %s", c.er, got, c.want)
		}
	}
	if lv, ok := l.Find("Hard"); !ok || lv.Name != "hard" {
		t.Fatal("Find is not case-insensitive")
	}
}

func TestParseRule(t *testing.T) {
	r, err := ParseRule("er 2.5-4.4")
	if err != nil || !r.Holds(3) || r.Holds(2.5) || !r.Holds(4.4) || r.String() != "2.5 < er <= 4.4" {
		t.Fatalf("%v %v", r, err)
	}
	if r, err := ParseRule("score <= 500"); err != nil || !r.Holds(500) || r.Holds(501) {
		t.Fatalf("%v %v", r, err)
	}
	for _, bad := range []string{"er", "er 4-2", "er >= 3", "er x-y"} {
		if _, err := ParseRule(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Every generated puzzle is unique and, rated again, at its level.
func TestGenerateAtLevel(t *testing.T) {
	counts := map[string]int{"easy": 10, "medium": 10, "hard": 5, "expert": 2, "evil": 2}
	if testing.Short() {
		counts = map[string]int{"easy": 3, "medium": 3, "hard": 2}
	}
	var s engine.Solver
	for _, lv := range Default() {
		n := counts[lv.Name]
		if n == 0 {
			continue
		}
		g, err := NewGenerator(Options[erOnly]{Level: lv, Rate: rateER})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(lv.Name))))
		for i := 0; i < n; i++ {
			p, r, err := g.Generate(rng)
			if err != nil {
				t.Fatalf("%s: %v", lv.Name, err)
			}
			if !s.Unique(p.Puzzle) {
				t.Fatalf("%s: %v is not unique", lv.Name, p.Puzzle)
			}
			again, _ := rateER(p.Puzzle)
			if again != r || Default().Of(again) != lv.Name {
				t.Fatalf("%s: %v rates er %.1f (%s)", lv.Name, p.Puzzle, float64(again), Default().Of(again))
			}
		}
		t.Logf("%s: %d puzzles, %d candidates made, %d rated", lv.Name, n, g.Tried, g.Rated)
	}
}

func TestSolvedBySingles(t *testing.T) {
	easy := engine.MustParse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if !SolvedBySingles(easy, false) {
		t.Fatal("a hidden-singles puzzle was not solved")
	}
	hard := engine.MustParse(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	if SolvedBySingles(hard, true) {
		t.Fatal("a 17-clue puzzle needing more than singles was solved by singles")
	}
	if SolvedBySingles(engine.Grid{}, true) {
		t.Fatal("the empty grid (many solutions) was solved by singles")
	}
}
