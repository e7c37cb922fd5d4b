package pipeline

import (
	"context"
	"errors"
	"fmt"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
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

// Prepared is a puzzle made ready for the archive, or the error that kept
// it from being prepared: a rejection of the puzzle when NotUnique(Err)
// (it has no solution or several), else a failure of the work (the
// archive could not be asked, the rater failed) that says nothing about
// the puzzle.
type Prepared struct {
	Puzzle store.Puzzle
	Err    error
	// Known is what the archive already holds of it (Preparer.Archive):
	// a duplicate is not rated, and Puzzle has no Ratings.
	Known store.Outcome
}

// Preparer checks, rates and canonicalises puzzles for the archive. It is
// not safe for concurrent use: make one per worker.
type Preparer struct {
	Provenance Provenance
	// Archive, when set, is asked before rating whether the puzzle is
	// already archived; such a puzzle is not rated again.
	Archive *store.DB
	Scale   *logic.Scale // the ratings' scale; nil: logic.DefaultScale
	// Budget is the chain searches' budget per puzzle
	// (logic.Options.Budget; 0: the default).
	Budget int
	solver engine.Solver
}

// NotUnique reports whether err says that a puzzle has no solution or
// several (engine.ErrNoSolution or engine.ErrManySolutions, also of a
// variant's: VariantKit.SolveUnique): a puzzle to reject, not a failure
// of the work.
func NotUnique(err error) bool {
	return errors.Is(err, engine.ErrNoSolution) || errors.Is(err, engine.ErrManySolutions)
}

// Prepare checks that g has exactly one solution, computes its canonical
// form and id, and rates it unless the archive holds it already.
func (p *Preparer) Prepare(ctx context.Context, g engine.Grid) Prepared {
	sol, err := p.solver.SolveUnique(g)
	if err != nil {
		return Prepared{Err: err}
	}
	out := Prepared{Puzzle: classicPuzzle(g, sol)}
	pv := p.Provenance
	out.Puzzle.Source, out.Puzzle.Label, out.Puzzle.Version, out.Puzzle.Seed = pv.Source, pv.Label, pv.Version, pv.Seed
	if p.Archive != nil {
		known, err := p.Archive.Lookup(ctx, g.String(), out.Puzzle.Canonical)
		if err != nil {
			return Prepared{Err: err}
		}
		if out.Known = known; known != store.Added {
			return out
		}
	}
	r, err := rateBudget(g, p.Scale, p.Budget)
	if err != nil {
		return Prepared{Err: fmt.Errorf("pipeline: rate %s: %w", g, err)}
	}
	out.Puzzle.Ratings = &r
	return out
}

// classicPuzzle is a classic puzzle and its solution as the archive holds
// them, with its canonical form and id.
func classicPuzzle(g, solution engine.Grid) store.Puzzle {
	canon, _ := engine.Canonical(g)
	form := canon.String()
	return store.Puzzle{Givens: store.Cells(g), Solution: store.Cells(solution), Canonical: form, ID: store.PuzzleID(form)}
}

// Rate rates a puzzle for the archive: every rating column, er, ep and ed
// on the scale (nil: logic.DefaultScale), and its level on the default
// ladder, signed by the rater of the scale (rate.RaterOn).
func Rate(g engine.Grid, scale *logic.Scale) (store.Ratings, error) {
	return rateBudget(g, scale, 0)
}

func rateBudget(g engine.Grid, scale *logic.Scale, budget int) (store.Ratings, error) {
	r, err := rate.RateBudget(g, level.Default(), scale, budget)
	if err != nil {
		return store.Ratings{}, err
	}
	return store.Ratings{Ratings: r, Rater: rate.RaterOn(scale)}, nil
}

// Importer writes prepared puzzles to the archive in batches from a single
// goroutine, counting what happened to them.
type Importer struct {
	// DB is the archive; when nil, the first Flush with puzzles to write
	// makes it at Path (store.Create) and sets DB, which the caller
	// closes.
	DB        *store.DB
	Path      string
	BatchSize int // 0 means 10,000
	Stats     store.InsertStats
	batch     []store.Puzzle
}

// AddPrepared counts a puzzle the archive already holds (Prepared.Known)
// as a duplicate, and queues the others.
func (im *Importer) AddPrepared(ctx context.Context, p Prepared) error {
	switch p.Known {
	case store.DuplicateExact:
		im.Stats.Exact++
		return nil
	case store.DuplicateIsomorphic:
		im.Stats.Isomorphic++
		return nil
	}
	return im.Add(ctx, p.Puzzle)
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
	if im.DB == nil {
		db, err := store.Open(im.Path, store.Create)
		if err != nil {
			return err
		}
		im.DB = db
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
