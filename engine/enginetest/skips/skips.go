// Package skips records why tests skip and says so once per package, so
// that a plain `go test ./...`, which prints only "ok" for a package that
// passes, still tells a newcomer which checks did not run (no qqwing, no
// poppler, no ../shared/data) and how to get them.
//
// A package's TestMain calls Main; its tests skip with Skip.
package skips

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	mu      sync.Mutex
	reasons = map[string]int{} // why -> tests skipped for it
)

// Skip skips tb for why, a reason shared by every test it stops ("qqwing
// not installed: apt-get install qqwing"), and counts it for Main's line;
// detail, when given, is added to the test's own skip message (the file
// that was missing).
func Skip(tb testing.TB, why string, detail ...string) {
	tb.Helper()
	mu.Lock()
	reasons[why]++
	mu.Unlock()
	if len(detail) > 0 {
		tb.Skip(why + ": " + strings.Join(detail, " "))
	}
	tb.Skip(why)
}

// Main runs the tests and exits; when some skipped, it first prints one
// line naming the package, how many skipped and why.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main that returns the exit code instead of exiting, for a
// TestMain that has more to do after the tests (stop a server).
func Run(m *testing.M) int {
	code := m.Run()
	if line := Line(packageName()); line != "" {
		write(line)
	}
	return code
}

// Line is the summary of the skips so far: "PKG: 3 tests skipped: why (2);
// why (1)", or "" when none skipped.
func Line(pkg string) string {
	mu.Lock()
	defer mu.Unlock()
	if len(reasons) == 0 {
		return ""
	}
	whys := make([]string, 0, len(reasons))
	total := 0
	for why, n := range reasons {
		whys = append(whys, why)
		total += n
	}
	sort.Slice(whys, func(i, j int) bool {
		if reasons[whys[i]] != reasons[whys[j]] {
			return reasons[whys[i]] > reasons[whys[j]]
		}
		return whys[i] < whys[j]
	})
	parts := make([]string, len(whys))
	for i, why := range whys {
		parts[i] = why
		if len(whys) > 1 {
			parts[i] = fmt.Sprintf("%s (%d)", why, reasons[why])
		}
	}
	tests := "tests"
	if total == 1 {
		tests = "test"
	}
	return fmt.Sprintf("%s: %d %s skipped: %s", pkg, total, tests, strings.Join(parts, "; "))
}

// packageName is the tested package's path within the module
// ("engine/logic"), from the test binary's build information.
func packageName() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "this package"
	}
	p := strings.TrimSuffix(info.Path, ".test")
	if rest, ok := strings.CutPrefix(p, info.Main.Path+"/"); ok && info.Main.Path != "" {
		return rest
	}
	return path.Base(p)
}

// write prints line where the person who ran go test sees it. With -v (or
// -json) the test's own output is shown, so it goes there. Without -v, go
// test keeps a passing package's output to itself and prints only "ok";
// the line then goes to the go command's own standard output, which the
// test binary's parent holds, when that is a terminal, a pipe or a file
// opened for appending (writing into another file at offset 0 would
// overwrite what go prints). Elsewhere it goes to the test's output.
func write(line string) {
	if v := flag.Lookup("test.v"); v != nil && v.Value.String() != "false" {
		fmt.Println(line)
		return
	}
	if w := parentStdout(); w != nil {
		fmt.Fprintln(w, line)
		w.Close()
		return
	}
	fmt.Println(line)
}

// parentStdout opens the parent process's standard output for appending
// when that is safe (see write), or returns nil.
func parentStdout() io.WriteCloser {
	fd := "/proc/" + strconv.Itoa(os.Getppid()) + "/fd/1"
	st, err := os.Stat(fd)
	if err != nil {
		return nil
	}
	switch mode := st.Mode(); {
	case mode&os.ModeNamedPipe != 0, mode&os.ModeCharDevice != 0:
	case mode.IsRegular() && appending(os.Getppid()):
	default:
		return nil
	}
	f, err := os.OpenFile(fd, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil
	}
	return f
}

// appending reports whether process pid's standard output was opened with
// O_APPEND (the flags of /proc/PID/fdinfo/1 are octal; O_APPEND is 02000).
func appending(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/fdinfo/1")
	if err != nil {
		return false
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&0o2000 != 0
		}
	}
	return false
}

// Acceptance says whether the heavy tests run the acceptance workload the
// issues ask (CI sets CI=true) or a developer's smaller sample of it (CI
// unset), which each such test names in its log.
func Acceptance() bool { return os.Getenv("CI") != "" }

// Reasons shared by several packages' tests.
const (
	NoSharedData = "../shared/data not found beside the clone (the big public puzzle sets)"
	NoQQWing     = "qqwing not installed (apt-get install qqwing)"
	Short        = "long, and -short was given"
	NoPostgreSQL = "PostgreSQL not installed: apt-get install postgresql"
)
