package templates

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseTrim(t *testing.T) {
	for _, tt := range []struct {
		in   string
		w, h float64 // inches
	}{
		{"5x8", 5, 8}, {"5.5x8.5", 5.5, 8.5}, {"6x9", 6, 9}, {"7x10", 7, 10}, {"8x10", 8, 10},
		{"8.25x11", 8.25, 11}, {"8.5x11", 8.5, 11}, {"letter", 8.5, 11}, {"6x9in", 6, 9},
		{"A4", 210 / 25.4, 297 / 25.4}, {"a5", 148 / 25.4, 210 / 25.4},
		{"152x229mm", 152 / 25.4, 229 / 25.4}, {"4.25x6.87", 4.25, 6.87}, {"11x8.5", 11, 8.5},
	} {
		tr, err := ParseTrim(tt.in)
		if err != nil {
			t.Errorf("ParseTrim(%q): %v", tt.in, err)
			continue
		}
		if !near(tr.W, tt.w*Inch) || !near(tr.H, tt.h*Inch) {
			t.Errorf("ParseTrim(%q) = %.2f x %.2f pt, want %.2f x %.2f", tt.in, tr.W, tr.H, tt.w*Inch, tt.h*Inch)
		}
	}
	for _, bad := range []string{"", "6", "6x", "x9", "6by9", "-6x9", "1x2", "20x30", "A3", "6x9cm"} {
		if _, err := ParseTrim(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseTrim(%q): %v, want an error wrapping ErrInvalid", bad, err)
		}
	}
}

func TestGutter(t *testing.T) {
	for _, tt := range []struct {
		pages  int
		inches float64
	}{
		{10, 0.375}, {24, 0.375}, {150, 0.375}, {151, 0.5}, {300, 0.5}, {301, 0.625}, {500, 0.625},
		{501, 0.75}, {700, 0.75}, {701, 0.875}, {828, 0.875}, {1000, 0.875},
	} {
		if got := Gutter(tt.pages); !near(got, tt.inches*Inch) {
			t.Errorf("Gutter(%d) = %.3f in, want %.3f", tt.pages, got/Inch, tt.inches)
		}
	}
}

// TestGeometry: the page is the trim plus the bleed; odd pages (rectos)
// have the gutter on the left and bleed on the right, even pages the
// mirror image.
func TestGeometry(t *testing.T) {
	trim, _ := ParseTrim("6x9")
	g := newGeometry(trim, true, 0.5*Inch, 200)
	if !near(g.pageW, 6.125*Inch) || !near(g.pageH, 9.25*Inch) {
		t.Errorf("bleed page %.3f x %.3f in, want 6.125 x 9.25", g.pageW/Inch, g.pageH/Inch)
	}
	odd, even := g.live(7), g.live(8)
	if !near(odd.x, 0.5*Inch) || !near(g.pageW-odd.right(), 0.125*Inch+0.5*Inch) {
		t.Errorf("recto live area %+v: want the 0.5 in gutter at the left, 0.5 in + bleed at the right", odd)
	}
	if !near(even.x, 0.125*Inch+0.5*Inch) || !near(g.pageW-even.right(), 0.5*Inch) {
		t.Errorf("verso live area %+v: want the bleed and 0.5 in at the left, the 0.5 in gutter at the right", even)
	}
	if !near(odd.y, 0.125*Inch+0.5*Inch) || !near(odd.w, even.w) || !near(odd.h, 8*Inch) {
		t.Errorf("live areas %+v, %+v", odd, even)
	}
	flat := newGeometry(trim, false, 0.25*Inch, 24)
	if l := flat.live(1); !near(l.x, 0.375*Inch) || !near(l.right(), 6*Inch-0.25*Inch) || !near(flat.pageW, 6*Inch) {
		t.Errorf("no bleed: live area %+v on a %.1f in page", l, flat.pageW/Inch)
	}
}

// TestInvalidBooks: what cannot be laid out is refused with ErrInvalid
// before anything is written.
func TestInvalidBooks(t *testing.T) {
	puzzles := testPuzzles(t)[:8]
	small, _ := ParseTrim("3x4")
	for _, tt := range []struct {
		name string
		edit func(*Book)
		want string
	}{
		{"no date", func(b *Book) { b.Date = time.Time{} }, "no date"},
		{"per page", func(b *Book) { b.PerPage = 3 }, "3 puzzles a page: want one of 1, 2, 4 or 6"},
		{"large print per page", func(b *Book) { b.LargePrint, b.PerPage = true, 4 }, "4 puzzles a page in large print: want one of 1 or 2"},
		{"solutions per page", func(b *Book) { b.SolutionsPerPage = 10 }, "10 solutions a page"},
		{"margin", func(b *Book) { b.Bleed, b.Margin = true, 0.3*Inch }, "margin 0.3 in: at least 0.375 in with bleed"},
		{"small trim", func(b *Book) { b.Trim, b.PerPage = small, 6 }, "trim 3x4: too small for 6 puzzles a page"},
		{"wide margins", func(b *Book) { b.Trim, b.Margin = small, 1.2*Inch }, "margins leave no room"},
		{"no puzzles", func(b *Book) { b.Sections = nil }, "no puzzles"},
		{"bad solution", func(b *Book) {
			p := &b.Sections[0].Puzzles[1]
			p.Solution = slices.Clone(p.Solution) // the grids are shared with puzzles
			p.Solution[0] ^= 3
		}, "section 1 (Medium) puzzle 2"},
		{"stars", func(b *Book) { b.Sections[0].Puzzles[0].Stars = 6 }, "6 stars"},
		{"font", func(b *Book) { b.Fonts = Fonts{Regular: []byte("not a font")} }, "font: not a TrueType font"},
	} {
		b := testBook(t, puzzles)
		tt.edit(b)
		var buf bytes.Buffer
		_, err := WriteBook(&buf, b)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an ErrInvalid saying %q", tt.name, err, tt.want)
		}
		if buf.Len() > 0 {
			t.Errorf("%s: %d bytes written", tt.name, buf.Len())
		}
	}
}

// TestManifest: the manifest's keys are the ones tools read, every puzzle
// has a page before its solution page, and the page count is even.
func TestManifest(t *testing.T) {
	b := testBook(t, testPuzzles(t)[:13])
	m, err := WriteBook(&bytes.Buffer{}, b)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Pages   int              `json:"pages"`
		Puzzles []map[string]any `json:"puzzles"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if v.Pages != m.Pages || v.Pages%2 != 0 || len(v.Puzzles) != 13 {
		t.Fatalf("pages %d, %d puzzles", v.Pages, len(v.Puzzles))
	}
	for i, p := range v.Puzzles {
		for _, k := range []string{"number", "id", "level", "puzzle", "solution", "page", "grid_pt", "solution_page", "solution_grid_pt"} {
			if _, ok := p[k]; !ok {
				t.Errorf("puzzle %d has no %q", i+1, k)
			}
		}
		if int(p["number"].(float64)) != i+1 || p["page"].(float64) >= p["solution_page"].(float64) {
			t.Errorf("puzzle %d: %v", i+1, p)
		}
	}
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0], "fewer than the 24") {
		t.Errorf("a %d-page book: warnings %q, want one about the 24 pages a paperback needs", m.Pages, m.Warnings)
	}
}
