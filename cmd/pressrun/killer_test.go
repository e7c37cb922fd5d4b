package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
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
// re-runs to the same bytes, on the same archive and on an empty one.
func TestDailyKiller(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "configs", "daily-killer.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	spec := filepath.Join(dir, "daily-killer.yaml")
	if err := os.WriteFile(spec, data, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func() map[string]string {
		t.Helper()
		r := pressrun(t, "", "daily", "--quiet", spec, "--from", "2026-12-05", "--days", "2")
		if r.code != 0 {
			t.Fatalf("daily: exit %d\n%s", r.code, r.stderr)
		}
		files := map[string]string{}
		filepath.WalkDir(filepath.Join(dir, "daily-killer"), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(path)
				files[strings.TrimPrefix(path, dir)] = string(b)
			}
			return err
		})
		return files
	}
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
	same := func(what string, again map[string]string) {
		if len(again) != len(first) {
			t.Fatalf("%s: %d files, then %d", what, len(first), len(again))
		}
		for name, b := range first {
			if again[name] != b {
				t.Errorf("%s: %s differs", what, name)
			}
		}
	}
	same("run again", run())
	os.Remove(filepath.Join(dir, "pressrun.db"))
	os.RemoveAll(filepath.Join(dir, "daily-killer"))
	same("on an empty archive", run())
}
