package logic

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

func benchSolve(b *testing.B, puzzles []engine.Grid) { benchSolveOn(b, puzzles, nil) }

// benchSolveOn is benchSolve on the scale.
func benchSolveOn(b *testing.B, puzzles []engine.Grid, scale *Scale) {
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		if _, err := SolveWith(puzzles[i%len(puzzles)], Options{Scale: scale}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkSolveUnbiased(b *testing.B) {
	benchSolve(b, readPuzzlesOr(b, sharedData+"/unbiased-minimal.txt", "testdata/unbiased-sample.txt"))
}

func BenchmarkSolveTop1465(b *testing.B) {
	benchSolve(b, readPuzzlesOr(b, sharedData+"/top1465.txt", "testdata/top1465-sample.txt"))
}

// The sukaku scale's ladder has the rungs classic's has not (turbot fish,
// strong links, bent sets): the same puzzles on it.
func BenchmarkSolveUnbiasedSukaku(b *testing.B) {
	benchSolveOn(b, readPuzzlesOr(b, sharedData+"/unbiased-minimal.txt", "testdata/unbiased-sample.txt"), Sukaku)
}

func BenchmarkSolveTop1465Sukaku(b *testing.B) {
	benchSolveOn(b, readPuzzlesOr(b, sharedData+"/top1465.txt", "testdata/top1465-sample.txt"), Sukaku)
}

// The puzzle readers are enginetest's.
var (
	readPuzzles   = enginetest.ReadPuzzles
	readPuzzlesOr = enginetest.ReadPuzzlesOr
)

// The forum's hardest take nested forcing chains: seconds a puzzle, so
// the benchmark's iterations are its puzzles in turn (-benchtime 20x
// for a run over 20 of them).
func BenchmarkSolveHardest(b *testing.B) {
	benchSolve(b, readPuzzlesOr(b, sharedData+"/forum-hardest-1106.txt", "testdata/hardest-sample.txt"))
}
