package store

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/store/pgtest"
)

// What one archive shared by many processes and machines relies on: leases
// that end, and a ledger whose promises the database keeps.

// A holder that stops renewing (its machine died) loses its reservations
// when the lease ends, and another takes them; until then nobody can.
func TestLeaseExpires(t *testing.T) { eachBackend(t, testLeaseExpires) }

func testLeaseExpires(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:12]
	for i := range ps {
		ps[i] = rated(ps[i], "easy", 1.2)
	}
	if _, _, err := db.Insert(ctx, ps); err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return clock }
	db.Lease = 30 * time.Second
	dead, err := db.Reserve(ctx, Reservation{Holder: "dead", Count: 8})
	if err != nil || len(dead) != 8 {
		t.Fatalf("dead reserved %d: %v", len(dead), err)
	}
	clock = clock.Add(20 * time.Second)
	if got, _ := db.Reserve(ctx, Reservation{Holder: "live", Count: 12}); len(got) != 4 {
		t.Fatalf("within the lease another took %d, want the 4 nobody holds", len(got))
	}
	if mine, _ := db.ReserveIDs(ctx, "other", []string{dead[0].ID}, false); mine[dead[0].ID] {
		t.Fatal("ReserveIDs took a puzzle within its holder's lease")
	}
	// "live" renews; "dead" does not.
	if n, err := db.Renew(ctx, "live"); err != nil || n != 4 {
		t.Fatalf("renewed %d: %v", n, err)
	}
	clock = clock.Add(15 * time.Second) // dead's lease ended 5 s ago; live's runs
	got, err := db.Reserve(ctx, Reservation{Holder: "next", Count: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 8 {
		t.Fatalf("after the lease another took %d, want dead's 8", len(got))
	}
	for i := range got {
		if got[i].ID != dead[i].ID {
			t.Fatalf("took %s, want %s", got[i].ID, dead[i].ID)
		}
	}
	hs, _ := db.Holders(ctx)
	host, _ := os.Hostname()
	for _, h := range hs {
		if h.Name == "dead" {
			t.Fatal("dead still holds reservations")
		}
		if h.Host != host || h.PID != os.Getpid() || h.Expires == "" {
			t.Fatalf("holder %+v: want this host, process and an expiry", h)
		}
	}
	// The dead holder, back, places nothing it lost: the ledger takes
	// what it is given, but "next" holds them, and Release frees none.
	if n, _ := db.Release(ctx, "dead"); n != 0 {
		t.Fatalf("dead released %d", n)
	}
}

// The database itself refuses a second placement of a puzzle without
// reprints, and a reprint of an exclusive outlet's puzzle, whatever the
// Go code above it checked: a statement of its own is refused too.
func TestLedgerConstraints(t *testing.T) { eachBackend(t, testLedgerConstraints) }

func testLedgerConstraints(t *testing.T, db *DB) {
	ps := testPuzzles(t)[:6]
	for i := range ps {
		ps[i] = rated(ps[i], "easy", 1.2)
		ps[i].ID = PuzzleID(ps[i].Canonical)
	}
	if _, _, err := db.Insert(ctx, ps); err != nil {
		t.Fatal(err)
	}
	place := func(ids ...int) []Placement {
		var out []Placement
		for i, j := range ids {
			out = append(out, Placement{PuzzleID: ps[j].ID, Ordinal: i + 1})
		}
		return out
	}
	if _, err := db.AddBook(ctx, Book{Title: "One"}, place(0, 1)); err != nil {
		t.Fatal(err)
	}
	if err := db.AddIssues(ctx, []Issue{issue("Star", "2026-12-01", true, ps[2])}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddBook(ctx, Book{Title: "Two"}, place(3, 1)); !errors.Is(err, ErrPlaced) {
		t.Fatalf("a second placement without reprints: %v, want ErrPlaced", err)
	}
	if _, err := db.AddBook(ctx, Book{Title: "Three", Reprints: true}, place(3, 2)); !errors.Is(err, ErrPlaced) {
		t.Fatalf("a reprint of an exclusive outlet's puzzle: %v, want ErrPlaced", err)
	}
	if err := db.AddIssues(ctx, []Issue{issue("Star", "2026-12-02", true, ps[0])}); !errors.Is(err, ErrPlaced) {
		t.Fatalf("an exclusive outlet taking a printed puzzle: %v, want ErrPlaced", err)
	}
	if _, err := db.AddBook(ctx, Book{Title: "Four", Reprints: true}, place(3, 1)); err != nil {
		t.Fatalf("a reprint allowed: %v", err)
	}
	// Past the Go code: the statements a careless tool might run.
	var book int64
	db.db.QueryRow("SELECT id FROM books WHERE title = 'One'").Scan(&book)
	k1, _ := key(ps[1].ID)
	k2, _ := key(ps[2].ID)
	for _, q := range []struct {
		what string
		sql  string
		args []any
	}{
		{"a second first placement", "INSERT INTO placements (puzzle_id, book_id, ordinal, created) VALUES (?, ?, 9, 'x')", []any{k1, book}},
		{"a reprint of the exclusive outlet's puzzle", "INSERT INTO placements (puzzle_id, book_id, ordinal, created, reprint) VALUES (?, ?, 9, 'x', TRUE)", []any{k2, book}},
	} {
		_, err := db.db.ExecContext(ctx, q.sql, q.args...)
		if err == nil || !db.d.placedTwice(err) {
			t.Errorf("%s: %v, want the database to refuse it", q.what, err)
		}
	}
	// What was refused left nothing behind.
	var n int
	db.db.QueryRow("SELECT count(*) FROM placements").Scan(&n)
	if n != 5 {
		t.Fatalf("the ledger holds %d placements, want 5", n)
	}
	var books int
	db.db.QueryRow("SELECT count(*) FROM books").Scan(&books)
	if books != 2 {
		t.Fatalf("%d books recorded, want 2 (the refused ones roll back)", books)
	}
}

// A PostgreSQL location that cannot be an archive is refused with a
// FileError that says why, and nothing is changed.
func TestOpenPostgresRefuses(t *testing.T) {
	good := pgtest.URL(t)
	db, err := Open(good, Create)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	bad := func(u string) string {
		return strings.Replace(u, ":"+pgPassword(u)+"@", ":wrong@", 1)
	}
	other := pgtest.URL(t)
	psql(t, other, "CREATE TABLE invoices (n int)")
	newer := pgtest.URL(t)
	if db, err := Open(newer, Create); err == nil {
		db.db.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied) VALUES (99, '0099_future.sql', 'then')")
		db.Close()
	}
	for _, c := range []struct {
		what, location string
		mode           Mode
		want           error
		detail         string
	}{
		{"a URL that does not parse", "postgres://pressrun:pw@127.0.0.1:notaport/x", ReadWrite, ErrLocation, "postgres://USER:PASSWORD@HOST:PORT/DATABASE"},
		{"a server that is down", "postgres://pressrun:pw@127.0.0.1:1/x?sslmode=disable&connect_timeout=5", ReadWrite, ErrUnreachable, "is the PostgreSQL server running"},
		{"a wrong password", bad(good), ReadWrite, ErrDenied, "password authentication failed"},
		{"no such database", strings.Replace(good, pgDatabase(good), "nosuchdb", 1), Create, ErrNoArchive, "createdb"},
		{"another program's database", other, Create, ErrNotArchive, "another program"},
		{"an empty database, not to be made", pgtest.URL(t), ReadOnly, ErrNoArchive, "empty database"},
		{"a newer schema", newer, ReadWrite, ErrNewer, "schema 99"},
		{"a newer schema, to read", newer, ReadOnly, ErrNewer, "schema 99"},
	} {
		db, err := Open(c.location, c.mode)
		if err == nil {
			db.Close()
		}
		var fe *FileError
		if !errors.As(err, &fe) || !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.detail) {
			t.Errorf("%s: %v, want %v saying %q", c.what, err, c.want, c.detail)
			continue
		}
		if strings.Contains(err.Error(), "wrong") || strings.Contains(err.Error(), ":pw@") || strings.Contains(err.Error(), pgPassword(good)) {
			t.Errorf("%s: the message shows the password: %v", c.what, err)
		}
	}
	// Nothing changed: the other program's database has its one table.
	if out := psql(t, other, "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'"); out != "invoices" {
		t.Fatalf("another program's database now holds %q", out)
	}
}

// The archive's location comes from libpq's variables where the URL
// leaves it out.
func TestOpenPostgresEnvironment(t *testing.T) {
	u := pgtest.URL(t)
	t.Setenv("PGPASSWORD", pgPassword(u))
	db, err := Open(strings.Replace(u, ":"+pgPassword(u)+"@", "@", 1), Create)
	if err != nil {
		t.Fatalf("password from PGPASSWORD: %v", err)
	}
	defer db.Close()
	if db.Backend() != "PostgreSQL" || strings.Contains(db.Path(), pgPassword(u)) {
		t.Fatalf("%s at %s", db.Backend(), db.Path())
	}
}

// pgPassword and pgDatabase are parts of a test URL.
func pgPassword(u string) string {
	p, _ := url.Parse(u)
	pw, _ := p.User.Password()
	return pw
}

func pgDatabase(u string) string {
	p, _ := url.Parse(u)
	return strings.TrimPrefix(p.Path, "/")
}

// psql runs one statement on the database at u, past the store, and
// returns the first column of its first row ("" for none).
func psql(t *testing.T, u, q string) string {
	t.Helper()
	db, err := sql.Open("pgx", u) // the driver pgx's stdlib registers
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out sql.NullString
	if err := db.QueryRowContext(context.Background(), q).Scan(&out); err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("%s: %v", q, err)
	}
	return out.String
}
