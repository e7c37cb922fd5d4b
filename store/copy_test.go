package store

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/store/pgtest"
)

// fill puts into db a little of everything a copy must carry: rated and
// unrated puzzles, a re-rating's history, a book with its candidates, a
// reprint, daily issues of an exclusive outlet with a withdrawal, and a
// reservation.
func fill(t *testing.T, db *DB) []Puzzle {
	t.Helper()
	ps := testPuzzles(t)[:40]
	for i := range ps[:30] {
		ps[i] = rated(ps[i], []string{"easy", "medium", "hard"}[i%3], 1.2+float64(i)/7)
	}
	if _, _, err := db.Insert(ctx, ps); err != nil {
		t.Fatal(err)
	}
	re := map[string]Ratings{}
	for _, p := range ps[:5] {
		r := *p.Ratings
		r.Rater, r.ER = "r2", r.ER+0.1
		re[p.ID] = r
	}
	if err := db.Rerate(ctx, re); err != nil {
		t.Fatal(err)
	}
	low := 1.5
	var places []Placement
	var cands []Candidate
	for i, p := range ps[:6] {
		places = append(places, Placement{PuzzleID: p.ID, Section: "easy", Ordinal: i + 1, Page: 3 + i})
		cands = append(cands, Candidate{Section: 1, PuzzleID: p.ID, Metric: "er", Value: p.Ratings.ER, Low: &low, Outcome: "kept"})
	}
	cands = append(cands, Candidate{Section: 1, PuzzleID: ps[20].ID, Metric: "er", Value: 9.25, Outcome: "above fence"})
	if _, err := db.AddBook(ctx, Book{Title: "Book «one»", SpecChecksum: "s", Seed: 3, OutputChecksum: "o", Manifest: []byte("{}"), Candidates: cands}, places); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddBook(ctx, Book{Title: "Reprints", Reprints: true}, []Placement{{PuzzleID: ps[0].ID, Ordinal: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := db.AddIssues(ctx, []Issue{issue("Star", "2026-12-01", true, ps[10], ps[11]), issue("Post", "2026-12-01", false, ps[12])}); err != nil {
		t.Fatal(err)
	}
	if err := db.ReplaceIssue(ctx, "Star", "2026-12-01", Withdrawal{Why: "a typo", By: "desk"}, []IssuePuzzle{{Slot: 1, Level: "easy", Puzzle: ps[13]}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Reserve(ctx, Reservation{Holder: "build x", Count: 3, Level: "hard"}); err != nil {
		t.Fatal(err)
	}
	return ps
}

// An archive copied from SQLite to PostgreSQL and back holds the same
// rows, by every table's count and checksum, and answers the same; the
// copy goes on working (new rows take new keys).
func TestCopyRoundTrip(t *testing.T) {
	src := openTest(t)
	ps := fill(t, src)
	pg := openAt(t, pgtest.URL(t))
	back := openAt(t, filepath.Join(t.TempDir(), "back.db"))
	var seen []CopyProgress
	want, err := Copy(ctx, src, pg, 7, func(p CopyProgress) { seen = append(seen, p) })
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != len(tables) || want[0].Rows != 40 || want[3].Rows == 0 {
		t.Fatalf("sums %+v", want)
	}
	if last := seen[len(seen)-1]; last.Table != "reservations" || last.Done != last.Rows {
		t.Fatalf("progress ended at %+v", last)
	}
	if n := len(seen); n < 40/7+len(tables) {
		t.Fatalf("%d progress reports for batches of 7", n)
	}
	got, err := Copy(ctx, pg, back, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("back in SQLite:\n%+v\nwant\n%+v", got, want)
	}
	for _, db := range []*DB{pg, back} {
		pubs, err := db.Publications(ctx, ps[0].ID)
		if err != nil || len(pubs) != 2 || pubs[0].Book.Title != "Book «one»" {
			t.Fatalf("%s: publications of a reprinted puzzle: %+v %v", db.Backend(), pubs, err)
		}
		is, err := db.Issues(ctx, "Star", "2026-12-01", "2026-12-01")
		if err != nil || len(is) != 1 || len(is[0].Puzzles) != 1 || len(is[0].Withdrawn) != 2 || !is[0].Exclusive {
			t.Fatalf("%s: the exclusive outlet's issue: %+v %v", db.Backend(), is, err)
		}
		b, err := db.BookByChecksum(ctx, "o")
		if err != nil || len(b.Candidates) != 7 || b.Candidates[6].Value != 9.25 || *b.Candidates[0].Low != 1.5 {
			t.Fatalf("%s: candidates %+v %v", db.Backend(), b.Candidates, err)
		}
		// New rows after the copy take keys of their own.
		id, err := db.AddBook(ctx, Book{Title: "After"}, []Placement{{PuzzleID: ps[30].ID, Ordinal: 1}})
		if err != nil || id != 3 {
			t.Fatalf("%s: a book after the copy: id %d, %v", db.Backend(), id, err)
		}
		more := testPuzzles(t)[40:42]
		if _, _, err := db.Insert(ctx, more); err != nil {
			t.Fatalf("%s: insert after the copy: %v", db.Backend(), err)
		}
	}
}

// A copy stopped half way is taken up where it stopped; one run again on
// a whole copy does nothing; a target holding another archive's rows is
// refused, and left as it was.
func TestCopyAgain(t *testing.T) {
	src := openTest(t)
	fill(t, src)
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			dst := openAt(t, b.location(t))
			stop, cancel := context.WithCancel(ctx)
			_, err := Copy(stop, src, dst, 5, func(p CopyProgress) {
				if p.Table == "puzzles" && p.Done >= 20 {
					cancel()
				}
			})
			if err == nil {
				t.Fatal("a cancelled copy said it was whole")
			}
			if n, _ := dst.Count(ctx, Filter{}); n < 20 || n >= 40 {
				t.Fatalf("the stopped copy holds %d puzzles", n)
			}
			want, err := Copy(ctx, src, dst, 5, nil)
			if err != nil {
				t.Fatalf("taking it up: %v", err)
			}
			again, err := Copy(ctx, src, dst, 5, nil)
			if err != nil || !slices.Equal(again, want) {
				t.Fatalf("again: %v", err)
			}
			other := openAt(t, b.location(t))
			other.Insert(ctx, testPuzzles(t)[50:52])
			before, _ := other.Sums(ctx)
			if _, err := Copy(ctx, src, other, 5, nil); !errors.Is(err, ErrNotCopy) {
				t.Fatalf("into another archive: %v, want ErrNotCopy", err)
			}
			if after, _ := other.Sums(ctx); !slices.Equal(after, before) {
				t.Fatal("a refused copy changed the target")
			}
		})
	}
}
