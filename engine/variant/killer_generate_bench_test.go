package variant

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkGenerateKiller9 times GenerateKiller making a minimal 9x9
// killer, with the uniqueness checks, splits and merges a puzzle and the
// slowest puzzle's time.
func BenchmarkGenerateKiller9(b *testing.B) { benchGenerateKiller(b, 9) }

// BenchmarkGenerateKiller6 is BenchmarkGenerateKiller9 on 6x6.
func BenchmarkGenerateKiller6(b *testing.B) { benchGenerateKiller(b, 6) }

func benchGenerateKiller(b *testing.B, n int) {
	rng := rand.New(rand.NewPCG(23, uint64(n)))
	var st killerStats
	var slowest time.Duration
	for range b.N {
		start := time.Now()
		_, s, err := generateKiller(n, KillerOptions{Minimal: true}, rng)
		if err != nil {
			b.Fatal(err)
		}
		slowest = max(slowest, time.Since(start))
		st.checks += s.checks
		st.splits += s.splits
		st.merges += s.merges
	}
	b.ReportMetric(float64(st.checks)/float64(b.N), "checks/op")
	b.ReportMetric(float64(st.splits)/float64(b.N), "splits/op")
	b.ReportMetric(float64(st.merges)/float64(b.N), "merges/op")
	b.ReportMetric(float64(slowest.Milliseconds()), "slowest-ms")
}
