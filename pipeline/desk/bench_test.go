package desk

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

// millionPath is an archive of 1,000,000 puzzles for the benchmarks,
// kept in the temporary folder between runs (it takes about a minute
// to make), one for each schema; $DESK_MILLION names another.
var millionPath = cmp.Or(os.Getenv("DESK_MILLION"), filepath.Join(os.TempDir(), fmt.Sprintf("pressrun-desk-million-%d.db", store.SchemaVersion())))

var million struct {
	once sync.Once
	err  error
}

// millionArchive makes millionPath once: a million distinct puzzles
// (cells of one solved grid left out by the bits of their number), over
// five levels, er 1.0-10.9, scores 0-4999, archived over 24 months,
// under seven labels; a year of one outlet's daily issues places 365 of
// them.
func millionArchive(b *testing.B) string {
	if testing.Short() {
		skips.Skip(b, skips.Short)
	}
	million.once.Do(func() {
		if _, err := os.Stat(millionPath); err == nil {
			return
		}
		tmp := millionPath + ".part"
		os.Remove(tmp)
		db, err := store.Open(tmp, store.Create)
		if err != nil {
			million.err = err
			return
		}
		full := engine.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
		levels := []string{"easy", "medium", "hard", "expert", "evil"}
		labels := []string{"royle17", "top1465", "daily", "kdp", "stock", "import", "generate"}
		ctx := context.Background()
		start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		const batch = 10_000
		for at := 0; at < 1_000_000 && million.err == nil; at += batch {
			rows := make([]store.Puzzle, batch)
			for i := range rows {
				k := at + i
				g := full
				for bit := 0; bit < 40; bit++ {
					if (uint64(k)*0x9e3779b97f4a7c15)>>bit&1 != 0 {
						g[bit*2] = 0
					}
				}
				rows[i] = store.Puzzle{Givens: store.Cells(g), Solution: store.Cells(full), Canonical: g.String(), Source: "import",
					Label: labels[k%7], Version: "bench", Symmetry: "none",
					Ratings: &store.Ratings{Rater: "r1", Ratings: rate.Ratings{Level: levels[k%5], ER: 1 + float64(k%100)/10, Score: k % 5000}}}
			}
			when := start.Add(time.Duration(at) * 63 * time.Second)
			db.Now = func() time.Time { return when }
			_, _, million.err = db.Insert(ctx, rows)
		}
		if million.err == nil {
			million.err = placeYear(ctx, db)
		}
		db.Close()
		if million.err == nil {
			million.err = os.Rename(tmp, millionPath)
		}
	})
	if million.err != nil {
		b.Fatal(million.err)
	}
	return millionPath
}

// placeYear records a year of one outlet's daily issues, a puzzle each.
func placeYear(ctx context.Context, db *store.DB) error {
	ps, err := db.Query(ctx, store.Filter{Level: "hard", Limit: 365})
	if err != nil {
		return err
	}
	var issues []store.Issue
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, p := range ps {
		issues = append(issues, store.Issue{Outlet: "The Morning Star", Date: day.AddDate(0, 0, i).Format(time.DateOnly),
			Puzzles: []store.IssuePuzzle{{Slot: 1, Level: "hard", Puzzle: p}}})
	}
	return db.AddIssues(ctx, issues)
}

// BenchmarkDeskMillion is the desk's pages on an archive of 1,000,000
// puzzles: the overview and the stats, counted afresh each time (the
// desk's clock moves a minute a page, past the counts' 30 s), the
// archive's searches a desk makes, and an outlet's month. It reports
// ms/page; issue 25 asks under 200 for a search and under 100 for a
// month.
func BenchmarkDeskMillion(b *testing.B) {
	path := millionArchive(b)
	db, err := store.Open(path, store.ReadOnly)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	clock := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	d, err := New(Config{DB: db, Now: func() time.Time { clock = clock.Add(time.Minute); return clock }})
	if err != nil {
		b.Fatal(err)
	}
	h := d.Handler()
	for _, target := range []string{
		"/",
		"/stats",
		"/puzzles",
		"/puzzles?level=hard&er=3-4&order=er",
		"/puzzles?level=evil&published=no&order=score&desc=1",
		"/puzzles?q=9e37",
		"/puzzles?source=kdp&order=er&desc=1",
		"/puzzles?from=2025-06-01&to=2025-06-30",
		"/puzzles?level=medium&score=1000-1200&order=score&page=20",
		"/outlets/The%20Morning%20Star/2026-06",
	} {
		name := cmp.Or(strings.TrimPrefix(target, "/"), "overview")
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
				if w.Code != http.StatusOK {
					b.Fatalf("%s: %d\n%s", target, w.Code, w.Body.String())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
		})
	}
}
