package templates

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// pageTexts writes b and returns each page's text as pdftotext reads it,
// words joined by single spaces.
func pageTexts(t *testing.T, b *Book) ([]string, *Manifest) {
	t.Helper()
	name, m := writeTemp(t, b)
	var texts []string
	for i := 1; i <= m.Pages; i++ {
		out := pdfcheck.Command(t, "pdftotext", "-f", fmt.Sprint(i), "-l", fmt.Sprint(i), name, "-")
		texts = append(texts, strings.Join(strings.Fields(string(out)), " "))
	}
	return texts, m
}

// The copyright page prints what the publisher set; a dedication has a
// page of its own without a number; a long introduction flows over pages
// and loses no word; pressrun's line goes when asked.
func TestFrontMatterPages(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext")
	b := testBook(t, testPuzzles(t)[:8])
	b.Publisher = "Grid Press, Lyon"
	b.ISBN = "978-0-306-40615-7"
	b.Edition = "Second edition, 2027"
	b.Dedication = "For Ada, who finished every one in ink."
	var intro []string
	for i := 1; i <= 40; i++ {
		intro = append(intro, fmt.Sprintf("Paragraph %d of the introduction says something worth reading about the puzzles word%d.", i, i))
	}
	b.Introduction = strings.Join(intro, "\n\n")
	texts, _ := pageTexts(t, b)

	copyright := texts[1]
	for _, want := range []string{"Copyright © 2026 Pressrun Test. All rights reserved.", "Second edition, 2027",
		"Published by Grid Press, Lyon", "ISBN 978-0-306-40615-7", "Laid out by pressrun 0.1.0-test", "Book seed 42"} {
		if !strings.Contains(copyright, want) {
			t.Errorf("copyright page: no %q in %q", want, copyright)
		}
	}
	if texts[2] != b.Dedication {
		t.Errorf("page 3 is %q, want the dedication alone", texts[2])
	}
	// The introduction starts on page 4 and runs on until "How to play".
	if !strings.HasPrefix(texts[3], "Introduction Paragraph 1 ") {
		t.Fatalf("page 4: %q", texts[3])
	}
	var all strings.Builder
	pages := 0
	for _, text := range texts[3:] {
		if strings.HasPrefix(text, "How to play") {
			break
		}
		all.WriteString(text + " ")
		pages++
	}
	if pages < 2 {
		t.Errorf("40 paragraphs on %d page", pages)
	}
	for i := 1; i <= 40; i++ {
		if !strings.Contains(all.String(), fmt.Sprintf("word%d.", i)) {
			t.Errorf("the introduction lost paragraph %d", i)
		}
	}

	// Without pressrun's line, and without title, contents and section
	// pages: the book starts at the copyright page and its puzzles follow
	// how to play.
	b.NoCredit = true
	b.Dedication, b.Introduction = "", ""
	b.Omit = Omit{Title: true, Contents: true, SectionPages: true}
	texts, m := pageTexts(t, b)
	if strings.Contains(texts[0], "pressrun") || !strings.HasPrefix(texts[0], "Sudoku for the Train") {
		t.Errorf("page 1: %q", texts[0])
	}
	if !strings.HasPrefix(texts[1], "How to play") || m.Puzzles[0].Page != 3 {
		t.Errorf("page 2: %q; the first puzzle on page %d", texts[1], m.Puzzles[0].Page)
	}
}

// The manifest's text boxes hold every word poppler finds on the page,
// and little more: the preflight judges the bleed and the margins by them.
func TestTextBoxes(t *testing.T) {
	needTools(t, "pdftotext")
	b := testBook(t, testPuzzles(t)[:12])
	b.Bleed = true
	b.Trim = Trims[6]
	name, m := writeTemp(t, b)
	pages, _ := pdfcheck.PageWords(t, name)
	if len(m.TextBoxes) != m.Pages || len(pages) != m.Pages {
		t.Fatalf("%d boxes, %d pages read, %d pages", len(m.TextBoxes), len(pages), m.Pages)
	}
	for i, words := range pages {
		box := m.TextBoxes[i]
		var x0, y0, x1, y1 float64 = 1e9, 1e9, -1e9, -1e9
		for _, w := range words {
			x0, y0, x1, y1 = min(x0, w.X0), min(y0, w.Y0), max(x1, w.X1), max(y1, w.Y1)
		}
		if len(words) == 0 {
			if box != [4]float64{} {
				t.Errorf("page %d: no words but a box %v", i+1, box)
			}
			continue
		}
		const slack = 1.5 // poppler's boxes and the fonts' ascent and descent differ a little
		if x0 < box[0]-slack || y0 < box[1]-slack || x1 > box[0]+box[2]+slack || y1 > box[1]+box[3]+slack {
			t.Errorf("page %d: words within [%.1f %.1f %.1f %.1f], outside the box %v", i+1, x0, y0, x1, y1, box)
		}
		if x0 > box[0]+slack || x1 < box[0]+box[2]-slack || y0 > box[1]+6 || y1 < box[1]+box[3]-6 {
			t.Errorf("page %d: words within [%.1f %.1f %.1f %.1f], the box %v is larger", i+1, x0, y0, x1, y1, box)
		}
	}
}

// writeTemp writes b's PDF to a temporary file and returns its name and
// the manifest.
func writeTemp(t *testing.T, b *Book) (string, *Manifest) {
	t.Helper()
	var buf bytes.Buffer
	m, err := WriteBook(&buf, b)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name, m
}

// BlankLast ends the book on a blank page without a number, the count
// still even, a notes page before it when one is needed.
func TestBlankLast(t *testing.T) {
	for _, n := range []int{8, 12} {
		b := testBook(t, testPuzzles(t)[:n])
		plain, err := WriteBook(io.Discard, b)
		if err != nil {
			t.Fatal(err)
		}
		b.BlankLast = true
		var buf bytes.Buffer
		m, err := WriteBook(&buf, b)
		if err != nil {
			t.Fatal(err)
		}
		if m.Pages%2 != 0 || m.TextBoxes[m.Pages-1] != [4]float64{} || m.TextBoxes[m.Pages-2] == [4]float64{} {
			t.Errorf("%d puzzles: %d pages, the last two pages' text %v %v", n, m.Pages, m.TextBoxes[m.Pages-2], m.TextBoxes[m.Pages-1])
		}
		if want := plain.Pages + 2 - 2*plain.PaddingPages; m.Pages != want {
			t.Errorf("%d puzzles: %d pages with a blank last page, %d without (%d notes pages): want %d", n, m.Pages, plain.Pages, plain.PaddingPages, want)
		}
	}
}
