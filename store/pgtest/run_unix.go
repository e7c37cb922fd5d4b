//go:build unix

package pgtest

import (
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// runner runs the server's programs: as this process, or, as root (which
// PostgreSQL refuses), as the postgres user or else nobody.
type runner struct{ cred *syscall.Credential }

func newRunner(dir string) (runner, error) {
	if os.Geteuid() != 0 {
		return runner{}, nil
	}
	var u *user.User
	var err error
	for _, name := range []string{"postgres", "nobody"} {
		if u, err = user.Lookup(name); err == nil {
			break
		}
	}
	if err != nil {
		return runner{}, errRoot
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return runner{}, err
	}
	return runner{cred: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}, nil
}

func (r runner) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	if r.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: r.cred}
		cmd.Dir = "/"
	}
	return cmd
}
