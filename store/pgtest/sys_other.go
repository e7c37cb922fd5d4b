//go:build !linux

package pgtest

import (
	"os"
	"path/filepath"
	"syscall"
)

// runAs is who runs the server's programs: here always this process's
// user (as root the server refuses to start, and its log says so).
type runAs struct{}

func serverUser() (runAs, error) { return runAs{}, nil }

// procAttr has nothing to set here: a server left by a test binary that
// died runs until its folder is removed (see sweep).
func (runAs) procAttr(server bool) *syscall.SysProcAttr { return nil }

func (runAs) own(path string) error { return nil }

func tempRoot(runAs) string { return os.TempDir() }

// lockDir makes the lock file but cannot hold it here (no flock), and
// tryLock never finds it free: sweep leaves such folders alone.
func lockDir(dir string) (func(), error) {
	f, err := os.Create(filepath.Join(dir, "lock"))
	if err != nil {
		return nil, err
	}
	return func() {}, f.Close()
}

func tryLock(dir string) bool { return false }
