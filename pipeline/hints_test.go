package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/templates"
)

// hintPuzzles are three puzzles of magictour's top1465 (t-dillon/tdoku
// data, BSD-2-Clause, as in engine/logic/testdata) as a section prints
// them.
func hintPuzzles(t *testing.T) templates.Section {
	t.Helper()
	var sec templates.Section
	for i, line := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
		"3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
	} {
		g := engine.MustParse(line)
		sec.Puzzles = append(sec.Puzzles, templates.Puzzle{ID: strings.Repeat(string(rune('a'+i)), 8), Givens: g[:]})
	}
	return sec
}

// A section gets hints only at a level hints: names, as many a puzzle as
// it asks, the same on any number of workers; a puzzle the solver
// refuses stops the build, named.
func TestAddHints(t *testing.T) {
	spec := &configs.Book{Hints: configs.Hints{Levels: []string{"evil"}, PerPuzzle: 2}}
	var first templates.Section
	for _, workers := range []int{1, 2} {
		b := &builder{spec: spec, opts: BuildOptions{Workers: workers}}
		sec := hintPuzzles(t)
		if err := b.addHints(context.Background(), "expert", &sec); err != nil {
			t.Fatal(err)
		}
		for _, p := range sec.Puzzles {
			if p.Hints != nil {
				t.Fatalf("an expert puzzle got hints %q; hints: names evil only", p.Hints)
			}
		}
		if err := b.addHints(context.Background(), "evil", &sec); err != nil {
			t.Fatal(err)
		}
		for _, p := range sec.Puzzles {
			hs, err := logic.Hints(engine.Grid(p.Givens), 2)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Hints) != 2 || len(hs) != 2 || p.Hints[0] != hs[0].Text || p.Hints[1] != hs[1].Text {
				t.Errorf("%d workers: puzzle %s: hints %q, want logic's %v", workers, p.ID, p.Hints, hs)
			}
		}
		if workers == 1 {
			first = sec
		} else if !slices.EqualFunc(first.Puzzles, sec.Puzzles, func(a, b templates.Puzzle) bool { return slices.Equal(a.Hints, b.Hints) }) {
			t.Error("the hints differ on 1 and 2 workers")
		}
	}

	b := &builder{spec: spec, opts: BuildOptions{Workers: 2}}
	sec := hintPuzzles(t)
	g := engine.MustParse("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	sec.Puzzles[1].Givens = g[:]
	err := b.addHints(context.Background(), "evil", &sec)
	if !errors.Is(err, logic.ErrNotUnique) || !strings.Contains(err.Error(), "puzzle bbbbbbbb") {
		t.Errorf("a puzzle of two solutions: %v", err)
	}
}
