//go:build unix

package pipeline

import (
	"errors"
	"syscall"
)

// processGone reports whether no process has the id pid. A process of
// another user (EPERM) is running.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
