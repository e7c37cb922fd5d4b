package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/store"
)

const (
	uniquePuzzle = "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4.."
	manyPuzzle   = "................................................................................1"
	nonePuzzle   = "12345678.........9..............................................................."
)

// openArchive opens a new archive in a temporary directory.
func openArchive(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "a.db"), store.Create)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A puzzle without exactly one solution is a rejection; an archive that
// fails is not.
func TestPrepareErrors(t *testing.T) {
	ctx := context.Background()
	prep := Preparer{Archive: openArchive(t)}
	for _, tt := range []struct {
		puzzle string
		want   error
	}{{manyPuzzle, engine.ErrManySolutions}, {nonePuzzle, engine.ErrNoSolution}} {
		p := prep.Prepare(ctx, engine.MustParse(tt.puzzle))
		if !errors.Is(p.Err, tt.want) || !NotUnique(p.Err) {
			t.Errorf("%s: err %v, want %v, a rejection", tt.puzzle, p.Err, tt.want)
		}
	}
	p := prep.Prepare(ctx, engine.MustParse(uniquePuzzle))
	if p.Err != nil || p.Puzzle.Ratings == nil || p.Known != store.Added {
		t.Fatalf("a good puzzle: %+v", p)
	}

	closed := openArchive(t)
	closed.Close()
	p = (&Preparer{Archive: closed}).Prepare(ctx, engine.MustParse(uniquePuzzle))
	if p.Err == nil || NotUnique(p.Err) {
		t.Fatalf("a closed archive: err %v, want a failure that is no rejection", p.Err)
	}
}
