package pgtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestMain(m *testing.M) { Main(m) }

// psql runs a statement with the server's psql on the URL's database.
func psql(c *Cluster, password, db, q string) (string, error) {
	cmd := exec.Command(filepath.Join(c.BinDir, "psql"), "-h", c.Host, "-p", strconv.Itoa(c.Port), "-U", c.User, "-d", db, "-XAtc", q)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+password)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// A database of its own for each caller, that a client can write and
// read; the server refuses a wrong password, and comes back after a stop.
func TestCluster(t *testing.T) {
	c := Get(t)
	a, b := c.CreateDB(t), c.CreateDB(t)
	if a == b {
		t.Fatal("two calls gave one database")
	}
	if out, err := psql(c, c.Password, a, "CREATE TABLE x (n int); INSERT INTO x VALUES (42); SELECT n FROM x"); err != nil || out != "CREATE TABLE\nINSERT 0 1\n42" && out != "42" {
		t.Fatalf("write and read: %q %v", out, err)
	}
	if out, err := psql(c, c.Password, b, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"); err != nil || out != "0" {
		t.Fatalf("the second database is not empty: %q %v", out, err)
	}
	if out, err := psql(c, "wrong", a, "SELECT 1"); err == nil || !strings.Contains(out, "password authentication failed") {
		t.Fatalf("a wrong password: %q %v", out, err)
	}
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := psql(c, c.Password, a, "SELECT 1"); err == nil {
		t.Fatal("the server answers after Stop")
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if out, err := psql(c, c.Password, a, "SELECT n FROM x"); err != nil || out != "42" {
		t.Fatalf("after a restart: %q %v", out, err)
	}
	if u := URL(t); !strings.HasPrefix(u, "postgres://pressrun:"+c.Password+"@127.0.0.1:") {
		t.Fatalf("URL %s", u)
	}
}
