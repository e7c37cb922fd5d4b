package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/store/pgtest"
)

// The shared archive: every command on PostgreSQL does what it does on
// SQLite, to the byte.

// TestSharedArchiveEndToEnd builds a book, runs a week of daily puzzles,
// imports puzzles and asks the archive, once on a SQLite file and once on
// a PostgreSQL database: the books, the daily files and every answer are
// the same bytes.
func TestSharedArchiveEndToEnd(t *testing.T) {
	pg := pgtest.URL(t)
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
		imp := pressrun(t, "", "archive", "import", "--archive", archive, "../../engine/testdata/top1465-sample.txt")
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
