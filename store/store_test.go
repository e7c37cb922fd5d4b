package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store/pgtest"
)

var ctx = context.Background()

// testPuzzles reads the 17-clue sample the engine tests use and completes
// each puzzle with its solution and canonical form.
func testPuzzles(t testing.TB) []Puzzle {
	t.Helper()
	f, err := os.Open("../engine/testdata/royle17-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := engine.NewReader(f)
	var s engine.Solver
	var out []Puzzle
	for {
		g, _, err := r.Next()
		if err != nil {
			break
		}
		sol, _ := s.Solve(g)
		canon, _ := engine.Canonical(g)
		out = append(out, Puzzle{Givens: Cells(g), Solution: Cells(sol), Canonical: canon.String(), Source: "import", Label: "royle17", Version: "test"})
	}
	if len(out) < 100 {
		t.Fatalf("read %d puzzles", len(out))
	}
	return out
}

func rated(p Puzzle, level string, er float64) Puzzle {
	p.Ratings = &Ratings{Rater: "r1", Ratings: rate.Ratings{Level: level, ER: er, EP: er, ED: 1.2, Score: int(er * 100), Techniques: map[string]int{"hidden-single-box": 3}}}
	return p
}

// openTest opens a new SQLite archive for tb.
func openTest(tb testing.TB) *DB {
	tb.Helper()
	return openAt(tb, filepath.Join(tb.TempDir(), "a.db"))
}

// openAt makes the archive at location for tb, its clock stopped.
func openAt(tb testing.TB, location string) *DB {
	tb.Helper()
	db, err := Open(location, Create)
	if err != nil {
		tb.Fatal(err)
	}
	db.Now = func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) }
	tb.Cleanup(func() { db.Close() })
	return db
}

// backends are where the store's tests make archives: a SQLite file, and
// a database on the tests' own PostgreSQL server.
var backends = []struct {
	name     string
	location func(testing.TB) string
}{
	{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "a.db") }},
	{"postgres", pgtest.URL},
}

// eachLocation runs test with the location of a new archive of each
// backend, not yet made.
func eachLocation(t *testing.T, test func(t *testing.T, location string)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b.location(t)) })
	}
}

// eachBackend runs test on a new archive of each backend.
func eachBackend(t *testing.T, test func(t *testing.T, db *DB)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, openAt(t, b.location(t))) })
	}
}

func TestOpenMigratesAndReopens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	var v int
	db.db.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion() || v < 1 {
		t.Fatalf("user_version %d, want %d", v, SchemaVersion())
	}
	var fk int
	db.db.QueryRow("PRAGMA foreign_keys").Scan(&fk)
	if fk != 1 {
		t.Fatal("foreign keys off")
	}
	if _, _, err := db.Insert(ctx, testPuzzles(t)[:5]); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, _ := db.Count(ctx, Filter{}); n != 5 {
		t.Fatalf("reopened archive holds %d puzzles, want 5", n)
	}
}

// Flush leaves the archive open and whole, and a SQLite archive's log
// empty: closing then has nothing to copy.
func TestFlush(t *testing.T) { eachBackend(t, testFlush) }

func testFlush(t *testing.T, db *DB) {
	if _, _, err := db.Insert(ctx, testPuzzles(t)[:5]); err != nil {
		t.Fatal(err)
	}
	if err := db.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if db.Backend() == "SQLite" {
		if st, err := os.Stat(db.Path() + "-wal"); err != nil || st.Size() != 0 {
			t.Errorf("the log after Flush: %v, %v; want an empty file", st, err)
		}
	}
	if _, _, err := db.Insert(ctx, testPuzzles(t)[5:8]); err != nil {
		t.Fatal(err)
	}
	if n, err := db.Count(ctx, Filter{}); err != nil || n != 8 {
		t.Errorf("after Flush and more: %d puzzles, %v; want 8", n, err)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	db.db.Exec("PRAGMA user_version = 99")
	db.Close()
	if _, err := Open(path, Create); !errors.Is(err, ErrNewer) {
		t.Fatalf("want ErrNewer, got %v", err)
	}
}

// A file that is not an archive is refused and left byte for byte as it was.
func TestOpenRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.db")
	content := []byte("these are my notes, not a database\n")
	os.WriteFile(text, content, 0o644)
	if _, err := Open(text, Create); !errors.Is(err, ErrNotArchive) {
		t.Fatalf("text file: want ErrNotArchive, got %v", err)
	}
	if got, _ := os.ReadFile(text); string(got) != string(content) {
		t.Fatal("the text file was changed")
	}
	if _, err := os.Stat(text + "-wal"); err == nil {
		t.Fatal("a -wal file was created beside the text file")
	}

	other := filepath.Join(dir, "other.db")
	raw, err := sql.Open("sqlite3", other)
	if err != nil {
		t.Fatal(err)
	}
	raw.Exec("CREATE TABLE mine (x)")
	raw.Close()
	before, _ := os.ReadFile(other)
	if _, err := Open(other, Create); !errors.Is(err, ErrNotArchive) {
		t.Fatalf("other program's database: want ErrNotArchive, got %v", err)
	}
	if after, _ := os.ReadFile(other); string(after) != string(before) {
		t.Fatal("the other database was changed")
	}
}

// A damaged archive gives a clear error, not a panic or a silent success.
func TestOpenDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	db.Insert(ctx, testPuzzles(t))
	db.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	db.Close()
	data, _ := os.ReadFile(path)
	for i := 100; i < len(data); i++ {
		data[i] = 0xff // keep the header, wreck the rest
	}
	os.WriteFile(path, data, 0o644)
	for _, mode := range []Mode{ReadOnly, Create} {
		db, err = Open(path, mode)
		if err == nil {
			_, err = db.Count(ctx, Filter{})
			db.Close()
		}
		var fe *FileError
		if !errors.As(err, &fe) || fe.Path != path || !errors.Is(err, ErrDamaged) {
			t.Fatalf("mode %d: a wrecked archive: %v, want a FileError with ErrDamaged", mode, err)
		}
	}
}

// Where there is no archive (no file, or an empty one), ReadOnly and
// ReadWrite say so and leave the path as it was; Create makes it. Create
// in a folder that does not exist names the folder, not SQLite's guess.
func TestOpenModes(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(empty, old, old)
	for _, mode := range []Mode{ReadOnly, ReadWrite} {
		for _, path := range []string{missing, empty} {
			if _, err := Open(path, mode); !errors.Is(err, ErrNoArchive) {
				t.Fatalf("mode %d, %s: %v, want ErrNoArchive", mode, path, err)
			}
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 1 {
		t.Fatalf("left %v", left)
	}
	if fi, _ := os.Stat(empty); fi.Size() != 0 || !fi.ModTime().Equal(old) {
		t.Fatal("the empty file was touched")
	}
	for _, path := range []string{missing, empty} {
		db, err := Open(path, Create)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		db, err = Open(path, ReadOnly)
		if err != nil {
			t.Fatalf("ReadOnly on what Create made: %v", err)
		}
		db.Close()
	}

	nowhere := filepath.Join(dir, "no-folder", "a.db")
	_, err := Open(nowhere, Create)
	if !errors.Is(err, fs.ErrNotExist) || err.Error() != "cannot create the archive "+nowhere+": no folder "+filepath.Dir(nowhere) {
		t.Fatalf("Create in a missing folder: %v", err)
	}
}

// A ReadOnly archive answers, refuses writes (ErrReadOnly), and leaves no
// -wal or -shm file behind; a writer's work in progress is seen.
func TestOpenReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	w, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	ps := testPuzzles(t)
	if _, _, err := w.Insert(ctx, ps[:10]); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := r.Count(ctx, Filter{}); n != 10 || err != nil {
		t.Fatalf("ReadOnly beside a writer counts %d, %v", n, err)
	}
	if _, _, err := r.Insert(ctx, ps[10:12]); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("Insert through ReadOnly: %v, want ErrReadOnly", err)
	}
	r.Close()
	w.Close()
	r, err = Open(path, ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := r.Count(ctx, Filter{}); n != 10 || err != nil {
		t.Fatalf("ReadOnly alone counts %d, %v", n, err)
	}
	r.Close()
	if left, _ := filepath.Glob(path + "-*"); len(left) > 0 {
		t.Fatalf("ReadOnly left %v", left)
	}
}

// ReadOnly on an archive of an older schema that can be written upgrades
// it first (a new pressrun reading an old archive); ReadWrite does too.
func TestOpenReadOnlyUpgrades(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := migrations("")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"PRAGMA journal_mode = WAL",
		"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)",
		ms[0].sql, "INSERT INTO schema_migrations VALUES (1, '" + ms[0].name + "', 'then')", "PRAGMA user_version = 1"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	db, err := Open(path, ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	db.db.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion() {
		t.Fatalf("schema %d after a ReadOnly open, want %d", v, SchemaVersion())
	}
}

func TestInsertDeduplicates(t *testing.T) { eachBackend(t, testInsertDeduplicates) }

func testInsertDeduplicates(t *testing.T, db *DB) {
	ps := testPuzzles(t)
	_, st, err := db.Insert(ctx, ps)
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != len(ps) {
		t.Fatalf("added %d of %d", st.Added, len(ps))
	}
	// The same again: all exact duplicates.
	_, st, err = db.Insert(ctx, ps)
	if err != nil || st.Added != 0 || st.Exact != len(ps) {
		t.Fatalf("second insert: %+v %v", st, err)
	}
	// Random transformations: all isomorphic duplicates.
	rng := rand.New(rand.NewPCG(3, 3))
	var moved []Puzzle
	for _, p := range ps {
		tr := engine.RandomTransform(rng)
		q := p
		g := tr.Apply(Classic(p.Givens))
		q.Givens, q.Solution = Cells(g), Cells(tr.Apply(Classic(p.Solution)))
		canon, _ := engine.Canonical(g)
		q.Canonical = canon.String()
		q.ID = ""
		if g == Classic(p.Givens) {
			continue
		}
		moved = append(moved, q)
	}
	// Lookup, which an import asks before rating, agrees with Insert.
	for i, want := range []struct {
		g    engine.Grid
		want Outcome
	}{{Classic(ps[0].Givens), DuplicateExact}, {Classic(moved[0].Givens), DuplicateIsomorphic}} {
		canon, _ := engine.Canonical(want.g)
		if got, err := db.Lookup(ctx, want.g.String(), canon.String()); err != nil || got != want.want {
			t.Errorf("Lookup %d: %v %v, want %v", i, got, err, want.want)
		}
	}
	fresh := engine.MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	canon, _ := engine.Canonical(fresh)
	if got, err := db.Lookup(ctx, fresh.String(), canon.String()); err != nil || got != Added {
		t.Errorf("Lookup of a new puzzle: %v %v", got, err)
	}
	outs, st, err := db.Insert(ctx, moved)
	if err != nil || st.Added != 0 || st.Isomorphic != len(moved) {
		t.Fatalf("transformed insert: %+v %v", st, err)
	}
	if outs[0] != DuplicateIsomorphic {
		t.Fatalf("outcome %v", outs[0])
	}
	if n, _ := db.Count(ctx, Filter{}); n != len(ps) {
		t.Fatalf("archive holds %d, want %d", n, len(ps))
	}
}

func TestQueryFilters(t *testing.T) { eachBackend(t, testQueryFilters) }

func testQueryFilters(t *testing.T, db *DB) {
	ps := testPuzzles(t)
	levels := []string{"easy", "medium", "hard"}
	for i := range ps {
		ps[i] = rated(ps[i], levels[i%3], 1+float64(i%50)/10)
	}
	if _, _, err := db.Insert(ctx, ps); err != nil {
		t.Fatal(err)
	}
	f := func(x float64) *float64 { return &x }
	got, err := db.Query(ctx, Filter{Level: "hard", ERMin: f(2), ERMax: f(3), Order: "er"})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, p := range ps {
		if p.Ratings.Level == "hard" && p.Ratings.ER >= 2 && p.Ratings.ER <= 3 {
			want++
		}
	}
	if len(got) != want || want == 0 {
		t.Fatalf("got %d, want %d", len(got), want)
	}
	for i, p := range got {
		if p.Ratings.Level != "hard" || p.Ratings.ER < 2 || p.Ratings.ER > 3 {
			t.Fatalf("%s: %+v", p.ID, p.Ratings)
		}
		if i > 0 && got[i-1].Ratings.ER > p.Ratings.ER {
			t.Fatal("not ordered by er")
		}
		if p.Ratings.Techniques["hidden-single-box"] != 3 {
			t.Fatalf("techniques lost: %v", p.Ratings.Techniques)
		}
	}
	// A filter value is data, never SQL.
	if n, err := db.Count(ctx, Filter{Level: "hard' OR '1'='1"}); err != nil || n != 0 {
		t.Fatalf("injection attempt: %d %v", n, err)
	}
	one, err := db.Get(ctx, got[0].ID[:8])
	if err != nil || one.ID != got[0].ID || !slices.Equal(one.Givens, got[0].Givens) {
		t.Fatalf("Get by prefix: %+v %v", one.ID, err)
	}
	if _, err := db.Query(ctx, Filter{Order: "er; DROP TABLE puzzles"}); err == nil {
		t.Fatal("accepted an unknown order")
	}
}

func TestReserveAndPlace(t *testing.T) { eachBackend(t, testReserveAndPlace) }

func testReserveAndPlace(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:40]
	for i := range ps {
		ps[i] = rated(ps[i], "easy", 1.2)
	}
	db.Insert(ctx, ps)
	a, err := db.Reserve(ctx, Reservation{Holder: "a", Count: 15, Level: "easy"})
	if err != nil || len(a) != 15 {
		t.Fatalf("a: %d %v", len(a), err)
	}
	b, err := db.Reserve(ctx, Reservation{Holder: "b", Count: 30, Level: "easy"})
	if err != nil || len(b) != 25 {
		t.Fatalf("b got %d, want the 25 left: %v", len(b), err)
	}
	seen := map[string]bool{}
	for _, p := range append(a, b...) {
		if seen[p.ID] {
			t.Fatalf("%s reserved twice", p.ID)
		}
		seen[p.ID] = true
	}
	// Book a places 10 and gives the rest back.
	var places []Placement
	for i, p := range a[:10] {
		places = append(places, Placement{PuzzleID: p.ID, Section: "easy", Ordinal: i + 1, Page: 5 + i/2})
	}
	if _, err := db.AddBook(ctx, Book{Title: "T", SpecChecksum: "x", Seed: 1, OutputChecksum: "y"}, places); err != nil {
		t.Fatal(err)
	}
	if n, _ := db.Release(ctx, "a"); n != 5 {
		t.Fatalf("released %d, want 5", n)
	}
	db.Release(ctx, "b")
	c, _ := db.Reserve(ctx, Reservation{Holder: "c", Count: 100})
	if len(c) != 30 {
		t.Fatalf("after the book, %d unpublished puzzles free, want 30", len(c))
	}
	for _, p := range c {
		for _, q := range a[:10] {
			if p.ID == q.ID {
				t.Fatalf("placed puzzle %s handed out again", p.ID)
			}
		}
	}
	db.Release(ctx, "c")
	if d, _ := db.Reserve(ctx, Reservation{Holder: "d", Count: 100, Reprints: true}); len(d) != 40 {
		t.Fatalf("with reprints %d, want 40", len(d))
	}
	pubs, err := db.Publications(ctx, a[0].ID)
	if err != nil || len(pubs) != 1 || pubs[0].Book.Title != "T" || pubs[0].Page != 5 || pubs[0].Created != "2026-11-22T09:00:00Z" {
		t.Fatalf("publications: %+v %v", pubs, err)
	}
	published := true
	if n, _ := db.Count(ctx, Filter{Published: &published}); n != 10 {
		t.Fatalf("%d published, want 10", n)
	}
}

func TestRerate(t *testing.T) { eachBackend(t, testRerate) }

func testRerate(t *testing.T, db *DB) {
	p := rated(testPuzzles(t)[0], "easy", 1.2)
	db.Insert(ctx, []Puzzle{p})
	id := PuzzleID(p.Canonical)
	if err := db.Rerate(ctx, map[string]Ratings{id: {Rater: "r2", Ratings: rate.Ratings{Level: "medium", ER: 2.0}}}); err != nil {
		t.Fatal(err)
	}
	got, _ := db.Get(ctx, id)
	if got.Ratings.Rater != "r2" || got.Ratings.Level != "medium" {
		t.Fatalf("current rating %+v", got.Ratings)
	}
	var n int
	var old string
	k, _ := key(id)
	db.db.QueryRow("SELECT count(*), min(rater) FROM rating_history WHERE puzzle_id = ?", k).Scan(&n, &old)
	if n != 1 || old != "r1" {
		t.Fatalf("history holds %d rows (%s), want the old rating", n, old)
	}
	past, err := db.RatingHistory(ctx, id)
	if err != nil || len(past) != 1 || past[0].Rater != "r1" || past[0].Level != "easy" || past[0].ER != 1.2 ||
		past[0].Techniques["hidden-single-box"] != 3 || !past[0].Replaced.Equal(db.Now()) {
		t.Fatalf("rating history %+v %v", past, err)
	}
	if past, err := db.RatingHistory(ctx, PuzzleID(testPuzzles(t)[1].Canonical)); err != nil || len(past) != 0 {
		t.Fatalf("history of a puzzle never archived: %+v %v", past, err)
	}
	if err := db.Rerate(ctx, map[string]Ratings{"00000000000000aa": {Rater: "r2"}}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("rerating a missing puzzle: %v", err)
	}
}

// A build reserves by a level's rules and its own test, takes the
// candidates it archived unless someone else holds them, and records what
// its sections weighed with the book.
func TestBuildReservations(t *testing.T) { eachBackend(t, testBuildReservations) }

func testBuildReservations(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:30]
	for i := range ps {
		ps[i] = rated(ps[i], "hard", 2.6+float64(i)/10) // er 2.6 ... 5.5
	}
	if _, _, err := db.Insert(ctx, ps); err != nil {
		t.Fatal(err)
	}
	lo, hi := 3.0, 4.0
	got, err := db.Reserve(ctx, Reservation{Holder: "a", Count: 100,
		Rules:  []level.Rule{{Column: "er", Min: &lo, Max: &hi}},
		Accept: func(p Puzzle) bool { return even(p.ID) }})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, p := range ps {
		if p.Ratings.ER > lo && p.Ratings.ER <= hi && even(PuzzleID(p.Canonical)) {
			want++
		}
	}
	if len(got) != want || want == 0 {
		t.Fatalf("reserved %d by the rules, want %d", len(got), want)
	}
	for _, p := range got {
		if p.Ratings.ER <= lo || p.Ratings.ER > hi || !even(p.ID) {
			t.Fatalf("%s (er %g) does not meet the rules", p.ID, p.Ratings.ER)
		}
	}
	if _, err := db.Reserve(ctx, Reservation{Holder: "a", Count: 1, Rules: []level.Rule{{Column: "er; DROP TABLE puzzles", Max: &hi}}}); err == nil {
		t.Fatal("a rule on no column was accepted")
	}

	// b takes every puzzle it archived; those a holds stay a's.
	var ids []string
	for _, p := range ps {
		ids = append(ids, PuzzleID(p.Canonical))
	}
	mine, err := db.ReserveIDs(ctx, "b", ids, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range got {
		if mine[p.ID] {
			t.Fatalf("b was given %s, which a holds", p.ID)
		}
	}
	if n := countTrue(mine); n != len(ps)-len(got) {
		t.Fatalf("b holds %d, want %d", n, len(ps)-len(got))
	}
	if again, _ := db.ReserveIDs(ctx, "b", ids, false); countTrue(again) != countTrue(mine) {
		t.Fatal("asking again changed what b holds")
	}
	if hs, _ := db.Holders(ctx); len(hs) != 2 || hs[0].Name != "a" || hs[1].Name != "b" {
		t.Fatalf("holders %v", hs)
	}

	// a prints two and records what it weighed.
	low := 3.1
	book := Book{Title: "T", SpecChecksum: "s", Seed: 7, OutputChecksum: "abc", Output: "t.pdf", Manifest: []byte(`{"x":1}`),
		Candidates: []Candidate{
			{Section: 1, PuzzleID: got[0].ID, Metric: "er", Value: 3.2, Low: &low, Outcome: "kept"},
			{Section: 1, PuzzleID: got[1].ID, Metric: "er", Value: 3.0, Low: &low, Outcome: "below fence"},
		}}
	id, err := db.AddBook(ctx, book, []Placement{{PuzzleID: got[0].ID, Section: "1", Ordinal: 1, Page: 3}})
	if err != nil {
		t.Fatal(err)
	}
	back, err := db.BookByChecksum(ctx, "abc")
	if err != nil || back.ID != id || string(back.Manifest) != `{"x":1}` || back.Output != "t.pdf" || len(back.Candidates) != 2 ||
		back.Candidates[1].Outcome != "below fence" || *back.Candidates[0].Low != low || back.Candidates[0].High != nil {
		t.Fatalf("book read back: %+v %v", back, err)
	}
	if _, err := db.BookByChecksum(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown checksum: %v", err)
	}
	if byID, err := db.Book(ctx, id); err != nil || byID.Title != "T" || byID.OutputChecksum != "abc" || len(byID.Candidates) != 2 {
		t.Fatalf("book %d read back: %+v %v", id, byID, err)
	}
	if _, err := db.Book(ctx, id+1); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown book: %v", err)
	}
	// The printed one is nobody's to take again.
	db.Release(ctx, "a")
	if again, _ := db.ReserveIDs(ctx, "c", []string{got[0].ID, got[1].ID}, false); again[got[0].ID] || !again[got[1].ID] {
		t.Fatalf("after the book: %v", again)
	}
}

func countTrue(m map[string]bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

// even reports whether an id's last hex digit is even: a test of a
// puzzle's own that SQL is not asked.
func even(id string) bool { return strings.ContainsRune("02468ace", rune(id[len(id)-1])) }

// Every rating column of rate.Columns goes into the archive and comes back
// as it went, from Insert and from Rerate.
func TestRatingColumnsRoundTrip(t *testing.T) { eachBackend(t, testRatingColumnsRoundTrip) }

func testRatingColumnsRoundTrip(t *testing.T, db *DB) {
	p := testPuzzles(t)[0]
	want := func(rater string, base float64) *Ratings {
		r := &Ratings{Rater: rater}
		r.Level, r.Techniques = "hard", map[string]int{"naked-pair": 2}
		for i, c := range rate.Columns {
			v := base + float64(i) + 0.25 // a count keeps the whole part
			if c == "rreduction" {
				v = 1
			}
			r.SetColumn(c, v)
		}
		return r
	}
	check := func(what string, w *Ratings) {
		t.Helper()
		got, err := db.Get(ctx, PuzzleID(p.Canonical))
		if err != nil {
			t.Fatal(err)
		}
		if got.Ratings == nil || got.Ratings.Rater != w.Rater || got.Ratings.Level != w.Level || got.Ratings.Techniques["naked-pair"] != 2 {
			t.Fatalf("%s: ratings %+v", what, got.Ratings)
		}
		for _, c := range rate.Columns {
			g, _ := got.Ratings.Column(c)
			v, _ := w.Column(c)
			if g != v {
				t.Errorf("%s: %s = %v, want %v", what, c, g, v)
			}
		}
	}
	p.Ratings = want("r1", 3)
	if _, _, err := db.Insert(ctx, []Puzzle{p}); err != nil {
		t.Fatal(err)
	}
	check("insert", p.Ratings)
	r := want("r2", 7)
	if err := db.Rerate(ctx, map[string]Ratings{PuzzleID(p.Canonical): *r}); err != nil {
		t.Fatal(err)
	}
	check("rerate", r)
}

// Several openers creating one new archive at once all get it: the one
// that loses the race to turn on WAL waits instead of failing with
// "database is locked" (two builds started together on a new archive).
func TestOpenCreateRace(t *testing.T) {
	for round := 0; round < 5; round++ {
		path := filepath.Join(t.TempDir(), "new.db")
		errs := make(chan error, 6)
		for i := 0; i < cap(errs); i++ {
			go func() {
				db, err := Open(path, Create)
				if err == nil {
					err = db.Close()
				}
				errs <- err
			}()
		}
		for i := 0; i < cap(errs); i++ {
			if err := <-errs; err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
}

// A write whose context ends while it runs reports the context's error,
// also when database/sql has closed the transaction's statements under
// it ("sql: statement is closed"): callers tell an interruption from a
// failure by it.
func TestWriteInterrupted(t *testing.T) { eachBackend(t, testWriteInterrupted) }

func testWriteInterrupted(t *testing.T, db *DB) {
	ctx, cancel := context.WithCancel(context.Background())
	err := db.write(ctx, func(tx *txn) error {
		stmt, err := tx.PrepareContext(ctx, "SELECT count(*) FROM puzzles WHERE id > ?")
		if err != nil {
			return err
		}
		cancel()
		time.Sleep(50 * time.Millisecond) // database/sql closes the transaction when it sees ctx end
		var n int
		return stmt.QueryRowContext(context.Background(), 0).Scan(&n)
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("write after its context ended: %v; want context.Canceled", err)
	}
}

// A process killed in the middle of a write in rollback-journal mode (as
// when it is killed while SQLite turns a new archive to WAL) leaves a hot
// journal beside the archive. The next pressrun rolls it back and goes on,
// reading or writing: it is not refused as read-only, and the archive
// holds what it held before the killed write.
func TestOpenHotJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.db")
	db, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.Insert(ctx, testPuzzles(t)[:10]); err != nil {
		t.Fatal(err)
	}
	db.Close()
	raw, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=DELETE&_cache_size=1")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	tx.Exec("CREATE TABLE junk(a)")
	for i := 0; i < 500; i++ { // more than the one-page cache holds: pages reach the file
		tx.Exec("INSERT INTO junk VALUES(randomblob(400))")
	}
	crashed := map[string][]byte{}
	for _, f := range []string{"", "-journal"} {
		if crashed[f], err = os.ReadFile(path + f); err != nil {
			t.Fatalf("the write in progress has no %s: %v", path+f, err)
		}
	}
	tx.Rollback()
	for _, mode := range []Mode{ReadOnly, ReadWrite} {
		copyPath := filepath.Join(dir, fmt.Sprintf("crashed%d.db", mode))
		for f, b := range crashed {
			os.WriteFile(copyPath+f, b, 0o644)
		}
		db, err := Open(copyPath, mode)
		if err != nil {
			t.Fatalf("mode %d after a killed write: %v", mode, err)
		}
		n, err := db.Count(ctx, Filter{})
		db.Close()
		if n != 10 || err != nil {
			t.Fatalf("mode %d after a killed write: %d puzzles, %v; want the 10 from before", mode, n, err)
		}
	}
}
