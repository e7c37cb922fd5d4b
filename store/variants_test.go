package store

import (
	"database/sql"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// An archive of schema 3, made before variants, keeps every row through
// the migration: its puzzles read back as classic with the same ids, and
// the rows that refer to them (ratings history, placements) are all still
// there, none cascaded away by the change of the puzzles table.
func TestMigrationKeepsClassic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := migrations("")
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	exec("PRAGMA journal_mode = WAL")
	exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)")
	for _, m := range ms[:3] {
		exec(m.sql)
		exec("INSERT INTO schema_migrations VALUES (?, ?, 'then')", m.version, m.name)
	}
	exec("PRAGMA user_version = 3")
	ps := testPuzzles(t)[:20]
	for i, p := range ps {
		k, _ := key(PuzzleID(p.Canonical))
		exec(`INSERT INTO puzzles (id, givens, solution, canonical, clues, source, version, created, rater, level, er, techniques, rated)
			VALUES (?, ?, ?, ?, ?, 'import', 'old', 'then', 'r0', 'hard', ?, '{}', 'then')`,
			k, p.Line(p.Givens), p.Line(p.Solution), p.Canonical, p.Givens.Clues(), 3+float64(i)/10)
		exec(`INSERT INTO rating_history (puzzle_id, rater, level, er, ep, ed, score, wnef, callcount, gc, rreduction, inferences, guesses, backtracks, techniques, rated, replaced)
			VALUES (?, 'r-1', 'easy', 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, '{}', 'then', 'then')`, k)
	}
	exec("INSERT INTO books (id, title, spec_checksum, seed, output_checksum, created) VALUES (1, 'Old', 'x', 1, 'y', 'then')")
	for i, p := range ps[:5] {
		k, _ := key(PuzzleID(p.Canonical))
		exec("INSERT INTO placements (puzzle_id, book_id, ordinal, created) VALUES (?, 1, ?, 'then')", k, i+1)
	}
	raw.Close()

	db, err := Open(path, ReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.Query(ctx, Filter{})
	if err != nil || len(got) != len(ps) {
		t.Fatalf("%d puzzles after the migration, want %d: %v", len(got), len(ps), err)
	}
	for _, p := range got {
		if p.Variant != nil || p.Kind() != "classic" || len(p.Givens) != 81 {
			t.Fatalf("puzzle %s reads back as %s with %d cells", p.ID, p.Kind(), len(p.Givens))
		}
	}
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = PuzzleID(p.Canonical)
	}
	for _, p := range got {
		if !slices.Contains(ids, p.ID) {
			t.Fatalf("id %s after the migration is none of the old ones", p.ID)
		}
	}
	for _, c := range []struct {
		q    string
		want int
	}{
		{"SELECT count(*) FROM rating_history", len(ps)},
		{"SELECT count(*) FROM placements", 5},
		{"SELECT count(*) FROM puzzles WHERE variant = 'classic' AND layout = ''", len(ps)},
	} {
		var n int
		if err := db.db.QueryRow(c.q).Scan(&n); err != nil || n != c.want {
			t.Errorf("%s: %d (%v), want %d", c.q, n, err, c.want)
		}
	}
	var check string
	if err := db.db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %s %v", check, err)
	}
	if rows, err := db.db.Query("PRAGMA foreign_key_check"); err != nil || rows.Next() {
		t.Fatalf("foreign_key_check finds broken references (%v)", err)
	}
	// The classic puzzles are found again as duplicates, and a puzzle of
	// another size now goes in.
	if _, st, err := db.Insert(ctx, ps); err != nil || st.Exact != len(ps) {
		t.Fatalf("the old puzzles again: %+v %v", st, err)
	}
	six := variantPuzzles(t, must(variant.Sized(6)), 1)
	if _, st, err := db.Insert(ctx, six); err != nil || st.Added != 1 {
		t.Fatalf("a 6x6 puzzle in a migrated archive: %+v %v", st, err)
	}
}

func must(v *variant.Variant, err error) *variant.Variant {
	if err != nil {
		panic(err)
	}
	return v
}

// variantPuzzles are n generated puzzles of v, each of its own geometry
// (a jigsaw's layout), rated hard at er 3. Their canonical form is their
// own givens' line: these tests are about what the archive keeps, and
// leave isomorphs to the canonical form's own tests.
func variantPuzzles(t testing.TB, v *variant.Variant, n int) []Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(v.Size), 7))
	out := make([]Puzzle, n)
	for i := range out {
		g, sol, err := variant.Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = rated(Puzzle{Variant: v, Givens: g, Solution: sol, Canonical: CanonicalForm(v, g), Source: "generate", Version: "test"}, "hard", 3)
	}
	return out
}

// Puzzles of every variant go in and come back as they went, each with
// its geometry; the variant filter, the reservations and the stats keep
// the kinds apart, and a puzzle of one kind is never the duplicate of
// another's.
func TestVariantPuzzles(t *testing.T) { eachBackend(t, testVariantPuzzles) }

func testVariantPuzzles(t *testing.T, db *DB) {
	// A 6x6 jigsaw layout with solutions (engine/variant's test layout).
	jig := must(variant.ParseLayout(6, "111124112224333224353664553664555664"))
	kinds := []*variant.Variant{must(variant.Sized(4)), must(variant.Sized(6)), variant.X(), variant.Windoku(), jig}
	var all []Puzzle
	for _, v := range kinds {
		all = append(all, variantPuzzles(t, v, 3)...)
	}
	all = append(all, testPuzzles(t)[:3]...)
	for i := range all[len(all)-3:] {
		all[len(all)-3+i] = rated(all[len(all)-3+i], "hard", 3)
	}
	if _, st, err := db.Insert(ctx, all); err != nil || st.Added != len(all) {
		t.Fatalf("insert: %+v %v", st, err)
	}
	for _, v := range kinds {
		got, err := db.Query(ctx, Filter{Variant: v.Name})
		if err != nil || len(got) != 3 {
			t.Fatalf("%s: %d puzzles, %v", v.Name, len(got), err)
		}
		for _, p := range got {
			if p.Geometry().Key() != v.Key() || len(p.Givens) != v.Cells() || len(v.Conflicts(p.Solution)) > 0 || p.Solution.Clues() != v.Cells() {
				t.Fatalf("%s: read back %s with %d cells", v.Name, p.Kind(), len(p.Givens))
			}
			if !slices.ContainsFunc(all, func(q Puzzle) bool { return slices.Equal(q.Givens, p.Givens) && q.Kind() == p.Kind() }) {
				t.Fatalf("%s: %s is none of the puzzles archived", v.Name, p.Line(p.Givens))
			}
		}
		res, err := db.Reserve(ctx, Reservation{Holder: "t", Count: 10, Variant: v.Name, Level: "hard"})
		if err != nil || len(res) != 3 {
			t.Fatalf("%s: reserved %d, %v", v.Name, len(res), err)
		}
	}
	if res, err := db.Reserve(ctx, Reservation{Holder: "t", Count: 10, Level: "hard"}); err != nil || len(res) != 3 || res[0].Kind() != "classic" {
		t.Fatalf("a classic reservation took %d (%v)", len(res), err)
	}
	st, err := db.Stats(ctx, "")
	if err != nil || len(st.Levels) != len(kinds)+1 || st.Levels[0].Variant != "classic" {
		t.Fatalf("stats: %+v %v", st.Levels, err)
	}
	if st, err := db.Stats(ctx, "6x6"); err != nil || len(st.Levels) != 1 || st.Levels[0].Unpublished != 3 {
		t.Fatalf("6x6 stats: %+v %v", st.Levels, err)
	}
	// The puzzles were archived together: one month holds them all.
	one, err := db.Query(ctx, Filter{Limit: 1})
	if err != nil || len(one) != 1 {
		t.Fatalf("a puzzle: %v", err)
	}
	if month := one[0].Created.UTC().Format("2006-01"); len(st.Months) != 1 || st.Months[0].Label != month || st.Months[0].Count != len(all) {
		t.Fatalf("months: %+v, want %d in %s", st.Months, len(all), month)
	}
	// Each kind has its rater: rerate's filter takes the classic puzzles
	// another than RaterNot rated, and the variants' another than
	// VariantRaterNot (all rated "r1" here).
	if n, err := db.Count(ctx, Filter{RaterNot: "r1", VariantRaterNot: "v1"}); err != nil || n != len(all)-3 {
		t.Fatalf("stale by kind: %d, want the %d variant puzzles (%v)", n, len(all)-3, err)
	}
	if n, err := db.Count(ctx, Filter{RaterNot: "r0", VariantRaterNot: "r1"}); err != nil || n != 3 {
		t.Fatalf("stale by kind: %d, want the 3 classic puzzles (%v)", n, err)
	}
	// The same givens as another kind's puzzle are another puzzle: a 9x9
	// X puzzle's grid as a classic one has another id.
	x := all[6]
	if x.Kind() != "x" {
		t.Fatalf("puzzle 6 is %s", x.Kind())
	}
	as := x
	as.Variant, as.Canonical, as.ID = nil, CanonicalForm(nil, x.Givens), ""
	if _, st, err := db.Insert(ctx, []Puzzle{x, as}); err != nil || st.Exact != 1 || st.Added != 1 {
		t.Fatalf("an X puzzle again and as classic: %+v %v", st, err)
	}
}
