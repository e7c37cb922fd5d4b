package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// TestShortID: every isomorphic copy of a puzzle has its id, and the id is
// 8 hex digits.
func TestShortID(t *testing.T) {
	g := engine.MustParse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
	id := ShortID(g)
	if len(id) != 8 || strings.Trim(id, "0123456789abcdef") != "" {
		t.Fatalf("ShortID = %q, want 8 hex digits", id)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		if got := ShortID(engine.RandomTransform(rng).Apply(g)); got != id {
			t.Fatalf("an isomorphic copy has id %s, want %s", got, id)
		}
	}
	if other := ShortID(engine.MustParse("12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..")); other == id {
		t.Errorf("two different puzzles share id %s", id)
	}
}

// A Sectioner makes a section for each level with puzzles, easiest first,
// its puzzles in the order added; a puzzle without one solution is
// refused.
func TestSectioner(t *testing.T) {
	ladder := level.Default()
	s := NewSectioner(ladder, true, true)
	for i := len(goodPuzzles) - 1; i >= 0; i-- {
		if dup, err := s.Add(Position{"a.txt", i + 1}, engine.MustParse(goodPuzzles[i])); dup != nil || err != nil {
			t.Fatal(dup, err)
		}
	}
	if _, err := s.Add(Position{"a.txt", 9}, engine.MustParse(manyPuzzle)); !NotUnique(err) {
		t.Fatalf("a puzzle with many solutions: %v", err)
	}
	last, n := -1, 0
	for _, sec := range s.Sections() {
		i := slices.IndexFunc(ladder, func(l level.Level) bool { return DisplayLevel(l.Name) == sec.Name })
		if i <= last || len(sec.Puzzles) == 0 || sec.Description != ladder[i].Description {
			t.Fatalf("section %q (level %d) after level %d, %d puzzles", sec.Name, i, last, len(sec.Puzzles))
		}
		last = i
		for _, p := range sec.Puzzles {
			n++
			if p.Level != sec.Name || p.Stars != i+1 || p.Rating <= 0 || p.ID != ShortID(engine.Grid(p.Givens)) {
				t.Errorf("puzzle %+v in section %s", p, sec.Name)
			}
		}
	}
	if n != len(goodPuzzles) {
		t.Fatalf("%d puzzles in the sections, want %d", n, len(goodPuzzles))
	}
	if DisplayLevel("hard") != "Hard" || DisplayLevel("") != "" {
		t.Error("DisplayLevel")
	}
}

// A Sectioner refuses a puzzle read twice, or an isomorph of one read
// before, naming both positions; allowing duplicates, it files them and
// still names them.
func TestSectionerDuplicates(t *testing.T) {
	g := engine.MustParse(goodPuzzles[0])
	iso := engine.RandomTransform(rand.New(rand.NewPCG(3, 4))).Apply(g)
	if iso == g {
		t.Fatal("the transform left the puzzle as it was")
	}
	for _, allow := range []bool{false, true} {
		s := NewSectioner(level.Default(), false, false)
		s.AllowDuplicates = allow
		a, b, c := Position{"a.txt", 3}, Position{"b.txt", 7}, Position{"b.txt", 9}
		if dup, err := s.Add(a, g); dup != nil || err != nil {
			t.Fatal(dup, err)
		}
		dup, err := s.Add(b, g)
		if err != nil || dup == nil || dup.Error() != "b.txt:7: the same puzzle as a.txt:3" {
			t.Errorf("the same puzzle again: %v, %v", dup, err)
		}
		dup, err = s.Add(c, iso)
		if err != nil || dup == nil || dup.Error() != "b.txt:9: an isomorph (relabelled/rotated copy) of a.txt:3" {
			t.Errorf("an isomorph: %v, %v", dup, err)
		}
		n := 0
		for _, sec := range s.Sections() {
			n += len(sec.Puzzles)
		}
		if want := map[bool]int{false: 1, true: 3}[allow]; n != want {
			t.Errorf("allow %v: %d puzzles filed, want %d", allow, n, want)
		}
	}
}

// testLayoutBook is a small book of the good puzzles, for WriteLayout.
func testLayoutBook(t *testing.T) *templates.Book {
	t.Helper()
	s := NewSectioner(level.Default(), true, true)
	for i, p := range goodPuzzles {
		if _, err := s.Add(Position{"a.txt", i + 1}, engine.MustParse(p)); err != nil {
			t.Fatal(err)
		}
	}
	return &templates.Book{Title: "Test", Date: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Sections: s.Sections()}
}

// WriteLayout writes the book, its manifest and the singles, and names
// each folder once with what it got.
func TestWriteLayout(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	res, err := WriteLayout(context.Background(), testLayoutBook(t), LayoutFiles{PDF: filepath.Join(dir, "book.pdf"),
		SVGDir: web, PNGDir: web + "/", DPI: 50, ColumnMM: 40})
	if err != nil {
		t.Fatal(err)
	}
	n := len(goodPuzzles)
	if len(res.Folders) != 1 || res.Folders[0].Files != 4*n {
		t.Errorf("folders %+v, want web once with %d files", res.Folders, 4*n)
	}
	got := tree(t, dir)
	if len(got) != 3+4*n || !slices.Contains(got, "book.json") || !slices.Contains(got, "web/sudoku-001-solution.png") {
		t.Errorf("wrote %v", got)
	}
}

// A file WriteLayout cannot write leaves nothing: not the PDF, not the
// manifest, no temporary file, no folder it made.
func TestWriteLayoutAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "svg")
	if err := os.WriteFile(blocker, []byte("a file, not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := WriteLayout(context.Background(), testLayoutBook(t), LayoutFiles{PDF: filepath.Join(dir, "out", "book.pdf"),
		SVGDir: blocker, PNGDir: filepath.Join(dir, "png"), DPI: 50, ColumnMM: 40})
	var we *WriteError
	if !errors.As(err, &we) || we.Name != filepath.Join(blocker, "sudoku-001.svg") {
		t.Fatalf("error %v, want a *WriteError for svg/sudoku-001.svg", err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"svg"}) {
		t.Errorf("left %v, want only what was there", got)
	}
}

// A read-only folder for the SVGs leaves nothing either (as a user
// other than root).
func TestWriteLayoutReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	_, err := WriteLayout(context.Background(), testLayoutBook(t), LayoutFiles{PDF: filepath.Join(dir, "ok.pdf"), SVGDir: ro, ColumnMM: 40})
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("error %v, want permission denied", err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"ro"}) {
		t.Errorf("left %v", got)
	}
}

// countdown is a context that is cancelled once Err has been asked n
// times: WriteLayout asks before each single, so it stops mid-way.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// Cancelled while it writes the PNGs, WriteLayout leaves nothing.
func TestWriteLayoutCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx := &countdown{Context: context.Background(), n: 5}
	_, err := WriteLayout(ctx, testLayoutBook(t), LayoutFiles{PDF: filepath.Join(dir, "book.pdf"),
		PNGDir: filepath.Join(dir, "png"), DPI: 50, ColumnMM: 40})
	if !errors.Is(err, context.Canceled) || ctx.n >= 0 {
		t.Fatalf("error %v after %d checks, want context.Canceled mid-way", err, 5-ctx.n)
	}
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("left %v", got)
	}
}

// A variant Sectioner files 6x6 puzzles by the variant rater's level on
// the 6x6 ladder, easiest first, with their solutions, symbols and the
// short id of their archive id; it names a repeat and a relabelled copy
// as classic's does, and refuses a puzzle with many solutions in
// classic's words.
func TestVariantSectioner(t *testing.T) {
	v, err := variant.Sized(6)
	if err != nil {
		t.Fatal(err)
	}
	// From pressrun generate --variant 6x6 -n 6 --seed 1: a medium and two easy.
	lines := []string{"....643...1..3........4.1....6.2.1..", "....3.5..2....6...1......1...425....", "2..4......3...2..3..425.5.........14"}
	s := NewVariantSectioner(v, nil, "1-6", false, true)
	kit := NewVariantKit()
	for i, line := range lines {
		g, err := v.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if dup, err := s.AddVariant(Position{"a.txt", i + 1}, variant.Puzzle{Variant: v, Grid: g}); dup != nil || err != nil {
			t.Fatal(dup, err)
		}
	}
	g, _ := v.Parse(lines[0])
	dup, err := s.AddVariant(Position{"b.txt", 1}, variant.Puzzle{Variant: v, Grid: g})
	if err != nil || dup == nil || dup.Error() != "b.txt:1: the same puzzle as a.txt:1" {
		t.Errorf("the same puzzle again: %v, %v", dup, err)
	}
	swapped := slices.Clone(g) // 1 and 2 exchanged: an isomorph
	for i, x := range swapped {
		if x == 1 || x == 2 {
			swapped[i] = 3 - x
		}
	}
	dup, err = s.AddVariant(Position{"b.txt", 2}, variant.Puzzle{Variant: v, Grid: swapped})
	if err != nil || dup == nil || dup.Error() != "b.txt:2: an isomorph (relabelled/rotated copy) of a.txt:1" {
		t.Errorf("an isomorph: %v, %v", dup, err)
	}
	many, _ := v.Parse("......463.....1..4....5.3....5..5...")
	if _, err := s.AddVariant(Position{"b.txt", 3}, variant.Puzzle{Variant: v, Grid: many}); !errors.Is(err, engine.ErrManySolutions) || !NotUnique(err) {
		t.Errorf("a puzzle with many solutions: %v", err)
	}
	ladder, last, n := level.For(v), -1, 0
	for _, sec := range s.Sections() {
		i := slices.IndexFunc(ladder, func(l level.Level) bool { return DisplayLevel(l.Name) == sec.Name })
		if i <= last {
			t.Fatalf("section %q (level %d) after level %d", sec.Name, i, last)
		}
		last = i
		for _, p := range sec.Puzzles {
			n++
			r, err := kit.Rate(v, p.Givens, nil)
			if err != nil {
				t.Fatal(err)
			}
			solved, solution := kit.Solver(v).Count(p.Givens, 2)
			if p.Variant != v || p.Symbols != "1-6" || p.Stars != i+1 || DisplayLevel(r.Level) != sec.Name || solved != 1 ||
				!slices.Equal(p.Solution, solution) || p.ID != store.PuzzleID(kit.Canonical(v, p.Givens))[:8] {
				t.Errorf("puzzle %s in section %s: %+v", v.Format(p.Givens), sec.Name, p)
			}
		}
	}
	if n != len(lines) || last < 1 {
		t.Errorf("%d puzzles filed up to level %d, want %d in two levels", n, last, len(lines))
	}
}
