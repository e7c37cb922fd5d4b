package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/store"
)

// StockConfig says what Stock makes, and where.
type StockConfig struct {
	Archive string
	// Spec's entries are the targets: each Section says which puzzles
	// (kind, level, symmetry, givens, minimal) and its Count how many the
	// archive should hold unpublished; its ladders name the levels.
	Spec    *configs.Stock
	Workers int    // below 1: every core
	Batch   int    // puzzles a transaction; below 1: DefaultStockBatch
	Seed    uint64 // this run's; different machines need different seeds
	Version string
	// Watch keeps Stock topping up, Every apart, until ctx ends; without
	// it Stock returns once every target is met.
	Watch bool
	Every time.Duration
}

// DefaultStockBatch is how many puzzles Stock makes and archives in one
// transaction: a kill loses at most that many.
const DefaultStockBatch = 20

// StockProgress is how one target stands.
type StockProgress struct {
	Entry      int    // index in StockConfig.Entries
	Key        string // configs.StockKey
	Have       int    // unpublished puzzles that fit, up to the target
	Target     int
	Made       int // by this run
	Added      int // of those, new to the archive
	Duplicates int // made here, archived already (by another worker, or earlier)
	Done       bool
}

// StockReport is what a Stock run did, target by target.
type StockReport struct {
	Targets []StockProgress
}

// Stock generates and rates puzzles into the archive until it holds, of
// each entry, as many unpublished puzzles that fit the entry as its
// target: what a build's section of that kind and level takes from the
// archive. Each batch is generated, then archived in one transaction; the
// stock is counted again before each, because other workers, on this
// machine or others, fill the same archive and builds take from it. The
// archive's canonical key keeps out any puzzle made twice. When ctx ends
// (SIGINT, SIGTERM), the batch under way is finished and archived first;
// then Stock returns ctx's error.
func Stock(ctx context.Context, cfg StockConfig, progress func(StockProgress)) (StockReport, error) {
	spec := cfg.Spec
	rep := StockReport{Targets: make([]StockProgress, len(spec.Entries))}
	db, err := store.Open(cfg.Archive, store.Create)
	if err != nil {
		return rep, err
	}
	defer db.Close()
	batch := cfg.Batch
	if batch < 1 {
		batch = DefaultStockBatch
	}
	// A build's test of what serves a section, on an empty book.
	b := &builder{db: db, spec: &configs.Book{Ladder: spec.Ladder, Ladders: spec.Ladders, Scale: spec.Scale}, used: map[string]bool{}, solutions: map[string]bool{}}
	for i, e := range spec.Entries {
		rep.Targets[i] = StockProgress{Entry: i, Key: configs.StockKey(e), Target: e.Count}
	}
	next := make([]int, len(spec.Entries)) // the next job of each entry
	for {
		for i, e := range spec.Entries {
			st := &rep.Targets[i]
			ladder := spec.LadderOf(e.Kind)
			lv, ok := ladder.Find(e.Level)
			if !ok {
				return rep, fmt.Errorf("pipeline: stock: no level %q for %s puzzles", e.Level, e.Kind)
			}
			run := Run{Seed: cfg.Seed, Stream: stockStream(st.Key), Workers: cfg.Workers, Label: "stock " + st.Key, Version: cfg.Version, Scale: cfg.Spec.Scale}
			// The stock is counted before every batch: each puzzle is
			// tested once (a minimal check costs), then remembered.
			r := b.reservation(e, lv, ladder, e.Count)
			fits, tested := r.Accept, map[string]bool{}
			r.Accept = func(p store.Puzzle) bool {
				ok, seen := tested[p.ID]
				if !seen {
					ok = fits(p)
					tested[p.ID] = ok
				}
				return ok
			}
			for {
				have, err := db.Available(ctx, r)
				if err != nil {
					return rep, err
				}
				st.Have, st.Done = have, have >= e.Count
				report(progress, *st)
				if st.Done {
					break
				}
				if err := ctx.Err(); err != nil {
					return rep, err
				}
				// The batch goes on when ctx ends: it is finished and
				// archived, then the run stops.
				var made []store.Puzzle
				n := min(batch, e.Count-have)
				err = makePuzzles(context.WithoutCancel(ctx), e, lv, ladder, run, next[i], n, func(p store.Puzzle) { made = append(made, p) })
				next[i] += n
				if err != nil {
					return rep, err
				}
				_, ins, err := db.Insert(context.WithoutCancel(ctx), made)
				if err != nil {
					return rep, err
				}
				st.Made += len(made)
				st.Added += ins.Added
				st.Duplicates += ins.Exact + ins.Isomorphic
			}
		}
		if !cfg.Watch {
			return rep, nil
		}
		select {
		case <-ctx.Done():
			return rep, ctx.Err()
		case <-time.After(max(cfg.Every, time.Second)):
		}
	}
}

func report(progress func(StockProgress), st StockProgress) {
	if progress != nil {
		progress(st)
	}
}

// stockStream is an entry's stream of the run's seed, from its key: the
// same entry draws the same puzzles in any spec.
func stockStream(key string) uint64 {
	sum := sha256.Sum256([]byte("stock\x00" + key))
	return binary.LittleEndian.Uint64(sum[:8])
}
