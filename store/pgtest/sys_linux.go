//go:build linux

package pgtest

import (
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// runAs is who runs the server's programs: nil, this process's user; as
// root, which PostgreSQL refuses, an unprivileged one.
type runAs struct{ cred *syscall.Credential }

// serverUser is who runs the server: this process's user, or as root the
// user postgres (Debian's package makes it), else nobody.
func serverUser() (runAs, error) {
	if os.Geteuid() != 0 {
		return runAs{}, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 != nil || err2 != nil {
			continue
		}
		return runAs{&syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}, nil
	}
	return runAs{}, errors.New("PostgreSQL does not run as root, and there is no user postgres or nobody to run it as")
}

// procAttr runs a program as r; a server (the postmaster) also gets
// SIGQUIT, PostgreSQL's immediate shutdown, when this process ends.
func (r runAs) procAttr(server bool) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Credential: r.cred}
	if server {
		attr.Pdeathsig = syscall.SIGQUIT
	}
	return attr
}

// own gives path to r's user.
func (r runAs) own(path string) error {
	if r.cred == nil {
		return nil
	}
	return os.Chown(path, int(r.cred.Uid), int(r.cred.Gid))
}

// tempRoot is where clusters are made: the temporary folder, or /tmp when
// the server's user could not reach into that one (TMPDIR under root's
// home).
func tempRoot(r runAs) string {
	root := os.TempDir()
	if r.cred == nil {
		return root
	}
	for dir := root; ; dir = filepath.Dir(dir) {
		st, err := os.Stat(dir)
		if err != nil || st.Mode().Perm()&0o001 == 0 {
			return "/tmp"
		}
		if dir == filepath.Dir(dir) {
			return root
		}
	}
}

// lockDir takes dir's lock for this process's life (flock: the system
// releases it when the process ends, however it ends) and returns its
// release.
func lockDir(dir string) (func(), error) {
	f, err := os.Create(filepath.Join(dir, "lock"))
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}

// tryLock reports whether dir's lock is free: its process is gone.
func tryLock(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "lock"))
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
