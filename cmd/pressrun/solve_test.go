package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"runtime"
	"testing"
)

// benchFile is a real puzzle file for the command benchmarks: the 10,000
// puzzles of ../shared/data when it is beside the repository, else the
// engine's sample.
func benchFile(b *testing.B) []byte {
	for _, path := range []string{"../../../shared/data/unbiased-minimal.txt", "../../engine/testdata/unbiased-sample.txt"} {
		data, err := os.ReadFile(path)
		if err == nil {
			b.Logf("reading %s", path)
			return data
		}
	}
	b.Skip("no puzzle file to read")
	return nil
}

// benchCommand runs pressrun args over the puzzles of data on standard
// input and reports the time and the allocations per puzzle read and
// written: the reader and the writer are to allocate nothing per line.
func benchCommand(b *testing.B, data []byte, args ...string) {
	puzzles := bytes.Count(data, []byte{'\n'})
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	runs := 0
	for b.Loop() {
		if err := run(context.Background(), args, bytes.NewReader(data), io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
		runs++
	}
	runtime.ReadMemStats(&ms1)
	n := float64(runs * puzzles)
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/n, "allocs/puzzle")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
}

func BenchmarkSolveCommand(b *testing.B) {
	data := benchFile(b)
	b.Run("tsv", func(b *testing.B) { benchCommand(b, data, "solve", "-") })
	b.Run("json", func(b *testing.B) { benchCommand(b, data, "solve", "--format", "json", "-") })
}
