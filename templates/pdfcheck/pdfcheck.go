// Package pdfcheck reads a PDF back the way a printer's preflight does,
// with poppler-utils (pdftotext, pdfinfo, pdffonts, pdftoppm) and qpdf,
// for the tests of the packages that write PDFs: which digits stand in
// which cell of a printed grid. .ci/run installs the tools; elsewhere a
// test without them skips.
package pdfcheck

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/variant"
)

// NeedTools skips the test when a tool is missing, or fails it under CI,
// where .ci/run must have installed it.
func NeedTools(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			msg := fmt.Sprintf("%s not installed (apt-get install poppler-utils qpdf)", tool)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			skips.Skip(t, msg)
		}
	}
}

// Command runs a tool and returns its standard output.
func Command(t testing.TB, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// Word is one word pdftotext -bbox found: its box in points from the
// top-left corner of the page.
type Word struct {
	X0, Y0, X1, Y1 float64
	Text           string
}

// PageWords runs pdftotext -bbox and returns the words of each page
// (pages[0] is page 1) and each page's size.
func PageWords(t testing.TB, pdf string) ([][]Word, [][2]float64) {
	t.Helper()
	return pageWords(t, pdf)
}

// RawPageWords is PageWords in the order the page draws its text
// (pdftotext -raw): small digits close together, such as a cell's
// pencilled candidates on two lines, stay words of their own.
func RawPageWords(t testing.TB, pdf string) ([][]Word, [][2]float64) {
	t.Helper()
	return pageWords(t, pdf, "-raw")
}

func pageWords(t testing.TB, pdf string, flags ...string) ([][]Word, [][2]float64) {
	t.Helper()
	out := Command(t, "pdftotext", append(append([]string{"-bbox"}, flags...), pdf, "-")...)
	d := xml.NewDecoder(bytes.NewReader(out))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var pages [][]Word
	var sizes [][2]float64
	attr := func(e xml.StartElement, name string) float64 {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				v, err := strconv.ParseFloat(a.Value, 64)
				if err != nil {
					t.Fatalf("pdftotext -bbox: %s=%q", name, a.Value)
				}
				return v
			}
		}
		t.Fatalf("pdftotext -bbox: no %s", name)
		return 0
	}
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		e, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch e.Name.Local {
		case "page":
			pages = append(pages, nil)
			sizes = append(sizes, [2]float64{attr(e, "width"), attr(e, "height")})
		case "word":
			w := Word{X0: attr(e, "xMin"), Y0: attr(e, "yMin"), X1: attr(e, "xMax"), Y1: attr(e, "yMax")}
			var text string
			if err := d.DecodeElement(&text, &e); err != nil {
				t.Fatal(err)
			}
			w.Text = text
			pages[len(pages)-1] = append(pages[len(pages)-1], w)
		}
	}
	return pages, sizes
}

// ReadGrid rebuilds the classic 9x9 grid printed in the square [x, y,
// size] from the words whose centres lie inside it; it fails on anything
// but single digits there, or two in one cell.
func ReadGrid(words []Word, sq [3]float64) (engine.Grid, error) {
	var g engine.Grid
	vg, err := ReadVariantGrid(words, sq, classicLabels)
	copy(g[:], vg)
	return g, err
}

var classicLabels = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}

// ReadVariantGrid rebuilds the n x n grid printed in the square [x, y,
// size], n the number of labels (labels[0] the printed form of the value
// 1: "1".."16", "0".."F", "A".."P"), from the words whose centres lie
// inside it: each word's centre well inside one cell (off its lines), each
// word one whole label (a two-digit number is one word), one to a cell.
func ReadVariantGrid(words []Word, sq [3]float64, labels []string) (variant.Grid, error) {
	n := len(labels)
	g := make(variant.Grid, n*n)
	value := labelValues(labels)
	cell := sq[2] / float64(n)
	for _, w := range words {
		r, c, v, in, err := wordCell(w, sq, n, value, labels)
		if !in {
			continue
		}
		if err != nil {
			return g, err
		}
		// The word must lie inside its cell: a label that runs over a
		// line is too wide for the cell.
		if x0, x1 := sq[0]+float64(c)*cell, sq[0]+float64(c+1)*cell; w.X0 < x0 || w.X1 > x1 {
			return g, fmt.Errorf("%q at x %.1f-%.1f is wider than r%dc%d (x %.1f-%.1f)", w.Text, w.X0, w.X1, r+1, c+1, x0, x1)
		}
		i := r*n + c
		if g[i] != 0 {
			return g, fmt.Errorf("two symbols in r%dc%d", r+1, c+1)
		}
		g[i] = v
	}
	return g, nil
}

// labelValues is each label's value, 1 for labels[0].
func labelValues(labels []string) map[string]uint8 {
	value := make(map[string]uint8, len(labels))
	for i, l := range labels {
		value[l] = uint8(i + 1)
	}
	return value
}

// wordCell is the cell (row r, column c) of an n x n grid printed in the
// square sq where the word w stands, and its label's value; in is false
// for a word whose centre lies outside the square. An error for a word
// that is no label, or whose centre is not well inside its cell (off its
// lines).
func wordCell(w Word, sq [3]float64, n int, value map[string]uint8, labels []string) (r, c int, v uint8, in bool, err error) {
	cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2
	if cx < sq[0] || cx > sq[0]+sq[2] || cy < sq[1] || cy > sq[1]+sq[2] {
		return 0, 0, 0, false, nil
	}
	v, ok := value[w.Text]
	if !ok {
		return 0, 0, 0, true, fmt.Errorf("%q at (%.1f, %.1f) inside the grid: not one of %s", w.Text, cx, cy, strings.Join(labels, " "))
	}
	cell := sq[2] / float64(n)
	c, r = min(int((cx-sq[0])/cell), n-1), min(int((cy-sq[1])/cell), n-1)
	if fx, fy := (cx-sq[0])/cell-float64(c), (cy-sq[1])/cell-float64(r); fx < 0.3 || fx > 0.7 || fy < 0.3 || fy > 0.7 {
		return r, c, v, true, fmt.Errorf("%q at (%.1f, %.1f) is off the centre of r%dc%d (%.2f, %.2f of the cell)", w.Text, cx, cy, r+1, c+1, fx, fy)
	}
	return r, c, v, true, nil
}

// ReadCageSums reads the killer cage sums printed in the n x n grid in
// the square [x, y, size]: the numbers set in the top-left corner of a
// cell (the word's centre in the top 0.3 of the cell, where
// ReadVariantGrid allows no symbol, and in its left half; the word within
// the cell but for the font's ascent above the digits), by cell index. Every other word is returned in rest, in
// order, for ReadVariantGrid. An error for a word in a cell's corner that
// is not a number from 1 to n(n+1)/2 (the most a cage sums to), or
// reaches past its cell, or a second number in one cell.
func ReadCageSums(words []Word, sq [3]float64, n int) (sums map[int]int, rest []Word, err error) {
	sums = map[int]int{}
	cell := sq[2] / float64(n)
	for _, w := range words {
		cx, cy := (w.X0+w.X1)/2, (w.Y0+w.Y1)/2
		if cx < sq[0] || cx > sq[0]+sq[2] || cy < sq[1] || cy > sq[1]+sq[2] {
			rest = append(rest, w)
			continue
		}
		c, r := min(int((cx-sq[0])/cell), n-1), min(int((cy-sq[1])/cell), n-1)
		fx, fy := (cx-sq[0])/cell-float64(c), (cy-sq[1])/cell-float64(r)
		if fy >= 0.3 || fx >= 0.5 {
			rest = append(rest, w)
			continue
		}
		v, convErr := strconv.Atoi(w.Text)
		if convErr != nil || v < 1 || v > n*(n+1)/2 {
			return sums, rest, fmt.Errorf("%q in the corner of r%dc%d: not a cage sum", w.Text, r+1, c+1)
		}
		x0, y0 := sq[0]+float64(c)*cell, sq[1]+float64(r)*cell
		// A word's box is as high as its font's ascent, above the digits'
		// ink: a twentieth of the cell or so past the cell's top is room
		// the digits leave empty.
		if w.X0 < x0 || w.X1 > x0+cell || w.Y0 < y0-0.1*cell || w.Y1 > y0+cell {
			return sums, rest, fmt.Errorf("sum %q at x %.1f-%.1f, y %.1f-%.1f runs past r%dc%d (x %.1f-%.1f, y %.1f-%.1f)",
				w.Text, w.X0, w.X1, w.Y0, w.Y1, r+1, c+1, x0, x0+cell, y0, y0+cell)
		}
		i := r*n + c
		if _, ok := sums[i]; ok {
			return sums, rest, fmt.Errorf("two sums in r%dc%d", r+1, c+1)
		}
		sums[i] = v
	}
	return sums, rest, nil
}

// checkSums compares the sums read from a killer's grid with its cages:
// each cage's sum in its first cell, no number anywhere else.
func checkSums(v *variant.Variant, got map[int]int) error {
	var bad []string
	for _, cage := range v.Cages {
		if s, ok := got[cage.Cells[0]]; !ok || s != cage.Sum {
			bad = append(bad, fmt.Sprintf("cage %d at %s: read %d, want %d", cage.Sum, v.CellName(cage.Cells[0]), s, cage.Sum))
		}
	}
	for c, s := range got {
		if v.Cages[v.CageOf(c)].Cells[0] != c {
			bad = append(bad, fmt.Sprintf("sum %d at %s, not a cage's first cell", s, v.CellName(c)))
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return fmt.Errorf("cage sums: %s", strings.Join(bad, "; "))
	}
	return nil
}

// Printed is where a puzzle and its solution were printed, as a layout's
// manifest says: a grid is [x, y, size] in points from the page's top-left
// corner.
type Printed struct {
	Number               int
	Page, SolutionPage   int
	GridPt, SolutionGrid [3]float64
	Puzzle, Solution     string
	// Variant is the puzzle's variant key and Symbols its print style, as
	// the manifest gives them; both empty for classic.
	Variant, Symbols string
}

// CheckPrinted holds every puzzle to what pdftotext reads
// back: its givens inside grid_pt on its page, its solution inside
// solution_grid_pt on its solution page; a killer's puzzle grid must
// show each cage's sum in the cage's first cell and no other number
// (ReadCageSums), and its solution none. It returns how many grids
// agreed.
func CheckPrinted(t testing.TB, printed []Printed, pages [][]Word) int {
	t.Helper()
	agreed := 0
	for _, p := range printed {
		v := variant.Classic()
		if p.Variant != "" {
			var err error
			if v, err = variant.FromKey(p.Variant); err != nil {
				t.Errorf("puzzle %d: %v", p.Number, err)
				continue
			}
		}
		labels, err := variant.Labels(p.Symbols, v.Size)
		if err != nil {
			t.Errorf("puzzle %d: %v", p.Number, err)
			continue
		}
		for _, c := range []struct {
			what string
			page int
			sq   [3]float64
			want string
		}{
			{"puzzle", p.Page, p.GridPt, p.Puzzle},
			{"solution", p.SolutionPage, p.SolutionGrid, p.Solution},
		} {
			if c.page < 1 || c.page > len(pages) {
				t.Errorf("puzzle %d: %s on page %d of %d", p.Number, c.what, c.page, len(pages))
				continue
			}
			words := pages[c.page-1]
			if v.IsKiller() && c.what == "puzzle" {
				sums, rest, err := ReadCageSums(words, c.sq, v.Size)
				if err == nil {
					err = checkSums(v, sums)
				}
				if err != nil {
					t.Errorf("puzzle %d: %s on page %d: %v", p.Number, c.what, c.page, err)
					continue
				}
				words = rest
			}
			read := ReadVariantGrid
			if v.IsGattai() {
				read = func(words []Word, sq [3]float64, labels []string) (variant.Grid, error) {
					return ReadSheetGrid(words, sq, v, labels)
				}
			}
			g, err := read(words, c.sq, labels)
			if err != nil {
				t.Errorf("puzzle %d: %s on page %d: %v", p.Number, c.what, c.page, err)
				continue
			}
			if got := v.Format(g); got != c.want {
				t.Errorf("puzzle %d: %s on page %d reads\n%s\nwant\n%s", p.Number, c.what, c.page, got, c.want)
				continue
			}
			agreed++
		}
	}
	return agreed
}

// ReadSheetGrid rebuilds a gattai's grid (v's: a samurai's five grids on
// its sheet) printed with its sheet in the square [x, y, size], from the
// words whose centres lie inside it, as ReadVariantGrid reads a square
// grid: each word one label, well inside one cell, one to a cell. A
// symbol where the sheet has no cell is an error.
func ReadSheetGrid(words []Word, sq [3]float64, v *variant.Variant, labels []string) (variant.Grid, error) {
	sh := v.Sheet
	value := labelValues(labels)
	g := make(variant.Grid, v.Cells())
	for _, w := range words {
		r, c, x, in, err := wordCell(w, sq, sh.Rows, value, labels)
		if !in {
			continue
		}
		if err != nil {
			return g, err
		}
		i, ok := sh.Cell(r, c)
		if !ok {
			return g, fmt.Errorf("%q at r%dc%d, where the %s has no cell", w.Text, r+1, c+1, v.Name)
		}
		if g[i] != 0 {
			return g, fmt.Errorf("two symbols in r%dc%d", r+1, c+1)
		}
		g[i] = x
	}
	return g, nil
}
