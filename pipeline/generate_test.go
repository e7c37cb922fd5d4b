package pipeline

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// collect runs Generate and returns what it emitted and its error.
func collect(t *testing.T, ctx context.Context, cfg GenerateConfig) ([]Generated, error) {
	t.Helper()
	var out []Generated
	err := Generate(ctx, cfg, func(g Generated) error {
		out = append(out, g)
		return nil
	})
	return out, err
}

func TestGenerateIsTheSequentialStreamForAnyWorkers(t *testing.T) {
	opts := engine.GenerateOptions{Symmetry: engine.SymmetryRandom, Minimal: true}
	const n, seed = 40, 20260101

	// The contract: puzzle i is the one a Generator makes from
	// rand.New(rand.NewPCG(seed, i)), whatever the worker count.
	gen, err := engine.NewGenerator(opts)
	if err != nil {
		t.Fatal(err)
	}
	var want []Generated
	for i := 0; i < n; i++ {
		p, err := gen.Generate(rand.New(rand.NewPCG(seed, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, Generated{Index: i, Generated: p})
	}

	for _, workers := range []int{1, 2, 3, 8} {
		got, err := collect(t, context.Background(), GenerateConfig{Count: n, Seed: seed, Workers: workers, Options: opts})
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		if len(got) != n {
			t.Fatalf("%d workers: %d puzzles, want %d", workers, len(got), n)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%d workers: puzzle %d is %+v, want %+v", workers, i, got[i], want[i])
			}
		}
	}
}

func TestGeneratePuzzlesAreUnique(t *testing.T) {
	got, err := collect(t, context.Background(), GenerateConfig{Count: 30, Seed: 3, Workers: 2,
		Options: engine.GenerateOptions{Symmetry: engine.Rot90, Minimal: true}})
	if err != nil {
		t.Fatal(err)
	}
	var s engine.Solver
	for _, g := range got {
		if sol, n := s.Solve(g.Puzzle); n != 1 || sol != g.Solution {
			t.Errorf("puzzle %d %s: %d solutions, first %s, want exactly %s", g.Index, g.Puzzle, n, sol, g.Solution)
		}
		if g.Symmetry != engine.Rot90 || !g.Puzzle.HasSymmetry(engine.Rot90) {
			t.Errorf("puzzle %d %s is not rot90 symmetric (says %s)", g.Index, g.Puzzle, g.Symmetry)
		}
	}
}

func TestGenerateFailureIsTheSameForAnyWorkers(t *testing.T) {
	// One attempt per puzzle for a minimal puzzle of 22-26 clues: a few
	// jobs in a hundred fail, later ones finish first on several workers.
	// The output stops at the lowest failing job, whatever the worker count.
	cfg := GenerateConfig{Count: 200, Seed: 1, Options: engine.GenerateOptions{MinClues: 22, MaxClues: 26, Minimal: true, Attempts: 1}}
	var first []Generated
	var firstErr error
	for _, workers := range []int{1, 4} {
		cfg.Workers = workers
		got, err := collect(t, context.Background(), cfg)
		if !errors.Is(err, engine.ErrNoPuzzle) {
			t.Fatalf("%d workers: error %v, want ErrNoPuzzle", workers, err)
		}
		if workers == 1 {
			first, firstErr = got, err
			if len(got) == 0 {
				t.Fatalf("job 0 failed (%v): pick options where some jobs succeed before the first failure", err)
			}
			continue
		}
		if err.Error() != firstErr.Error() || len(got) != len(first) {
			t.Fatalf("%d workers: %d puzzles then %v; 1 worker: %d then %v", workers, len(got), err, len(first), firstErr)
		}
		for i := range got {
			if got[i] != first[i] {
				t.Fatalf("%d workers: puzzle %d differs", workers, i)
			}
		}
	}
}

func TestGenerateStopsOnEmitError(t *testing.T) {
	stop := errors.New("reader gone")
	emitted := 0
	err := Generate(context.Background(), GenerateConfig{Count: 1_000_000, Seed: 1, Workers: 2}, func(g Generated) error {
		if g.Index != emitted {
			t.Fatalf("emitted index %d, want %d", g.Index, emitted)
		}
		emitted++
		if emitted == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("error %v, want the emit error", err)
	}
	if emitted != 5 {
		t.Errorf("emit called %d times, want 5", emitted)
	}
}

func TestGenerateStopsPromptlyOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	emitted := 0
	start := time.Now()
	err := Generate(ctx, GenerateConfig{Count: 1_000_000, Seed: 1, Workers: 2}, func(g Generated) error {
		emitted++
		if emitted == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
	if emitted != 10 {
		t.Errorf("%d emitted, want none after the cancel at 10", emitted)
	}
}

func TestGenerateRejectsBadOptionsBeforeWork(t *testing.T) {
	called := false
	err := Generate(context.Background(), GenerateConfig{Count: 5, Options: engine.GenerateOptions{MaxClues: 10}},
		func(Generated) error { called = true; return nil })
	if err == nil || called {
		t.Fatalf("error %v, emit called %v; want an error and no puzzle", err, called)
	}
}

// TestGenerateLevel: the rated puzzles of a level are the same for any
// worker count, and the quick rater gives the full ratings.
func TestGenerateLevel(t *testing.T) {
	ladder := level.Default()
	lv, _ := ladder.Find("hard")
	cfg := GenerateConfig{Count: 6, Seed: 11, Level: &lv, Ladder: ladder}
	var runs [2][]Generated
	for i, workers := range []int{1, 3} {
		cfg.Workers = workers
		got, err := collect(t, context.Background(), cfg)
		if err != nil || len(got) != cfg.Count {
			t.Fatalf("%d workers: %d puzzles, %v", workers, len(got), err)
		}
		runs[i] = got
	}
	for i, p := range runs[0] {
		q := runs[1][i]
		if p.Puzzle != q.Puzzle || p.Ratings == nil || q.Ratings == nil || p.Ratings.ER != q.Ratings.ER {
			t.Fatalf("puzzle %d differs between 1 and 3 workers", i)
		}
		full, err := rate.Rate(p.Puzzle, ladder)
		if err != nil || full.Level != "hard" || !reflect.DeepEqual(full, *p.Ratings) {
			t.Errorf("puzzle %d: generated with %+v, rated %+v (%v)", i, *p.Ratings, full, err)
		}
	}
}

// TestStreamsShareNoSolutions: puzzles of one seed in different streams
// (a book's sections, generate's levels) come from different solution
// grids, and a run from First continues a run from 0.
func TestStreamsShareNoSolutions(t *testing.T) {
	ladder := level.Default()
	seen := map[engine.Grid]string{}
	for _, name := range []string{"easy", "medium", "hard"} {
		lv, _ := ladder.Find(name)
		got, err := collect(t, context.Background(), GenerateConfig{Count: 4, Seed: 2024, Workers: 2, Level: &lv, Ladder: ladder, Stream: LevelStream(name)})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range got {
			if other, ok := seen[p.Solution]; ok {
				t.Fatalf("%s and %s puzzles share the solution %s", other, name, p.Solution)
			}
			seen[p.Solution] = name
		}
	}
	whole, err := collect(t, context.Background(), GenerateConfig{Count: 6, Seed: 5, Stream: 3, Options: engine.GenerateOptions{Minimal: true}})
	if err != nil {
		t.Fatal(err)
	}
	tail, err := collect(t, context.Background(), GenerateConfig{Count: 2, First: 4, Seed: 5, Stream: 3, Options: engine.GenerateOptions{Minimal: true}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range tail {
		if p.Index != 4+i || p.Puzzle != whole[4+i].Puzzle {
			t.Fatalf("job %d from First differs from the whole run's", p.Index)
		}
	}
}
