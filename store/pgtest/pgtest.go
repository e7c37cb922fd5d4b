// Package pgtest gives tests a real, throwaway PostgreSQL server: one
// cluster per test binary, made with the installed server's own initdb in a
// fresh temporary folder on first use, and an empty database per call of
// URL. It needs no driver: databases are made and dropped with the server's
// createdb and dropdb.
//
// A package that uses it calls Main from its TestMain, which stops the
// server and removes its folder after the tests. Without PostgreSQL the
// tests skip (skips.NoPostgreSQL), except under CI=true, where they fail:
// in CI nothing skips.
//
// The cluster is made for speed, not safety (fsync, full_page_writes and
// synchronous_commit off): a few seconds to start, about 40 MB of disk.
// As root, which PostgreSQL refuses to run as, the server runs as the
// user postgres, else nobody.
//
// A test binary that dies before Main's cleanup (killed, timed out) does not
// leave its server running on Linux: the server is the binary's own child
// and gets SIGQUIT, PostgreSQL's immediate shutdown, when the binary ends.
// Its folder stays until the next cluster made in the same temporary
// folder removes the folders whose binaries are gone. Elsewhere such a
// server runs until stopped by hand (pg_ctl stop -D DIR/data).
package pgtest

import (
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// Cluster is a running PostgreSQL server: its address, the role that owns
// it (a superuser, with a password: tests may try a wrong one), its data
// directory and the folder of its programs (pg_ctl, psql, ...).
//
// Stop and Start are for the few tests that need the server down; such a
// test must not run in parallel with others of its binary, which share the
// server.
type Cluster struct {
	Host     string
	Port     int
	User     string
	Password string
	DataDir  string
	BinDir   string

	top  string // the temporary folder holding DataDir, the log and the sockets
	log  string // the server's and initdb's output
	run  runAs  // who runs initdb, pg_ctl and postgres
	lock func() // releases the folder's lock (see sweep)

	mu  sync.Mutex
	srv *server // the server, while it runs as this process's child
}

// shared is this test binary's cluster, made on first use.
var shared struct {
	once    sync.Once
	cluster *Cluster
	missing error // PostgreSQL is not installed (skip, or fail in CI)
	err     error // it is, but the cluster did not start
}

// Get returns this test binary's cluster, starting it on first use (a
// few seconds). Without PostgreSQL it skips tb, or fails it when CI=true;
// a cluster that cannot start fails tb with the end of the server's log.
func Get(tb testing.TB) *Cluster {
	tb.Helper()
	shared.once.Do(func() {
		bin, err := findBin()
		if err != nil {
			shared.missing = err
			return
		}
		shared.cluster, shared.err = newCluster(bin)
	})
	switch {
	case shared.missing != nil && os.Getenv("CI") == "true":
		tb.Fatalf("pgtest: %s (%v); in CI nothing skips", skips.NoPostgreSQL, shared.missing)
	case shared.missing != nil:
		skips.Skip(tb, skips.NoPostgreSQL)
	case shared.err != nil:
		tb.Fatalf("pgtest: %v", shared.err)
	}
	return shared.cluster
}

// URL returns the URL of a new, empty database on this test binary's
// cluster ("postgres://pressrun:PASSWORD@127.0.0.1:PORT/p123_t4?sslmode=disable"),
// dropped when tb ends. It skips or fails tb as Get does.
func URL(tb testing.TB) string {
	tb.Helper()
	c := Get(tb)
	return c.URL(c.CreateDB(tb))
}

// Main is for a package's TestMain: it runs the tests as skips.Main does
// (printing the one line that says what skipped), then stops the cluster,
// if one was started, removes its folder and exits.
func Main(m *testing.M) {
	code := skips.Run(m)
	if c := shared.cluster; c != nil {
		if err := c.remove(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	os.Exit(code)
}

// URL is the URL of database db on the cluster, with the user and
// password; "postgres" is the maintenance database.
func (c *Cluster) URL(db string) string {
	u := url.URL{
		Scheme:   "postgres",
		User:     url.UserPassword(c.User, c.Password),
		Host:     c.Host + ":" + strconv.Itoa(c.Port),
		Path:     "/" + db,
		RawQuery: "sslmode=disable",
	}
	return u.String()
}

// databases counts the databases made, for their names.
var databases atomic.Int64

// CreateDB makes a new, empty database and returns its name ("p123_t4":
// this process's id and a count), dropped (with its connections closed)
// when tb ends. A failure fails tb with createdb's message.
func (c *Cluster) CreateDB(tb testing.TB) string {
	tb.Helper()
	name := fmt.Sprintf("p%d_t%d", os.Getpid(), databases.Add(1))
	if out, err := c.client("createdb", name).CombinedOutput(); err != nil {
		tb.Fatalf("pgtest: createdb %s: %v\n%s%s", name, err, out, c.logTail())
	}
	tb.Cleanup(func() {
		// The server may be down (a test stopped it) or going: nothing to do.
		c.client("dropdb", "--force", "--if-exists", name).Run()
	})
	return name
}

// Stop stops the server the fast way (pg_ctl stop -m fast: open sessions
// are ended) and waits for it to exit.
func (c *Cluster) Stop() error {
	return c.stop("fast")
}

// Start starts the server again on the same port and data directory and
// waits until it accepts connections (60 seconds at most).
func (c *Cluster) Start() error {
	return c.launch()
}

// client is one of the server's client programs (createdb, dropdb, psql)
// aimed at the cluster, with the password in its environment.
func (c *Cluster) client(name string, args ...string) *exec.Cmd {
	all := append([]string{"-h", c.Host, "-p", strconv.Itoa(c.Port), "-U", c.User}, args...)
	cmd := exec.Command(filepath.Join(c.BinDir, name), all...)
	cmd.Env = append(cleanEnv(), "PGPASSWORD="+c.Password)
	return cmd
}
