// Package pipeline owns the concurrent stages that turn a request into
// puzzles: generation over a fixed number of workers today, and the rating,
// canonicalisation, storing and selection of a book as they arrive.
package pipeline

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/pressrun/pressrun/engine"
)

// GenerateConfig says how many puzzles to make, from which seed, on how many
// workers and with which engine options.
type GenerateConfig struct {
	Count   int
	Seed    uint64
	Workers int // below 1 means runtime.GOMAXPROCS(0)
	Options engine.GenerateOptions
}

// Generated is one puzzle of a batch and its job index (0-based). Puzzle
// Index of seed S is the one engine.Generator.Generate makes from
// rand.New(rand.NewPCG(S, uint64(Index))).
type Generated struct {
	Index int
	engine.Generated
}

// result is a finished job: a puzzle or the error that stopped it.
type result struct {
	Generated
	err error
}

// Generate makes cfg.Count puzzles on cfg.Workers goroutines and calls emit
// with each, in job order, from a single goroutine. Job i draws from its own
// RNG, rand.New(rand.NewPCG(cfg.Seed, uint64(i))), so the output (and, when
// a job fails, the puzzles emitted before the failure) is the same for every
// worker count.
//
// It returns the first of: an error of emit, the error of the lowest failing
// job (wrapping engine.ErrNoPuzzle when the options cannot be met), or
// ctx.Err() when ctx is cancelled; in every case the workers have stopped
// when it returns. Bad options are reported before any work starts.
func Generate(ctx context.Context, cfg GenerateConfig, emit func(Generated) error) error {
	if cfg.Count <= 0 {
		return nil
	}
	workers := cfg.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Count)
	// Bad options are reported before any work starts.
	if _, err := engine.NewGenerator(cfg.Options); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	produce := func(send func(int) error) error {
		for i := 0; i < cfg.Count; i++ {
			if err := send(i); err != nil {
				return err
			}
		}
		return nil
	}
	newWork := func() func(int) result {
		gen, _ := engine.NewGenerator(cfg.Options) // checked above
		// One PCG per worker, reseeded per job: the same stream as a fresh
		// rand.NewPCG(seed, i), without an allocation per puzzle.
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		return func(i int) result {
			src.Seed(cfg.Seed, uint64(i))
			p, err := gen.Generate(rng)
			if err != nil {
				err = fmt.Errorf("pipeline: puzzle %d: %w", i, err)
			}
			return result{Generated: Generated{Index: i, Generated: p}, err: err}
		}
	}
	return Ordered(ctx, workers, produce, newWork, func(r result) error {
		if r.err != nil {
			return r.err
		}
		return emit(r.Generated)
	})
}
