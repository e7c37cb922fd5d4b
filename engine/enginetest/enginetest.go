// Package enginetest reads the puzzle sets that tests and benchmarks of the
// engine's packages run on: the big public sets in ../shared/data beside the
// repository, when present, and the small samples each package keeps in its
// testdata directory.
package enginetest

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// SharedData is the directory of the public puzzle sets (../shared/data
// beside the repository), wherever the test runs from.
var SharedData = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data")
}()

// Shared is the path of a file of SharedData.
func Shared(name string) string { return filepath.Join(SharedData, name) }

// ReadPuzzles reads every puzzle of a file, in any format engine.NewReader
// accepts. It skips the test when the file does not exist (the big sets are
// not beside every clone) and fails it on a bad puzzle or an empty file.
func ReadPuzzles(tb testing.TB, path string) []engine.Grid {
	tb.Helper()
	f := open(tb, path)
	defer f.Close()
	var out []engine.Grid
	r := engine.NewReader(f)
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

// ReadPuzzlesOr reads path, or fallback (a sample in testdata) when path is
// absent, so that benchmarks run on a fresh clone too.
func ReadPuzzlesOr(tb testing.TB, path, fallback string) []engine.Grid {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		tb.Logf("%s absent, using %s", path, fallback)
		return ReadPuzzles(tb, fallback)
	}
	return ReadPuzzles(tb, path)
}

// ReadSample reads the first n puzzles of a file.
func ReadSample(tb testing.TB, path string, n int) []engine.Grid {
	tb.Helper()
	ps := ReadPuzzles(tb, path)
	return ps[:min(n, len(ps))]
}

// Rated is a line of se-rated.tsv (puzzle, Sudoku Explainer rating) or of
// se-bands.tsv (puzzle, solution, band).
type Rated struct {
	Grid engine.Grid
	SE   float64 // se-rated.tsv's rating, 0 in se-bands.tsv
	Band string  // se-bands.tsv's band, "" in se-rated.tsv
}

// ReadRated reads se-rated.tsv or se-bands.tsv, skipping the test when the
// file does not exist and failing it on a bad line or an empty file.
func ReadRated(tb testing.TB, path string) []Rated {
	tb.Helper()
	f := open(tb, path)
	defer f.Close()
	var out []Rated
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(strings.TrimSpace(sc.Text()), "\t")
		if fields[0] == "" || strings.HasPrefix(fields[0], "#") {
			continue
		}
		g, err := engine.Parse(fields[0])
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, line, err)
		}
		r := Rated{Grid: g}
		switch len(fields) {
		case 2:
			if r.SE, err = strconv.ParseFloat(fields[1], 64); err != nil {
				tb.Fatalf("%s:%d: rating: %v", path, line, err)
			}
		case 3:
			r.Band = fields[2]
		default:
			tb.Fatalf("%s:%d: want 2 or 3 fields, found %d", path, line, len(fields))
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}

// open opens path, skipping the test when it does not exist.
func open(tb testing.TB, path string) *os.File {
	tb.Helper()
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		skips.Skip(tb, skips.NoSharedData, path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
