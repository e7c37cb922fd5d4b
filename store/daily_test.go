package store

import (
	"errors"
	"slices"
	"testing"
)

// issue is an issue of the outlet on date with the puzzles ps, one a slot.
func issue(outlet, date string, exclusive bool, ps ...Puzzle) Issue {
	is := Issue{Outlet: outlet, Date: date, Exclusive: exclusive}
	for i, p := range ps {
		is.Puzzles = append(is.Puzzles, IssuePuzzle{Slot: i + 1, Level: p.Ratings.Level, Puzzle: p})
	}
	return is
}

func TestIssuesRoundTrip(t *testing.T) { eachBackend(t, testIssuesRoundTrip) }

func testIssuesRoundTrip(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:8]
	for i := range ps {
		ps[i] = rated(ps[i], "easy", 1.2)
	}
	db.Insert(ctx, ps)
	if err := db.AddIssues(ctx, []Issue{
		issue("Star", "2026-12-01", true, ps[0]),
		issue("Star", "2026-12-02", true, ps[1], ps[2]),
		issue("Post", "2026-12-01", false, ps[3]),
	}); err != nil {
		t.Fatal(err)
	}
	got, err := db.Issues(ctx, "Star", "2026-12-01", "2026-12-31")
	if err != nil || len(got) != 2 {
		t.Fatalf("%d issues, %v", len(got), err)
	}
	if got[1].Date != "2026-12-02" || len(got[1].Puzzles) != 2 || !slices.Equal(got[1].Puzzles[1].Puzzle.Givens, ps[2].Givens) ||
		got[1].Puzzles[1].Slot != 2 || got[1].Puzzles[1].Level != "easy" || !got[1].Exclusive || got[1].Puzzles[0].Puzzle.Ratings.ER != 1.2 {
		t.Fatalf("issue read back: %+v", got[1])
	}
	// An issue recorded twice: nothing of the second call is kept.
	err = db.AddIssues(ctx, []Issue{issue("Post", "2026-12-02", false, ps[4]), issue("Star", "2026-12-01", true, ps[5])})
	if !errors.Is(err, ErrIssueExists) {
		t.Fatalf("recording an issue twice: %v", err)
	}
	if post, _ := db.Issues(ctx, "Post", "2026-12-01", "2026-12-31"); len(post) != 1 {
		t.Fatalf("a failed AddIssues left %d Post issues, want 1", len(post))
	}
	// The previous issue, across a gap.
	prev, err := db.IssueBefore(ctx, "Star", "2026-12-09")
	if err != nil || prev.Date != "2026-12-02" {
		t.Fatalf("issue before 9 Dec: %+v %v", prev, err)
	}
	if _, err := db.IssueBefore(ctx, "Star", "2026-12-01"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("issue before the first: %v", err)
	}

	// A replacement: the old puzzle is withdrawn, with the reason, and stays
	// in the ledger as run by the outlet.
	if err := db.ReplaceIssue(ctx, "Star", "2026-12-01", Withdrawal{Why: "reader found a typo", By: "desk"}, []IssuePuzzle{{Slot: 1, Level: "easy", Puzzle: ps[6]}}, false); err != nil {
		t.Fatal(err)
	}
	got, _ = db.Issues(ctx, "Star", "2026-12-01", "2026-12-01")
	if len(got) != 1 || len(got[0].Puzzles) != 1 || got[0].Puzzles[0].Puzzle.ID != ps[6].ID ||
		len(got[0].Withdrawn) != 1 || got[0].Withdrawn[0].Puzzle.ID != ps[0].ID || got[0].Withdrawn[0].Why != "reader found a typo" ||
		got[0].Withdrawn[0].Withdrawn != "2026-11-22T09:00:00Z" || got[0].Withdrawn[0].By != "desk" || got[0].Puzzles[0].By != "" {
		t.Fatalf("after the replacement: %+v", got)
	}
	if pubs, err := db.Publications(ctx, ps[0].ID); err != nil || len(pubs) != 1 || pubs[0].By != "desk" || pubs[0].Why != "reader found a typo" {
		t.Fatalf("the withdrawn puzzle's publications: %+v %v", pubs, err)
	}
	ran, err := db.RanIn(ctx, "Star", []string{ps[0].ID, ps[3].ID, ps[6].ID, ps[7].ID})
	if err != nil || !ran[ps[0].ID] || !ran[ps[6].ID] || ran[ps[3].ID] || ran[ps[7].ID] {
		t.Fatalf("ran in Star: %v %v", ran, err)
	}
	if err := db.ReplaceIssue(ctx, "Star", "2027-01-01", Withdrawal{Why: "x", By: "desk"}, nil, false); !errors.Is(err, ErrNotFound) {
		t.Fatalf("replacing an issue not recorded: %v", err)
	}
}

// A book that allows reprints may take a non-exclusive outlet's puzzle,
// never an exclusive one's.
func TestReprintsRespectExclusiveOutlets(t *testing.T) {
	eachBackend(t, testReprintsRespectExclusiveOutlets)
}

func testReprintsRespectExclusiveOutlets(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:4]
	for i := range ps {
		ps[i] = rated(ps[i], "easy", 1.2)
	}
	db.Insert(ctx, ps)
	if err := db.AddIssues(ctx, []Issue{issue("Star", "2026-12-01", true, ps[0]), issue("Post", "2026-12-01", false, ps[1])}); err != nil {
		t.Fatal(err)
	}
	got, err := db.Reserve(ctx, Reservation{Holder: "book", Count: 10, Reprints: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, p := range got {
		ids[p.ID] = true
	}
	if len(got) != 3 || ids[ps[0].ID] || !ids[ps[1].ID] {
		t.Fatalf("with reprints the book got %d: exclusive %v, non-exclusive %v", len(got), ids[ps[0].ID], ids[ps[1].ID])
	}
	db.Release(ctx, "book")
	mine, err := db.ReserveIDs(ctx, "book", []string{ps[0].ID, ps[1].ID}, true)
	if err != nil || mine[ps[0].ID] || !mine[ps[1].ID] {
		t.Fatalf("ReserveIDs with reprints: %v %v", mine, err)
	}
	db.Release(ctx, "book")
	if mine, _ := db.ReserveIDs(ctx, "book", []string{ps[0].ID, ps[1].ID, ps[2].ID}, false); mine[ps[0].ID] || mine[ps[1].ID] || !mine[ps[2].ID] {
		t.Fatalf("ReserveIDs without reprints: %v", mine)
	}
}
