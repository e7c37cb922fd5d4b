package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/store"
)

// Three puzzles with one solution each, of several levels.
var goodPuzzles = []string{
	"..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
	uniquePuzzle,
	".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.9..........",
}

// writeInput writes lines to a file in a temporary directory.
func writeInput(t *testing.T, name string, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImport(t *testing.T) {
	ctx := context.Background()
	db := openArchive(t)
	in := writeInput(t, "in.txt", goodPuzzles[0], "1234", manyPuzzle, goodPuzzles[1], goodPuzzles[2])
	var reported []string
	cfg := ImportConfig{Files: []string{in}, Version: "test", Workers: 2, KeepGoing: true,
		Report: func(err error) { reported = append(reported, err.Error()) }}
	st, err := Import(ctx, db, cfg)
	want := ImportStats{InsertStats: store.InsertStats{Added: 3}, Rejected: 1, BadPuzzles: 1}
	if err != nil || st != want {
		t.Fatalf("Import: %+v, %v; want %+v", st, err, want)
	}
	if len(reported) != 2 || !strings.HasPrefix(reported[0], in+":2: ") || reported[1] != in+":3: puzzle has 2 or more solutions" {
		t.Fatalf("reported %q", reported)
	}
	p, err := db.Get(ctx, store.PuzzleID(mustCanonical(goodPuzzles[1])))
	if err != nil || p.Label != "in.txt" || p.Source != "import" || p.Version != "test" || p.Ratings == nil || p.Ratings.Rater != RaterVersion {
		t.Fatalf("archived %+v, %v", p, err)
	}

	// Again: exact duplicates, not rated again. Without KeepGoing the
	// first bad line ends it, what came before archived.
	cfg.KeepGoing, cfg.Label = false, "label"
	st, err = Import(ctx, db, cfg)
	var bad *BadInput
	if !errors.As(err, &bad) || bad.At.Line != 2 || st.Exact != 1 || st.Added != 0 || st.BadPuzzles != 1 {
		t.Fatalf("without KeepGoing: %+v, %v", st, err)
	}
	in2 := writeInput(t, "in2.txt", goodPuzzles[1], manyPuzzle, goodPuzzles[0])
	cfg.Files = []string{in2}
	st, err = Import(ctx, db, cfg)
	var rej *Rejection
	if !errors.As(err, &rej) || !errors.Is(err, engine.ErrManySolutions) || rej.At.Line != 2 || st.Exact != 1 || st.Rejected != 1 {
		t.Fatalf("a rejection without KeepGoing: %+v, %v", st, err)
	}
}

// An archive that fails under Import ends it with the archive's error,
// not a rejection or bad input, also with KeepGoing.
func TestImportArchiveFailure(t *testing.T) {
	db := openArchive(t)
	db.Close()
	in := writeInput(t, "in.txt", goodPuzzles...)
	reported := 0
	st, err := Import(context.Background(), db, ImportConfig{Files: []string{in}, KeepGoing: true,
		Report: func(error) { reported++ }})
	var bad *BadInput
	var rej *Rejection
	if err == nil || errors.As(err, &bad) || errors.As(err, &rej) || NotUnique(err) || reported != 0 || st.Rejected != 0 {
		t.Fatalf("Import into a closed archive: %+v, %v (%d reported)", st, err, reported)
	}
}

func mustCanonical(s string) engine.Grid {
	c, _ := engine.Canonical(engine.MustParse(s))
	return c
}
