package logic

import (
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

func benchSolve(b *testing.B, puzzles []engine.Grid) {
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		if _, err := Solve(puzzles[i%len(puzzles)]); err != nil {
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

// The puzzle readers are enginetest's.
var (
	readPuzzles   = enginetest.ReadPuzzles
	readPuzzlesOr = enginetest.ReadPuzzlesOr
)
