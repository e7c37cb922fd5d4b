package store

import (
	"fmt"
	"math"
	"testing"
	"time"
)

// TestStatsCountsEveryPuzzle checks Stats, which counts from indexes and
// from the placed and held rows, against a plain count of every puzzle
// read back: per level published or not and in stock, er's and score's
// spread, and the months archived, with unrated puzzles, placements,
// leases held and ended, and puzzles archived over three months.
func TestStatsCountsEveryPuzzle(t *testing.T) { eachBackend(t, testStatsCounts) }

func testStatsCounts(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:60]
	levels := []string{"easy", "medium", "hard"}
	for i := range ps {
		if i%7 == 6 {
			continue // unrated
		}
		ps[i] = rated(ps[i], levels[i%3], 1.0+float64(i%9)*0.7)
		ps[i].Ratings.Score = []int{50, 150, 450, 990, 1500, 12000}[i%6]
	}
	// Three batches, a month apart.
	for m, batch := range [][]Puzzle{ps[:20], ps[20:45], ps[45:]} {
		at := time.Date(2026, time.Month(9+m), 3, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return at }
		if _, st, err := db.Insert(ctx, batch); err != nil || st.Added != len(batch) {
			t.Fatalf("insert: %+v %v", st, err)
		}
	}
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	db.Lease = time.Hour
	a, err := db.Reserve(ctx, Reservation{Holder: "a", Count: 12, Level: "hard"})
	if err != nil || len(a) < 10 {
		t.Fatalf("reserve: %d %v", len(a), err)
	}
	var places []Placement
	for i, p := range a[:5] {
		places = append(places, Placement{PuzzleID: p.ID, Section: "hard", Ordinal: i + 1, Page: 1})
	}
	if _, err := db.AddBook(ctx, Book{Title: "T", SpecChecksum: "x", Seed: 1, OutputChecksum: "y"}, places); err != nil {
		t.Fatal(err)
	}
	// b's lease ends before a's: its puzzles are stock again.
	db.Lease = time.Minute
	if b, err := db.Reserve(ctx, Reservation{Holder: "b", Count: 4, Level: "easy"}); err != nil || len(b) != 4 {
		t.Fatalf("reserve: %d %v", len(b), err)
	}
	now = now.Add(10 * time.Minute)

	placed, held := map[string]bool{}, map[string]bool{}
	for i, p := range a {
		placed[p.ID] = i < 5
		held[p.ID] = i >= 5
	}
	all, err := db.Query(ctx, Filter{})
	if err != nil || len(all) != len(ps) {
		t.Fatalf("read back %d of %d: %v", len(all), len(ps), err)
	}
	want := map[string]LevelCount{}
	ers, scores, months := map[string]int{}, map[string]int{}, map[string]int{}
	for _, p := range all {
		months[p.Created.UTC().Format("2006-01")]++
		l := LevelCount{Variant: p.Kind()}
		if r := p.Ratings; r != nil {
			l.Level = r.Level
			lo := int(math.Floor(r.ER))
			ers[fmt.Sprintf("%d.0-%d.9", lo, lo)]++
			band := len(scoreBands) - 1
			for band > 0 && r.Score < scoreBands[band] {
				band--
			}
			scores[fmt.Sprint(scoreBands[band])]++
		}
		c := want[l.Level]
		c.Variant, c.Level = l.Variant, l.Level
		switch {
		case placed[p.ID]:
			c.Published++
		case held[p.ID] || p.Ratings == nil:
			c.Unpublished++
		default:
			c.Unpublished++
			c.Stock++
		}
		want[l.Level] = c
	}

	st, err := db.Stats(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, l := range st.Levels {
		order = append(order, l.Level)
		if l != want[l.Level] {
			t.Errorf("level %q: %+v, counted %+v", l.Level, l, want[l.Level])
		}
	}
	if fmt.Sprint(order) != "[easy medium hard ]" {
		t.Errorf("levels in the order %q, want the easiest first and unrated last", order)
	}
	bins := func(what string, got []Bin, want map[string]int, label func(Bin) string) {
		t.Helper()
		n := 0
		for _, b := range got {
			if b.Count != want[label(b)] {
				t.Errorf("%s %s: %d, counted %d", what, b.Label, b.Count, want[label(b)])
			}
			n += b.Count
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d bars %+v, counted %d %v", what, len(got), got, len(want), want)
		}
	}
	same := func(b Bin) string { return b.Label }
	bins("er", st.ER, ers, same)
	bins("score", st.Score, scores, func(b Bin) string { lo, _, _ := cutAny(b.Label, "-+"); return lo })
	bins("months", st.Months, months, same)
	if fmt.Sprint(st.Months) != "[{2026-09 20} {2026-10 25} {2026-11 15}]" {
		t.Errorf("months %v", st.Months)
	}

	stock, err := db.Stock(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range stock {
		if c.Count != want[c.Level].Stock || c.Level == "" {
			t.Errorf("stock of %q: %d, counted %d", c.Level, c.Count, want[c.Level].Stock)
		}
	}
	if len(stock) != 3 {
		t.Errorf("stock %+v, want the three rated levels", stock)
	}
}

// cutAny cuts s at the first of the bytes in seps.
func cutAny(s, seps string) (before, after string, found bool) {
	for i := range len(s) {
		for j := range len(seps) {
			if s[i] == seps[j] {
				return s[:i], s[i+1:], true
			}
		}
	}
	return s, "", false
}
