package templates

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// headerBook is a book whose labels are as wide as a book prints them:
// four-digit numbers (828 pages at 6 a page), the widest level name of
// the default ladder, five stars and a two-digit rating, on one page of
// puzzles.
func headerBook(t testing.TB, trim Trim, per int, large bool) *Book {
	t.Helper()
	puzzles := testPuzzles(t)[:per]
	s := Section{Name: "Medium"}
	for i, p := range puzzles {
		p.Number, p.Level, p.Stars, p.Rating = 4960+i, "Medium", 5, 11.9
		s.Puzzles = append(s.Puzzles, p)
	}
	return &Book{Title: "Headers", Date: testDate, Trim: trim, PerPage: per, LargePrint: large, Sections: []Section{s}}
}

// headerCase is a trim with a per-page, normal or large print.
type headerCase struct {
	trim  Trim
	per   int
	large bool
}

func (c headerCase) name() string { return fmt.Sprintf("%s-%d-large=%v", c.trim, c.per, c.large) }

// headerCases are every trim with every per-page, normal and large print.
func headerCases() []headerCase {
	var out []headerCase
	for _, tr := range Trims {
		for _, large := range []bool{false, true} {
			per, _ := PerPageChoices(large)
			for _, n := range per {
				out = append(out, headerCase{tr, n, large})
			}
		}
	}
	return out
}

// box is the horizontal extent of a word (or of a star) on a label line.
type box struct {
	x0, x1 float64
	text   string
}

// checkLine holds the parts of one label line to the rule: within the
// grid's width [left, right], no two overlapping or touching.
func checkLine(t *testing.T, what string, parts []box, left, right float64) {
	t.Helper()
	sort.Slice(parts, func(i, j int) bool { return parts[i].x0 < parts[j].x0 })
	for i, p := range parts {
		if p.x0 < left-0.5 || p.x1 > right+0.5 {
			t.Errorf("%s: %q spans %.1f-%.1f, outside the grid's %.1f-%.1f", what, p.text, p.x0, p.x1, left, right)
		}
		if i > 0 && p.x0-parts[i-1].x1 <= 0 {
			t.Errorf("%s: %q and %q touch or overlap (gap %.2f pt)", what, parts[i-1].text, p.text, p.x0-parts[i-1].x1)
		}
	}
}

// TestHeadersFitPDF lays out a page of the widest labels at every trim and
// per-page, normal and large print, reads the PDF back with pdftotext
// -bbox, and holds each puzzle's label lines to the grid's width, with a
// gap between every two words and each number, level and rating a word of
// its own (touching words read back as one, "4960Medium").
func TestHeadersFitPDF(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext")
	dir := t.TempDir()
	for _, c := range headerCases() {
		t.Run(c.name(), func(t *testing.T) {
			b := headerBook(t, c.trim, c.per, c.large)
			var buf bytes.Buffer
			m, err := WriteBook(&buf, b)
			if err != nil {
				t.Fatal(err)
			}
			pdf := filepath.Join(dir, c.name()+".pdf")
			if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			pages, _ := pdfcheck.PageWords(t, pdf)
			bk, _ := b.withDefaults()
			ls := bookSizes(&bk).label[bk.PerPage]
			for _, p := range m.Puzzles {
				x, y, size := p.GridPt[0], p.GridPt[1], p.GridPt[2]
				var above, below []box
				for _, w := range pages[p.Page-1] {
					cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2
					if cx < x-ls || cx > x+size+ls {
						continue
					}
					switch {
					case cy < y && cy > y-3*ls:
						above = append(above, box{w.X0, w.X1, w.Text})
					case cy > y+size && cy < y+size+3*ls:
						below = append(below, box{w.X0, w.X1, w.Text})
					}
				}
				checkLine(t, fmt.Sprintf("puzzle %d, above", p.Number), above, x, x+size)
				checkLine(t, fmt.Sprintf("puzzle %d, below", p.Number), below, x, x+size)
				for _, want := range []struct {
					line []box
					word string
				}{{above, strconv.Itoa(p.Number)}, {above, p.Level}, {above, "11.9"}, {below, p.ID}, {below, strconv.Itoa(p.SolutionPage)}} {
					found := false
					for _, w := range want.line {
						found = found || w.text == want.word
					}
					if !found {
						t.Errorf("puzzle %d: no word %q in %v", p.Number, want.word, want.line)
					}
				}
			}
		})
	}
}

// recorder is a canvas that keeps the extent of each text and star.
type recorder struct {
	items []struct {
		box
		y float64
	}
}

func (r *recorder) fillRect(rect, float64)             {}
func (r *recorder) line(x1, y1, x2, y2, width float64) {}
func (r *recorder) strokeRect(rect, float64)           {}
func (r *recorder) add(x0, x1, y float64, text string) {
	r.items = append(r.items, struct {
		box
		y float64
	}{box{x0, x1, text}, y})
}
func (r *recorder) text(f *face, size, x, y float64, s string) { r.add(x, x+f.width(s, size), y, s) }
func (r *recorder) polygon(pts []point) {
	x0, x1, y := pts[0].x, pts[0].x, pts[0].y
	for _, p := range pts {
		x0, x1, y = min(x0, p.x), max(x1, p.x), max(y, p.y)
	}
	r.add(x0, x1, y, "★")
}

// TestHeadersFit holds the label lines to the same rule as drawn, stars
// included (pdftotext does not see them), for every trim and per-page.
func TestHeadersFit(t *testing.T) {
	for _, c := range headerCases() {
		l := planned(t, headerBook(t, c.trim, c.per, c.large))
		for n, pg := range l.pages {
			if pg.kind != kindPuzzles {
				continue
			}
			var r recorder
			l.drawPuzzles(&r, n+1, pg)
			ls := l.sz.label[pg.per]
			for k := 0; k < pg.n; k++ {
				g := l.slot(n+1, l.puzzleSlots[pg.per][k])
				var above, below []box
				for _, it := range r.items {
					if (it.x0+it.x1)/2 < g.x-ls || (it.x0+it.x1)/2 > g.right()+ls {
						continue
					}
					switch {
					case it.y < g.y && it.y > g.y-3*ls:
						above = append(above, it.box)
					case it.y > g.bottom() && it.y < g.bottom()+3*ls:
						below = append(below, it.box)
					}
				}
				what := fmt.Sprintf("%s: puzzle %d", c.name(), l.puzzles[pg.first+k].Number)
				if len(above) < 4 || len(below) != 2 {
					t.Errorf("%s: %d parts above, %d below", what, len(above), len(below))
				}
				checkLine(t, what+", above", above, g.x, g.right())
				checkLine(t, what+", below", below, g.x, g.right())
			}
		}
	}
}

// A book whose puzzle cells are smaller than a reader writes in (18 pt;
// 23.5 pt in large print) warns, saying the size and what to do; the
// default 6x9 at 4 a page does not.
func TestSmallCellsWarning(t *testing.T) {
	if d := ReadableLargeCell*largeStyle.givenScale - 16; d > 1e-9 || d < -1e-9 {
		t.Fatalf("ReadableLargeCell gives %g pt digits, want 16", ReadableLargeCell*largeStyle.givenScale)
	}
	want := map[string]string{
		"5x8-4-large=false": "4 puzzles a page on a 5x8 trim give cells of 15.2 pt (5.4 mm), smaller than the 18 pt (6.4 mm) a reader writes in comfortably: print fewer a page or on a bigger trim",
		"5x8-2-large=true":  "2 puzzles a page in large print on a 5x8 trim give cells of 19.9 pt (7.0 mm) and digits of 13.5 pt, smaller than the 23.5 pt (8.3 mm) cells of 16 pt digits that large print needs: print fewer a page or on a bigger trim",
		"6x9-4-large=false": "",
		"6x9-2-large=true":  "",
	}
	warned := 0
	for _, c := range headerCases() {
		l := planned(t, headerBook(t, c.trim, c.per, c.large))
		var got string
		for _, w := range l.manifest.Warnings {
			if strings.Contains(w, "cells of") {
				got = w
			}
		}
		least := ReadableCell
		if c.large {
			least = ReadableLargeCell
		}
		if small := l.puzzleSlots[c.per][0].w/9 < least; small != (got != "") {
			t.Errorf("%s: cells of %.1f pt, warning %q", c.name(), l.puzzleSlots[c.per][0].w/9, got)
		}
		if w, ok := want[c.name()]; ok && got != w {
			t.Errorf("%s: warning %q, want %q", c.name(), got, w)
		}
		if got != "" {
			warned++
		}
	}
	t.Logf("%d of %d trims and per-page choices warn", warned, len(headerCases()))
}
