package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// exportColumns is an archive's tsv export without the columns an import
// sets anew (created, source, label), sorted by id: the puzzles, their
// solutions, ratings and variants.
func exportColumns(t *testing.T, db string, filters ...string) []string {
	t.Helper()
	r := pressrun(t, "", append([]string{"archive", "export", "--archive", db}, filters...)...)
	if r.code != 0 {
		t.Fatalf("export %s: exit %d\n%s", db, r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	head := strings.Split(lines[0], "\t")
	var out []string
	for _, l := range lines[1:] {
		var keep []string
		for i, v := range strings.Split(l, "\t") {
			if !slices.Contains([]string{"created", "source", "label"}, head[i]) {
				keep = append(keep, head[i]+"="+v)
			}
		}
		out = append(out, strings.Join(keep, " "))
	}
	slices.Sort(out)
	return out
}

// ipuzArchive is an archive of classic puzzles and one each of X,
// jigsaw, 16x16 and killer, made by generate and import.
func ipuzArchive(t *testing.T, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "a.db")
	var lines []string
	for _, g := range samplePuzzles(t, 4) {
		lines = append(lines, g.String())
	}
	writeLines(t, filepath.Join(dir, "classic.txt"), lines...)
	if r := pressrun(t, "", "archive", "import", "--archive", db, filepath.Join(dir, "classic.txt")); r.code != 0 {
		t.Fatalf("import: exit %d\n%s", r.code, r.stderr)
	}
	for _, kind := range []string{"x", "jigsaw", "16x16", "killer"} {
		r := pressrun(t, "", "generate", "--variant", kind, "-n", "1", "--seed", "3")
		if r.code != 0 {
			t.Fatalf("generate %s: exit %d\n%s", kind, r.code, r.stderr)
		}
		f := filepath.Join(dir, kind+".txt")
		writeLines(t, f, strings.TrimSpace(r.stdout))
		if r := pressrun(t, "", "archive", "import", "--archive", db, "--variant", kind, f); r.code != 0 {
			t.Fatalf("import %s: exit %d\n%s", kind, r.code, r.stderr)
		}
	}
	return db
}

// The round trip: an archive's puzzles exported to ipuz, one file each or
// one array, and imported into a new archive are the same puzzles, with
// the same solutions, ratings and variants.
func TestArchiveIpuzRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db := ipuzArchive(t, dir)
	want := exportColumns(t, db)
	if len(want) != 8 {
		t.Fatalf("the archive has %d puzzles, want 8", len(want))
	}

	out := filepath.Join(dir, "ipuz")
	r := pressrun(t, "", "archive", "export", "--archive", db, "--format", "ipuz", "--output", out, "--copyright", "2026 The Desk")
	if r.code != 0 || !strings.Contains(r.stderr, "8 ipuz files written in "+out) {
		t.Fatalf("export: exit %d\n%s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.ipuz"))
	if len(files) != 8 {
		t.Fatalf("%d files in %s, want 8", len(files), out)
	}
	data, err := os.ReadFile(files[0])
	if err != nil || !bytes.Contains(data, []byte(`"copyright": "2026 The Desk"`)) || !bytes.Contains(data, []byte(`"kind": ["http://ipuz.org/sudoku#1"]`)) {
		t.Errorf("%s: %v\n%s", files[0], err, data)
	}
	again := filepath.Join(dir, "again.db")
	r = pressrun(t, "", append([]string{"archive", "import", "--archive", again}, files...)...)
	if r.code != 0 || !strings.Contains(r.stderr, "8 added, 0 duplicates") {
		t.Fatalf("import of the files: exit %d\n%s", r.code, r.stderr)
	}
	if got := exportColumns(t, again); !slices.Equal(got, want) {
		t.Errorf("after the files' round trip:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// One JSON array, on standard output and into a .json file.
	r = pressrun(t, "", "archive", "export", "--archive", db, "--format", "ipuz")
	var array []map[string]any
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &array) != nil || len(array) != 8 {
		t.Fatalf("export to stdout: exit %d, %d objects\n%s", r.code, len(array), r.stderr)
	}
	fourth := filepath.Join(dir, "fourth.db")
	if r := pressrun(t, r.stdout, "archive", "import", "--archive", fourth); r.code != 0 || !strings.Contains(r.stderr, "8 added, 0 duplicates") {
		t.Fatalf("import of the array from standard input: exit %d\n%s", r.code, r.stderr)
	}
	if got := exportColumns(t, fourth); !slices.Equal(got, want) {
		t.Errorf("after the round trip through standard input:\n%s", strings.Join(got, "\n"))
	}
	arrayFile := filepath.Join(dir, "all.json")
	if r := pressrun(t, "", "archive", "export", "--archive", db, "--format", "ipuz", "--output", arrayFile); r.code != 0 {
		t.Fatalf("export to %s: exit %d\n%s", arrayFile, r.code, r.stderr)
	}
	third := filepath.Join(dir, "third.db")
	r = pressrun(t, "", "archive", "import", "--archive", third, arrayFile)
	if r.code != 0 || !strings.Contains(r.stderr, "8 added, 0 duplicates") {
		t.Fatalf("import of the array: exit %d\n%s", r.code, r.stderr)
	}
	if got := exportColumns(t, third); !slices.Equal(got, want) {
		t.Errorf("after the array's round trip:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// --output is for ipuz only.
	if r := pressrun(t, "", "archive", "export", "--archive", db, "--output", out); r.code != 2 || !strings.Contains(r.stderr, "--output: only with --format ipuz") {
		t.Errorf("--output without ipuz: exit %d\n%s", r.code, r.stderr)
	}
}

// Bad ipuz is refused as FILE: field: problem with exit status 2, and
// nothing of the run is imported: the good file beside it neither.
func TestArchiveImportIpuzBad(t *testing.T) {
	dir := t.TempDir()
	db := ipuzArchive(t, dir)
	before := exportColumns(t, db)
	good := filepath.Join(dir, "good")
	if r := pressrun(t, "", "archive", "export", "--archive", db, "--format", "ipuz", "--output", good, "--variant", "classic", "--limit", "1"); r.code != 0 {
		t.Fatalf("export: exit %d\n%s", r.code, r.stderr)
	}
	goodFiles, _ := filepath.Glob(filepath.Join(good, "*.ipuz"))
	goodData, err := os.ReadFile(goodFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(map[string]any)) []byte {
		var obj map[string]any
		if err := json.Unmarshal(goodData, &obj); err != nil {
			t.Fatal(err)
		}
		f(obj)
		out, _ := json.Marshal(obj)
		return out
	}
	row := func(o map[string]any, key string, r int) []any { return o[key].([]any)[r].([]any) }
	tests := []struct {
		name, want string
		data       []byte
	}{
		{"not-json", "file: not JSON", []byte("{\"version\": \"http://ipuz.org/v2\",\n")},
		{"wrong-kind", `kind: ["http://ipuz.org/crossword#1"] is not the Sudoku kind (want "http://ipuz.org/sudoku#1")`,
			edit(func(o map[string]any) { o["kind"] = []string{"http://ipuz.org/crossword#1"} })},
		{"wrong-size", "puzzle: 8 rows, not the 9 of dimensions", edit(func(o map[string]any) { o["puzzle"] = o["puzzle"].([]any)[1:] })},
		{"not-solved", "solution: ", edit(func(o map[string]any) {
			s0, s1 := row(o, "solution", 0), row(o, "solution", 1)
			s0[0], s1[0] = s1[0], s0[0]
		})},
		{"many-solutions", "puzzle: more than one solution: a Sudoku has exactly one", edit(func(o map[string]any) {
			for r := range 9 {
				p := row(o, "puzzle", r)
				p[0], p[1], p[2] = 0, 0, 0
			}
			delete(o, "solution")
		})},
		{"huge", "dimensions: 10000x10000: pressrun's grids are 4x4 to 16x16", edit(func(o map[string]any) {
			o["dimensions"] = map[string]int{"width": 10000, "height": 10000}
		})},
		{"too-large", "file: ", append(slices.Clone(goodData), bytes.Repeat([]byte("\n"), 1<<20)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := filepath.Join(dir, tt.name+".ipuz")
			if err := os.WriteFile(bad, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			// A new good puzzle first: it must not be stored either.
			fresh := filepath.Join(dir, "fresh-"+tt.name+".ipuz")
			if err := os.WriteFile(fresh, edit(func(o map[string]any) {
				p, s := row(o, "puzzle", 0), row(o, "solution", 0)
				for c := range p { // more givens: a new puzzle, still one solution
					p[c] = s[c]
				}
			}), 0o644); err != nil {
				t.Fatal(err)
			}
			r := pressrun(t, "", "archive", "import", "--archive", db, fresh, bad)
			if r.code != 2 || !strings.Contains(r.stderr, bad+": "+tt.want) {
				t.Errorf("exit %d, want 2 and %s: %s...\n%s", r.code, bad, tt.want, r.stderr)
			}
			if !strings.Contains(r.stderr, "0 added") {
				t.Errorf("something was added:\n%s", r.stderr)
			}
			if after := exportColumns(t, db); !slices.Equal(after, before) {
				t.Errorf("the archive changed: %d puzzles, was %d", len(after), len(before))
			}
			// With --keep-going the good file is imported, the bad one
			// still reported, and the exit status still 2.
			kept := filepath.Join(dir, tt.name+"-kept.db")
			r = pressrun(t, "", "archive", "import", "--archive", kept, "--keep-going", fresh, bad)
			if r.code != 2 || !strings.Contains(r.stderr, bad+": "+tt.want) || !strings.Contains(r.stderr, "1 added") {
				t.Errorf("--keep-going: exit %d\n%s", r.code, r.stderr)
			}
		})
	}
	// A good classic file imported as another variant: the file says
	// what it is, and the two disagree.
	r := pressrun(t, "", "archive", "import", "--archive", db, "--variant", "x", goodFiles[0])
	if want := goodFiles[0] + ": kind: a classic puzzle, not the x the import was asked for"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("--variant x: exit %d, want 2 and %s\n%s", r.code, want, r.stderr)
	}
	if after := exportColumns(t, db); !slices.Equal(after, before) {
		t.Errorf("--variant x: the archive changed")
	}
}

// ipuz files of other tools (testdata/ipuz, SOURCES.md) import, or are
// refused with the reason.
func TestArchiveImportIpuzOthers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	tests := []struct{ file, want string }{
		{"svisser-ipuz-sudoku-skeleton.ipuz", "svisser-ipuz-sudoku-skeleton.ipuz: puzzle: 0 rows: pressrun's grids are 4x4 to 16x16"},
	}
	for _, tt := range tests {
		r := pressrun(t, "", "archive", "import", "--archive", db, filepath.Join("testdata", "ipuz", tt.file))
		if tt.want == "" && r.code != 0 || tt.want != "" && (r.code != 2 || !strings.Contains(r.stderr, tt.want)) {
			t.Errorf("%s: exit %d, want %q\n%s", tt.file, r.code, tt.want, r.stderr)
		}
	}
}

// daily with ipuz among files.formats: each day's puzzle file is an ipuz
// object of the day's puzzle and solution, dated the day, whose uniqueid
// starts the day's archive id, and which archive import reads back as
// that puzzle.
func TestDailyIpuz(t *testing.T) {
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "")
	data, _ := os.ReadFile(spec)
	os.WriteFile(spec, []byte(strings.Replace(string(data), "[pdf, svg, png]", "[pdf, ipuz]", 1)), 0o644)
	dailyOK(t, "--quiet", spec, "--from", "2026-12-31", "--days", "2", "--outlet", "the-morning-star")
	var files []string
	for _, rec := range readFeed(t, filepath.Join(dir, "out", "feed-the-morning-star-2026-12-31-to-2027-01-01.json")) {
		var puzzleFile string
		for _, f := range rec.Files.Puzzle {
			if strings.HasSuffix(f, ".ipuz") {
				puzzleFile = filepath.Join(dir, "out", f)
			}
		}
		data, err := os.ReadFile(puzzleFile)
		if err != nil {
			t.Fatalf("%s: %v", rec.Date, err)
		}
		var obj struct {
			Kind     []string `json:"kind"`
			Date     string   `json:"date"`
			UniqueID string   `json:"uniqueid"`
			Puzzle   [][]int  `json:"puzzle"`
			Solution [][]int  `json:"solution"`
		}
		if err := json.Unmarshal(data, &obj); err != nil {
			t.Fatalf("%s: %v", puzzleFile, err)
		}
		p := rec.Puzzles[0]
		var givens, solution strings.Builder
		for r := range obj.Puzzle {
			for c := range obj.Puzzle[r] {
				givens.WriteByte(".123456789"[obj.Puzzle[r][c]])
				solution.WriteByte("0123456789"[obj.Solution[r][c]])
			}
		}
		d, _ := time.Parse(time.DateOnly, rec.Date)
		if obj.Kind[0] != "http://ipuz.org/sudoku#1" || obj.Date != d.Format("01/02/2006") || !strings.HasPrefix(p.ArchiveID, obj.UniqueID) ||
			givens.String() != p.Puzzle || solution.String() != p.Solution {
			t.Errorf("%s: %+v\nrecord: %+v", puzzleFile, obj, p)
		}
		files = append(files, puzzleFile)
	}
	if len(files) != 2 {
		t.Fatalf("%d days' ipuz files, want 2", len(files))
	}
	r := pressrun(t, "", append([]string{"archive", "import", "--archive", filepath.Join(dir, "back.db")}, files...)...)
	if r.code != 0 || !strings.Contains(r.stderr, "2 added") {
		t.Errorf("import of daily's ipuz: exit %d\n%s", r.code, r.stderr)
	}
}

// The round trip of a built book: its puzzles, exported to ipuz with
// --book and imported into a new archive, are the same puzzles with the
// same solutions and ratings.
func TestArchiveIpuzBookRoundTrip(t *testing.T) {
	dir := t.TempDir()
	buildOK(t, writeSpec(t, dir, "book.yaml", 4, []string{"easy", "hard"}, ""))
	db := filepath.Join(dir, "pressrun.db")
	want := exportColumns(t, db, "--book", "1")
	if len(want) != 8 {
		t.Fatalf("the book has %d puzzles, want 8", len(want))
	}
	out := filepath.Join(dir, "book-ipuz")
	if r := pressrun(t, "", "archive", "export", "--archive", db, "--book", "1", "--format", "ipuz", "--output", out, "--title", "Test Book"); r.code != 0 {
		t.Fatalf("export: exit %d\n%s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.ipuz"))
	again := filepath.Join(dir, "again.db")
	if r := pressrun(t, "", append([]string{"archive", "import", "--archive", again}, files...)...); r.code != 0 || !strings.Contains(r.stderr, "8 added") {
		t.Fatalf("import: exit %d\n%s", r.code, r.stderr)
	}
	if got := exportColumns(t, again); !slices.Equal(got, want) {
		t.Errorf("after the round trip:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
