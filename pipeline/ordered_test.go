package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Results come out in input order whatever the workers' timing.
func TestOrderedKeepsOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		var got []int
		err := Ordered(context.Background(), workers,
			func(send func(int) error) error {
				for i := 0; i < 300; i++ {
					if err := send(i); err != nil {
						return err
					}
				}
				return nil
			},
			func() func(int) int {
				rng := rand.New(rand.NewPCG(uint64(workers), 1))
				return func(i int) int {
					time.Sleep(time.Duration(rng.IntN(200)) * time.Microsecond)
					return i * i
				}
			},
			func(v int) error { got = append(got, v); return nil })
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 300 {
			t.Fatalf("%d workers: %d results", workers, len(got))
		}
		for i, v := range got {
			if v != i*i {
				t.Fatalf("%d workers: result %d is %d", workers, i, v)
			}
		}
	}
}

// An error of emit stops the run and is returned; nothing hangs.
func TestOrderedStopsOnError(t *testing.T) {
	stop := errors.New("enough")
	emitted := 0
	err := Ordered(context.Background(), 3,
		func(send func(int) error) error {
			for i := 0; ; i++ { // endless: only cancellation ends it
				if err := send(i); err != nil {
					return err
				}
			}
		},
		func() func(int) int { return func(i int) int { return i } },
		func(v int) error {
			emitted++
			if v == 50 {
				return stop
			}
			return nil
		})
	if !errors.Is(err, stop) || emitted != 51 {
		t.Fatalf("err %v after %d", err, emitted)
	}
}

// A slow producer's items are not held back to fill a batch: each item's
// result is emitted before the producer sends the next one (a producer
// that waits for it would otherwise wait for ever).
func TestOrderedDoesNotHoldItemsBack(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		emitted := make(chan int, 1)
		done := make(chan error, 1)
		go func() {
			done <- Ordered(context.Background(), workers,
				func(send func(int) error) error {
					for i := 0; i < 200; i++ {
						if err := send(i); err != nil {
							return err
						}
						select {
						case got := <-emitted:
							if got != i {
								return fmt.Errorf("emitted %d after sending %d", got, i)
							}
						case <-time.After(5 * time.Second):
							return fmt.Errorf("item %d not emitted 5 s after it was sent", i)
						}
					}
					return nil
				},
				func() func(int) int { return func(i int) int { return i } },
				func(i int) error { emitted <- i; return nil })
		}()
		if err := <-done; err != nil {
			t.Errorf("%d workers: %v", workers, err)
		}
	}
}

// TestOrderedDropsCancelledWork: on any number of workers, work that
// ends after the context is cancelled (a rating cut short by Ctrl-C) is
// not emitted: its result is not a result.
func TestOrderedDropsCancelledWork(t *testing.T) {
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		var emitted []int
		err := Ordered(ctx, workers,
			func(send func(int) error) error {
				for i := 0; i < 10; i++ {
					if err := send(i); err != nil {
						return err
					}
				}
				return nil
			},
			func() func(int) int {
				return func(i int) int {
					if i == 3 {
						cancel() // as Ctrl-C while item 3 is worked on
						return -1
					}
					return i
				}
			},
			func(v int) error {
				emitted = append(emitted, v)
				return nil
			})
		cancel()
		if !errors.Is(err, context.Canceled) || slices.Contains(emitted, -1) || len(emitted) > 3 {
			t.Fatalf("%d workers: %v, emitted %v", workers, err, emitted)
		}
	}
}
