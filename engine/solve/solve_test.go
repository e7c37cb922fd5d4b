package solve

import (
	"os"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// deterministicSets are the puzzles every deterministic method must solve:
// samples kept in testdata, or with PRESSRUN_FULL=1 the whole public sets
// (a test that skips when they are absent).
func deterministicSets(t *testing.T) map[string][]engine.Grid {
	if os.Getenv("PRESSRUN_FULL") != "" {
		return map[string][]engine.Grid{
			"se-bands.tsv": enginetest.ReadPuzzles(t, dataDir+"/se-bands.tsv"),
			"top1465.txt":  enginetest.ReadPuzzles(t, dataDir+"/top1465.txt"),
		}
	}
	return map[string][]engine.Grid{
		"se-bands sample": enginetest.ReadPuzzles(t, "testdata/se-bands-sample.tsv"),
		"top1465 sample":  enginetest.ReadSample(t, "testdata/top1465-sample.txt", 40),
	}
}

// TestDeterministicMethodsSolve checks that every method that is not
// stochastic, and csp (random, but complete: it searches the whole tree),
// solves every puzzle of the sets, with the exact solver's solution.
func TestDeterministicMethodsSolve(t *testing.T) {
	sets := deterministicSets(t)
	for _, m := range Methods {
		if m.Stochastic && m.Name != "csp" {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			for name, ps := range sets {
				most := map[string]int{}
				for i, g := range ps {
					n, want := engine.CountSolutions(g, 2)
					if n != 1 {
						t.Fatalf("%s %d: %d solutions", name, i+1, n)
					}
					w := m.Solve(g, Options{Seed: uint64(i)})
					if !w.Solved || w.Solution != want || w.Capped {
						t.Errorf("%s %d: %s: solved %v, capped %v, solution %v, want %v", name, i+1, m.Name, w.Solved, w.Capped, w.Solution, want)
					}
					for _, c := range m.Counts {
						v, _ := w.Column(c)
						most[c] = max(most[c], v)
					}
				}
				t.Logf("%s: %d puzzles solved; most work %v", name, len(ps), most)
			}
		})
	}
}

// TestMethodsOnBadGrids checks that every method returns on a grid whose
// givens clash and on an empty grid, and never claims a wrong solution.
func TestMethodsOnBadGrids(t *testing.T) {
	clash := engine.MustParse(solvedGrid)
	clash[1] = clash[0]
	for _, m := range Methods {
		for _, g := range []engine.Grid{clash, {}} {
			w := m.Solve(g, Options{MaxIterations: 100_000})
			if w.Solved && (!w.Solution.Full() || !w.Solution.Valid() || !agrees(g, w.Solution)) {
				t.Errorf("%s on %v: solved with %v", m.Name, g, w.Solution)
			}
			if g == clash && w.Solved {
				t.Errorf("%s solved a puzzle whose givens clash", m.Name)
			}
		}
	}
}

// agrees reports whether the solution keeps every given of g.
func agrees(g, sol engine.Grid) bool {
	for c, d := range g {
		if d != 0 && sol[c] != d {
			return false
		}
	}
	return true
}

func TestFind(t *testing.T) {
	for _, m := range Methods {
		if got, err := Find(m.Name); err != nil || got.Name != m.Name {
			t.Errorf("Find(%q) = %v, %v", m.Name, got.Name, err)
		}
		for _, c := range m.Counts {
			if _, ok := (Work{}).Column(c); !ok {
				t.Errorf("%s counts %q, not a column", m.Name, c)
			}
		}
	}
	if _, err := Find("magic"); err == nil || !strings.Contains(err.Error(), `"magic"`) || !strings.Contains(err.Error(), "rreduction") {
		t.Errorf("Find(magic): %v", err)
	}
}
