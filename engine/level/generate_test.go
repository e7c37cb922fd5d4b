package level_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// rater rates in full on the default ladder.
func rater(g engine.Grid) (rate.Ratings, error) { return rate.Rate(g, level.Default()) }

// A clue range above what a level is dug to is reached by adding givens of
// the solution back: every puzzle is unique, rated again from scratch in
// its level, within the range, with the symmetry asked; the same seed
// gives the same puzzle; the counts spread over the range.
func TestGenerateAddsCluesBack(t *testing.T) {
	for _, c := range []struct {
		level  string
		lo, hi int
		sym    engine.Symmetry
		n      int
	}{
		{"easy", 36, 45, engine.SymmetryNone, 10},
		{"easy", 36, 45, engine.Rot180, 10},
		{"easy", 36, 45, engine.Rot90, 4}, // orbits of 4 and 1
		{"medium", 30, 34, engine.SymmetryNone, 6},
		{"hard", 32, 36, engine.Rot180, 3}, // above MinimalClues: not minimal
	} {
		ladder := level.Default()
		lv, _ := ladder.Find(c.level)
		opts := level.Options[rate.Ratings]{Level: lv, Ladder: ladder, Symmetry: c.sym, Rate: rater,
			CluesMin: c.lo, CluesMax: c.hi, Minimal: level.DefaultMinimal(lv, c.sym, c.lo)}
		if opts.Minimal {
			t.Fatalf("%s at %d-%d %s: minimal by default", c.level, c.lo, c.hi, c.sym)
		}
		g, err := level.NewGenerator(opts)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := level.NewGenerator(opts)
		var s engine.Solver
		counts := map[int]bool{}
		for i := 0; i < c.n; i++ {
			p, r, err := g.Generate(rand.New(rand.NewPCG(3, uint64(i))))
			if err != nil {
				t.Fatalf("%s at %d-%d %s: puzzle %d: %v", c.level, c.lo, c.hi, c.sym, i, err)
			}
			n := p.Puzzle.Clues()
			counts[n] = true
			if n < c.lo || n > c.hi {
				t.Errorf("%s %s: %v has %d givens", c.level, c.sym, p.Puzzle, n)
			}
			if k, _ := s.CountSolutions(p.Puzzle, 2); k != 1 {
				t.Errorf("%s %s: %v has %d solutions", c.level, c.sym, p.Puzzle, k)
			}
			for cell, v := range p.Puzzle {
				if v != 0 && v != p.Solution[cell] {
					t.Fatalf("%s %s: given %s is not the solution's", c.level, c.sym, engine.CellName(cell))
				}
			}
			if p.Symmetry != c.sym || !p.Puzzle.HasSymmetry(c.sym) {
				t.Errorf("%s %s: %v lost the symmetry (%s)", c.level, c.sym, p.Puzzle, p.Symmetry)
			}
			fresh, err := rate.Rate(p.Puzzle, ladder)
			if err != nil || fresh.Level != c.level || r.Level != c.level {
				t.Errorf("%s %s: %v rates %s (er %v), generated as %s", c.level, c.sym, p.Puzzle, fresh.Level, fresh.ER, r.Level)
			}
			q, _, _ := again.Generate(rand.New(rand.NewPCG(3, uint64(i))))
			if q.Puzzle != p.Puzzle {
				t.Errorf("%s %s: puzzle %d differs from the same seed's", c.level, c.sym, i)
			}
		}
		if c.n >= 10 && len(counts) < 4 {
			t.Errorf("%s %s: %d puzzles have only %d counts of givens between %d and %d", c.level, c.sym, c.n, len(counts), c.lo, c.hi)
		}
		t.Logf("%s at %d-%d %s: %d puzzles, %d candidates made, %d rated", c.level, c.lo, c.hi, c.sym, c.n, g.Tried, g.Rated)
	}
}

// Minimal makes even easy puzzles minimal and adds no givens back: a range
// minimal puzzles do not reach gives no puzzle.
func TestGenerateMinimal(t *testing.T) {
	ladder := level.Default()
	easy, _ := ladder.Find("easy")
	g, err := level.NewGenerator(level.Options[rate.Ratings]{Level: easy, Ladder: ladder, Symmetry: engine.Rot180, Rate: rater, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	var s engine.Solver
	for i := 0; i < 3; i++ {
		p, r, err := g.Generate(rand.New(rand.NewPCG(5, uint64(i))))
		if err != nil || r.Level != "easy" || !s.Minimal(p.Puzzle, engine.Rot180) {
			t.Fatalf("%v rated %s is not a minimal easy puzzle (%v)", p.Puzzle, r.Level, err)
		}
	}
	g, _ = level.NewGenerator(level.Options[rate.Ratings]{Level: easy, Ladder: ladder, Rate: rater, Minimal: true,
		CluesMin: 36, CluesMax: 45, Tries: 50})
	if _, _, err := g.Generate(rand.New(rand.NewPCG(5, 0))); !errors.Is(err, level.ErrNoPuzzle) || g.Rated != 0 {
		t.Fatalf("minimal at 36-45: %v after %d rated", err, g.Rated)
	}
}

// DefaultMinimal: the levels singles solve are not minimal, the others are
// unless the clues start above what minimal puzzles reach.
func TestDefaultMinimal(t *testing.T) {
	ladder := level.Default()
	for _, c := range []struct {
		level    string
		sym      engine.Symmetry
		cluesMin int
		want     bool
	}{
		{"easy", engine.SymmetryNone, 0, false},
		{"medium", engine.SymmetryNone, 0, false},
		{"hard", engine.SymmetryNone, 0, true},
		{"evil", engine.Rot180, 0, true},
		{"hard", engine.SymmetryNone, 27, true},
		{"hard", engine.SymmetryNone, 28, false},
		{"expert", engine.Rot180, 31, true},
		{"expert", engine.Rot180, 32, false},
		{"hard", engine.SymmetryRandom, 36, true},
	} {
		lv, _ := ladder.Find(c.level)
		if got := level.DefaultMinimal(lv, c.sym, c.cluesMin); got != c.want {
			t.Errorf("%s %s from %d givens: minimal %v, want %v", c.level, c.sym, c.cluesMin, got, c.want)
		}
	}
}
