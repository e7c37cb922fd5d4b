package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/store"
)

// withdrawnAt matches the time a daily puzzle was withdrawn, which the
// command takes from the clock.
var withdrawnAt = regexp.MustCompile(`withdrawn [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z`)

// What was published where, when: a week of two outlets made by
// pressrun daily, one day replaced, and three books (two of one title in
// other cases) recorded on fixed days.
func TestArchiveQueryPlacements(t *testing.T) {
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "")
	dailyOK(t, "--quiet", spec, "--from", "2026-12-01", "--days", "7")
	dailyOK(t, "--quiet", spec, "--from", "2026-12-01", "--days", "7", "--replace", "2026-12-03",
		"--outlet", "The Morning Star", "--why", "reader found a typo")

	db, err := store.Open(filepath.Join(dir, "pressrun.db"), store.ReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	unpublished := false
	ps, err := db.Query(ctx, store.Filter{Published: &unpublished, Limit: 6})
	if err != nil || len(ps) != 6 {
		t.Fatalf("%d unpublished puzzles for the books, want 6: %v", len(ps), err)
	}
	for i, b := range []struct {
		title string
		day   int
	}{{"Winter Puzzles", 20}, {"Holiday Puzzles", 22}, {"winter puzzles", 24}} {
		db.Now = func() time.Time { return time.Date(2026, 11, b.day, 9, 0, 0, 0, time.UTC) }
		if _, err := db.AddBook(ctx, store.Book{Title: b.title}, []store.Placement{
			{PuzzleID: ps[2*i+1].ID, Section: "Hard", Ordinal: 2, Page: 4},
			{PuzzleID: ps[2*i].ID, Section: "Easy", Ordinal: 1, Page: 3},
		}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	for _, tt := range []struct {
		name string
		args []string
	}{
		// Both ends included; the day replaced has its withdrawn puzzle too.
		{"archive-query-outlet", []string{"--outlet", "the morning star", "--from", "2026-12-02", "--to", "2026-12-04", "--format", "tsv"}},
		{"archive-query-outlet-level", []string{"--outlet", "HARBOUR EVENING NEWS", "--level", "hard", "--format", "json"}},
		{"archive-query-outlet-table", []string{"--outlet", "the morning star", "--order", "er", "--desc", "--limit", "3", "--format", "table"}},
		{"archive-query-outlet-unknown", []string{"--outlet", "The Evening Star", "--from", "2026-12-01", "--format", "tsv"}},
		{"archive-query-book", []string{"--book", "holiday puzzles", "--format", "tsv"}},
		{"archive-query-book-id", []string{"--book", "3", "--from", "2026-11-24", "--to", "2026-11-24", "--format", "tsv"}},
		{"archive-query-book-ambiguous", []string{"--book", "WINTER PUZZLES"}},
		{"archive-query-book-unknown", []string{"--book", "9", "--format", "tsv"}},
		{"archive-query-outlet-and-book", []string{"--outlet", "the morning star", "--book", "1"}},
		{"archive-query-order-date", []string{"--order", "date"}},
		{"archive-query-dates-reversed", []string{"--outlet", "the morning star", "--from", "2026-12-04", "--to", "2026-12-02"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"archive", "query", "--archive", "pressrun.db"}, tt.args...)
			r := inDir(t, dir, args...)
			r.stdout = withdrawnAt.ReplaceAllString(r.stdout, "withdrawn TIME")
			golden(t, tt.name, args, r)
		})
	}

	// Export keeps exporting the puzzles placed there: the week's seven
	// and the one withdrawn.
	r := pressrun(t, "", "archive", "export", "--archive", filepath.Join(dir, "pressrun.db"), "--outlet", "The Morning Star")
	if lines := strings.Count(r.stdout, "\n"); r.code != 0 || lines != 9 || !strings.HasPrefix(r.stdout, "id\tpuzzle\t") {
		t.Errorf("export --outlet: exit %d, %d lines\n%s%s", r.code, lines, r.stdout, r.stderr)
	}
}
