// Package pgtest gives pressrun's tests a real PostgreSQL server: a
// throwaway cluster in a temporary folder, started on first use by a test
// binary (initdb, a free port on 127.0.0.1, as an unprivileged user when
// the tests run as root) and removed when the binary ends (Main), with a
// new empty database for each test that asks (URL).
//
// Without PostgreSQL installed (Debian's postgresql package: initdb,
// pg_ctl and postgres under /usr/lib/postgresql/*/bin) the tests that ask
// skip, saying so in the package's one line (package skips); under CI
// (CI=true) they fail instead: in CI nothing skips.
package pgtest

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// Missing is why tests skip without a server.
const Missing = "PostgreSQL not installed: apt-get install postgresql"

// Cluster is the test binary's PostgreSQL server.
type Cluster struct {
	Host     string
	Port     int
	User     string
	Password string
	DataDir  string // the cluster's files, inside dir
	BinDir   string // initdb, pg_ctl, postgres, createdb, ...
	dir      string // the temporary folder holding it all
	run      runner
	mu       sync.Mutex
	dbs      int
}

var (
	once    sync.Once
	cluster *Cluster
	failed  error
)

// Get returns the test binary's cluster, started on first use. Without
// PostgreSQL it skips tb (fails it under CI); a cluster that will not
// start fails tb with the end of its log.
func Get(tb testing.TB) *Cluster {
	tb.Helper()
	bin := binDir()
	if bin == "" {
		if os.Getenv("CI") == "true" {
			tb.Fatal(Missing + " (CI installs it: see .ci/run)")
		}
		skips.Skip(tb, Missing)
	}
	once.Do(func() { cluster, failed = start(bin) })
	if failed != nil {
		tb.Fatalf("pgtest: %v", failed)
	}
	return cluster
}

// URL returns the URL of a new, empty database on the cluster, dropped
// when tb ends.
func URL(tb testing.TB) string {
	tb.Helper()
	c := Get(tb)
	return c.URL(c.CreateDB(tb))
}

// URL is the URL of database db on the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://%s:%s@%s:%d/%s?sslmode=disable", c.User, c.Password, c.Host, c.Port, db)
}

// CreateDB makes a new empty database and returns its name; it is dropped
// when tb ends.
func (c *Cluster) CreateDB(tb testing.TB) string {
	tb.Helper()
	c.mu.Lock()
	c.dbs++
	name := fmt.Sprintf("t%d_%d", os.Getpid(), c.dbs)
	c.mu.Unlock()
	if out, err := c.tool("createdb", name); err != nil {
		tb.Fatalf("pgtest: createdb %s: %v\n%s", name, err, out)
	}
	tb.Cleanup(func() { c.tool("dropdb", "--force", "--if-exists", name) })
	return name
}

// Stop stops the server (its clients are disconnected, what they
// committed is kept); Start starts it again on the same port.
func (c *Cluster) Stop() error { return c.stop("fast") }

func (c *Cluster) stop(mode string) error {
	out, err := c.run.command(filepath.Join(c.BinDir, "pg_ctl"), "-D", c.DataDir, "-m", mode, "-w", "stop").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v: %s", err, out)
	}
	return nil
}

func (c *Cluster) Start() error {
	out, err := c.run.command(filepath.Join(c.BinDir, "pg_ctl"), "-D", c.DataDir, "-l", filepath.Join(c.dir, "log"), "-w", "-t", "60",
		"-o", fmt.Sprintf("-p %d", c.Port), "start").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl start: %v: %s\n%s", err, out, c.logTail())
	}
	return nil
}

// Main runs a package's tests, prints the one line of skips, and removes
// the cluster, if one was started, before the binary exits.
func Main(m *testing.M) {
	code := skips.Run(m)
	if cluster != nil {
		cluster.stop("immediate") // nothing in it is kept
		os.RemoveAll(cluster.dir)
	}
	os.Exit(code)
}

// tool runs one of the server's client programs on the cluster.
func (c *Cluster) tool(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.BinDir, name), append([]string{"-h", c.Host, "-p", strconv.Itoa(c.Port), "-U", c.User}, args...)...)
	cmd.Env = append(os.Environ(), "PGPASSWORD="+c.Password)
	return cmd.CombinedOutput()
}

func (c *Cluster) logTail() string {
	data, _ := os.ReadFile(filepath.Join(c.dir, "log"))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return strings.Join(lines[max(0, len(lines)-15):], "\n")
}

// binDir finds the server's programs: pg_config's, else the newest
// /usr/lib/postgresql/*/bin, else the PATH's; "" when there is no server.
func binDir() string {
	has := func(dir string) bool {
		for _, p := range []string{"initdb", "pg_ctl", "postgres", "createdb"} {
			if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
				return false
			}
		}
		return true
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); has(dir) {
			return dir
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if has(d) {
			return d
		}
	}
	if p, err := exec.LookPath("postgres"); err == nil && has(filepath.Dir(p)) {
		return filepath.Dir(p)
	}
	return ""
}

// version is the major version in /usr/lib/postgresql/VERSION/bin.
func version(dir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return v
}

// start makes and starts a cluster in a new temporary folder.
func start(bin string) (*Cluster, error) {
	dir, err := os.MkdirTemp("", "pressrun-pgtest")
	if err != nil {
		return nil, err
	}
	var pw [12]byte
	rand.Read(pw[:])
	c := &Cluster{Host: "127.0.0.1", User: "pressrun", Password: hex.EncodeToString(pw[:]), DataDir: filepath.Join(dir, "data"), BinDir: bin, dir: dir}
	if c.run, err = newRunner(dir); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	pwfile := filepath.Join(dir, "pw")
	if err := os.WriteFile(pwfile, []byte(c.Password+"\n"), 0o644); err != nil {
		return nil, err
	}
	out, err := c.run.command(filepath.Join(bin, "initdb"), "-D", c.DataDir, "-U", c.User, "--pwfile", pwfile,
		"--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	conf := fmt.Sprintf(`
listen_addresses = '127.0.0.1'
unix_socket_directories = '%s'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 64MB
`, dir)
	f, err := os.OpenFile(filepath.Join(c.DataDir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(conf)
		f.Close()
	}
	if err != nil {
		return nil, err
	}
	// A free port can be taken by another between looking and starting:
	// try a few.
	for try := 0; ; try++ {
		if c.Port, err = freePort(); err != nil {
			return nil, err
		}
		if err = c.Start(); err == nil || try == 4 {
			break
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// errRoot is a root process with no user to run the server as.
var errRoot = errors.New("running as root and no postgres or nobody user to run the server as")
