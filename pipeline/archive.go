package pipeline

import (
	"context"
	"fmt"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

// Provenance says where puzzles come from, for the archive.
type Provenance struct {
	Source  string // "generate" or "import"
	Label   string // the import's --source label, or what generated it
	Version string // pressrun's version
	Seed    *int64
}

// Prepared is a puzzle made ready for the archive, or the reason it cannot
// go in (no solution, several solutions).
type Prepared struct {
	Puzzle store.Puzzle
	Reason string
}

// Preparer checks, rates and canonicalises puzzles for the archive. It is
// not safe for concurrent use: make one per worker.
type Preparer struct {
	Provenance Provenance
	solver     engine.Solver
}

// RaterVersion names the rating code the archive records with ratings.
const RaterVersion = rate.Version

// Prepare checks that g has exactly one solution, rates it and computes its
// canonical form and id.
func (p *Preparer) Prepare(g engine.Grid) Prepared {
	sol, n := p.solver.Solve(g)
	switch n {
	case 0:
		return Prepared{Reason: "puzzle has no solution"}
	case 2:
		return Prepared{Reason: "puzzle has 2 or more solutions"}
	}
	r, err := Rate(g)
	if err != nil {
		return Prepared{Reason: err.Error()}
	}
	canon, _ := engine.Canonical(g)
	return Prepared{Puzzle: store.Puzzle{
		Givens: g, Solution: sol, Canonical: canon, ID: store.PuzzleID(canon),
		Source: p.Provenance.Source, Label: p.Provenance.Label, Version: p.Provenance.Version,
		Seed: p.Provenance.Seed, Ratings: &r,
	}}
}

// Rate rates a puzzle for the archive: every rating column, and its level
// on the default ladder.
func Rate(g engine.Grid) (store.Ratings, error) {
	r, err := rate.Rate(g, level.Default())
	if err != nil {
		return store.Ratings{}, err
	}
	return ArchiveRatings(r), nil
}

// ArchiveRatings is the archive's row of a rating.
func ArchiveRatings(r rate.Ratings) store.Ratings {
	return store.Ratings{
		Rater: RaterVersion, Level: r.Level, ER: r.ER, EP: r.EP, ED: r.ED, Score: r.Score,
		WNEF: r.WNEF, CallCount: r.CallCount, GC: r.GC, RReduction: r.RReduction,
		Inferences: r.Inferences, Guesses: r.Guesses, Backtracks: r.Backtracks, Techniques: r.Techniques,
	}
}

// Importer writes prepared puzzles to the archive in batches from a single
// goroutine, counting what happened to them.
type Importer struct {
	DB        *store.DB
	BatchSize int // 0 means 10,000
	Stats     store.InsertStats
	batch     []store.Puzzle
}

// Add queues a puzzle, writing the batch when it is full.
func (im *Importer) Add(ctx context.Context, p store.Puzzle) error {
	im.batch = append(im.batch, p)
	size := im.BatchSize
	if size <= 0 {
		size = 10000
	}
	if len(im.batch) >= size {
		return im.Flush(ctx)
	}
	return nil
}

// Flush writes what is queued in one transaction.
func (im *Importer) Flush(ctx context.Context) error {
	if len(im.batch) == 0 {
		return nil
	}
	_, st, err := im.DB.Insert(ctx, im.batch)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	im.Stats.Added += st.Added
	im.Stats.Exact += st.Exact
	im.Stats.Isomorphic += st.Isomorphic
	im.batch = im.batch[:0]
	return nil
}
