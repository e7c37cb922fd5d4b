package pipeline

import (
	"context"
	"testing"

	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/variant"
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
	f := store.Filter{RaterNot: rate.RaterOn(nil)}
	if n, err := Rerate(ctx, db, f, 2, nil); n != 1 || err != nil {
		t.Fatalf("Rerate: %d, %v; want 1", n, err)
	}
	p, err := db.Get(ctx, id)
	if err != nil || p.Ratings.Rater != rate.RaterOn(nil) || p.Ratings.ER == 9.9 {
		t.Fatalf("after Rerate: %+v, %v", p.Ratings, err)
	}
	if n, err := Rerate(ctx, db, f, 2, nil); n != 0 || err != nil {
		t.Fatalf("Rerate again: %d, %v; want 0", n, err)
	}
	if n, err := Rerate(ctx, db, store.Filter{}, 0, nil); n != len(goodPuzzles) || err != nil {
		t.Fatalf("Rerate all: %d, %v", n, err)
	}
}

// An archive moves to the other scale with Rerate on it: every classic
// puzzle rated on classic gets its sukaku ratings, the classic ones go to
// its history, and a second run finds nothing left to move. The kite
// puzzle is 7.8 on classic and 4.3 on sukaku (TestRateScale in
// cmd/pressrun gives the raters' figures).
func TestRerateScale(t *testing.T) {
	const kite = "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........"
	ctx := context.Background()
	db := openArchive(t)
	in := writeInput(t, "in.txt", append([]string{kite}, goodPuzzles...)...)
	if _, err := Import(ctx, ImportConfig{Archive: db.Path(), Files: []string{in}}); err != nil {
		t.Fatal(err)
	}
	id := store.PuzzleID(mustCanonical(kite).String())
	p, err := db.Get(ctx, id)
	if err != nil || p.Ratings.Rater != rate.RaterOn(logic.Classic) || p.Ratings.ER != 7.8 || p.Ratings.Level != "evil" {
		t.Fatalf("imported on the default scale: %+v, %v", p.Ratings, err)
	}
	f := store.Filter{RaterNot: rate.RaterOn(logic.Sukaku)}
	if n, err := Rerate(ctx, db, f, 2, logic.Sukaku); n != 1+len(goodPuzzles) || err != nil {
		t.Fatalf("Rerate on sukaku: %d, %v", n, err)
	}
	p, err = db.Get(ctx, id)
	if err != nil || p.Ratings.Rater != rate.RaterOn(logic.Sukaku) || p.Ratings.ER != 4.3 || p.Ratings.Level != "hard" {
		t.Fatalf("on sukaku: %+v, %v", p.Ratings, err)
	}
	if rate.ScaleOf(p.Ratings.Rater) != logic.Sukaku {
		t.Fatalf("ScaleOf(%q) = %v", p.Ratings.Rater, rate.ScaleOf(p.Ratings.Rater))
	}
	past, err := db.RatingHistory(ctx, id)
	if err != nil || len(past) != 1 || past[0].Rater != rate.RaterOn(logic.Classic) || past[0].ER != 7.8 {
		t.Fatalf("history: %+v, %v", past, err)
	}
	if n, err := Rerate(ctx, db, f, 2, logic.Sukaku); n != 0 || err != nil {
		t.Fatalf("Rerate on sukaku again: %d, %v; want 0", n, err)
	}
}

// A variant's rating takes the budget given for variants, on import and
// on rerate: this 12x12 (engine/variant/logic/testdata/wide-chains.txt,
// from minimal-12x12.txt) needs dynamic forcing chains (er 9.2); with a
// budget of one implication its chains stop at once, and it is finished
// by a counted guess; with the kind's default it is rated by logic again.
func TestRerateVariantBudget(t *testing.T) {
	const p12 = "79.....B....A..426.....92C.6.14....5..4...91.8.212..6.......6.....5.3....3.7....4.A1.......6...BC.91B..2.5......7C.....89A.....82C.....CA.2.967."
	v, err := variant.Sized(12)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db := openArchive(t)
	in := writeInput(t, "in.txt", p12)
	if _, err := Import(ctx, ImportConfig{Archive: db.Path(), Files: []string{in}, Kind: v, VariantBudget: 1}); err != nil {
		t.Fatal(err)
	}
	var id string
	if err := db.Each(ctx, store.Filter{}, func(p store.Puzzle) error { id = p.ID; return nil }); err != nil || id == "" {
		t.Fatalf("the archive: %q, %v", id, err)
	}
	guessed := func(want bool, when string) {
		t.Helper()
		p, err := db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Ratings.Techniques[logic.Guess.Key()] > 0; got != want || !want && p.Ratings.ER != 9.2 {
			t.Fatalf("%s: er %.1f, techniques %v; want a guess %v", when, p.Ratings.ER, p.Ratings.Techniques, want)
		}
	}
	guessed(true, "imported with a budget of 1")
	if n, _, err := RerateBudget(ctx, db, store.Filter{}, 1, nil, 0, 0); n != 1 || err != nil {
		t.Fatalf("RerateBudget: %d, %v", n, err)
	}
	guessed(false, "rerated with the default")
	if n, _, err := RerateBudget(ctx, db, store.Filter{}, 1, nil, 0, 1); n != 1 || err != nil {
		t.Fatalf("RerateBudget: %d, %v", n, err)
	}
	guessed(true, "rerated with a budget of 1")
}
