package main

import (
	"strings"
	"sync"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// TestSolveMethodGolden holds what solve --method prints: every method
// side by side on an easy and a hard puzzle, the same on any number of
// workers, a method stopped by its budget, and the bad usages.
func TestSolveMethodGolden(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"solve-method-all", []string{"solve", "--method", "all", "testdata/solve-methods.txt"}},
		{"solve-method-json", []string{"solve", "--method", "rules,rreduction", "--format", "json", "testdata/solve-methods.txt"}},
		{"solve-method-capped", []string{"solve", "--method", "dfs,csp", "--max-iterations", "1000", "testdata/solve-methods.txt"}},
		{"solve-method-unknown", []string{"solve", "--method", "rules,magic", "testdata/solve-methods.txt"}},
		{"solve-method-negative-budget", []string{"solve", "--method", "dfs", "--max-iterations", "-1"}},
		{"solve-seed-without-method", []string{"solve", "--seed", "4", "testdata/solve-methods.txt"}},
		{"solve-method-bad-decline", []string{"solve", "--method", "boltzmann", "--decline", "0.3", "testdata/solve-methods.txt"}},
		{"solve-method-repeats-without-time", []string{"solve", "--method", "rules", "--repeats", "5", "testdata/solve-methods.txt"}},
		{"solve-method-bad-schedule", []string{"solve", "--method", "annealing", "--schedule", "fast", "testdata/solve-methods.txt"}},
		{"solve-schedule-without-method", []string{"solve", "--schedule", "lewis", "testdata/solve-methods.txt"}},
		{"solve-method-lewis", []string{"solve", "--method", "annealing", "--schedule", "lewis", "--seed", "3", "--max-iterations", "200000", "testdata/solve-methods.txt"}},
		{"solve-method-slow", []string{"solve", "--method", "boltzmann", "--decline", "slow", "--seed", "3", "testdata/solve-methods.txt"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, pressrun(t, "", tt.args...))
		})
	}
}

// TestSolveMethodWorkers checks that the work of every method, the
// stochastic ones included, does not depend on the number of workers.
//
// In CI the puzzles are solve-methods.txt's and solve-capped.txt's, where
// the stochastic methods run to their budgets (5 s of a core a run); a
// developer's run takes solve-methods.txt alone (1.5 s).
func TestSolveMethodWorkers(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	files := []string{"testdata/solve-methods.txt"}
	if skips.Acceptance() {
		files = append(files, "testdata/solve-capped.txt")
	}
	args := append([]string{"solve", "--method", "all", "--seed", "7"}, files...)
	// The two runs side by side: the one on one worker leaves a core.
	var one, three result
	var wg sync.WaitGroup
	wg.Go(func() {
		one = pressrun(t, "", append(args, "--workers", "1")...)
	})
	three = pressrun(t, "", append(args, "--workers", "3")...)
	wg.Wait()
	if one.stdout != three.stdout || one.code != three.code {
		t.Errorf("1 worker:\n%s\n3 workers:\n%s", one.stdout, three.stdout)
	}
	if rows := strings.Count(one.stdout, "\n"); rows < 10 {
		t.Errorf("only %d rows:\n%s", rows, one.stdout)
	}
	if skips.Acceptance() && !strings.Contains(one.stdout, "\ttrue\n") {
		t.Errorf("no run was capped by its budget:\n%s", one.stdout)
	}
}
