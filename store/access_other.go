//go:build !unix

package store

// writable cannot ask the system here and says yes: a ReadOnly open then
// takes an ordinary connection on which SQLite refuses writes, and a write
// to a read-only archive fails with SQLite's read-only error, which
// describe turns into ErrReadOnly.
func writable(path string) bool { return true }
