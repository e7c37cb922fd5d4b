package engine

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// sharedData is where the big public puzzle sets live beside the repository
// (../shared/data); tests that need them skip when it is absent.
const sharedData = "../../shared/data"

// readPuzzles reads every puzzle of a file, in any format NewReader accepts.
// It skips the test when the file does not exist (the big sets in
// ../../shared/data are not beside every clone) and fails it on any bad
// puzzle or an empty file.
func readPuzzles(tb testing.TB, path string) []Grid {
	tb.Helper()
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		skips.Skip(tb, skips.NoSharedData, path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []Grid
	r := NewReader(f)
	for {
		g, _, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}

// readPuzzlesOr reads path, or fallback (a testdata sample) when path is
// absent, so benchmarks run on a fresh clone too.
func readPuzzlesOr(tb testing.TB, path, fallback string) []Grid {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		tb.Logf("%s absent, using %s", path, fallback)
		return readPuzzles(tb, fallback)
	}
	return readPuzzles(tb, path)
}
