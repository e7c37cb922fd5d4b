package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx", to read the PostgreSQL archive past the store

	"github.com/pressrun/pressrun/store/pgtest"
)

// stockCount is how many puzzles of the level the archive holds in stock,
// by archive stats.
func stockCount(t *testing.T, archive, key string) int {
	t.Helper()
	n, stderr := stockCountNow(t, archive, key)
	if stderr != "" {
		t.Fatalf("stats: %s", stderr)
	}
	return n
}

// stockCountNow is stockCount that reports a failed stats instead of
// failing: an archive a running stock has made but not yet set up (its
// tables come in the migration after the file) is no archive yet.
func stockCountNow(t *testing.T, archive, key string) (int, string) {
	t.Helper()
	r := pressrun(t, "", "archive", "stats", "--archive", archive, "--format", "tsv")
	if r.code != 0 {
		return 0, r.stderr
	}
	return stockLines(r.stdout, key), ""
}

func stockLines(stdout, key string) int {
	for _, line := range strings.Split(stdout, "\n") {
		var n int
		if f := strings.Split(line, "\t"); len(f) == 5 && f[0] == "stock" && f[1] == key {
			fmt.Sscan(f[2], &n)
			return n
		}
	}
	return 0
}

// Stock fills its target and stops; run again with the target met, it
// makes nothing.
func TestStockFillsAndStops(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "a.db")
	r := pressrun(t, "", "stock", "--archive", archive, "--level", "medium", "--target", "12", "--batch", "5", "--seed", "3")
	if r.code != 0 || !strings.Contains(r.stderr, "classic medium") || !strings.Contains(r.stderr, "12 of 12 in stock; made 12 here (12 new") {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if n := stockCount(t, archive, "medium"); n != 12 {
		t.Fatalf("archive stats: %d medium in stock, want 12", n)
	}
	again := pressrun(t, "", "stock", "--archive", archive, "--level", "medium", "--target", "12")
	if again.code != 0 || !strings.Contains(again.stderr, "made 0 here") {
		t.Fatalf("again: exit %d\n%s", again.code, again.stderr)
	}
	// A book takes from the stock first: its 10 medium puzzles come from
	// the archive, and the stock goes down by what it placed.
	dir := t.TempDir()
	spec := writeSpec(t, dir, "b.yaml", 10, []string{"medium"}, "archive: "+archive)
	buildOK(t, spec)
	m := readManifest(t, filepath.Join(dir, "b.json"))
	if n := stockCount(t, archive, "medium"); n != 12-len(m.Puzzles) {
		t.Fatalf("after the book, %d in stock, want %d", n, 12-len(m.Puzzles))
	}
	if m.Sections[0].Reused < 10 {
		t.Fatalf("the book took %d of the stock, want its 10 and more for the fence", m.Sections[0].Reused)
	}
}

// Bad input: a spec's problems name file, line and field; flags that
// cannot go together are refused; nothing is made.
func TestStockBadInput(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "s.yaml")
	os.WriteFile(spec, []byte("archive: a.db\nstock:\n  - level: evil\n    target: -3\n"), 0o644)
	r := pressrun(t, "", "stock", spec)
	if r.code != 2 || !strings.Contains(r.stderr, spec+":4: stock[0].target:") {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	for _, args := range [][]string{{"--level", "evil"}, {"--target", "5"}, {spec, "--level", "evil", "--target", "5"}, {"--level", "brutal", "--target", "5"}} {
		r := pressrun(t, "", append([]string{"stock", "--archive", filepath.Join(dir, "b.db")}, args...)...)
		if r.code != 2 {
			t.Errorf("%v: exit %d\n%s", args, r.code, r.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a.db")); err == nil {
		t.Fatal("a spec with problems made an archive")
	}
	if _, err := os.Stat(filepath.Join(dir, "b.db")); err == nil {
		t.Fatal("bad flags made an archive")
	}
}

// SIGTERM mid-run: the batch under way is archived, then the run stops
// with 143; the archive holds whole batches.
func TestStockTerminated(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "a.db")
	cmd := pressrunProcess("stock", "--archive", archive, "--level", "hard", "--target", "100000", "--batch", "7", "--workers", "1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(archive); err == nil {
			if n, _ := stockCountNow(t, archive, "hard"); n >= 14 {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 143 || !strings.Contains(stderr.String(), "kept: every batch finished") {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	n := stockCount(t, archive, "hard")
	if n < 14 || n%7 != 0 {
		t.Fatalf("%d puzzles in stock after SIGTERM: want whole batches of 7", n)
	}
}

// Two workers on one PostgreSQL archive share the work: together they
// reach the target, no puzzle is stored twice, and they overshoot by at
// most a batch each.
func TestStockTwoWorkers(t *testing.T) {
	archive := pgtest.URL(t)
	var cmds [2]*exec.Cmd
	var outs [2]bytes.Buffer
	for i := range cmds {
		cmds[i] = pressrunProcess("stock", "--archive", archive, "--level", "easy", "--target", "60", "--batch", "6", "--workers", "1", "--quiet")
		cmds[i].Stdout, cmds[i].Stderr = &outs[i], &outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("worker %d: %v\n%s", i, err, outs[i].String())
		}
	}
	db, err := sql.Open("pgx", archive)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows, canon, seeds int
	if err := db.QueryRow("SELECT count(*), count(DISTINCT canonical), count(DISTINCT seed) FROM puzzles").Scan(&rows, &canon, &seeds); err != nil {
		t.Fatal(err)
	}
	if rows != canon || rows < 60 || rows > 60+2*6 {
		t.Fatalf("%d puzzles, %d canonical forms: want 60 to 72, all different", rows, canon)
	}
	if seeds != 2 {
		t.Fatalf("the two workers drew %d seeds, want 2", seeds)
	}
	if n := stockCount(t, archive, "easy"); n != rows {
		t.Fatalf("stock %d, archive %d", n, rows)
	}
}
