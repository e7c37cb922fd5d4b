package pipeline

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
)

// TestShortID: every isomorphic copy of a puzzle has its id, and the id is
// 8 hex digits.
func TestShortID(t *testing.T) {
	g := engine.MustParse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
	id := ShortID(g)
	if len(id) != 8 || strings.Trim(id, "0123456789abcdef") != "" {
		t.Fatalf("ShortID = %q, want 8 hex digits", id)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		if got := ShortID(engine.RandomTransform(rng).Apply(g)); got != id {
			t.Fatalf("an isomorphic copy has id %s, want %s", got, id)
		}
	}
	if other := ShortID(engine.MustParse("12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..")); other == id {
		t.Errorf("two different puzzles share id %s", id)
	}
}

// A Sectioner makes a section for each level with puzzles, easiest first,
// its puzzles in the order added; a puzzle without one solution is
// refused.
func TestSectioner(t *testing.T) {
	ladder := level.Default()
	s := NewSectioner(ladder, true, true)
	for i := len(goodPuzzles) - 1; i >= 0; i-- {
		if err := s.Add(engine.MustParse(goodPuzzles[i])); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Add(engine.MustParse(manyPuzzle)); !NotUnique(err) {
		t.Fatalf("a puzzle with many solutions: %v", err)
	}
	last, n := -1, 0
	for _, sec := range s.Sections() {
		i := slices.IndexFunc(ladder, func(l level.Level) bool { return DisplayLevel(l.Name) == sec.Name })
		if i <= last || len(sec.Puzzles) == 0 || sec.Description != ladder[i].Description {
			t.Fatalf("section %q (level %d) after level %d, %d puzzles", sec.Name, i, last, len(sec.Puzzles))
		}
		last = i
		for _, p := range sec.Puzzles {
			n++
			if p.Level != sec.Name || p.Stars != i+1 || p.Rating <= 0 || p.ID != ShortID(p.Givens) {
				t.Errorf("puzzle %+v in section %s", p, sec.Name)
			}
		}
	}
	if n != len(goodPuzzles) {
		t.Fatalf("%d puzzles in the sections, want %d", n, len(goodPuzzles))
	}
	if DisplayLevel("hard") != "Hard" || DisplayLevel("") != "" {
		t.Error("DisplayLevel")
	}
}
