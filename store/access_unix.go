//go:build unix

package store

import "syscall"

// writable reports whether this process may write path (a file, or a
// folder to make files in), as the system's permission check says: root
// may write anything but a read-only file system.
func writable(path string) bool {
	const wOK = 0x2 // W_OK of access(2)
	return syscall.Access(path, wOK) == nil
}
