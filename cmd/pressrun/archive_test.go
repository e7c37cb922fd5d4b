package main

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

// samplePuzzles reads n puzzles of the engine's 17-clue sample.
func samplePuzzles(t *testing.T, n int) []engine.Grid {
	t.Helper()
	f, err := os.Open("../../engine/testdata/royle17-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := engine.NewReader(f)
	var out []engine.Grid
	for len(out) < n {
		g, _, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

func writeLines(t *testing.T, path string, lines ...string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Importing: everything added once; again, all exact duplicates; a randomly
// transformed copy, all isomorphic duplicates; bad and multi-solution lines
// are reported by line and not stored.
func TestArchiveImport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	ps := samplePuzzles(t, 60)
	var lines, moved []string
	rng := rand.New(rand.NewPCG(9, 9))
	for _, p := range ps {
		lines = append(lines, p.String())
		moved = append(moved, engine.RandomTransform(rng).Apply(p).String())
	}
	writeLines(t, filepath.Join(dir, "p.txt"), lines...)
	writeLines(t, filepath.Join(dir, "moved.txt"), moved...)

	r := pressrun(t, "", "archive", "import", "--archive", db, filepath.Join(dir, "p.txt"))
	if r.code != 0 || !strings.Contains(r.stderr, "60 added, 0 duplicates (0 exact, 0 isomorphic), 0 rejected") {
		t.Fatalf("first import: exit %d\n%s", r.code, r.stderr)
	}
	r = pressrun(t, "", "archive", "import", "--archive", db, filepath.Join(dir, "p.txt"))
	if r.code != 0 || !strings.Contains(r.stderr, "0 added, 60 duplicates (60 exact, 0 isomorphic)") {
		t.Fatalf("second import: exit %d\n%s", r.code, r.stderr)
	}
	r = pressrun(t, "", "archive", "import", "--archive", db, "--workers", "3", filepath.Join(dir, "moved.txt"))
	if r.code != 0 || !strings.Contains(r.stderr, "0 added, 60 duplicates (0 exact, 60 isomorphic)") {
		t.Fatalf("transformed import: exit %d\n%s", r.code, r.stderr)
	}

	// A bad line, a puzzle with many solutions, one with none, and a new one.
	fresh := samplePuzzles(t, 61)[60].String()
	bad := filepath.Join(dir, "bad.txt")
	writeLines(t, bad,
		"1234.........................5",
		"................................................................................1",
		"12345678.........9...............................................................",
		fresh)
	r = pressrun(t, "", "archive", "import", "--archive", db, bad)
	if r.code != 2 || !strings.Contains(r.stderr, "bad.txt:1: want 81 cells") || strings.Contains(r.stderr, "bad.txt:2") {
		t.Fatalf("without --keep-going: exit %d\n%s", r.code, r.stderr)
	}
	r = pressrun(t, "", "archive", "import", "--archive", db, "--keep-going", bad)
	for _, want := range []string{"bad.txt:1: want 81 cells", "bad.txt:2: puzzle has 2 or more solutions",
		"bad.txt:3: puzzle has no solution", "1 added, 0 duplicates (0 exact, 0 isomorphic), 2 rejected"} {
		if !strings.Contains(r.stderr, want) {
			t.Fatalf("--keep-going: missing %q\n%s", want, r.stderr)
		}
	}
	if r.code != 2 {
		t.Fatalf("--keep-going with rejected lines: exit %d, want 2", r.code)
	}

	r = pressrun(t, "", "archive", "export", "--archive", db, "--format", "line")
	if got := strings.Count(r.stdout, "\n"); got != 61 {
		t.Fatalf("export: %d lines, want 61\n%s", got, r.stderr)
	}
}

// An archive that fails under an import stops it with its message (exit
// 1): it is not reported as a rejected puzzle.
func TestArchiveImportArchiveFailure(t *testing.T) {
	db := sampleArchive(t, 2)
	// Break the archive: it still opens, but has no table of puzzles.
	raw, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("DROP TABLE puzzles"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	in := filepath.Join(filepath.Dir(db), "more.txt")
	writeLines(t, in, samplePuzzles(t, 3)[2].String())
	r := pressrun(t, "", "archive", "import", "--archive", db, in)
	if r.code != 1 || !strings.Contains(r.stderr, "no such table: puzzles") || strings.Contains(r.stderr, "more.txt:1") ||
		!strings.Contains(r.stderr, "0 rejected") {
		t.Fatalf("import into a broken archive: exit %d, want 1 and the archive's message\n%s", r.code, r.stderr)
	}
}

func TestArchiveQueryShowStats(t *testing.T) {
	db := sampleArchive(t, 40, "--source", "royle")
	dir := filepath.Dir(db)
	r := pressrun(t, "", "archive", "query", "--archive", db, "--format", "tsv", "--limit", "0", "--order", "er", "--desc")
	rows := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(rows) != 41 || !strings.HasPrefix(rows[0], "id\tpuzzle\tsolution\tlevel\ter") {
		t.Fatalf("query: exit %d, %d rows\n%s%s", r.code, len(rows), r.stdout, r.stderr)
	}
	// Every rating column of rate, backtracks included, in rate's order; the variant last.
	if want := "id puzzle solution level er ep ed score wnef callcount gc rreduction inferences guesses backtracks clues symmetry source label created variant"; strings.ReplaceAll(rows[0], "\t", " ") != want {
		t.Errorf("query header %q, want %q", rows[0], want)
	}
	level := strings.Split(rows[1], "\t")[3]
	r = pressrun(t, "", "archive", "query", "--archive", db, "--format", "json", "--level", level)
	if r.code != 0 || strings.Count(r.stdout, `"level":"`+level+`"`) != strings.Count(r.stdout, "\n") || r.stdout == "" {
		t.Fatalf("query --level %s:\n%s%s", level, r.stdout, r.stderr)
	}
	if r := pressrun(t, "", "archive", "query", "--archive", db, "--level", "hadr"); r.code != 0 || !strings.Contains(r.stderr, `no archived puzzle has level "hadr"; the archive's levels: `) {
		t.Fatalf("query --level hadr: exit %d %q", r.code, r.stderr)
	}
	id := strings.Split(rows[1], "\t")[0]
	r = pressrun(t, "", "archive", "show", "--archive", db, id[:6])
	for _, want := range []string{"id         " + id, "source     import:royle", "published  never", "er/ep/ed"} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("show: missing %q\n%s%s", want, r.stdout, r.stderr)
		}
	}
	for _, bad := range []string{"ffffffffffff", "zzzz", "5", "0123456789abcdef0"} {
		if r := pressrun(t, "", "archive", "show", "--archive", db, bad); r.code != 2 {
			t.Fatalf("show %s: exit %d %s", bad, r.code, r.stderr)
		}
	}
	r = pressrun(t, "", "archive", "stats", "--archive", db)
	if r.code != 0 || !strings.Contains(r.stdout, "level\t"+level) {
		t.Fatalf("stats:\n%s%s", r.stdout, r.stderr)
	}
	// Bad usage names the flag.
	for _, args := range [][]string{
		{"archive", "query", "--archive", db, "--er", "x"},
		{"archive", "query", "--archive", db, "--order", "givens; drop table puzzles"},
		{"archive", "query", "--archive", db, "--id", "xyz"},
		{"archive", "frob"},
	} {
		if r := pressrun(t, "", args...); r.code != 2 || r.stderr == "" {
			t.Fatalf("%v: exit %d %q", args, r.code, r.stderr)
		}
	}
	// No file: read-only commands refuse and create nothing.
	none := filepath.Join(dir, "none.db")
	for _, sub := range []string{"stats", "query", "export", "rerate"} {
		if r := pressrun(t, "", "archive", sub, "--archive", none); r.code != 2 || !strings.Contains(r.stderr, "no archive at "+none) {
			t.Fatalf("%s on a missing archive: exit %d %q", sub, r.code, r.stderr)
		}
	}
	if _, err := os.Stat(none); err == nil {
		t.Fatal("a read-only command created the archive")
	}
	// Not an archive: refused, untouched.
	notes := filepath.Join(dir, "notes.txt")
	writeLines(t, notes, "my notes")
	if r := pressrun(t, "", "archive", "stats", "--archive", notes); r.code != 2 || !strings.Contains(r.stderr, "not a pressrun archive") {
		t.Fatalf("stats on a text file: exit %d %q", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Fatal("the text file was changed")
	}
}

// TestArchiveRerate: puzzles an older rater rated are rated again, their
// old ratings kept in the history; a second run finds nothing to do.
func TestArchiveRerate(t *testing.T) {
	db := sampleArchive(t, 12)
	// An older rater's ratings on five of them, all "evil".
	a, err := store.Open(db, store.ReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := a.Query(context.Background(), store.Filter{Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	old := map[string]store.Ratings{}
	for _, p := range ps {
		old[p.ID] = store.Ratings{Rater: "pressrun-rate-0", Ratings: rate.Ratings{Level: "evil", ER: 9.9}}
	}
	if err := a.Rerate(context.Background(), old); err != nil {
		t.Fatal(err)
	}
	a.Close()

	r := pressrun(t, "", "archive", "rerate", "--archive", db)
	if r.code != 0 || !strings.Contains(r.stderr, "5 re-rated by "+rate.RaterOn(nil)) {
		t.Fatalf("rerate: exit %d %s", r.code, r.stderr)
	}
	for _, p := range ps {
		show := pressrun(t, "", "archive", "show", "--archive", db, p.ID)
		if !strings.Contains(show.stdout, "(rater "+rate.RaterOn(nil)+")") || strings.Contains(show.stdout, "9.9") {
			t.Fatalf("after rerate:\n%s", show.stdout)
		}
	}
	if r := pressrun(t, "", "archive", "rerate", "--archive", db); r.code != 0 || !strings.Contains(r.stderr, "0 re-rated") {
		t.Fatalf("second rerate: exit %d %s", r.code, r.stderr)
	}
	if r := pressrun(t, "", "archive", "rerate", "--archive", db, "--all", "--clues", "17"); r.code != 0 || !strings.Contains(r.stderr, "12 re-rated") {
		t.Fatalf("rerate --all: exit %d %s", r.code, r.stderr)
	}
}

// sampleArchive imports n puzzles of the 17-clue sample into a new archive
// in a temporary directory, with the extra import flags, and returns its
// path.
func sampleArchive(t *testing.T, n int, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	var lines []string
	for _, p := range samplePuzzles(t, n) {
		lines = append(lines, p.String())
	}
	writeLines(t, filepath.Join(dir, "p.txt"), lines...)
	args := append(append([]string{"archive", "import", "--archive", db}, flags...), filepath.Join(dir, "p.txt"))
	if r := pressrun(t, "", args...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	return db
}

// inDir runs pressrun in dir, so that messages name relative paths.
func inDir(t *testing.T, dir string, args ...string) result {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	return pressrun(t, "", args...)
}

// The archive's messages, each said once, with a hint.
func TestArchiveGolden(t *testing.T) {
	src := sampleArchive(t, 12)
	dir := t.TempDir()
	copyArchive := func(name string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(dir, name)
	}
	copyArchive("a.db")
	// Damaged: the first page (the header and the schema) kept, the
	// others wrecked.
	damaged := copyArchive("damaged.db")
	data, _ := os.ReadFile(damaged)
	for i := 4096; i < len(data); i++ {
		data[i] = 0xff
	}
	os.WriteFile(damaged, data, 0o644)
	os.WriteFile(filepath.Join(dir, "empty.db"), nil, 0o644)
	writeLines(t, filepath.Join(dir, "notes.txt"), "my notes")

	for _, tt := range []struct {
		name string
		args []string
	}{
		{"archive-stats-damaged", []string{"archive", "stats", "--archive", "damaged.db"}},
		{"archive-export-damaged", []string{"archive", "export", "--archive", "damaged.db"}},
		{"archive-stats-empty", []string{"archive", "stats", "--archive", "empty.db"}},
		{"archive-query-empty", []string{"archive", "query", "--archive", "empty.db"}},
		{"archive-stats-missing", []string{"archive", "stats", "--archive", "none.db"}},
		{"archive-stats-not-archive", []string{"archive", "stats", "--archive", "notes.txt"}},
		{"archive-query-bad-limit", []string{"archive", "query", "--archive", "a.db", "--limit", "-1"}},
		{"archive-export-bad-limit", []string{"archive", "export", "--archive", "a.db", "--limit", "-5"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, inDir(t, dir, tt.args...))
		})
	}
}

// --format xml: the hint lists every format the command writes, each with
// what it is, and no empty name. The descriptions are run.go's formatHelp.
func TestArchiveFormatHint(t *testing.T) {
	for _, args := range [][]string{
		{"archive", "query", "--format", "xml"},
		{"archive", "export", "--format", "xml"},
		{"archive", "stats", "--format", "xml"},
	} {
		r := pressrun(t, "", args...)
		_, hint, _ := strings.Cut(r.stderr, "pressrun: hint: formats: ")
		if r.code != 2 || hint == "" || strings.HasPrefix(hint, ",") || strings.Contains(hint, ", ,") {
			t.Errorf("%v: exit %d\n%s", args, r.code, r.stderr)
		}
	}
}

// A zero-byte file is no archive: the commands that read, and rerate,
// refuse it and leave it as it was (no 64 KiB archive made of it, no -wal
// or -shm beside it); import makes an archive of it, but only when it
// stores a puzzle.
func TestArchiveEmptyFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(empty, old, old)
	untouched := func(after string) {
		t.Helper()
		fi, err := os.Stat(empty)
		if err != nil || fi.Size() != 0 || !fi.ModTime().Equal(old) {
			t.Fatalf("after %s the empty file is %v, %v", after, fi, err)
		}
		if left, _ := filepath.Glob(empty + "-*"); len(left) > 0 {
			t.Fatalf("after %s: %v", after, left)
		}
	}
	for _, args := range [][]string{{"stats"}, {"query"}, {"export"}, {"show", "abcd"}, {"rerate"}} {
		r := pressrun(t, "", append([]string{"archive", args[0], "--archive", empty}, args[1:]...)...)
		if r.code != 2 || !strings.Contains(r.stderr, "no archive at "+empty+" (an empty file)") {
			t.Fatalf("%s: exit %d %s", args[0], r.code, r.stderr)
		}
		untouched(args[0])
	}
	bad := filepath.Join(dir, "bad.txt")
	writeLines(t, bad, "not a puzzle")
	pressrun(t, "", "archive", "import", "--archive", empty, "--keep-going", bad)
	untouched("an import that stored nothing")

	good := filepath.Join(dir, "good.txt")
	writeLines(t, good, samplePuzzles(t, 1)[0].String())
	if r := pressrun(t, "", "archive", "import", "--archive", empty, good); r.code != 0 {
		t.Fatalf("import into an empty file: exit %d %s", r.code, r.stderr)
	}
	if r := pressrun(t, "", "archive", "export", "--archive", empty, "--format", "line"); r.code != 0 || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("export: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
}

// An import that stores nothing makes no archive: a missing file, every
// line bad, every puzzle rejected, with and without --keep-going.
func TestArchiveImportStoresNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	bad := filepath.Join(dir, "bad.txt")
	writeLines(t, bad, "1234", strings.Repeat(".", 80)+"1")
	for _, args := range [][]string{
		{filepath.Join(dir, "no-such-file.txt")},
		{"--keep-going", filepath.Join(dir, "no-such-file.txt")},
		{bad},
		{"--keep-going", bad},
	} {
		r := pressrun(t, "", append([]string{"archive", "import", "--archive", db}, args...)...)
		if r.code != 2 {
			t.Fatalf("import %v: exit %d %s", args, r.code, r.stderr)
		}
		if left, _ := filepath.Glob(db + "*"); len(left) > 0 {
			t.Fatalf("import %v left %v\n%s", args, left, r.stderr)
		}
	}
}

// PRESSRUN_ARCHIVE names the default archive: --archive beats it, and it
// beats ./pressrun.db, and for build the spec's archive: too.
func TestArchiveEnv(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "p.txt")
	writeLines(t, in, samplePuzzles(t, 1)[0].String())
	shared := filepath.Join(dir, "desk", "shared.db")
	os.Mkdir(filepath.Dir(shared), 0o755)
	work := filepath.Join(dir, "work")
	os.Mkdir(work, 0o755)

	t.Setenv(archiveEnv, shared)
	if r := inDir(t, work, "archive", "import", in); r.code != 0 {
		t.Fatalf("import: exit %d %s", r.code, r.stderr)
	}
	if _, err := os.Stat(shared); err != nil {
		t.Fatalf("import with %s set: %v", archiveEnv, err)
	}
	if r := inDir(t, work, "archive", "export", "--format", "line"); r.code != 0 || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("export: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	flag := filepath.Join(dir, "flag.db")
	if r := inDir(t, work, "archive", "import", "--archive", flag, in); r.code != 0 {
		t.Fatalf("import --archive: exit %d %s", r.code, r.stderr)
	}
	if _, err := os.Stat(flag); err != nil {
		t.Fatal("--archive did not beat the variable")
	}
	if _, err := os.Stat(filepath.Join(work, "pressrun.db")); err == nil {
		t.Fatal("./pressrun.db was made with the variable set")
	}

	// build: the plan names the archive it would use.
	spec := writeSpec(t, work, "book.yaml", 2, []string{"easy"}, "archive: spec.db")
	plan := func(args ...string) string {
		t.Helper()
		r := pressrun(t, "", append([]string{"build", "--dry-run"}, args...)...)
		for _, line := range strings.Split(r.stdout, "\n") {
			if a, ok := strings.CutPrefix(line, "archive   "); ok {
				return a
			}
		}
		t.Fatalf("build --dry-run %v: exit %d %s%s", args, r.code, r.stdout, r.stderr)
		return ""
	}
	if got := plan(spec); got != shared {
		t.Errorf("build with %s and the spec's archive: uses %s, want %s", archiveEnv, got, shared)
	}
	if got := plan("--archive", flag, spec); got != flag {
		t.Errorf("build --archive uses %s, want %s", got, flag)
	}
	t.Setenv(archiveEnv, "")
	if got := plan(spec); got != filepath.Join(work, "spec.db") {
		t.Errorf("build without %s uses %s, want the spec's", archiveEnv, got)
	}
	if r := inDir(t, work, "archive", "stats"); r.code != 2 || !strings.Contains(r.stderr, "no archive at pressrun.db") {
		t.Errorf("stats without %s: exit %d %s", archiveEnv, r.code, r.stderr)
	}
}

// TestArchiveImportBound: import and rerate say how many puzzles they
// archived with er only a lower bound (their solve spent --budget), and
// say nothing when none did; a negative budget is refused. The puzzle is
// forum-hardest-1106.txt line 14 (Sudoku Explainer 1.2.1.3: 10.2).
func TestArchiveImportBound(t *testing.T) {
	const hard = "........2..8..91..5......4....9.7.....7.3.8.....8.1.3..4..6...5..97..3..2........"
	dir := t.TempDir()
	in := filepath.Join(dir, "hard.txt")
	writeLines(t, in, hard)
	r := pressrun(t, "", "archive", "import", "--archive", filepath.Join(dir, "a.db"), "--budget", "1", in)
	if r.code != 0 || !strings.Contains(r.stderr, "1 puzzle archived with er only a lower bound") {
		t.Errorf("--budget 1: exit %d\n%s", r.code, r.stderr)
	}
	r = pressrun(t, "", "archive", "import", "--archive", filepath.Join(dir, "b.db"), in)
	if r.code != 0 || strings.Contains(r.stderr, "lower bound") {
		t.Errorf("default budget: exit %d\n%s", r.code, r.stderr)
	}
	// rerate says the same, and a full budget rates it in full.
	r = pressrun(t, "", "archive", "rerate", "--archive", filepath.Join(dir, "a.db"), "--all", "--budget", "1")
	if r.code != 0 || !strings.Contains(r.stderr, "1 puzzle re-rated with er only a lower bound") {
		t.Errorf("rerate --budget 1: exit %d\n%s", r.code, r.stderr)
	}
	r = pressrun(t, "", "archive", "rerate", "--archive", filepath.Join(dir, "a.db"), "--all")
	if r.code != 0 || !strings.Contains(r.stderr, "1 re-rated") || strings.Contains(r.stderr, "lower bound") {
		t.Errorf("rerate: exit %d\n%s", r.code, r.stderr)
	}
	if r := pressrun(t, "", "archive", "query", "--archive", filepath.Join(dir, "a.db"), "--format", "tsv"); !strings.Contains(r.stdout, "\t10.2\t") {
		t.Errorf("after a full rerate the archive should hold er 10.2:\n%s%s", r.stdout, r.stderr)
	}
	if r := pressrun(t, "", "archive", "import", "--archive", filepath.Join(dir, "c.db"), "--budget", "-1", in); r.code != 2 || !strings.Contains(r.stderr, "--budget") {
		t.Errorf("--budget -1: exit %d\n%s", r.code, r.stderr)
	}
}
