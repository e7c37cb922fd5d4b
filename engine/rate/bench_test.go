package rate

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/level"
)

// The benchmarks rate the realistic mix a generator sees: uniformly
// sampled minimal puzzles (testdata holds the first 300 when the shared data
// is absent). Each reports puzzles/s.

func benchPuzzles(b *testing.B) []engine.Grid {
	b.Helper()
	return readPuzzlesOr(b, dataDir+"/unbiased-minimal.txt", "testdata/unbiased-sample.txt")
}

func bench(b *testing.B, rate func(g engine.Grid, i int)) {
	ps := benchPuzzles(b)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		rate(ps[i%len(ps)], i)
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

var sink float64

func BenchmarkWNEF(b *testing.B) {
	bench(b, func(g engine.Grid, _ int) { sink += WNEF(g, Exponential) })
}

func BenchmarkGameComplexity(b *testing.B) {
	bench(b, func(g engine.Grid, _ int) { sink += GameComplexity(g) })
}

func BenchmarkCallCount(b *testing.B) {
	bench(b, func(g engine.Grid, i int) { sink += CallCount(g, CallCountRuns, uint64(i)) })
}

func BenchmarkRReduction(b *testing.B) {
	bench(b, func(g engine.Grid, _ int) { sink += float64(RReduction(g).Inferences) })
}

func BenchmarkBacktracking(b *testing.B) {
	bench(b, func(g engine.Grid, _ int) { x, _ := Backtracking(g); sink += float64(x) })
}

func BenchmarkRuleBased(b *testing.B) {
	bench(b, func(g engine.Grid, _ int) { x, _ := RuleBased(g); sink += float64(x) })
}

func BenchmarkMeasure(b *testing.B) {
	bench(b, func(g engine.Grid, i int) { sink += Measure(g, uint64(i)).WNEF })
}

// BenchmarkRate is the whole rating `pressrun rate` and the archive give a
// puzzle: the logical solver, every metric and the level.
func BenchmarkRate(b *testing.B) {
	ladder := level.Default()
	bench(b, func(g engine.Grid, _ int) {
		r, err := Rate(g, ladder)
		if err != nil {
			b.Fatal(err)
		}
		sink += r.ER
	})
}

// BenchmarkRate17 is Rate on 17-clue puzzles (the first 300 of
// royle17.txt), which the archive rates when royle17.txt is imported:
// there the call count and the backtracking solver are nearly all of it.
func BenchmarkRate17(b *testing.B) {
	ps := enginetest.ReadPuzzles(b, "../testdata/royle17-sample.txt")
	ladder := level.Default()
	i := 0
	for b.Loop() {
		r, err := Rate(ps[i%len(ps)], ladder)
		if err != nil {
			b.Fatal(err)
		}
		sink += r.ER
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}
