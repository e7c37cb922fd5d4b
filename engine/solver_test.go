package engine

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// naiveCount counts solutions by plain backtracking on the first empty
// cell: slow, obviously right, the reference the fast solver is held to.
func naiveCount(g *Grid, limit int) int {
	cell := -1
	for i, v := range g {
		if v == 0 {
			cell = i
			break
		}
	}
	if cell < 0 {
		return 1
	}
	var used [10]bool
	for _, h := range [3]int{Row(cell), 9 + Col(cell), 18 + Box(cell)} {
		for _, c := range houseCells[h] {
			used[g[c]] = true
		}
	}
	n := 0
	for d := uint8(1); d <= 9 && n < limit; d++ {
		if used[d] {
			continue
		}
		g[cell] = d
		n += naiveCount(g, limit-n)
	}
	g[cell] = 0
	return n
}

func checkSolution(t *testing.T, puzzle, sol Grid) {
	t.Helper()
	if !sol.Full() || !sol.Valid() {
		t.Fatalf("%v: solution %v is not a valid full grid", puzzle, sol)
	}
	for i, v := range puzzle {
		if v != 0 && sol[i] != v {
			t.Fatalf("%v: solution %v changes the given at %s", puzzle, sol, CellName(i))
		}
	}
}

func TestSolveUniqueSamples(t *testing.T) {
	var s Solver
	for _, name := range []string{"royle17-sample.txt", "top1465-sample.txt", "hardest-sample.txt", "unbiased-sample.txt"} {
		for _, p := range readPuzzles(t, filepath.Join("testdata", name)) {
			sol, n := s.Solve(p)
			if n != 1 {
				t.Fatalf("%s: %v has %d solutions, want 1", name, p, n)
			}
			checkSolution(t, p, sol)
		}
	}
}

func TestSolveMultiSamples(t *testing.T) {
	var s Solver
	for _, p := range readPuzzles(t, "testdata/multi-solution-sample.txt") {
		sol, n := s.Solve(p)
		if n != 2 {
			t.Fatalf("%v: counted %d, want 2 (two or more)", p, n)
		}
		checkSolution(t, p, sol)
	}
}

// Every known 17-clue puzzle has exactly one solution; every puzzle of the
// multi-solution set has more.
func TestSolveSharedSets(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	var s Solver
	royle := readPuzzles(t, filepath.Join(sharedData, "royle17.txt"))
	if len(royle) != 49158 {
		t.Fatalf("royle17.txt has %d puzzles, want 49158", len(royle))
	}
	for _, p := range royle {
		sol, n := s.Solve(p)
		if n != 1 {
			t.Fatalf("%v: %d solutions, want 1", p, n)
		}
		checkSolution(t, p, sol)
	}
	for _, p := range readPuzzles(t, filepath.Join(sharedData, "multi-solution.txt")) {
		if _, n := s.Solve(p); n != 2 {
			t.Fatalf("%v: counted %d, want 2", p, n)
		}
	}
}

// The solution count agrees with naive backtracking on random grids with
// many cells blanked, where counts run from 1 to hundreds.
func TestCountMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var s Solver
	counts := map[int]int{}
	for trial := 0; trial < 300; trial++ {
		g := s.RandomSolution(rng)
		blanks := 45 + rng.IntN(11)
		for _, c := range rng.Perm(81)[:blanks] {
			g[c] = 0
		}
		want := naiveCount(&g, 100)
		got, sol := s.CountSolutions(g, 100)
		if got != want {
			t.Fatalf("%v: CountSolutions = %d, naive = %d", g, got, want)
		}
		if s.Unique(g) != (want == 1) {
			t.Fatalf("%v: Unique = %v with %d solutions", g, s.Unique(g), want)
		}
		checkSolution(t, g, sol)
		counts[min(got, 2)]++
	}
	if counts[1] == 0 || counts[2] == 0 {
		t.Fatalf("the trials did not cover unique and multiple cases: %v", counts)
	}
}

func TestNoSolution(t *testing.T) {
	// Valid givens, yet r1c9 can hold nothing: row 1 has 1-8 and column 9 a 9.
	g := MustParse("12345678." + "........9" + ".........................................................................."[:63])
	var s Solver
	if n, _ := s.CountSolutions(g, 2); n != 0 {
		t.Fatalf("counted %d solutions, want 0", n)
	}
	if n, _ := s.CountSolutions(Grid{}, 2); n != 2 {
		t.Fatalf("empty grid: counted %d, want 2", n)
	}
	// Clashes the parser would have refused: row, column, box.
	for _, pair := range [][2]int{{0, 1}, {0, 9}, {0, 10}, {40, 76}} {
		bad := Grid{}
		bad[pair[0]], bad[pair[1]] = 4, 4
		if n, _ := s.CountSolutions(bad, 2); n != 0 || s.Unique(bad) {
			t.Fatalf("4 at %s and %s: counted %d, want 0", CellName(pair[0]), CellName(pair[1]), n)
		}
	}
}

// HasOtherSolution answers what a full count of the puzzle without that
// given would.
func TestHasOtherSolution(t *testing.T) {
	var s Solver
	for _, p := range readPuzzles(t, "testdata/unbiased-sample.txt")[:60] {
		sol, _ := s.Solve(p)
		for cell, v := range p {
			if v == 0 {
				continue
			}
			q := p
			q[cell] = 0
			n, _ := s.CountSolutions(q, 2)
			if got := s.HasOtherSolution(p, sol, cell); got != (n == 2) {
				t.Fatalf("%v without %s: HasOtherSolution %v, count %d", p, CellName(cell), got, n)
			}
		}
	}
}

// The root state a generator keeps as it digs is the one init makes of the
// puzzle, and hasOtherSolution from it answers as a full count does:
// taking the givens of a solution away one at a time, in a random order,
// every second one removed for good.
func TestGivensDug(t *testing.T) {
	var s, plain Solver
	rng := rand.New(rand.NewPCG(5, 6))
	for range 40 {
		sol := s.RandomSolution(rng)
		p := sol
		var gv givens
		gv.set(p)
		for i, cell := range rng.Perm(81) {
			var kept, made state
			kept.initFrom(&gv)
			made.init(p)
			if kept.f != made.f || kept.unsolved != made.unsolved || kept.solved != made.solved {
				t.Fatalf("%v: the kept root state differs from init's", p)
			}
			q := p
			q[cell] = 0
			n, _ := plain.CountSolutions(q, 2)
			if got := s.hasOtherSolution(&gv, sol, cell); got != (n == 2) {
				t.Fatalf("%v without %s: hasOtherSolution %v, count %d", p, CellName(cell), got, n)
			}
			if i%2 == 0 && n == 1 {
				p[cell] = 0
				gv.remove(cell, int(sol[cell]))
			}
		}
	}
}

func TestRandomSolution(t *testing.T) {
	var s Solver
	seen := map[Grid]bool{}
	for i := uint64(0); i < 200; i++ {
		g := s.RandomSolution(rand.New(rand.NewPCG(i, 1)))
		if !g.Full() || !g.Valid() {
			t.Fatalf("seed %d: not a valid grid: %v", i, g)
		}
		if again := s.RandomSolution(rand.New(rand.NewPCG(i, 1))); again != g {
			t.Fatalf("seed %d: two different grids", i)
		}
		seen[g] = true
	}
	if len(seen) != 200 {
		t.Fatalf("200 seeds gave %d distinct grids", len(seen))
	}
}

// benchUnique measures the uniqueness check (limit 2), the generator's and
// importer's hot path, on one data set.
func benchUnique(b *testing.B, name, fallback string) {
	gs := readPuzzlesOr(b, filepath.Join(sharedData, name), filepath.Join("testdata", fallback))
	var s Solver
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Unique(gs[i%len(gs)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkSolve is the same check returning the solution grid too, as
// `pressrun solve` does.
func BenchmarkSolve(b *testing.B) {
	gs := readPuzzlesOr(b, filepath.Join(sharedData, "unbiased-minimal.txt"), "testdata/unbiased-sample.txt")
	var s Solver
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Solve(gs[i%len(gs)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkUniqueUnbiased(b *testing.B) {
	benchUnique(b, "unbiased-minimal.txt", "unbiased-sample.txt")
}
func BenchmarkUniqueRoyle17(b *testing.B) { benchUnique(b, "royle17.txt", "royle17-sample.txt") }
func BenchmarkUniqueHardest(b *testing.B) {
	benchUnique(b, "forum-hardest-1106.txt", "hardest-sample.txt")
}

func TestSolveUnique(t *testing.T) {
	var s Solver
	for _, tc := range []struct {
		puzzle string
		want   error
	}{
		// top1465-sample.txt line 2; the same with r3c9 changed from 1 to 7.
		{"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", nil},
		{"4...3.......6..8..........7....5..9..8....6...7.2........1.27..5.3....4.9........", ErrNoSolution},
		{"1" + strings.Repeat(".", 80), ErrManySolutions},
	} {
		g := MustParse(tc.puzzle)
		sol, err := s.SolveUnique(g)
		if err != tc.want {
			t.Errorf("%s: %v, want %v", tc.puzzle, err, tc.want)
		}
		if err == nil && (sol.Clues() != 81 || !sol.Valid() || sol[0] != 4) {
			t.Errorf("%s: solution %v", tc.puzzle, sol)
		}
	}
}
