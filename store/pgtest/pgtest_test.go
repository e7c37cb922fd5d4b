package pgtest_test

import (
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pressrun/pressrun/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// psql runs the server's own psql on database (a URL), with password in
// PGPASSWORD when not "", one -c per statement, and returns its output:
// unaligned rows, no headers.
func psql(t *testing.T, database, password string, statements ...string) (string, error) {
	t.Helper()
	c := pgtest.Get(t)
	args := []string{"-X", "-q", "-A", "-t", "-w", "-v", "ON_ERROR_STOP=1", "-d", database}
	for _, s := range statements {
		args = append(args, "-c", s)
	}
	cmd := exec.Command(filepath.Join(c.BinDir, "psql"), args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PG") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	if password != "" {
		cmd.Env = append(cmd.Env, "PGPASSWORD="+password)
	}
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// mustPsql is psql that fails t on an error.
func mustPsql(t *testing.T, database string, statements ...string) string {
	t.Helper()
	out, err := psql(t, database, "", statements...)
	if err != nil {
		t.Fatalf("psql %v: %v\n%s", statements, err, out)
	}
	return out
}

func TestURLGivesAnEmptyDatabase(t *testing.T) {
	u := pgtest.URL(t)
	if got := mustPsql(t, u, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"); got != "0" {
		t.Fatalf("public tables of a new database: %s, want 0", got)
	}
	if got := mustPsql(t, u, "SHOW server_encoding", "SHOW lc_collate"); got != "UTF8\nC" {
		t.Errorf("encoding and collation: %q, want UTF8 and C", got)
	}
	got := mustPsql(t, u,
		"CREATE TABLE puzzle (id integer PRIMARY KEY, grid text NOT NULL)",
		"INSERT INTO puzzle VALUES (2, 'killer ✓'), (1, '4.....8.5')",
		"SELECT id || ' ' || grid FROM puzzle ORDER BY id")
	if want := "1 4.....8.5\n2 killer ✓"; got != want {
		t.Errorf("rows read back:\n%s\nwant\n%s", got, want)
	}
}

func TestTwoURLsAreTwoDatabases(t *testing.T) {
	u1, u2 := pgtest.URL(t), pgtest.URL(t)
	if u1 == u2 {
		t.Fatalf("two calls gave the same URL %s", u1)
	}
	mustPsql(t, u1, "CREATE TABLE only_here (x integer)")
	if got := mustPsql(t, u2, "SELECT to_regclass('only_here') IS NULL"); got != "t" {
		t.Errorf("a table made in %s is seen in %s", u1, u2)
	}
	d1, d2 := mustPsql(t, u1, "SELECT current_database()"), mustPsql(t, u2, "SELECT current_database()")
	if d1 == d2 {
		t.Errorf("both URLs reach database %s", d1)
	}
}

func TestDatabaseDroppedAtCleanup(t *testing.T) {
	c := pgtest.Get(t)
	var name string
	t.Run("user", func(t *testing.T) {
		name = c.CreateDB(t)
		mustPsql(t, c.URL(name), "CREATE TABLE x (y integer)")
	})
	count := fmt.Sprintf("SELECT count(*) FROM pg_database WHERE datname = '%s'", name)
	if got := mustPsql(t, c.URL("postgres"), count); got != "0" {
		t.Errorf("database %s still there after its test ended (count %s)", name, got)
	}
}

// TestParallelURLs has many tests ask for databases at once, as a
// package's parallel tests do: each gets its own.
func TestParallelURLs(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	for i := range 8 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			u := pgtest.URL(t)
			mu.Lock()
			dup := seen[u]
			seen[u] = true
			mu.Unlock()
			if dup {
				t.Errorf("URL %s given twice", u)
			}
			got := mustPsql(t, u, "CREATE TABLE n (i integer)", fmt.Sprintf("INSERT INTO n VALUES (%d)", i), "SELECT i FROM n")
			if got != fmt.Sprint(i) {
				t.Errorf("read back %q, want %d", got, i)
			}
		})
	}
}

func TestStopStart(t *testing.T) {
	c := pgtest.Get(t)
	u := c.URL(c.CreateDB(t))
	mustPsql(t, u, "CREATE TABLE kept (x integer)", "INSERT INTO kept VALUES (42)")
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if out, err := psql(t, u, "", "SELECT 1"); err == nil {
		t.Fatalf("psql reached a stopped server: %s", out)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if got := mustPsql(t, u, "SELECT x FROM kept"); got != "42" {
		t.Errorf("after a restart the table holds %q, want 42", got)
	}
	if err := c.Start(); err == nil {
		t.Error("Start of a running server: no error")
	}
}

func TestWrongPasswordRefused(t *testing.T) {
	c := pgtest.Get(t)
	good, err := url.Parse(c.URL(c.CreateDB(t)))
	if err != nil {
		t.Fatal(err)
	}
	noPassword, wrong := *good, *good
	noPassword.User = url.User(c.User)
	wrong.User = url.UserPassword(c.User, c.Password+"0")
	for _, try := range []struct{ url, password string }{
		{wrong.String(), ""},
		{noPassword.String(), c.Password + "0"},
		{noPassword.String(), ""},
	} {
		out, err := psql(t, try.url, try.password, "SELECT 1")
		if err == nil {
			t.Errorf("psql -d %s with PGPASSWORD=%q: let in (%s)", try.url, try.password, out)
		} else if !strings.Contains(out, "password") {
			t.Errorf("psql -d %s with PGPASSWORD=%q: %s; want a password error", try.url, try.password, out)
		}
	}
	if out, err := psql(t, noPassword.String(), c.Password, "SELECT 1"); err != nil || out != "1" {
		t.Errorf("right password in PGPASSWORD: %v %s", err, out)
	}
}
