package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/store/pgtest"
)

// The shared archive: every command on PostgreSQL does what it does on
// SQLite, to the byte.

// TestSharedArchiveEndToEnd builds a book, runs a week of daily puzzles,
// imports puzzles and asks the archive, once on a SQLite file and once on
// a PostgreSQL database: the books, the daily files and every answer are
// the same bytes.
func TestSharedArchiveEndToEnd(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	pg := pgtest.URL(t)
	// The puzzles imported: top1465's sample of 300 in CI; a developer's
	// run imports its first 50 (rating them is most of the import).
	sample := "../../engine/testdata/top1465-sample.txt"
	if !skips.Acceptance() {
		data, err := os.ReadFile(sample)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		sample = filepath.Join(t.TempDir(), "top1465-50.txt")
		if err := os.WriteFile(sample, []byte(strings.Join(lines[:50], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("imports the first 50 puzzles of top1465-sample.txt (CI: 300)")
	}
	var outs [2]map[string]string
	for i, archive := range []string{"", pg} {
		dir := t.TempDir()
		if archive == "" {
			archive = filepath.Join(dir, "pressrun.db")
		}
		spec := writeSpec(t, dir, "book.yaml", 8, []string{"easy", "hard"}, "archive: "+archive)
		buildOK(t, spec)
		daily := writeDailySpec(t, dir, "")
		dailyOK(t, daily, "--archive", archive, "--from", "2026-12-01", "--days", "7")
		out := map[string]string{}
		for name, sum := range checksums(t, dir) {
			if !strings.HasSuffix(name, ".db") && !strings.HasSuffix(name, ".yaml") {
				out[name] = sum
			}
		}
		// The manifest names the spec's checksum, and the specs differ in
		// their archive: line.
		manifest, err := os.ReadFile(filepath.Join(dir, "book.json"))
		if err != nil {
			t.Fatal(err)
		}
		out["book.json"] = regexp.MustCompile(`"spec_sha256": "[0-9a-f]+"`).ReplaceAllString(string(manifest), "")
		imp := pressrun(t, "", "archive", "import", "--archive", archive, sample)
		if imp.code != 0 {
			t.Fatalf("import: %s", imp.stderr)
		}
		out["import"] = strings.TrimSpace(strings.SplitN(imp.stderr, " in ", 2)[0])
		for _, args := range [][]string{
			{"stats", "--format", "tsv"},
			{"query", "--book", "1", "--format", "tsv"},
			{"query", "--outlet", "The Morning Star", "--format", "tsv"},
			{"query", "--level", "hard", "--format", "json"},
			{"export", "--format", "tsv"},
		} {
			r := pressrun(t, "", append([]string{"archive", args[0], "--archive", archive}, args[1:]...)...)
			if r.code != 0 {
				t.Fatalf("archive %v: exit %d\n%s", args, r.code, r.stderr)
			}
			// A daily puzzle's label names its spec, in this run's folder.
			out[strings.Join(args, " ")] = strings.ReplaceAll(stamps.ReplaceAllString(r.stdout, "TIME"), dir, "DIR")
		}
		// A puzzle's page: its publications in the ledger.
		id := strings.Split(strings.Split(out["query --book 1 --format tsv"], "\n")[1], "\t")[7]
		show := pressrun(t, "", "archive", "show", "--archive", archive, id)
		if show.code != 0 || !strings.Contains(show.stdout, "Test Book") {
			t.Fatalf("show %s: %d\n%s%s", id, show.code, show.stdout, show.stderr)
		}
		out["show"] = strings.ReplaceAll(stamps.ReplaceAllString(show.stdout, "TIME"), dir, "DIR")
		outs[i] = out
	}
	if len(outs[0]) < 10 {
		t.Fatalf("only %d outputs compared", len(outs[0]))
	}
	for name, want := range outs[0] {
		if got := outs[1][name]; got != want {
			t.Errorf("%s differs on PostgreSQL:\n%s\nSQLite:\n%s", name, clip(got), clip(want))
		}
	}
	for name := range outs[1] {
		if _, ok := outs[0][name]; !ok {
			t.Errorf("PostgreSQL wrote %s, SQLite did not", name)
		}
	}
}

// stamps are the times the archive records (when a puzzle was archived),
// which two runs do not share.
var stamps = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)

func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "..."
	}
	return s
}

// TestSharedArchiveRace is a publishing house on one PostgreSQL archive:
// four builds, two stock workers and a daily batch started together, as
// processes standing in for machines, five rounds as they are and five
// with one of them killed (kill -9) at a random moment and then run again
// (in CI; a developer's run has two and two).
// Nothing is ever placed twice or shared with the exclusive outlets, by
// the ledger and by the books' manifests and daily records up to
// isomorphism; every book that finished is in the ledger with all its
// puzzles; no reservation is left behind.
func TestSharedArchiveRace(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	archive := pgtest.URL(t)
	dir := t.TempDir()
	daily := writeDailySpec(t, dir, "")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	type job struct {
		name string
		args []string
	}
	var manifests []string
	from := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	plain, rounds := 2, 4
	if skips.Acceptance() {
		plain, rounds = 5, 10
	}
	for round := 0; round < rounds; round++ {
		var jobs []job
		for i := 0; i < 4; i++ {
			name := fmt.Sprintf("r%db%d", round, i)
			spec := writeSpec(t, dir, name+".yaml", 6, []string{"easy", "medium"}, "archive: "+archive)
			jobs = append(jobs, job{name, []string{"build", "--quiet", "--printer", "none", spec}})
			manifests = append(manifests, filepath.Join(dir, name+".json"))
		}
		for i := 0; i < 2; i++ {
			jobs = append(jobs, job{fmt.Sprintf("r%ds%d", round, i), []string{"stock", "--quiet", "--archive", archive, "--level", "easy",
				"--target", fmt.Sprint(10 * (round + 1)), "--batch", "4", "--workers", "1"}})
		}
		jobs = append(jobs, job{fmt.Sprintf("r%dd", round), []string{"daily", "--quiet", daily, "--archive", archive,
			"--from", from.AddDate(0, 0, 3*round).Format(time.DateOnly), "--days", "3"}})
		cmds := make([]*exec.Cmd, len(jobs))
		outs := make([]bytes.Buffer, len(jobs))
		for i, j := range jobs {
			cmds[i] = pressrunProcess(j.args...)
			cmds[i].Stdout, cmds[i].Stderr = &outs[i], &outs[i]
			if err := cmds[i].Start(); err != nil {
				t.Fatal(err)
			}
		}
		killed := -1
		if round >= plain {
			killed = rng.IntN(len(jobs))
			time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
			cmds[killed].Process.Signal(syscall.SIGKILL)
		}
		for i, c := range cmds {
			if err := c.Wait(); err != nil && i != killed {
				t.Fatalf("round %d, %s: %v\n%s", round, jobs[i].name, err, outs[i].String())
			}
		}
		if killed >= 0 {
			// The job killed is run again, and completes.
			t.Logf("round %d: killed %s (%s)", round, jobs[killed].name, cmds[killed].ProcessState)
			if out, err := pressrunProcess(jobs[killed].args...).CombinedOutput(); err != nil {
				t.Fatalf("round %d: %s again: %v\n%s", round, jobs[killed].name, err, out)
			}
		}
	}

	// The ledger.
	db, err := sql.Open("pgx", archive)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var placed, distinct, reprints, held, books int
	db.QueryRow("SELECT count(*), count(DISTINCT puzzle_id), count(*) FILTER (WHERE reprint) FROM placements").Scan(&placed, &distinct, &reprints)
	db.QueryRow("SELECT count(*) FROM reservations").Scan(&held)
	db.QueryRow("SELECT count(*) FROM books").Scan(&books)
	if placed != distinct || reprints != 0 || held != 0 {
		t.Fatalf("ledger: %d placements of %d puzzles (%d reprints), %d reservations left", placed, distinct, reprints, held)
	}
	// The books and daily records, up to isomorphism.
	seen := map[string]string{}
	see := func(line, where string) {
		g, err := engine.Parse(line)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		c, _ := engine.Canonical(g)
		key := store.PuzzleID(c.String())
		if prev, ok := seen[key]; ok {
			t.Fatalf("the same puzzle (up to isomorphism) in %s and %s", prev, where)
		}
		seen[key] = where
	}
	printed := 0
	for _, path := range manifests {
		m := readManifest(t, path)
		var inLedger int
		db.QueryRow("SELECT count(*) FROM placements l JOIN books b ON b.id = l.book_id WHERE b.output_checksum = $1", m.PDFSHA256).Scan(&inLedger)
		if inLedger != len(m.Puzzles) || len(m.Puzzles) != 12 {
			t.Fatalf("%s: %d puzzles, %d in the ledger", path, len(m.Puzzles), inLedger)
		}
		for _, p := range m.Puzzles {
			see(p.Puzzle, filepath.Base(path))
			printed++
		}
	}
	records, _ := filepath.Glob(filepath.Join(dir, "out", "*", "*.json"))
	days := 0
	for _, rec := range records {
		var r dayRecord
		data, _ := os.ReadFile(rec)
		if json.Unmarshal(data, &r) != nil || r.Date == "" {
			continue
		}
		days++
		for _, p := range r.Puzzles {
			see(p.Puzzle, r.Outlet+" "+r.Date)
			printed++
		}
	}
	if books != 4*rounds || days != 6*rounds || printed != placed {
		t.Fatalf("%d books in the ledger, %d daily records, %d puzzles printed; the ledger has %d placements", books, days, printed, placed)
	}
}
