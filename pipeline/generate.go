// Package pipeline owns the concurrent stages that turn a request into
// puzzles: generation over a fixed number of workers today, and the rating,
// canonicalisation, storing and selection of a book as they arrive.
package pipeline

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

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
	gens := make([]*engine.Generator, workers)
	for w := range gens {
		gen, err := engine.NewGenerator(cfg.Options)
		if err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
		gens[w] = gen
	}

	// At most window jobs are handed out and not yet emitted: that bounds
	// the reorder buffer when one slow job holds back those after it.
	window := 4 * workers
	tokens := make(chan struct{}, window)
	jobs := make(chan int)
	results := make(chan result, workers)

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(jobs)
		for i := 0; i < cfg.Count; i++ {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})

	var running sync.WaitGroup
	running.Add(workers)
	for _, gen := range gens {
		g.Go(func() error {
			defer running.Done()
			// One PCG per worker, reseeded per job: the same stream as a
			// fresh rand.NewPCG(seed, i), without an allocation per puzzle.
			src := rand.NewPCG(0, 0)
			rng := rand.New(src)
			for i := range jobs {
				if err := ctx.Err(); err != nil {
					return err
				}
				src.Seed(cfg.Seed, uint64(i))
				p, err := gen.Generate(rng)
				if err != nil {
					err = fmt.Errorf("pipeline: puzzle %d: %w", i, err)
				}
				select {
				case results <- result{Generated: Generated{Index: i, Generated: p}, err: err}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		running.Wait()
		close(results)
		return nil
	})

	g.Go(func() error {
		// Job i waits in slot i%window until every job before it is out;
		// the tokens guarantee i < next+window, so slots never collide.
		pending := make([]result, window)
		ready := make([]bool, window)
		next := 0
		for r := range results {
			slot := r.Index % window
			pending[slot], ready[slot] = r, true
			for ready[next%window] {
				slot := next % window
				r := pending[slot]
				ready[slot] = false
				if r.err != nil {
					return r.err
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := emit(r.Generated); err != nil {
					return err
				}
				next++
				<-tokens
			}
		}
		if next == cfg.Count {
			return nil
		}
		return ctx.Err() // the workers stopped early: only a cancelled ctx does that
	})
	return g.Wait()
}
