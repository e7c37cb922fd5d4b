//go:build unix

package pipeline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// RemoveStaleTemps removes the temporary files of a process that is gone,
// and only those of the files it is given, in each of their folders.
func TestRemoveStaleTemps(t *testing.T) {
	// A process that has exited: this test binary, run to do nothing.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead, live := cmd.Process.Pid, os.Getpid()

	dir := t.TempDir()
	name := filepath.Join(dir, "book.pdf")
	temp := func(base string, pid int) string { return fmt.Sprintf(".%s.%d.%d.tmp", base, pid, 4242) }
	for _, f := range []string{
		"book.pdf",
		temp("book.pdf", dead),                // stale: removed
		temp("book.pdf", live),                // this process's: kept
		temp("book.json", dead),               // another file's: kept
		".book.pdf.notapid.4242.tmp",          // not WriteFiles's: kept
		fmt.Sprintf(".book.pdf.%d.tmp", dead), // no random part: kept
	} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	svg := filepath.Join(dir, "svg")
	if err := os.Mkdir(svg, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{temp("sudoku-001.svg", dead), temp("sudoku-002.svg", dead), temp("other.svg", dead)} {
		if err := os.WriteFile(filepath.Join(svg, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveStaleTemps(name, filepath.Join(svg, "sudoku-001.svg"), filepath.Join(svg, "sudoku-002.svg")); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(svg); len(left) != 1 || left[0].Name() != temp("other.svg", dead) {
		t.Errorf("svg: left %v, want only the temporary file of other.svg", left)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "svg" {
			left = append(left, e.Name())
		}
	}
	want := []string{"book.pdf", temp("book.pdf", live), temp("book.json", dead), ".book.pdf.notapid.4242.tmp", fmt.Sprintf(".book.pdf.%d.tmp", dead)}
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
	if err := RemoveStaleTemps(filepath.Join(dir, "none", "x.pdf")); err != nil {
		t.Errorf("a missing directory: %v", err)
	}

	// A folder staged by a process that died, beside the missing folder,
	// goes with its files; a running one's stays, and so does one beside a
	// folder that is there.
	stages := t.TempDir()
	for _, f := range []string{temp("daily", dead) + "/a/1.png", temp("daily", live) + "/a/1.png", temp("kept", dead) + "/1.png", "kept/1.png"} {
		path := filepath.Join(stages, f)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := RemoveStaleTemps(filepath.Join(stages, "daily", "a", "2.png"), filepath.Join(stages, "kept", "2.png")); err != nil {
		t.Fatal(err)
	}
	entries, _ = os.ReadDir(stages)
	left = nil
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want = []string{temp("daily", live), temp("kept", dead), "kept"}
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("staged folders: left %v, want %v", left, want)
	}
}

// An Output's files are 0644, readable by all, whatever the umask: 022,
// where they are made so, and 077, where they are changed after.
func TestOutputModeWhateverUmask(t *testing.T) {
	for _, mask := range []int{0o022, 0o077} {
		old := syscall.Umask(mask)
		dir := t.TempDir()
		var out Output
		err := out.AddBytes(filepath.Join(dir, "a.png"), []byte("a"))
		if err == nil {
			err = out.Commit(context.Background())
		}
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(filepath.Join(dir, "a.png"))
		if err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("umask %03o: %v, %v; want 0644", mask, st.Mode(), err)
		}
	}
}
