package solve

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// figure61 is seed 003's figure 6.1, the 17-clue puzzle its source set
// against brute force (its solution's first row is 987654321, so the
// search tries every smaller digit first).
const figure61 = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"

// TestDFSFigure61 holds seed 003's count: its plain depth-first search
// takes 641,580,843 iterations on figure 6.1, the values tried plus the
// visits to given cells (about 1.5 s).
func TestDFSFigure61(t *testing.T) {
	g := engine.MustParse(figure61)
	it, w := DFSIterations(g, Options{})
	if !w.Solved || w.Capped {
		t.Fatalf("figure 6.1 not solved: %+v", w)
	}
	if want := engine.MustParse("987654321246173985351928746128537694634892157795461832519286473472319568863745219"); w.Solution != want {
		t.Errorf("solution %v, want %v", w.Solution, want)
	}
	if it != 641_580_843 {
		t.Errorf("iterations %d, want the paper's 641,580,843", it)
	}
	// The parts: the values tried alone are dfs's Steps, what the other
	// studies count; the visits to givens make up the rest.
	if w.Steps != 622_577_597 {
		t.Errorf("values tried %d, want 622,577,597", w.Steps)
	}
	if plain := dfs(g, Options{}); plain != w {
		t.Errorf("dfs %+v, DFSIterations' work %+v", plain, w)
	}
}

// TestDFSIterationsSmall counts by hand on a grid with one empty cell:
// the first cell is a given, visited once before the empty one, whose
// digits 1 to 9 are tried up to the missing one.
func TestDFSIterationsSmall(t *testing.T) {
	g := engine.MustParse(solvedGrid)
	missing := g[1]
	g[1] = 0
	it, w := DFSIterations(g, Options{})
	if !w.Solved {
		t.Fatal("not solved")
	}
	givens := 1 + 79 // cell 0 before it, cells 2-80 after it
	if w.Steps != int(missing) || it != int(missing)+givens {
		t.Errorf("steps %d, iterations %d; want %d and %d", w.Steps, it, missing, int(missing)+givens)
	}
}

// BenchmarkDFSFigure61 times the plain search on figure 6.1 (the count of
// visits to givens is one addition per given stepped over).
func BenchmarkDFSFigure61(b *testing.B) {
	g := engine.MustParse(figure61)
	for range b.N {
		dfs(g, Options{})
	}
}
