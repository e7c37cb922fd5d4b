package pgtest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// settings are the cluster's configuration beyond initdb's: reachable on
// loopback only, fast rather than crash-safe, and room for the many
// connections of tests that run processes in parallel.
const settings = `listen_addresses = '127.0.0.1'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 64MB
`

// waitReady is how long a starting server may take to accept connections,
// and a stopping one to exit.
const waitReady = 60 * time.Second

// server is the postmaster while it runs as this process's child.
type server struct {
	proc   *os.Process
	exited chan struct{} // closed when it has exited; err is then set
	err    error
}

// findBin returns the folder of the installed server's programs: pg_config
// --bindir, else the newest /usr/lib/postgresql/VERSION/bin (Debian's
// layout, where pg_config may belong to libpq alone), else the folder of
// the initdb on PATH.
func findBin() (string, error) {
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); hasServer(dir) {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { // newest first: 15 before 9.6
		return compareVersions(filepath.Base(filepath.Dir(b)), filepath.Base(filepath.Dir(a)))
	})
	for _, dir := range dirs {
		if hasServer(dir) {
			return dir, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		// /usr/local/bin/initdb may be a link into the real folder.
		if real, err := filepath.EvalSymlinks(p); err == nil && hasServer(filepath.Dir(real)) {
			return filepath.Dir(real), nil
		}
		if hasServer(filepath.Dir(p)) {
			return filepath.Dir(p), nil
		}
	}
	return "", errors.New("no folder with initdb, pg_ctl, postgres, createdb and dropdb: not pg_config --bindir, /usr/lib/postgresql/*/bin nor initdb's on PATH")
}

// hasServer reports whether dir holds the programs the cluster needs.
func hasServer(dir string) bool {
	for _, name := range []string{"initdb", "pg_ctl", "postgres", "createdb", "dropdb"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
			return false
		}
	}
	return true
}

// compareVersions orders "9.6" before "15", number by number.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, _ := strconv.Atoi(as[i])
		y, _ := strconv.Atoi(bs[i])
		if x != y {
			return x - y
		}
	}
	return len(as) - len(bs)
}

// newCluster makes a cluster with the programs in bin, in a new temporary
// folder, and starts it on a free port. On failure nothing is left behind
// and the error ends with the tail of the log.
func newCluster(bin string) (*Cluster, error) {
	run, err := serverUser()
	if err != nil {
		return nil, err
	}
	root := tempRoot(run)
	sweep(root)
	top, err := os.MkdirTemp(root, "pressrun-pgtest-")
	if err != nil {
		return nil, fmt.Errorf("temporary folder: %w", err)
	}
	release, err := lockDir(top)
	if err != nil {
		os.RemoveAll(top)
		return nil, fmt.Errorf("lock %s: %w", top, err)
	}
	c := &Cluster{
		Host:     "127.0.0.1",
		User:     "pressrun",
		Password: randomHex(16),
		DataDir:  filepath.Join(top, "data"),
		BinDir:   bin,
		top:      top,
		log:      filepath.Join(top, "log"),
		run:      run,
		lock:     release,
	}
	if err := c.initdb(); err != nil {
		c.remove()
		return nil, err
	}
	// Another process may take the free port before the server does: try
	// another one then.
	for try := 1; ; try++ {
		if err := c.configure(); err != nil {
			c.remove()
			return nil, err
		}
		before := logSize(c.log)
		err := c.launch()
		if err == nil {
			return c, nil
		}
		if try == 5 || !bindFailed(c.log, before) {
			c.remove()
			return nil, err
		}
	}
}

// initdb makes the data directory: the role pressrun, a superuser whose
// password the clients must give (scram-sha-256, over TCP and the socket
// alike), UTF8 and the C locale, so that sorting does not depend on the
// machine.
func (c *Cluster) initdb() error {
	if err := c.run.own(c.top); err != nil {
		return err
	}
	pwfile := filepath.Join(c.top, "pwfile")
	if err := os.WriteFile(pwfile, []byte(c.Password+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(pwfile)
	if err := c.run.own(pwfile); err != nil {
		return err
	}
	cmd := c.serverCmd("initdb", "-D", c.DataDir, "-U", c.User,
		"--auth=scram-sha-256", "--pwfile="+pwfile, "-E", "UTF8", "--locale=C", "--no-sync")
	out, err := cmd.CombinedOutput()
	appendLog(c.log, out)
	if err != nil {
		return fmt.Errorf("initdb: %v%s", err, c.logTail())
	}
	conf, err := os.OpenFile(filepath.Join(c.DataDir, "postgresql.conf"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(conf, "\n# pressrun's tests (store/pgtest)\ninclude 'pgtest.conf'\n")
	if err2 := conf.Close(); err == nil {
		err = err2
	}
	return err
}

// configure writes pgtest.conf, the settings with a port free now.
func (c *Cluster) configure() error {
	port, err := freePort()
	if err != nil {
		return err
	}
	c.Port = port
	conf := filepath.Join(c.DataDir, "pgtest.conf")
	text := fmt.Sprintf("%sport = %d\nunix_socket_directories = '%s'\n", settings, port, c.top)
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		return err
	}
	return c.run.own(conf)
}

// freePort is a TCP port on 127.0.0.1 that nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// launch starts the postmaster as this process's child (pg_ctl start would
// detach it, to outlive a test binary that dies) and waits until it
// accepts connections.
func (c *Cluster) launch() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.srv != nil {
		select {
		case <-c.srv.exited:
			c.srv = nil
		default:
			return errors.New("start: the server is running")
		}
	}
	logf, err := os.OpenFile(c.log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	s := &server{exited: make(chan struct{})}
	started := make(chan error, 1)
	go func() {
		// Linux sends the parent-death signal when the thread that started
		// the child ends, not the process: this goroutine keeps its thread,
		// waiting, for the server's whole life.
		runtime.LockOSThread()
		defer logf.Close()
		cmd := c.serverCmd("postgres", "-D", c.DataDir)
		cmd.SysProcAttr = c.run.procAttr(true)
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		s.proc = cmd.Process
		started <- nil
		s.err = cmd.Wait()
		close(s.exited)
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	deadline := time.Now().Add(waitReady)
	for !c.ready(s.proc.Pid) {
		select {
		case <-s.exited:
			return fmt.Errorf("postgres exited while starting: %v%s", s.err, c.logTail())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.proc.Kill()
			<-s.exited
			return fmt.Errorf("postgres did not accept connections within %v%s", waitReady, c.logTail())
		}
	}
	c.srv = s
	return nil
}

// ready reports whether the postmaster pid says, in its lock file, that
// it accepts connections (as pg_ctl -w reads it: line 1 the pid, line 8
// the status).
func (c *Cluster) ready(pid int) bool {
	data, err := os.ReadFile(filepath.Join(c.DataDir, "postmaster.pid"))
	if err != nil {
		return false
	}
	lines := strings.Split(string(data), "\n")
	return len(lines) >= 8 && strings.TrimSpace(lines[0]) == strconv.Itoa(pid) &&
		strings.TrimSpace(lines[7]) == "ready"
}

// stop runs pg_ctl stop -m mode and waits for the server to exit.
func (c *Cluster) stop(mode string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, err := c.serverCmd("pg_ctl", "stop", "-D", c.DataDir, "-m", mode, "-w", "-t", "60").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v: %s%s", err, bytes.TrimSpace(out), c.logTail())
	}
	if s := c.srv; s != nil {
		c.srv = nil
		select {
		case <-s.exited:
		case <-time.After(waitReady):
			return fmt.Errorf("pg_ctl stop: postgres (pid %d) did not exit%s", s.proc.Pid, c.logTail())
		}
	}
	return nil
}

// remove stops the server at once, if it runs, and removes the cluster's
// folder.
func (c *Cluster) remove() error {
	var err error
	if _, statErr := os.Stat(filepath.Join(c.DataDir, "postmaster.pid")); statErr == nil {
		err = c.stop("immediate")
	}
	c.mu.Lock()
	if s := c.srv; s != nil {
		s.proc.Kill() // only if stop failed: the folder goes anyway
	}
	c.mu.Unlock()
	if rmErr := os.RemoveAll(c.top); err == nil {
		err = rmErr
	}
	c.lock()
	return err
}

// serverCmd is one of the server's programs run as the user that owns
// the cluster, in its folder (initdb and pg_ctl fail in a working folder
// they cannot read, such as root's home).
func (c *Cluster) serverCmd(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(c.BinDir, name), args...)
	cmd.Dir = c.top
	cmd.Env = cleanEnv()
	cmd.SysProcAttr = c.run.procAttr(false)
	return cmd
}

// cleanEnv is this process's environment without the PG variables
// (PGDATA, PGDATABASE, PGSSLMODE, ...) a developer's shell may set, which
// would aim the programs elsewhere.
func cleanEnv() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PG") })
}

// sweep removes the clusters of test binaries that died before removing
// theirs: a folder whose lock nobody holds, or an hour-old one with no
// lock file (its maker died before taking it). A server left running in
// one (where it was not the dead binary's child) shuts itself down within
// a minute of its postmaster.pid going.
func sweep(root string) {
	dirs, _ := filepath.Glob(filepath.Join(root, "pressrun-pgtest-*"))
	for _, dir := range dirs {
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() {
			continue
		}
		_, noLock := os.Stat(filepath.Join(dir, "lock"))
		if tryLock(dir) || (noLock != nil && time.Since(st.ModTime()) > time.Hour) {
			os.RemoveAll(dir)
		}
	}
}

// bindFailed reports whether the server's log, after offset, says that
// the port was taken.
func bindFailed(log string, offset int64) bool {
	data, err := os.ReadFile(log)
	if err != nil || int64(len(data)) < offset {
		return false
	}
	text := string(data[offset:])
	return strings.Contains(text, "could not bind") || strings.Contains(text, "Address already in use")
}

func logSize(log string) int64 {
	st, err := os.Stat(log)
	if err != nil {
		return 0
	}
	return st.Size()
}

func appendLog(log string, data []byte) {
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	f.Write(data)
	f.Close()
}

// logTail is the last lines of the cluster's log, to end an error
// message with, or "" when the log is empty.
func (c *Cluster) logTail() string {
	data, err := os.ReadFile(c.log)
	if err != nil || len(bytes.TrimSpace(data)) == 0 {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	lines = lines[max(0, len(lines)-20):]
	return fmt.Sprintf("\nlast lines of %s:\n%s", c.log, strings.Join(lines, "\n"))
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
