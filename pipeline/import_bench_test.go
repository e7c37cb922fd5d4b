package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// royle17Sample is the first 300 of royle17.txt's 49,158 17-clue puzzles,
// the import the benchmarks measure (issue 24: import all of royle17).
const royle17Sample = "../engine/testdata/royle17-sample.txt"

// BenchmarkImport17 is `pressrun archive import` of 300 17-clue puzzles
// into an empty archive on every core: reading, checking, canonicalising,
// rating and writing. It reports puzzles/s.
func BenchmarkImport17(b *testing.B) {
	ctx := context.Background()
	n := len(readSample(b))
	dir := b.TempDir()
	i := 0
	for b.Loop() {
		path := filepath.Join(dir, "a.db")
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(path + suffix)
		}
		st, err := Import(ctx, ImportConfig{Archive: path, Files: []string{royle17Sample}, Version: "bench"})
		if err != nil || st.Added != n {
			b.Fatalf("Import: %+v, %v; want %d added", st, err, n)
		}
		i += n
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkPrepare17 is one preparing worker's share of the import of
// 17-clue puzzles, without an archive: the uniqueness check, canonical
// form and every rating. It reports puzzles/s.
func BenchmarkPrepare17(b *testing.B) {
	ctx := context.Background()
	ps := readSample(b)
	var prep Preparer
	i := 0
	for b.Loop() {
		if p := prep.Prepare(ctx, ps[i%len(ps)]); p.Err != nil {
			b.Fatal(p.Err)
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

// readSample reads royle17Sample's puzzles.
func readSample(b *testing.B) []engine.Grid {
	b.Helper()
	var ps []engine.Grid
	err := ReadPuzzles(context.Background(), nil, []string{royle17Sample}, false, func(in Input) error {
		ps = append(ps, in.Grid)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return ps
}
