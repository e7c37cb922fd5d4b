//go:build !unix

package pgtest

import "os/exec"

// runner runs the server's programs as this process.
type runner struct{}

func newRunner(string) (runner, error) { return runner{}, nil }

func (runner) command(name string, args ...string) *exec.Cmd { return exec.Command(name, args...) }
