package pipeline

import (
	"context"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Ordered runs work over a stream of items on a fixed number of goroutines
// and hands the results to emit in the order the items came, from a single
// goroutine, so the output does not depend on the worker count.
//
// produce sends the items, one call of send each, and returns; send
// returns an error once the run is cancelled, and produce should stop then.
// newWork is called once per worker and returns that worker's function, so
// a worker can own state such as a solver. At most 4 x workers items are in
// flight, which bounds the memory of the reordering.
//
// Ordered returns the first error of produce, work's caller emit, or the
// context; every goroutine has stopped when it returns.
func Ordered[In, Out any](ctx context.Context, workers int, produce func(send func(In) error) error,
	newWork func() func(In) Out, emit func(Out) error) error {
	workers = Workers(workers)
	window := 4 * workers
	type job struct {
		index int
		item  In
	}
	type done struct {
		index int
		out   Out
	}
	tokens := make(chan struct{}, window)
	jobs := make(chan job)
	results := make(chan done, workers)

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(jobs)
		i := 0
		return produce(func(item In) error {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- job{i, item}:
				i++
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	})

	var running sync.WaitGroup
	running.Add(workers)
	for w := 0; w < workers; w++ {
		g.Go(func() error {
			defer running.Done()
			work := newWork()
			for j := range jobs {
				if err := ctx.Err(); err != nil {
					return err
				}
				select {
				case results <- done{j.index, work(j.item)}:
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
		// Item i waits in slot i%window until every item before it is out;
		// the tokens keep i < next+window, so slots never collide.
		pending := make([]Out, window)
		ready := make([]bool, window)
		next := 0
		for r := range results {
			slot := r.index % window
			pending[slot], ready[slot] = r.out, true
			for ready[next%window] {
				slot := next % window
				out := pending[slot]
				var zero Out
				pending[slot], ready[slot] = zero, false
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := emit(out); err != nil {
					return err
				}
				next++
				<-tokens
			}
		}
		return ctx.Err()
	})
	return g.Wait()
}

// Workers is the number of goroutines a job runs on when asked for n: n,
// or below 1, one per core the Go runtime may use (runtime.GOMAXPROCS).
func Workers(n int) int {
	if n < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}
