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
// a worker can own state such as a solver.
//
// Items travel to the workers in batches, so that the cost of handing
// work over is shared by many items when the work per item is small
// (solving takes a few microseconds): a batch holds its worker's share of
// the items waiting when it is made, up to batchSize, so batches grow while the workers are busy
// and a slow producer's items are not held back. At most 4 x workers batches are in flight,
// which bounds the memory of the reordering. With one worker there are no
// goroutines at all: each item is worked and emitted in turn.
//
// Ordered returns the first error of produce, work's caller emit, or the
// context; every goroutine has stopped when it returns.
func Ordered[In, Out any](ctx context.Context, workers int, produce func(send func(In) error) error,
	newWork func() func(In) Out, emit func(Out) error) error {
	workers = Workers(workers)
	if workers == 1 {
		work := newWork()
		return produce(func(item In) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			out := work(item)
			if err := ctx.Err(); err != nil {
				return err // work cut short by the cancel: not a result
			}
			return emit(out)
		})
	}
	window := 4 * workers
	type batch struct {
		index int
		items []In
		outs  []Out
	}
	tokens := make(chan struct{}, window)
	jobs := make(chan *batch)
	results := make(chan *batch, workers)
	// Batches emitted are reused: a batch of 64 results is some kilobytes,
	// and making one for each cost 5-13% of canon's wall time (farm-bench).
	free := make(chan *batch, window)
	newBatch := func() *batch {
		select {
		case b := <-free:
			return b
		default:
			return &batch{items: make([]In, 0, batchSize), outs: make([]Out, 0, batchSize)}
		}
	}

	g, ctx := errgroup.WithContext(ctx)
	items := make(chan In, batchSize)
	g.Go(func() error {
		defer close(items)
		return produce(func(item In) error {
			select {
			case items <- item:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	})
	// The batcher puts into a batch the items that are waiting, up to
	// batchSize, and hands it on: it never waits for more, so no item is
	// held back, and batches grow only while the workers are busy.
	g.Go(func() error {
		defer close(jobs)
		for i := 0; ; i++ {
			item, ok := <-items
			if !ok {
				return nil
			}
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			b := newBatch()
			b.index = i
			b.items = append(b.items, item)
			// A batch takes its share of what is waiting, not all of it,
			// so that a few slow items (a study's solves) still spread
			// over the workers.
			limit := min(batchSize, 1+len(items)/workers)
		fill:
			for len(b.items) < limit {
				select {
				case item, ok := <-items:
					if !ok {
						break fill
					}
					b.items = append(b.items, item)
				default:
					break fill
				}
			}
			select {
			case jobs <- b:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	})

	var running sync.WaitGroup
	running.Add(workers)
	for w := 0; w < workers; w++ {
		g.Go(func() error {
			defer running.Done()
			work := newWork()
			for b := range jobs {
				for _, item := range b.items {
					if err := ctx.Err(); err != nil {
						return err
					}
					b.outs = append(b.outs, work(item))
				}
				select {
				case results <- b:
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
		// Batch i waits in slot i%window until every batch before it is
		// out; the tokens keep i < next+window, so slots never collide.
		pending := make([]*batch, window)
		next := 0
		for r := range results {
			pending[r.index%window] = r
			for pending[next%window] != nil {
				slot := next % window
				b := pending[slot]
				pending[slot] = nil
				for _, out := range b.outs {
					if err := ctx.Err(); err != nil {
						return err
					}
					if err := emit(out); err != nil {
						return err
					}
				}
				clear(b.items)
				clear(b.outs)
				b.items, b.outs = b.items[:0], b.outs[:0]
				select {
				case free <- b:
				default:
				}
				next++
				<-tokens
			}
		}
		return ctx.Err()
	})
	return g.Wait()
}

// OrderedRange is Ordered over the whole numbers from first up to (not
// including) end: the jobs of a run that are known by their index.
func OrderedRange[Out any](ctx context.Context, workers, first, end int, newWork func() func(int) Out, emit func(Out) error) error {
	return Ordered(ctx, workers, func(send func(int) error) error {
		for i := first; i < end; i++ {
			if err := send(i); err != nil {
				return err
			}
		}
		return nil
	}, newWork, emit)
}

// batchSize is the most items a batch of Ordered carries.
const batchSize = 64

// Workers is the number of goroutines a job runs on when asked for n: n,
// or below 1, one per core the Go runtime may use (runtime.GOMAXPROCS).
func Workers(n int) int {
	if n < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}
