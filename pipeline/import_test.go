package pipeline

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
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
	cfg := ImportConfig{Archive: db.Path(), Files: []string{in}, Version: "test", Workers: 2, KeepGoing: true,
		Report: func(err error) { reported = append(reported, err.Error()) }}
	st, err := Import(ctx, cfg)
	want := ImportStats{InsertStats: store.InsertStats{Added: 3}, Rejected: 1, BadPuzzles: 1}
	if err != nil || st != want {
		t.Fatalf("Import: %+v, %v; want %+v", st, err, want)
	}
	if len(reported) != 2 || !strings.HasPrefix(reported[0], in+":2: ") || reported[1] != in+":3: puzzle has 2 or more solutions" {
		t.Fatalf("reported %q", reported)
	}
	p, err := db.Get(ctx, store.PuzzleID(mustCanonical(goodPuzzles[1]).String()))
	if err != nil || p.Label != "in.txt" || p.Source != "import" || p.Version != "test" || p.Ratings == nil || p.Ratings.Rater != rate.RaterOn(nil) {
		t.Fatalf("archived %+v, %v", p, err)
	}

	// Again: exact duplicates, not rated again. Without KeepGoing the
	// first bad line ends it, what came before archived.
	cfg.KeepGoing, cfg.Label = false, "label"
	st, err = Import(ctx, cfg)
	var bad *BadInput
	if !errors.As(err, &bad) || bad.At.Line != 2 || st.Exact != 1 || st.Added != 0 || st.BadPuzzles != 1 {
		t.Fatalf("without KeepGoing: %+v, %v", st, err)
	}
	in2 := writeInput(t, "in2.txt", goodPuzzles[1], manyPuzzle, goodPuzzles[0])
	cfg.Files = []string{in2}
	st, err = Import(ctx, cfg)
	var rej *Rejection
	if !errors.As(err, &rej) || !errors.Is(err, engine.ErrManySolutions) || rej.At.Line != 2 || st.Exact != 1 || st.Rejected != 1 {
		t.Fatalf("a rejection without KeepGoing: %+v, %v", st, err)
	}
}

// An archive that fails under Import ends it with the archive's error,
// not a rejection or bad input, also with KeepGoing.
func TestImportArchiveFailure(t *testing.T) {
	db := openArchive(t)
	// Break the archive: it still opens, but has no table of puzzles.
	if err := dropPuzzles(db.Path()); err != nil {
		t.Fatal(err)
	}
	in := writeInput(t, "in.txt", goodPuzzles...)
	reported := 0
	st, err := Import(context.Background(), ImportConfig{Archive: db.Path(), Files: []string{in}, KeepGoing: true,
		Report: func(error) { reported++ }})
	var bad *BadInput
	var rej *Rejection
	if err == nil || errors.As(err, &bad) || errors.As(err, &rej) || NotUnique(err) || reported != 0 || st.Rejected != 0 {
		t.Fatalf("Import into a closed archive: %+v, %v (%d reported)", st, err, reported)
	}
}

func dropPuzzles(path string) error {
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		return err
	}
	defer raw.Close()
	_, err = raw.Exec("DROP TABLE puzzles")
	return err
}

// An import that stores nothing (every line bad or rejected, a missing
// file, no input) makes no archive: no file, no -wal, no -shm; an empty
// file at the path stays as it was. The first stored puzzle makes it,
// an empty file included.
func TestImportCreatesOnlyWhatItStores(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	bad := writeInput(t, "bad.txt", "1234", manyPuzzle, nonePuzzle)
	good := writeInput(t, "good.txt", goodPuzzles...)
	missing := filepath.Join(dir, "no-such-file.txt")
	for _, files := range [][]string{{bad}, {missing}, {missing, bad}, {}} {
		for _, keepGoing := range []bool{false, true} {
			path := filepath.Join(dir, "a.db")
			st, err := Import(ctx, ImportConfig{Archive: path, Stdin: strings.NewReader(""), Files: files, KeepGoing: keepGoing})
			if st.Added != 0 {
				t.Fatalf("%v: %+v", files, st)
			}
			if left, _ := filepath.Glob(path + "*"); len(left) > 0 {
				t.Fatalf("import of %v (keep going %v, %v) left %v", files, keepGoing, err, left)
			}
		}
	}

	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(empty, old, old)
	Import(ctx, ImportConfig{Archive: empty, Files: []string{bad}, KeepGoing: true})
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 || !fi.ModTime().Equal(old) {
		t.Fatalf("the empty file after an import that stored nothing: %v, %v", fi, err)
	}
	if left, _ := filepath.Glob(empty + "-*"); len(left) > 0 {
		t.Fatalf("left %v", left)
	}
	st, err := Import(ctx, ImportConfig{Archive: empty, Files: []string{good}})
	if err != nil || st.Added != len(goodPuzzles) {
		t.Fatalf("into an empty file: %+v, %v", st, err)
	}
	db, err := store.Open(empty, store.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, err := db.Count(ctx, store.Filter{}); n != len(goodPuzzles) || err != nil {
		t.Fatalf("the archive made of an empty file holds %d, %v", n, err)
	}
}

func mustCanonical(s string) engine.Grid {
	c, _ := engine.Canonical(engine.MustParse(s))
	return c
}

// TestImportBound: a puzzle whose solve spends the chain budget is
// archived with its er a lower bound (its techniques count the guesses
// that followed), and the import counts it: one of
// the forum's hardest (forum-hardest-1106.txt line 14, Sudoku Explainer
// 1.2.1.3's 10.2) under a budget of a million implications, beside an
// easy one that needs no chains.
func TestImportBound(t *testing.T) {
	const hard = "........2..8..91..5......4....9.7.....7.3.8.....8.1.3..4..6...5..97..3..2........"
	ctx := context.Background()
	db := openArchive(t)
	in := writeInput(t, "in.txt", goodPuzzles[0], hard)
	st, err := Import(ctx, ImportConfig{Archive: db.Path(), Files: []string{in}, Workers: 2, Budget: 1_000_000})
	if err != nil || st.Added != 2 || st.Bound != 1 {
		t.Fatalf("Import: %+v, %v; want 2 added, 1 bound", st, err)
	}
	p, err := db.Get(ctx, store.PuzzleID(mustCanonical(hard).String()))
	// The archive keeps no flag, but its techniques show the guesses.
	if err != nil || p.Ratings == nil || p.Ratings.ER > 10.2 || p.Ratings.Techniques["guess"] == 0 {
		t.Fatalf("archived %+v, %v; want a bound of at most 10.2, with guesses", p.Ratings, err)
	}
}
