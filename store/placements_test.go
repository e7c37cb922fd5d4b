package store

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// placed is what a test compares of a placement: where, the date, the
// slot or number and the puzzle, with "withdrawn: why" when it was.
func placed(rows []PlacementRow, ps []Puzzle) string {
	var out []string
	for _, r := range rows {
		where := r.Outlet
		if r.Book != nil {
			where = fmt.Sprintf("book %d %s p%d", r.Book.ID, r.Section, r.Page)
		}
		n := -1
		for i, p := range ps {
			if p.ID == r.Puzzle.ID {
				n = i
			}
		}
		s := fmt.Sprintf("%s %s #%d ps[%d]", r.Date, where, r.Ordinal, n)
		if r.Withdrawn != "" {
			s += " withdrawn " + r.Withdrawn + ": " + r.Why
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// The ledger's rows by outlet or book: dates bound inclusive, withdrawn
// rows marked and kept, the puzzle filters narrow, orders and limits.
func TestPlacements(t *testing.T) { eachBackend(t, testPlacements) }

func testPlacements(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:12]
	for i := range ps {
		lv := "easy"
		if i%2 == 1 {
			lv = "hard"
		}
		ps[i] = rated(ps[i], lv, 1.2+float64(i)/10)
	}
	db.Insert(ctx, ps)
	if err := db.AddIssues(ctx, []Issue{
		issue("Star", "2026-12-01", true, ps[0]),
		issue("Star", "2026-12-02", true, ps[1], ps[2]),
		issue("Star", "2026-12-03", true, ps[3]),
		issue("Star", "2026-12-04", true, ps[4]),
		issue("star", "2026-12-02", true, ps[5]), // another outlet, spelt in another case
		issue("Post", "2026-12-02", false, ps[6]),
	}); err != nil {
		t.Fatal(err)
	}
	db.Now = func() time.Time { return time.Date(2026, 12, 3, 10, 30, 0, 0, time.UTC) }
	if err := db.ReplaceIssue(ctx, "Star", "2026-12-02", Withdrawal{Why: "reader found a typo", By: "desk"}, []IssuePuzzle{{Slot: 1, Level: "easy", Puzzle: ps[7]}}, false); err != nil {
		t.Fatal(err)
	}
	book, err := db.AddBook(ctx, Book{Title: "Winter"}, []Placement{
		{PuzzleID: ps[9].ID, Section: "Hard", Ordinal: 2, Page: 4},
		{PuzzleID: ps[8].ID, Section: "Easy", Ordinal: 1, Page: 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	hard := Filter{Level: "hard"}

	for _, tt := range []struct {
		name string
		f    PlacementFilter
		want string
	}{
		{"from and to included", PlacementFilter{Outlets: []string{"Star"}, From: "2026-12-02", To: "2026-12-03"}, `
2026-12-02 Star #1 ps[1] withdrawn 2026-12-03T10:30:00Z: reader found a typo
2026-12-02 Star #1 ps[7]
2026-12-02 Star #2 ps[2] withdrawn 2026-12-03T10:30:00Z: reader found a typo
2026-12-03 Star #1 ps[3]`},
		{"open ends", PlacementFilter{Outlets: []string{"Star"}, To: "2026-12-01"}, `
2026-12-01 Star #1 ps[0]`},
		{"two outlets, by date then outlet", PlacementFilter{Outlets: []string{"star", "Post"}}, `
2026-12-02 Post #1 ps[6]
2026-12-02 star #1 ps[5]`},
		{"puzzle filters narrow", PlacementFilter{Outlets: []string{"Star"}, Puzzles: hard}, `
2026-12-02 Star #1 ps[1] withdrawn 2026-12-03T10:30:00Z: reader found a typo
2026-12-02 Star #1 ps[7]
2026-12-03 Star #1 ps[3]`},
		{"by er, descending, limited", PlacementFilter{Outlets: []string{"Star"}, Order: "er", Descending: true, Limit: 2}, `
2026-12-02 Star #1 ps[7]
2026-12-04 Star #1 ps[4]`},
		{"a book: its recorded day, by number", PlacementFilter{Book: &book, From: "2026-12-03", To: "2026-12-03"}, fmt.Sprintf(`
2026-12-03 book %[1]d Easy p3 #1 ps[8]
2026-12-03 book %[1]d Hard p4 #2 ps[9]`, book)},
		{"a book outside the dates", PlacementFilter{Book: &book, To: "2026-12-02"}, ""},
		{"an outlet not in the ledger", PlacementFilter{Outlets: []string{"Globe"}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := db.Placements(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := placed(rows, ps), strings.TrimPrefix(tt.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
	// A puzzle's publications say the same.
	pubs, err := db.Publications(ctx, ps[1].ID)
	if err != nil || len(pubs) != 1 || pubs[0].Withdrawn != "2026-12-03T10:30:00Z" || pubs[0].Why != "reader found a typo" {
		t.Errorf("publications of a withdrawn puzzle: %+v %v", pubs, err)
	}
	if pubs, _ := db.Publications(ctx, ps[8].ID); len(pubs) != 1 || pubs[0].Date != "2026-12-03" || pubs[0].Withdrawn != "" {
		t.Errorf("publications of a book's puzzle: %+v", pubs)
	}
	outlets, err := db.Outlets(ctx)
	if fmt.Sprint(outlets) != "[{Post 1 1} {Star 4 6} {star 1 1}]" || err != nil {
		t.Errorf("outlets: %v %v", outlets, err)
	}
	if books, err := db.Books(ctx); len(books) != 1 || books[0].Title != "Winter" || books[0].Puzzles != 2 || err != nil {
		t.Errorf("books: %+v %v", books, err)
	}
	if _, err := db.Placements(ctx, PlacementFilter{Order: "title; DROP TABLE puzzles"}); err == nil {
		t.Error("an order that is no column: no error")
	}
}
