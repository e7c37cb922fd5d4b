package templates

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/variant"

	"github.com/pressrun/pressrun/templates/words"
)

// Jigsaw layouts, each digit a region, as engine/variant's tests have
// them (variant_test.go, jigsaw9 and jigsaw6).
const (
	jigsaw9Layout = "000112222" + "000011222" + "001111122" + "333344555" + "334445555" + "333444455" + "666777778" + "667787788" + "666688888"
	jigsaw6Layout = "000013" + "001113" + "222113" + "242553" + "442553" + "444553"
)

func jigsawOf(t testing.TB, n int, layout string) *variant.Variant {
	t.Helper()
	l := make([]int, len(layout))
	for i := range layout {
		l[i] = int(layout[i] - '0')
	}
	v, err := variant.Jigsaw(n, l)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// variantCase is one kind of puzzle as a book prints it.
type variantCase struct {
	name    string
	v       *variant.Variant // nil: classic
	symbols string
}

func variantCases(t testing.TB) []variantCase {
	sized := func(n int) *variant.Variant {
		v, err := variant.Sized(n)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	return []variantCase{
		{"4x4", sized(4), ""},
		{"6x6", sized(6), ""},
		{"8x8", sized(8), ""},
		{"classic", nil, ""},
		{"x", variant.X(), ""},
		{"windoku", variant.Windoku(), ""},
		{"jigsaw", jigsawOf(t, 9, jigsaw9Layout), ""},
		{"jigsaw-6x6", jigsawOf(t, 6, jigsaw6Layout), ""},
		{"12x12", sized(12), ""},
		{"16x16", sized(16), ""},
		{"16x16-0-F", sized(16), "0-F"},
		{"16x16-A-P", sized(16), "A-P"},
	}
}

// variantPuzzles are k puzzles of the case: classic's from
// testdata/puzzles.txt, 16x16's from testdata/variants16.txt, the others
// made by variant.Generate from a fixed seed.
func variantPuzzles(t testing.TB, c variantCase, k int) []Puzzle {
	t.Helper()
	var out []Puzzle
	switch {
	case c.v == nil:
		out = testPuzzles(t)[:k]
	case c.v.Size == 16:
		out = read16(t)
		if len(out) < k {
			t.Fatalf("testdata/variants16.txt: %d puzzles, want %d", len(out), k)
		}
		out = out[:k]
	default:
		rng := rand.New(rand.NewPCG(22, uint64(c.v.Size)))
		sym := "rot180"
		if !c.v.Allows(sym) { // a jigsaw test layout without a half turn
			sym = "none"
		}
		for range k {
			g, sol, err := variant.Generate(c.v, sym, rng)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, Puzzle{Variant: c.v, Givens: g, Solution: sol})
		}
	}
	for i := range out {
		out[i].Symbols = c.symbols
		id := strings.ReplaceAll(c.name, "-", "") + fmt.Sprintf("%02d", i)
		out[i].ID = id[max(0, len(id)-8):]
		out[i].Level = "Medium"
	}
	return out
}

// read16 reads testdata/variants16.txt and checks each puzzle's solution
// is its only one.
func read16(t testing.TB) []Puzzle {
	t.Helper()
	f, err := os.Open("testdata/variants16.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		key, rest, _ := strings.Cut(sc.Text(), " ")
		givens, solution, _ := strings.Cut(rest, " ")
		v, err := variant.FromKey(key)
		if err != nil {
			t.Fatal(err)
		}
		g, err := v.Parse(givens)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := v.Parse(solution)
		if err != nil {
			t.Fatal(err)
		}
		if n, first := variant.NewSolver(v).Count(g, 2); n != 1 || v.Format(first) != solution {
			t.Fatalf("testdata/variants16.txt: %d solutions", n)
		}
		out = append(out, Puzzle{Variant: v, Givens: g, Solution: sol})
	}
	return out
}

// writeBookFile lays out b and writes its PDF into dir as name.pdf.
func writeBookFile(t *testing.T, dir, name string, b *Book) (string, *Manifest) {
	t.Helper()
	var buf bytes.Buffer
	m, err := WriteBook(&buf, b)
	if err != nil {
		t.Fatal(err)
	}
	return savePDF(t, dir, name, buf.Bytes()), m
}

// TestVariantBooks lays out a small book of each kind of puzzle and reads
// it back with poppler: every given and every solution symbol (two-digit
// numbers and letters included) is in its cell, wholly inside it; the
// fonts are embedded, the pages the trim, nothing outside the live area
// (text or ink): what a printer's preflight checks.
func TestVariantBooks(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext", "pdfinfo", "pdffonts", "pdftoppm", "qpdf")
	dir := t.TempDir()
	for _, c := range variantCases(t) {
		t.Run(c.name, func(t *testing.T) {
			per, sols := 2, 4
			if c.v != nil && c.v.Size <= 8 {
				per, sols = 4, 9
			}
			if c.v != nil && c.v.Size >= 12 {
				per = 1
			}
			puzzles := variantPuzzles(t, c, 3)
			b := &Book{Title: "Variants", Date: testDate, Trim: Trims[2], PerPage: per, SolutionsPerPage: sols,
				Sections: []Section{{Name: "Medium", Puzzles: puzzles}}}
			if c.name == "jigsaw" {
				b.TintRegions = true
			}
			pdf, m := writeBookFile(t, dir, c.name, b)
			checkStructure(t, pdf, b, m)
			pages, _ := pageWords(t, pdf)
			if n := checkPrinted(t, m, pages); n != 2*len(puzzles) {
				t.Errorf("%d of %d grids read back", n, 2*len(puzzles))
			}
			checkWordsInLiveArea(t, m, b, pages)
			checkInkInLiveArea(t, pdf, m, b)
			for _, p := range m.Puzzles {
				if want := (&puzzles[0]).variantKey(); p.Variant != want || p.Symbols != c.symbols {
					t.Errorf("manifest: variant %q symbols %q, want %q %q", p.Variant, p.Symbols, want, c.symbols)
				}
			}
		})
	}
}

// varietyBook is the variety book: sections of 6x6 (four a page),
// classic, X, windoku, jigsaw and 16x16 (one a page, four solutions a
// page) on a 6x9 trim.
func varietyBook(t testing.TB) *Book {
	b := &Book{Title: "Variety Sudoku", Date: testDate, Trim: Trims[2], Seed: "1", Version: "test"}
	for _, c := range variantCases(t) {
		var s Section
		switch c.name {
		case "6x6":
			s = Section{Name: "6x6", PerPage: 4, SolutionsPerPage: 12}
		case "classic", "x", "windoku", "jigsaw":
			s = Section{Name: c.name}
		case "16x16":
			s = Section{Name: "16x16", PerPage: 1, SolutionsPerPage: 4}
		default:
			continue
		}
		s.Puzzles = variantPuzzles(t, c, 3)
		b.Sections = append(b.Sections, s)
	}
	return b
}

// TestVarietyBook: the variety book reads back whole, its solutions pages
// each of one kind, and its how-to-play page explains each kind.
func TestVarietyBook(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext", "pdfinfo", "pdffonts", "pdftoppm", "qpdf")
	dir := t.TempDir()
	b := varietyBook(t)
	pdf, m := writeBookFile(t, dir, "variety", b)
	checkStructure(t, pdf, b, m)
	pages, _ := pageWords(t, pdf)
	if n := checkPrinted(t, m, pages); n != 2*len(m.Puzzles) {
		t.Errorf("%d of %d grids read back", n, 2*len(m.Puzzles))
	}
	checkWordsInLiveArea(t, m, b, pages)
	checkInkInLiveArea(t, pdf, m, b)
	kinds := map[int]string{}
	for _, p := range m.Puzzles {
		if k, ok := kinds[p.SolutionPage]; ok && k != p.Section {
			t.Errorf("solutions page %d holds %s and %s", p.SolutionPage, k, p.Section)
		}
		kinds[p.SolutionPage] = p.Section
	}
	var text strings.Builder
	for _, w := range pages[2] {
		text.WriteString(w.Text + " ")
	}
	for _, want := range []string{"6×6:", "Classic 9×9:", "Sudoku X:", "Windoku:", "Jigsaw:", "16×16:", "2×3 box", "long diagonals", "windows", "thick lines", "numbers 1 to 16"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("how to play lacks %q:\n%s", want, text.String())
		}
	}
}

// TestLarge16x16 is the 16x16 book: 8.5x11, one a page.
func TestLarge16x16(t *testing.T) {
	needTools(t, "pdftotext")
	c := variantCase{"16x16", variantCases(t)[9].v, ""}
	tr, _ := ParseTrim("8.5x11")
	b := &Book{Title: "Super Sudoku 16x16", Date: testDate, Trim: tr, PerPage: 1, SolutionsPerPage: 4,
		Sections: []Section{{Name: "Hard", Puzzles: variantPuzzles(t, c, 3)}}}
	pdf, m := writeBookFile(t, t.TempDir(), "16x16", b)
	if w := cellWarnings(m); len(w) > 0 {
		t.Errorf("warnings: %q", w)
	}
	pages, _ := pageWords(t, pdf)
	if n := checkPrinted(t, m, pages); n != 6 {
		t.Errorf("%d of 6 grids read back", n)
	}
}

// Cells too small to write in are refused, naming the section and the
// field; smaller than comfortable, a warning names the section.
func TestVariantCells(t *testing.T) {
	c := variantCases(t)[9] // 16x16
	p := variantPuzzles(t, c, 1)
	five, _ := ParseTrim("5x8")
	classic := testPuzzles(t)[:1]
	for _, tt := range []struct {
		name      string
		book, own int // puzzles a page: the book's, the section's
		sols      int
		field     string
		bookCount bool
	}{
		{"6 a page", 6, 0, 0, "per-page", true},
		{"own 4 a page", 1, 4, 0, "per-page", false},
		{"12 solutions a page", 1, 0, 12, "solutions-per-page", false},
	} {
		b := &Book{Title: "Small", Date: testDate, Trim: five, PerPage: tt.book,
			Sections: []Section{{Name: "Easy", Puzzles: classic}, {Name: "Big", PerPage: tt.own, SolutionsPerPage: tt.sols, Puzzles: p}}}
		_, err := WriteBook(&bytes.Buffer{}, b)
		var se *SectionError
		if !errors.As(err, &se) || !errors.Is(err, ErrInvalid) || se.Section != 1 || se.Field != tt.field || se.Book != tt.bookCount ||
			!strings.Contains(se.Msg, "16x16") {
			t.Errorf("%s: %v (%+v), want a SectionError for section 2's %s", tt.name, err, se, tt.field)
		}
		// SectionCells says so before any puzzle is made.
		spec := *b
		spec.Date, spec.Sections = time.Time{}, []Section{{Name: "Easy"}, {Name: "Big", PerPage: tt.own, SolutionsPerPage: tt.sols}}
		_, _, _, err2 := SectionCells(&spec, 1, 16, 0)
		if err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%s: SectionCells: %v, want %v", tt.name, err2, err)
		}
	}
	// SectionCells gives the cells WriteBook prints, at the book's page count.
	letter, _ := ParseTrim("8.5x11")
	for _, bk := range []*Book{
		{Title: "Letter", Date: testDate, Trim: letter, PerPage: 1, SolutionsPerPage: 4, Sections: []Section{{Name: "Big", Puzzles: p}}},
		varietyBook(t),
	} {
		m, err := WriteBook(&bytes.Buffer{}, bk)
		if err != nil {
			t.Fatal(err)
		}
		for _, pl := range m.Puzzles {
			si := slices.IndexFunc(bk.Sections, func(s Section) bool { return s.Name == pl.Section })
			n := bk.Sections[si].Puzzles[0].size()
			puzzle, solution, _, err := SectionCells(bk, si, n, m.Pages)
			if err != nil || math.Abs(puzzle*float64(n)-pl.GridPt[2]) > 0.01 || math.Abs(solution*float64(n)-pl.SolutionGridPt[2]) > 0.01 {
				t.Errorf("%s: SectionCells %.2f, %.2f (%v); the book's grids %.2f, %.2f", pl.Section, puzzle*float64(n), solution*float64(n), err, pl.GridPt[2], pl.SolutionGridPt[2])
			}
		}
	}
	b := &Book{Title: "Small", Date: testDate, Trim: five, PerPage: 2, SolutionsPerPage: 4, Sections: []Section{{Name: "Big", Puzzles: p}}}
	w := cellWarnings(planned(t, b).manifest)
	if len(w) != 1 || !strings.HasPrefix(w[0], "section 1 (Big), 16x16: 2 puzzles a page on a 5x8 trim give cells of") {
		t.Errorf("warnings %q, want one for the 16x16 section", w)
	}
	b.Sections[0].PerPage = 3
	if _, err := WriteBook(&bytes.Buffer{}, b); !errors.As(err, new(*SectionError)) || !strings.Contains(err.Error(), "3 puzzles a page: want one of 1, 2, 4 or 6") {
		t.Errorf("3 a page: %v", err)
	}
}

// cellWarnings are the manifest's warnings about cell sizes.
func cellWarnings(m *Manifest) []string {
	var out []string
	for _, w := range m.Warnings {
		if strings.Contains(w, "cells of") {
			out = append(out, w)
		}
	}
	return out
}

// Two-digit numbers fit their cells at the smallest cells allowed: every
// label is at most labelFit of the cell wide and centred in it.
func TestLabelsFit(t *testing.T) {
	fc, err := parseFaces(Fonts{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range variantCases(t) {
		p := variantPuzzles(t, c, 1)[0]
		n := p.size()
		for _, st := range []gridStyle{puzzleStyle, solutionStyle, largeStyle} {
			cell := MinSolutionCell
			size := cell * float64(n)
			var r recorder
			drawGrid(&r, fc, 0, 0, size, &p, true, st)
			if len(r.items) != n*n {
				t.Errorf("%s: %d labels, want %d", c.name, len(r.items), n*n)
			}
			for _, it := range r.items {
				col := int(it.x0 / cell)
				if w := it.x1 - it.x0; w > labelFit*cell+1e-9 {
					t.Errorf("%s: %q is %.2f pt wide in a %.2f pt cell", c.name, it.text, w, cell)
				}
				if mid := (it.x0 + it.x1) / 2; mid-(float64(col)+0.5)*cell > 1e-6 || (float64(col)+0.5)*cell-mid > 1e-6 {
					t.Errorf("%s: %q off its cell's centre", c.name, it.text)
				}
			}
		}
	}
}

// The borders are the regions' edges: a 6x6's lines are thick after
// every second row and third column, a jigsaw's wherever regions meet.
func TestShapes(t *testing.T) {
	for _, c := range variantCases(t) {
		v := c.v
		if v == nil {
			v = variant.Classic()
		}
		sh := newShape(v)
		n := v.Size
		for d := range 2 {
			for i := 1; i < n; i++ {
				thick := make([]bool, n)
				for _, r := range sh.runs[d][i] {
					for k := r[0]; k < r[1]; k++ {
						thick[k] = true
					}
				}
				anyThin := false
				for k := range n {
					a, b := k*n+i-1, k*n+i
					if d == 1 {
						a, b = (i-1)*n+k, i*n+k
					}
					if want := v.Regions[a] != v.Regions[b]; thick[k] != want {
						t.Errorf("%s: line %d/%d at %d: thick %v, want %v", c.name, d, i, k, thick[k], want)
					}
					anyThin = anyThin || !thick[k]
				}
				if sh.thin[d][i] != anyThin {
					t.Errorf("%s: line %d/%d thin %v, want %v", c.name, d, i, sh.thin[d][i], anyThin)
				}
			}
		}
		if v.IsJigsaw() {
			for a := range n * n {
				for _, b := range []int{a + 1, a + n} {
					if b < n*n && (b != a+1 || b%n != 0) && v.Regions[a] != v.Regions[b] && sh.greys[v.Regions[a]] == sh.greys[v.Regions[b]] {
						t.Errorf("%s: neighbouring regions %d and %d share a grey", c.name, v.Regions[a], v.Regions[b])
					}
				}
			}
		}
	}
}

// Every style tints lightly: a digit on a tint reads as on white.
func TestTints(t *testing.T) {
	for i, st := range []gridStyle{puzzleStyle, largeStyle, solutionStyle, largeSolutStyle, coverStyle(100), coverStyle(400)} {
		if st.tint < 0.85 || st.tint >= 1 || st.shade-(1-st.tint) < 0.65 {
			t.Errorf("style %d: tint %g, shade %g", i, st.tint, st.shade)
		}
	}
	for _, g := range regionGreys {
		if g < 0.75 {
			t.Errorf("region grey %g: too dark for a pencil mark", g)
		}
	}
}

// Rules: a classic book's are the standard sentence; a one-kind book's
// that kind's; a variety book's one item a kind.
func TestRules(t *testing.T) {
	if got := Rules(nil, []Section{{Puzzles: testPuzzles(t)[:2]}}); got != words.English().Text("rules.classic") {
		t.Errorf("classic rules %q", got)
	}
	cases := variantCases(t)
	one := Rules(nil, []Section{{Puzzles: variantPuzzles(t, cases[11], 1)}})
	if want := "Fill in the empty cells so that every row, every column and every 4×4 box holds each of the letters A to P exactly once."; one != want {
		t.Errorf("16x16 A-P rules %q, want %q", one, want)
	}
	b := varietyBook(t)
	all := Rules(nil, b.Sections)
	for _, want := range []string{
		"- 6×6: every row, every column and every 2×3 box holds each of the digits 1 to 6 exactly once.",
		"- Sudoku X: every row, every column and every 3×3 box holds each of the digits 1 to 9 exactly once; so do both long diagonals, shaded grey.",
		"- Windoku: every row, every column and every 3×3 box holds each of the digits 1 to 9 exactly once; so do the four shaded 3×3 windows.",
		"- Jigsaw: every row, every column and every region outlined in thick lines (9 cells of its own shape) holds each of the digits 1 to 9 exactly once.",
		"- 16×16: every row, every column and every 4×4 box holds each of the numbers 1 to 16 exactly once.",
		"The book has six kinds of puzzle:",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("variety rules lack %q:\n%s", want, all)
		}
	}
}

// A single puzzle of each kind reads back from its PDF, and its SVG and
// PNG are made.
func TestSingleVariants(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext")
	dir := t.TempDir()
	for _, c := range variantCases(t) {
		p := variantPuzzles(t, c, 1)[0]
		for _, sol := range []bool{false, true} {
			s := Single{Puzzle: p, Solution: sol, ColumnMM: 80, Date: testDate, TintRegions: true}
			if p.size() >= 12 {
				s.ColumnMM = 120
			}
			var buf bytes.Buffer
			if err := WriteSinglePDF(&buf, s); err != nil {
				t.Fatal(err)
			}
			name := savePDF(t, dir, fmt.Sprintf("%s-%v", c.name, sol), buf.Bytes())
			sq, _ := SingleGrid(s)
			pages, _ := pageWords(t, name)
			g, err := readVariantGrid(pages[0], sq, p.labels())
			want := p.Givens
			if sol {
				want = p.Solution
			}
			if err != nil || !bytes.Equal(g, want) {
				t.Errorf("%s solution %v: read %v (%v), want %v", c.name, sol, g, err, want)
			}
			if err := WriteSingleSVG(&buf, s); err != nil {
				t.Error(err)
			}
			if err := WriteSinglePNG(&buf, s, 100); err != nil {
				t.Error(err)
			}
		}
	}
}

// The cover's art shows the first puzzle as the book draws it: a 16x16
// cover has two-digit numbers on it.
func TestCoverVariant(t *testing.T) {
	needTools(t, "pdftotext")
	c := testCover(t, "6x9", 120, 0.0025)
	c.Puzzles = variantPuzzles(t, variantCases(t)[9], 1)
	pdf, _ := writeCover(t, t.TempDir(), "cover16", c)
	pages, _ := pageWords(t, pdf)
	two := 0
	for _, w := range pages[0] {
		if len(w.Text) == 2 && w.Text >= "10" && w.Text <= "16" {
			two++
		}
	}
	want := 0
	for _, v := range c.Puzzles[0].Givens {
		if v >= 10 {
			want++
		}
	}
	if two != want {
		t.Errorf("%d two-digit givens on the cover, want %d", two, want)
	}
}
