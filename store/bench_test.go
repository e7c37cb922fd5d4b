package store

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// insertBatch is the batch size of BenchmarkInsert, the size the pipeline
// and import use.
const insertBatch = 10000

// BenchmarkInsert measures archiving in batches of 10,000 (puzzle and rating
// rows, with the canonical-key check), the import and build hot path.
// On each backend: scripts/bench-archive prints their ratio.
func BenchmarkInsert(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			db := openAt(b, be.location(b))
			rows := synthetic("bench", 0, b.N)
			b.ResetTimer()
			for i := 0; i < len(rows); i += insertBatch {
				if _, _, err := db.Insert(ctx, rows[i:min(i+insertBatch, len(rows))]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// million is, per backend, an archive of a million puzzles made once per
// benchmark run.
var million = map[string]*struct {
	once sync.Once
	path string
	err  error
}{"sqlite": {}, "postgres": {}}

// millionArchive builds, once per benchmark run, an archive of 1,000,000
// rated puzzles spread over five levels and er 1.0-10.9, on the backend.
func millionArchive(b *testing.B, backend string, location func(testing.TB) string) string {
	m := million[backend]
	m.once.Do(func() {
		if backend == "sqlite" {
			dir, err := os.MkdirTemp("", "pressrun-bench")
			if err != nil {
				m.err = err
				return
			}
			m.path = filepath.Join(dir, "million.db")
		} else {
			m.path = location(b) // dropped when b ends
		}
		db, err := Open(m.path, Create)
		if err != nil {
			m.err = err
			return
		}
		defer db.Close()
		levels := []string{"easy", "medium", "hard", "expert", "evil"}
		for start := 0; start < 1_000_000; start += 10_000 {
			rows := synthetic("m", start, 10_000)
			for i := range rows {
				k := start + i
				rows[i].Ratings.Level = levels[k%5]
				rows[i].Ratings.ER = 1 + float64(k%100)/10
				rows[i].Ratings.Score = k % 5000
			}
			if _, _, err := db.Insert(ctx, rows); err != nil {
				m.err = err
				return
			}
		}
	})
	if m.err != nil {
		b.Fatal(m.err)
	}
	return m.path
}

// BenchmarkQueryMillion is `pressrun archive query --level hard --er 3-4
// --limit 100` and the selection a build makes, on 1,000,000 puzzles, on
// each backend.
func BenchmarkQueryMillion(b *testing.B) {
	if testing.Short() {
		skips.Skip(b, skips.Short)
	}
	for _, be := range backends {
		// Made for the whole benchmark (its cleanup drops a database),
		// not for each of the runs b.Run makes.
		path := millionArchive(b, be.name, be.location)
		b.Run(be.name, func(b *testing.B) {
			db, err := Open(path, Create)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			lo, hi := 3.0, 4.0
			unpublished := false
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ps, err := db.Query(ctx, Filter{Level: "hard", ERMin: &lo, ERMax: &hi, Published: &unpublished, Order: "er", Limit: 100})
				if err != nil || len(ps) != 100 {
					b.Fatalf("%d %v", len(ps), err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/query")
		})
	}
}
