package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// TestKillerImportIsomorphs is issue 23's dedup acceptance, through
// `archive import --variant killer`: generated killers go in; their
// copies turned a quarter, a half and three quarters, reflected both ways
// and transposed (cages moved with the grid, sums kept) are refused as
// duplicates; a copy read back in its JSON form is the same puzzle.
func TestKillerImportIsomorphs(t *testing.T) {
	for _, kind := range variant.KillerKinds {
		v, _ := variant.ForKind(kind)
		n := v.Size
		db := filepath.Join(t.TempDir(), "a.db")
		gen := pressrun(t, "", "generate", "--variant", kind, "-n", "4", "--seed", "7")
		if gen.code != 0 {
			t.Fatalf("generate %s: %s", kind, gen.stderr)
		}
		if r := pressrun(t, gen.stdout, "archive", "import", "--archive", db, "--variant", kind); r.code != 0 || !strings.Contains(r.stderr, "4 added") {
			t.Fatalf("import %s: exit %d: %s", kind, r.code, r.stderr)
		}
		reverse := func(u []uint8) {
			slices.Reverse(u)
		}
		var moves []variant.Transform
		for _, m := range []string{"rot90", "rot180", "rot270", "flip", "mirror", "transpose"} {
			u := variant.Identity(n)
			switch m {
			case "rot90":
				u.Transpose = true
				reverse(u.Cols)
			case "rot180":
				reverse(u.Rows)
				reverse(u.Cols)
			case "rot270":
				u.Transpose = true
				reverse(u.Rows)
			case "flip":
				reverse(u.Rows)
			case "mirror":
				reverse(u.Cols)
			case "transpose":
				u.Transpose = true
			}
			if n == 6 && u.Transpose {
				continue // 2x3 boxes turn into 3x2 shapes: no 6x6 killer's move
			}
			moves = append(moves, u)
		}
		var moved strings.Builder
		copies := 0
		for _, line := range strings.Split(strings.TrimSpace(gen.stdout), "\n") {
			p := readVariantLine(t, v, line)
			for _, u := range moves {
				mv, err := u.ApplyVariant(p.Variant)
				if err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				if copies%2 == 0 {
					fmt.Fprintln(&moved, mv.KillerJSON(u.Apply(p.Grid)))
				} else {
					fmt.Fprintln(&moved, lineOf(mv, u.Apply(p.Grid)))
				}
				copies++
			}
		}
		r := pressrun(t, moved.String(), "archive", "import", "--archive", db, "--variant", kind)
		if want := fmt.Sprintf("0 added, %d duplicates", copies); r.code != 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("%s: the turned and reflected copies: exit %d: %s (want %s)", kind, r.code, r.stderr, want)
		}
	}
}

// TestDailyKiller is issue 23's daily acceptance: configs/
// daily-killer.yaml, a killer on Sundays, writes files whose record
// carries the killer's cages (their sums adding up to the grid's), and
// re-runs to the same bytes, on the same archive and on an empty one
// (a developer's run: Saturday alone on the empty one).
func TestDailyKiller(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	run, same, reset := dailyRun(t, "daily-killer", "--from", "2026-12-05", "--days", "2")
	first := run()
	var rec struct {
		Puzzles []struct {
			Puzzle, Solution, Variant string
			Cages                     []variant.Cage
		}
	}
	text := first["/daily-killer/the-sunday-ledger/2026-12-06-record.json"]
	if err := json.Unmarshal([]byte(text), &rec); err != nil || len(rec.Puzzles) != 1 {
		t.Fatalf("Sunday's record: %v\n%.400s", err, text)
	}
	p := rec.Puzzles[0]
	v, err := variant.FromKey(p.Variant)
	if err != nil || !v.IsKiller() || len(p.Cages) != len(v.Cages) {
		t.Fatalf("Sunday's record: variant %.40s (%v), %d cages", p.Variant, err, len(p.Cages))
	}
	sol, err := v.Parse(p.Solution)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range p.Cages {
		sum := 0
		for _, cell := range c.Cells {
			sum += int(sol[cell])
		}
		if sum != c.Sum || !slices.Equal(c.Cells, v.Cages[i].Cells) {
			t.Errorf("cage %d of the record: sum %d, cells %v; the solution adds %d", i+1, c.Sum, c.Cells, sum)
		}
	}
	if sat := first["/daily-killer/the-sunday-ledger/2026-12-05-record.json"]; sat == "" || strings.Contains(sat, `"cages"`) {
		t.Errorf("Saturday's classic record: %.300s", sat)
	}
	same("run again", first, run())
	reset()
	if skips.Acceptance() {
		same("on an empty archive", first, run())
		return
	}
	// A developer's run makes Saturday's classic again, not Sunday's
	// killer (its fence sample of 48 is most of the work).
	sameBefore(t, "/daily-killer/the-sunday-ledger/", "2026-12-06", 7, first, run("--days", "1"))
}

// TestKillerRoundTrip: killers in their JSON form and their line form go
// through generate | solve | rate | canon | explain | layout and archive
// import | export | import unchanged: the same solutions, levels and
// canonical forms from either form, and an export imported again adds
// nothing.
func TestKillerRoundTrip(t *testing.T) {
	args := []string{"generate", "--variant", "killer", "--level", "easy", "-n", "3", "--seed", "2"}
	js := pressrun(t, "", append(args, "--format", "json")...)
	lines := pressrun(t, "", args...)
	if js.code != 0 || lines.code != 0 {
		t.Fatalf("generate: %s%s", js.stderr, lines.stderr)
	}
	type made struct {
		Cages    []variant.Cage
		Givens   string
		Solution string
		Level    string
	}
	var gen []made
	for _, l := range strings.Split(strings.TrimSpace(js.stdout), "\n") {
		var m made
		if err := json.Unmarshal([]byte(l), &m); err != nil || len(m.Cages) == 0 || len(m.Solution) != 81 {
			t.Fatalf("generate --format json: %v: %.200s", err, l)
		}
		gen = append(gen, m)
	}
	column := func(out, name string) []string {
		rows := strings.Split(strings.TrimSpace(out), "\n")
		at := slices.Index(strings.Split(rows[0], "\t"), name)
		var vals []string
		for _, r := range rows[1:] {
			vals = append(vals, strings.Split(r, "\t")[at])
		}
		return vals
	}
	for _, in := range []string{js.stdout, lines.stdout} {
		solved := pressrun(t, in, "solve", "--variant", "killer")
		rated := pressrun(t, in, "rate", "--variant", "killer")
		if solved.code != 0 || rated.code != 0 {
			t.Fatalf("solve, rate: %s%s", solved.stderr, rated.stderr)
		}
		for i, m := range gen {
			if got := column(solved.stdout, "solution")[i]; got != m.Solution {
				t.Errorf("puzzle %d solves to %s, generate said %s", i, got, m.Solution)
			}
			if got := column(rated.stdout, "level")[i]; got != m.Level || got != "easy" {
				t.Errorf("puzzle %d rates %s, generate said %s", i, got, m.Level)
			}
		}
	}
	a := pressrun(t, js.stdout, "canon", "--variant", "killer")
	b := pressrun(t, lines.stdout, "canon", "--variant", "killer")
	if a.code != 0 || a.stdout != b.stdout {
		t.Errorf("canon of the JSON and line forms differ:\n%s\n%s%s", a.stdout, b.stdout, a.stderr)
	}
	if r := pressrun(t, js.stdout, "explain", "--variant", "killer"); r.code != 0 || !strings.Contains(r.stdout, "a=") {
		t.Errorf("explain: exit %d: %.300s%s", r.code, r.stdout, r.stderr)
	}
	dir := t.TempDir()
	if r := pressrun(t, js.stdout, "layout", "--variant", "killer", "-o", filepath.Join(dir, "k.pdf")); r.code != 0 {
		t.Errorf("layout: exit %d: %s", r.code, r.stderr)
	}
	db := filepath.Join(dir, "a.db")
	if r := pressrun(t, js.stdout, "archive", "import", "--archive", db, "--variant", "killer"); r.code != 0 || !strings.Contains(r.stderr, "3 added") {
		t.Fatalf("import: exit %d: %s", r.code, r.stderr)
	}
	for _, format := range []string{"json", "tsv", "line"} {
		out := pressrun(t, "", "archive", "export", "--archive", db, "--format", format)
		r := pressrun(t, out.stdout, "archive", "import", "--archive", db, "--variant", "killer")
		if out.code != 0 || r.code != 0 || !strings.Contains(r.stderr, "0 added, 3 duplicates (3 exact") {
			t.Errorf("export --format %s, import: exit %d, %d: %s%s", format, out.code, r.code, out.stderr, r.stderr)
		}
	}
}

// TestBuildKillerBook is issue 23's book acceptance: configs/
// killer-book.yaml (100 killers, 6x9, two a page, easy to evil, hints,
// the combinations page) builds from an empty archive within a minute,
// passes the preflight, and reads back as checkBook holds every book of
// variants to (every cage's sum in its first cell); its how-to-play and
// combinations pages say what killer books say. A developer's run (CI
// unset) builds it with 4 puzzles a section.
func TestBuildKillerBook(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "configs", "killer-book.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	want := 100
	if !skips.Acceptance() {
		// A developer's run builds the spec with 4 puzzles a section,
		// not 20: every part of the book, a fifth of the puzzles.
		data, want = bytes.ReplaceAll(data, []byte("count: 20"), []byte("count: 4")), 20
	}
	if err := os.WriteFile(filepath.Join(dir, "killer-book.yaml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := pressrun(t, "", "build", "--quiet", filepath.Join(dir, "killer-book.yaml"))
	if r.code != 0 {
		t.Fatalf("build: exit %d\n%s", r.code, r.stderr)
	}
	took := time.Since(start)
	t.Logf("%d killers built in %v (CI: 100)", want, took.Round(time.Millisecond))
	if m := readManifest(t, filepath.Join(dir, "killer-book.json")); len(m.Puzzles) != want || m.Trim != "6x9" {
		t.Fatalf("%d puzzles on %s, want %d", len(m.Puzzles), m.Trim, want)
	}
	checkBook(t, dir, "killer-book", "killer")
	pdfcheck.NeedTools(t, "pdftotext")
	text := string(pdfcheck.Command(t, "pdftotext", "-l", "8", filepath.Join(dir, "killer-book.pdf"), "-"))
	for _, want := range []string{"Cage combinations", "17 = 8+9", "35 = 5+6+7+8+9", "rule of 45"} {
		if !strings.Contains(text, want) {
			t.Errorf("the front pages have no %q", want)
		}
	}
}
