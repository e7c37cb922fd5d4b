package pipeline

import (
	"context"
	"fmt"

	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/store"
)

// rerateBatch is how many new ratings go to the archive in one transaction.
const rerateBatch = 1000

// Rerate rates again, with this pressrun's raters (on the scale for
// classic puzzles, nil: logic.DefaultScale; VariantRaterVersion on the
// kind's built-in ladder for the others), the archived puzzles f selects, on workers goroutines (below 1:
// runtime.GOMAXPROCS(0)), and records the new ratings (store.DB.Rerate)
// in batches. It returns how many it recorded. When it stops early (an
// error, ctx cancelled) what was rated is recorded all the same, so that
// a later run picks up only the rest.
func Rerate(ctx context.Context, db *store.DB, f store.Filter, workers int, scale *logic.Scale) (int, error) {
	done, _, err := RerateBudget(ctx, db, f, workers, scale, 0, 0)
	return done, err
}

// RerateBudget is Rerate with the chain searches' budget per classic
// puzzle (logic.Options.Budget; 0: the default) and per variant puzzle
// (VariantKit.Budget: 0 for the kind's default, negative for none); it
// also returns how many of the puzzles recorded have an er that is only
// a lower bound (rate.Ratings.Bound).
func RerateBudget(ctx context.Context, db *store.DB, f store.Filter, workers int, scale *logic.Scale, budget, variantBudget int) (done, bound int, err error) {
	type rated struct {
		id  string
		r   store.Ratings
		err error
	}
	batch := map[string]store.Ratings{}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := db.Rerate(context.WithoutCancel(ctx), batch); err != nil {
			return err
		}
		done += len(batch)
		clear(batch)
		return nil
	}
	err = Ordered(ctx, workers,
		func(send func(store.Puzzle) error) error { return db.Each(ctx, f, send) },
		func() func(store.Puzzle) rated {
			kit := NewVariantKit()
			kit.Budget, kit.Stop = variantBudget, ctx.Done()
			return func(p store.Puzzle) rated {
				if p.Variant != nil {
					r, err := kit.Rate(p.Variant, p.Givens, nil)
					return rated{p.ID, r, err}
				}
				r, err := rateBudget(store.Classic(p.Givens), scale, budget)
				return rated{p.ID, r, err}
			}
		},
		func(r rated) error {
			if r.err != nil {
				return fmt.Errorf("puzzle %s: %w", r.id, r.err)
			}
			batch[r.id] = r.r
			if r.r.Bound {
				bound++
			}
			if len(batch) >= rerateBatch {
				return flush()
			}
			return nil
		})
	// What was rated is kept, also after Ctrl-C.
	if ferr := flush(); ferr != nil && err == nil {
		err = ferr
	}
	return done, bound, err
}
