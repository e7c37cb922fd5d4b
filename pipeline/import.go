package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
)

// ImportConfig says what Import reads and how it records it.
type ImportConfig struct {
	// Archive is the archive's path. Where there is none (no file, or an
	// empty one), Import makes it when the first puzzle is to be stored:
	// an import that stores nothing leaves nothing behind.
	Archive string
	Stdin   io.Reader // read for no Files, or for "-"
	Files   []string
	Label   string // provenance label; "" for the base name of each puzzle's file
	// Kind, when set, is the variant whose puzzles the files hold (read
	// as variant.Reader reads them); nil is classic.
	Kind   *variant.Variant
	Scale  *logic.Scale // classic puzzles' rating scale; nil: logic.DefaultScale
	Budget int          // the chain searches' budget per classic puzzle (logic.Options.Budget; 0: the default)
	// VariantBudget is the chain searches' budget per variant puzzle
	// (the variant rater's Options.Budget): 0 for the kind's default,
	// negative for no limit.
	VariantBudget int
	Version       string // pressrun's version, recorded with each puzzle
	Workers       int    // preparing goroutines; below 1 means runtime.GOMAXPROCS(0)
	// KeepGoing imports past bad input and rejected puzzles; without it
	// the first of them stops the import.
	KeepGoing bool
	// Report, when set, is called with each bad input (*BadInput) and each
	// rejected puzzle (*Rejection), in input order, from one goroutine.
	Report func(error)
}

// ImportStats counts what an import did.
type ImportStats struct {
	store.InsertStats     // added, and exact and isomorphic duplicates
	Rejected          int // puzzles without exactly one solution
	BadPuzzles        int // lines that are not puzzles
	BadFiles          int // files that cannot be read
	// Bound counts the puzzles rated whose er is only a lower bound:
	// their solve spent the chain budget (rate.Ratings.Bound). The
	// archive keeps that bound as their er.
	Bound int
}

// Rejection is a puzzle Import does not archive because it has no solution
// or several: Err wraps engine.ErrNoSolution or engine.ErrManySolutions.
type Rejection struct {
	At  Position
	Err error
}

func (r *Rejection) Error() string { return fmt.Sprintf("%s: %v", r.At, r.Err) }
func (r *Rejection) Unwrap() error { return r.Err }

// Import reads puzzles as ReadPuzzles does (ipuz files, and standard
// input holding ipuz, are read first, each whole and every one checked
// before anything is stored: importIpuz) and archives each one, checked,
// canonicalised and rated on cfg.Workers goroutines (Preparer) and written
// in batches from one goroutine (Importer), unless the archive holds it
// already, the same or isomorphic; those are counted, not rated.
//
// Bad input and rejected puzzles go to cfg.Report and are counted; without
// cfg.KeepGoing the first of them ends the import and is returned (a
// *BadInput or a *Rejection), the puzzles before it archived. Any other
// error (the archive's, the rater's, ctx's) ends the import and is
// returned. Whatever was prepared is archived before Import returns, also
// when ctx is cancelled: nothing rated is lost. An archive that cannot be
// written (or made) is reported before anything is read, as a
// *store.FileError.
func Import(ctx context.Context, cfg ImportConfig) (ImportStats, error) {
	var st ImportStats
	db, err := store.Open(cfg.Archive, store.ReadWrite)
	switch {
	case errors.Is(err, store.ErrNoArchive):
		// Made by the first Flush with something to store; but said now,
		// not after the rating, if it cannot be made.
		if err := store.CheckCreate(cfg.Archive); err != nil {
			return st, err
		}
	case err != nil:
		return st, err
	}
	im := &Importer{DB: db, Path: cfg.Archive}
	defer func() {
		if im.DB != nil {
			im.DB.Close()
		}
	}()
	report := func(err error) {
		if cfg.Report != nil {
			cfg.Report(err)
		}
	}
	provenance := func(at Position) Provenance {
		pv := Provenance{Source: "import", Label: cfg.Label, Version: cfg.Version}
		if cfg.Label == "" {
			pv.Label = filepath.Base(at.File)
		}
		return pv
	}
	emit := func(in Position, bad *BadInput, p Prepared) error {
		var stop error
		switch {
		case bad != nil:
			if bad.Unreadable() {
				st.BadFiles++
			} else {
				st.BadPuzzles++
			}
			stop = bad
		case NotUnique(p.Err):
			st.Rejected++
			stop = &Rejection{At: in, Err: p.Err}
		case p.Err != nil:
			return p.Err // the work failed, not the puzzle
		default:
			if r := p.Puzzle.Ratings; r != nil && r.Bound {
				st.Bound++
			}
			return im.AddPrepared(ctx, p)
		}
		report(stop)
		if cfg.KeepGoing {
			return nil
		}
		return stop
	}
	// ipuz files are read and checked whole first; the others follow.
	var ipuzFiles []string
	ipuzFiles, cfg.Files = splitIpuz(&cfg)
	err = nil // an archive still to be made is made by the first Flush
	if len(ipuzFiles) > 0 {
		err = importIpuz(ctx, cfg, ipuzFiles, &st, db, im, provenance, report)
	}
	switch {
	case err != nil || (len(ipuzFiles) > 0 && len(cfg.Files) == 0):
		// stopped, or nothing else to read (not standard input)
	case cfg.Kind != nil:
		err = ReadVariantsOrdered(ctx, cfg.Stdin, cfg.Files, cfg.Kind, cfg.KeepGoing, cfg.Workers,
			func() func(Position, variant.Puzzle) Prepared {
				kit := NewVariantKit()
				kit.Budget, kit.Stop = cfg.VariantBudget, ctx.Done()
				return func(at Position, p variant.Puzzle) Prepared {
					return kit.prepareFor(ctx, db, p, nil, provenance(at))
				}
			},
			func(in VariantInput, p Prepared) error { return emit(in.At, in.Bad, p) })
	default:
		// An archive with no puzzle yet has none to look up: each puzzle
		// is rated without asking, as for an archive still to be made
		// (the insert still refuses a duplicate). On PostgreSQL the
		// question is a round trip a puzzle, about 6% of an import.
		lookup := db
		if db != nil {
			if some, err := db.Query(ctx, store.Filter{Limit: 1}); err != nil {
				return st, err
			} else if len(some) == 0 {
				lookup = nil
			}
		}
		err = ReadOrdered(ctx, cfg.Stdin, cfg.Files, cfg.KeepGoing, cfg.Workers,
			func() func(Position, engine.Grid) Prepared {
				prep := Preparer{Archive: lookup, Scale: cfg.Scale, Budget: cfg.Budget}
				return func(at Position, g engine.Grid) Prepared {
					prep.Provenance = provenance(at)
					return prep.Prepare(ctx, g)
				}
			},
			func(in Input, p Prepared) error { return emit(in.At, in.Bad, p) })
	}
	if ferr := im.Flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
		err = ferr
	}
	st.InsertStats = im.Stats
	return st, err
}
