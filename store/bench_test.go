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
func BenchmarkInsert(b *testing.B) {
	db := openTest(b)
	rows := synthetic("bench", 0, b.N)
	b.ResetTimer()
	for i := 0; i < len(rows); i += insertBatch {
		if _, _, err := db.Insert(ctx, rows[i:min(i+insertBatch, len(rows))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

var million struct {
	once sync.Once
	path string
	err  error
}

// millionArchive builds, once per benchmark run, an archive of 1,000,000
// rated puzzles spread over five levels and er 1.0-10.9.
func millionArchive(b *testing.B) string {
	million.once.Do(func() {
		dir, err := os.MkdirTemp("", "pressrun-bench")
		if err != nil {
			million.err = err
			return
		}
		million.path = filepath.Join(dir, "million.db")
		db, err := Open(million.path, Create)
		if err != nil {
			million.err = err
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
				million.err = err
				return
			}
		}
	})
	if million.err != nil {
		b.Fatal(million.err)
	}
	return million.path
}

// BenchmarkQueryMillion is `pressrun archive query --level hard --er 3-4
// --limit 100` and the selection a build makes, on 1,000,000 puzzles.
func BenchmarkQueryMillion(b *testing.B) {
	if testing.Short() {
		skips.Skip(b, skips.Short)
	}
	path := millionArchive(b)
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
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/query")
}
