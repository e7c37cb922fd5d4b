package templates

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
)

// testDate is the date of every test layout.
var testDate = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// testPuzzles reads testdata/puzzles.txt and solves each puzzle with the
// engine for its solution.
func testPuzzles(t testing.TB) []Puzzle {
	t.Helper()
	f, err := os.Open("testdata/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := engine.NewReader(bufio.NewReader(f))
	var s engine.Solver
	var out []Puzzle
	for {
		g, line, err := r.Next()
		if err != nil {
			break
		}
		sol, n := s.Solve(g)
		if n != 1 {
			t.Fatalf("testdata/puzzles.txt:%d: %d solutions", line, n)
		}
		form, _ := engine.Canonical(g)
		sum := sha256.Sum256([]byte(form.String()))
		out = append(out, Puzzle{ID: hex.EncodeToString(sum[:4]), Givens: slices.Clone(g[:]), Solution: slices.Clone(sol[:])})
	}
	if len(out) != 120 {
		t.Fatalf("testdata/puzzles.txt: %d puzzles, want 120", len(out))
	}
	return out
}

// testBook makes a book of the puzzles in three sections (by where they
// come from: sampled, top1465, 17 clues), with labels that exercise every
// field.
func testBook(t testing.TB, puzzles []Puzzle) *Book {
	t.Helper()
	levels := []struct{ name, desc string }{
		{"Medium", "Naked singles, pointing and claiming."},
		{"Hard", "Locked candidates, pairs and triples, X-wings."},
		{"Evil", "Chains and forcing chains."},
	}
	b := &Book{
		Title:    "Sudoku for the Train",
		Subtitle: "120 puzzles, three levels",
		Author:   "Pressrun Test",
		Seed:     "42",
		Version:  "0.1.0-test",
		Date:     testDate,
	}
	bounds := []int{0, len(puzzles) / 2, len(puzzles) * 3 / 4, len(puzzles)}
	for i, lv := range levels {
		s := Section{Name: lv.name, Description: lv.desc}
		for j := bounds[i]; j < bounds[i+1]; j++ {
			p := puzzles[j]
			p.Level = lv.name
			switch j % 3 {
			case 1:
				p.Stars = i + 2
			case 2:
				p.Rating = 1.5 + float64(i)*2.5
			}
			s.Puzzles = append(s.Puzzles, p)
		}
		b.Sections = append(b.Sections, s)
	}
	return b
}

// planned plans the book as WriteBook does, without drawing it.
func planned(t testing.TB, b *Book) *layout {
	t.Helper()
	bk, err := b.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	fc, err := parseFaces(bk.Fonts)
	if err != nil {
		t.Fatal(err)
	}
	l, err := plan(&bk, fc)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
