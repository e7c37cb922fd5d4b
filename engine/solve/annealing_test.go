package solve

import (
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// The samples the stochastic methods must solve within their default
// budgets (see the header line of each file for its source).
var stochasticSamples = []string{"testdata/easy-band-sample.txt", "testdata/46-clue-sample.txt"}

// A 17-clue puzzle (royle17.txt, line 1): far beyond a budget of a few
// moves.
const hard17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."

func TestAnnealingSolvesSamples(t *testing.T) {
	testSolvesSamples(t, annealingMethod, Options{}, 0)
}

func TestAnnealingRepeats(t *testing.T) { testRepeats(t, annealingMethod, Options{}) }

func TestAnnealingCapped(t *testing.T) { testCapped(t, annealingMethod, Options{}) }

func TestAnnealingBadGivens(t *testing.T) { testBadGivens(t, annealingMethod, Options{}) }

// testSolvesSamples runs m with its default budget on the first n puzzles
// of each sample (all when n is 0), seeded by the puzzle's index, and
// checks each is solved, to the exact solver's solution.
func testSolvesSamples(t *testing.T, m Method, o Options, n int) {
	for _, path := range stochasticSamples {
		iterations := 0
		ps := enginetest.ReadPuzzles(t, path)
		if n > 0 {
			ps = ps[:n]
		}
		for i, p := range ps {
			o.Seed = uint64(i)
			w := m.Solve(p, o)
			if !w.Solved || w.Capped || w.Cost != 0 {
				t.Errorf("%s: puzzle %d: solved %v, capped %v, cost %d after %d iterations", path, i+1, w.Solved, w.Capped, w.Cost, w.Iterations)
				continue
			}
			checkSolution(t, p, w.Solution)
			iterations += w.Iterations
		}
		t.Logf("%s: %d iterations", path, iterations)
	}
}

// checkSolution checks that sol is the exact solver's solution of p.
func checkSolution(t *testing.T, p, sol engine.Grid) {
	t.Helper()
	var s engine.Solver
	want, n := s.Solve(p)
	if n != 1 || sol != want {
		t.Errorf("%s: solved as %s, want %s", p, sol, want)
	}
}

// testRepeats checks that one seed gives one Work, on a run that ends by
// solving and on one that ends at its budget.
func testRepeats(t *testing.T, m Method, o Options) {
	p := enginetest.ReadPuzzles(t, stochasticSamples[0])[0]
	for _, budget := range []int{0, 50} {
		o.Seed, o.MaxIterations = 7, budget
		a, b := m.Solve(p, o), m.Solve(p, o)
		if a != b {
			t.Errorf("budget %d: seed 7 gave %+v, then %+v", budget, a, b)
		}
	}
}

// testCapped checks that a budget of a few iterations ends unsolved and
// capped, with the lowest-cost grid: the puzzle's givens filled in, and a
// Cost that is its conflicts.
func testCapped(t *testing.T, m Method, o Options) {
	p := engine.MustParse(hard17)
	for _, budget := range []int{1, 5, 300} {
		o.MaxIterations = budget
		w := m.Solve(p, o)
		if w.Solved || !w.Capped || w.Iterations != budget {
			t.Errorf("budget %d: solved %v, capped %v after %d iterations; want unsolved, capped after %d", budget, w.Solved, w.Capped, w.Iterations, budget)
		}
		if !w.Solution.Full() {
			t.Errorf("budget %d: best grid %s is not full", budget, w.Solution)
		}
		for c, d := range p {
			if d != 0 && w.Solution[c] != d {
				t.Errorf("budget %d: best grid %s lost the given at %s", budget, w.Solution, engine.CellName(c))
				break
			}
		}
		if n := len(w.Solution.Conflicts()); w.Cost != n || w.Cost == 0 {
			t.Errorf("budget %d: cost %d, but the grid %s has %d conflicts", budget, w.Cost, w.Solution, n)
		}
	}
}

// testBadGivens checks that a puzzle whose givens clash, or that has no
// solution though its givens do not clash, returns unsolved.
func testBadGivens(t *testing.T, m Method, o Options) {
	clash := engine.MustParse(hard17)
	clash[0], clash[1] = 1, 1
	if w := m.Solve(clash, o); w != (Work{}) {
		t.Errorf("givens clashing: %+v, want no work", w)
	}
	// Row 1 lacks only a 9, which its third box already has.
	none := engine.MustParse("12345678.........9" + strings.Repeat(".", 63))
	o.MaxIterations = 10_000
	if w := m.Solve(none, o); w.Solved || !w.Capped || w.Iterations != o.MaxIterations {
		t.Errorf("no solution: solved %v, capped %v after %d iterations", w.Solved, w.Capped, w.Iterations)
	}
}

func BenchmarkAnnealing(b *testing.B) { benchmarkSamples(b, annealingMethod, Options{}) }

// benchmarkSamples solves the samples' puzzles in turn, reporting the
// iterations per puzzle.
func benchmarkSamples(b *testing.B, m Method, o Options) {
	var ps []engine.Grid
	for _, path := range stochasticSamples {
		ps = append(ps, enginetest.ReadPuzzles(b, path)...)
	}
	iterations := 0
	for i := 0; b.Loop(); i++ {
		o.Seed = uint64(i)
		w := m.Solve(ps[i%len(ps)], o)
		if !w.Solved {
			b.Fatalf("%s unsolved", ps[i%len(ps)])
		}
		iterations += w.Iterations
	}
	b.ReportMetric(float64(iterations)/float64(b.N), "iterations/op")
}

func TestAnnealingLewisRepeats(t *testing.T) {
	testRepeats(t, annealingMethod, Options{Schedule: AnnealingLewis})
}

func TestAnnealingLewisCapped(t *testing.T) {
	testCapped(t, annealingMethod, Options{Schedule: AnnealingLewis})
}

// TestAnnealingSchedules checks that the zero schedule is the measured
// one, that Lewis's is another run, and the chains' lengths.
func TestAnnealingSchedules(t *testing.T) {
	p := enginetest.ReadPuzzles(t, stochasticSamples[0])[0]
	o := Options{Seed: 3, MaxIterations: 300_000}
	def := annealingMethod.Solve(p, o)
	o.Schedule = AnnealingMeasured
	if m := annealingMethod.Solve(p, o); m != def {
		t.Errorf("the measured schedule %+v, the default %+v", m, def)
	}
	o.Schedule = AnnealingLewis
	if l := annealingMethod.Solve(p, o); l == def {
		t.Errorf("Lewis's schedule made the default's run: %+v", l)
	}
	if n := AnnealingLewis.chainLength(50); n != 2500 {
		t.Errorf("Lewis's chain on 50 empty cells: %d moves, want 2500", n)
	}
	if n := AnnealingMeasured.chainLength(50); n != 500 {
		t.Errorf("the measured chain on 50 empty cells: %d moves, want 500", n)
	}
}
