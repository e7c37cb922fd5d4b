//go:build unix

package main

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// restricted runs pressrun as a process on which permission bits hold:
// as this user, or, when that is root (who may write any file), as
// nobody (uid 65534), the test binary copied where nobody can run it. It
// skips the test when neither can be done. Each run works in dir, so that
// the messages name relative paths.
func restricted(t *testing.T) func(dir string, args ...string) result {
	t.Helper()
	bin := os.Args[0]
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		binDir := t.TempDir()
		copyFile(t, bin, filepath.Join(binDir, "pressrun.test"), 0o755)
		bin = filepath.Join(binDir, "pressrun.test")
		// The test's temporary folders are 0700: let nobody in.
		for _, d := range []string{binDir, filepath.Dir(binDir)} {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
		probe := exec.Command(bin, "-test.run=^$")
		probe.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		if out, err := probe.CombinedOutput(); err != nil {
			t.Skipf("running as root, where permission bits do not stop writes, and cannot run as nobody (uid 65534) instead: %v %s", err, out)
		}
	}
	return func(dir string, args ...string) result {
		t.Helper()
		cmd := exec.Command(bin, "-test.run=^$")
		cmd.Env = append(os.Environ(), "PRESSRUN_MAIN=1", "PRESSRUN_ARGS="+strings.Join(args, "\x1f"))
		cmd.Dir = dir
		if cred != nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return result{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// folderState is every file in dir with its size, mode and time, to tell
// that a run wrote nothing there. A -shm file's time is left out: it is
// the readers' shared memory, where every reader that may write it
// records what it reads.
func folderState(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%s %d %v", e.Name(), fi.Size(), fi.Mode())
		if !strings.HasSuffix(e.Name(), "-shm") {
			line += " " + fi.ModTime().String()
		}
		lines = append(lines, line)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// A read-only archive: the reading commands work on a read-only file in a
// writable folder, a writable file in a read-only folder, and both, and
// write nothing there (no -wal or -shm file left behind for its owner to
// trip on); the writing commands say the archive is read-only; a new
// archive in a read-only folder is "permission denied" on the folder.
func TestArchiveReadOnly(t *testing.T) {
	src := sampleArchive(t, 12)
	as := restricted(t)
	base := t.TempDir()
	os.Chmod(base, 0o755)
	os.Chmod(filepath.Dir(base), 0o755)
	more := filepath.Join(base, "more.txt")
	writeLines(t, more, samplePuzzles(t, 13)[12].String())

	want := pressrun(t, "", "archive", "export", "--archive", src, "--format", "line").stdout
	cleanup := t.Cleanup
	id := firstID(t, src)
	cases := []struct {
		name            string
		dirMode, dbMode os.FileMode
	}{
		{name: "ro-file", dirMode: 0o777, dbMode: 0o444},
		{name: "ro-folder", dirMode: 0o555, dbMode: 0o644},
		{name: "ro-both", dirMode: 0o555, dbMode: 0o444},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(base, c.name)
			os.Mkdir(dir, 0o755)
			copyFile(t, src, filepath.Join(dir, "a.db"), c.dbMode)
			os.Chmod(dir, c.dirMode)
			cleanup(func() { os.Chmod(dir, 0o755) }) // after the messages below
			before := folderState(t, dir)
			db := c.name + "/a.db"
			for _, args := range [][]string{
				{"archive", "stats", "--archive", db},
				{"archive", "query", "--archive", db, "--limit", "3"},
				{"archive", "show", "--archive", db, id},
			} {
				if r := as(base, args...); r.code != 0 || r.stderr != "" || r.stdout == "" {
					t.Fatalf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
				}
			}
			if r := as(base, "archive", "export", "--archive", db, "--format", "line"); r.code != 0 || r.stdout != want {
				t.Fatalf("export: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			for _, args := range [][]string{
				{"archive", "import", "--archive", db, "more.txt"},
				{"archive", "rerate", "--archive", db, "--all"},
			} {
				r := as(base, args...)
				if r.code != 1 || !strings.Contains(r.stderr, "pressrun: "+args[0]+" "+args[1]+": the archive "+db+" is read-only\npressrun: hint: ") {
					t.Fatalf("%v: exit %d, want 1 and the archive is read-only\n%s", args, r.code, r.stderr)
				}
			}
			if after := folderState(t, dir); after != before {
				t.Fatalf("the folder changed:\n%s\nwas:\n%s", after, before)
			}
		})
	}

	// An archive another user is writing to, in a folder this one may
	// not write: read through the writer's -wal and -shm files.
	t.Run("live-writer", func(t *testing.T) {
		dir := filepath.Join(base, "live")
		os.Mkdir(dir, 0o755)
		copyFile(t, src, filepath.Join(dir, "a.db"), 0o644)
		w, err := sql.Open("sqlite3", "file:"+filepath.Join(dir, "a.db")+"?_journal_mode=WAL")
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		w.SetMaxOpenConns(1)
		if _, err := w.Exec("PRAGMA wal_autocheckpoint = 0"); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Exec("DELETE FROM puzzles WHERE rowid = (SELECT min(rowid) FROM puzzles)"); err != nil {
			t.Fatal(err)
		}
		os.Chmod(dir, 0o555)
		cleanup(func() { os.Chmod(dir, 0o755) })
		before := folderState(t, dir)
		r := as(base, "archive", "export", "--archive", "live/a.db", "--format", "line")
		if r.code != 0 || strings.Count(r.stdout, "\n") != 11 {
			t.Fatalf("export of a live archive: exit %d, %d lines, want 11 (the writer's delete seen)\n%s", r.code, strings.Count(r.stdout, "\n"), r.stderr)
		}
		if after := folderState(t, dir); after != before {
			t.Fatalf("the folder changed:\n%s\nwas:\n%s", after, before)
		}
	})

	t.Run("messages", func(t *testing.T) {
		golden(t, "archive-import-read-only", []string{"archive", "import", "--archive", "ro-file/a.db", "more.txt"},
			as(base, "archive", "import", "--archive", "ro-file/a.db", "more.txt"))
		golden(t, "archive-rerate-read-only", []string{"archive", "rerate", "--archive", "ro-folder/a.db"},
			as(base, "archive", "rerate", "--archive", "ro-folder/a.db"))
		golden(t, "archive-import-folder-denied", []string{"archive", "import", "--archive", "ro-folder/new.db", "more.txt"},
			as(base, "archive", "import", "--archive", "ro-folder/new.db", "more.txt"))
		if _, err := os.Stat(filepath.Join(base, "ro-folder", "new.db")); err == nil {
			t.Fatal("an archive was made in the read-only folder")
		}
	})
}

// firstID is the id of a puzzle in the archive at path.
func firstID(t *testing.T, path string) string {
	t.Helper()
	r := pressrun(t, "", "archive", "query", "--archive", path, "--format", "tsv", "--limit", "1")
	rows := strings.Split(r.stdout, "\n")
	if r.code != 0 || len(rows) < 2 {
		t.Fatalf("query: exit %d %s", r.code, r.stderr)
	}
	return strings.Split(rows[1], "\t")[0]
}
