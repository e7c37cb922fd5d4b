package pipeline

import (
	"context"
	"testing"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

// Rerate rates again what another rater rated, and only that.
func TestRerate(t *testing.T) {
	ctx := context.Background()
	db := openArchive(t)
	in := writeInput(t, "in.txt", goodPuzzles...)
	if _, err := Import(ctx, ImportConfig{Archive: db.Path(), Files: []string{in}}); err != nil {
		t.Fatal(err)
	}
	id := store.PuzzleID(mustCanonical(goodPuzzles[0]).String())
	old := store.Ratings{Rater: "older", Ratings: rate.Ratings{Level: "evil", ER: 9.9}}
	if err := db.Rerate(ctx, map[string]store.Ratings{id: old}); err != nil {
		t.Fatal(err)
	}
	f := store.Filter{RaterNot: RaterVersion}
	if n, err := Rerate(ctx, db, f, 2); n != 1 || err != nil {
		t.Fatalf("Rerate: %d, %v; want 1", n, err)
	}
	p, err := db.Get(ctx, id)
	if err != nil || p.Ratings.Rater != RaterVersion || p.Ratings.ER == 9.9 {
		t.Fatalf("after Rerate: %+v, %v", p.Ratings, err)
	}
	if n, err := Rerate(ctx, db, f, 2); n != 0 || err != nil {
		t.Fatalf("Rerate again: %d, %v; want 0", n, err)
	}
	if n, err := Rerate(ctx, db, store.Filter{}, 0); n != len(goodPuzzles) || err != nil {
		t.Fatalf("Rerate all: %d, %v", n, err)
	}
}
