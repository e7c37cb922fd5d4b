package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/pressrun/pressrun/configs"
)

// BenchmarkDailyYear makes a year of configs/daily-newspaper.yaml (both
// outlets, every format it names: about 7,300 files) as `pressrun daily`
// does, with the default workers: "empty" from an empty archive, "rerun"
// again over its own archive and files (every puzzle from the ledger).
// BENCH_DAILY_DAYS=N makes N days instead of 365. Run it with
// -benchtime 1x: one op is a whole batch, seconds long.
func BenchmarkDailyYear(b *testing.B) {
	days := 365
	if s := os.Getenv("BENCH_DAILY_DAYS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("BENCH_DAILY_DAYS=%q: want a number of days", s)
		}
		days = n
	}
	batch := func(b *testing.B, dir string) {
		spec, err := configs.LoadDaily(filepath.Join("..", "configs", "daily-newspaper.yaml"))
		if err != nil {
			b.Fatal(err)
		}
		spec.Archive, spec.Output = filepath.Join(dir, "pressrun.db"), filepath.Join(dir, "daily")
		lay, err := CheckDaily(spec)
		if err != nil {
			b.Fatal(err)
		}
		opts := DailyOptions{Seed: *spec.Seed, From: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Days: days}
		res, err := Daily(context.Background(), spec, lay, opts)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(res.Files)), "files/op")
	}
	b.Run("empty", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			dir := b.TempDir()
			b.StartTimer()
			batch(b, dir)
		}
	})
	b.Run("rerun", func(b *testing.B) {
		dir := b.TempDir()
		batch(b, dir)
		b.ResetTimer()
		for range b.N {
			batch(b, dir)
		}
	})
}
