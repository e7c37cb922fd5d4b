package templates

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomedium"

	"github.com/pressrun/pressrun/engine"
)

// These tests read the PDFs back with the tools a printer's preflight is
// built on: poppler-utils (pdftotext, pdfinfo, pdffonts, pdftoppm) and
// qpdf. .ci/run installs them; elsewhere a test without them skips.

// needTools skips the test when a tool is missing, or fails it under CI,
// where .ci/run must have installed it.
func needTools(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			msg := fmt.Sprintf("%s not found: apt-get install poppler-utils qpdf to run this test", tool)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// command runs a tool and returns its standard output.
func command(t testing.TB, name string, args ...string) []byte {
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

// word is one word pdftotext -bbox found: its box in points from the
// top-left corner of the page.
type word struct {
	x0, y0, x1, y1 float64
	text           string
}

// pageWords runs pdftotext -bbox and returns the words of each page
// (pages[0] is page 1) and each page's size.
func pageWords(t testing.TB, pdf string) ([][]word, [][2]float64) {
	t.Helper()
	out := command(t, "pdftotext", "-bbox", pdf, "-")
	d := xml.NewDecoder(bytes.NewReader(out))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var pages [][]word
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
			w := word{x0: attr(e, "xMin"), y0: attr(e, "yMin"), x1: attr(e, "xMax"), y1: attr(e, "yMax")}
			var text string
			if err := d.DecodeElement(&text, &e); err != nil {
				t.Fatal(err)
			}
			w.text = text
			pages[len(pages)-1] = append(pages[len(pages)-1], w)
		}
	}
	return pages, sizes
}

// readGrid rebuilds the grid printed in the square [x, y, size] from the
// words whose centres lie inside it; it fails on anything but single digits
// there, or two in one cell.
func readGrid(words []word, sq [3]float64) (engine.Grid, error) {
	var g engine.Grid
	cell := sq[2] / 9
	for _, w := range words {
		cx, cy := (w.x0+w.x1)/2, (w.y0+w.y1)/2
		if cx < sq[0] || cx > sq[0]+sq[2] || cy < sq[1] || cy > sq[1]+sq[2] {
			continue
		}
		if len(w.text) != 1 || w.text[0] < '1' || w.text[0] > '9' {
			return g, fmt.Errorf("%q at (%.1f, %.1f) inside the grid", w.text, cx, cy)
		}
		c, r := int((cx-sq[0])/cell), int((cy-sq[1])/cell)
		// The centre must be well inside its cell, not near a line.
		if fx, fy := (cx-sq[0])/cell-float64(c), (cy-sq[1])/cell-float64(r); fx < 0.3 || fx > 0.7 || fy < 0.3 || fy > 0.7 {
			return g, fmt.Errorf("%q at (%.1f, %.1f) is off the centre of r%dc%d (%.2f, %.2f of the cell)", w.text, cx, cy, r+1, c+1, fx, fy)
		}
		i := r*9 + c
		if g[i] != 0 {
			return g, fmt.Errorf("two digits in %s", engine.CellName(i))
		}
		g[i] = w.text[0] - '0'
	}
	return g, nil
}

// checkPrinted holds every puzzle of the manifest to what pdftotext reads
// back: its givens inside grid_pt on its page, its solution inside
// solution_grid_pt on its solution page. It returns how many grids agreed.
func checkPrinted(t *testing.T, m *Manifest, pages [][]word) int {
	t.Helper()
	agreed := 0
	for _, p := range m.Puzzles {
		for _, c := range []struct {
			what string
			page int
			sq   [3]float64
			want string
		}{
			{"puzzle", p.Page, p.GridPt, p.Puzzle},
			{"solution", p.SolutionPage, p.SolutionGridPt, p.Solution},
		} {
			if c.page < 1 || c.page > len(pages) {
				t.Errorf("puzzle %d: %s on page %d of %d", p.Number, c.what, c.page, len(pages))
				continue
			}
			g, err := readGrid(pages[c.page-1], c.sq)
			if err != nil {
				t.Errorf("puzzle %d: %s on page %d: %v", p.Number, c.what, c.page, err)
				continue
			}
			if g.String() != c.want {
				t.Errorf("puzzle %d: %s on page %d reads\n%s\nwant\n%s", p.Number, c.what, c.page, g, c.want)
				continue
			}
			agreed++
		}
	}
	return agreed
}

// checkStructure runs pdfinfo, pdffonts and qpdf --check on a book.
func checkStructure(t *testing.T, pdf string, b *Book, m *Manifest) {
	t.Helper()
	wantW, wantH := b.Trim.W, b.Trim.H
	if b.Bleed {
		wantW, wantH = wantW+Bleed, wantH+2*Bleed
	}
	info := string(command(t, "pdfinfo", "-box", "-f", "1", "-l", "2", pdf))
	pages := 0
	for _, line := range strings.Split(info, "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch {
		case k == "Pages":
			pages, _ = strconv.Atoi(v)
		case strings.HasPrefix(k, "Page") && strings.HasSuffix(k, " size"):
			var w, h float64
			if _, err := fmt.Sscanf(v, "%g x %g pts", &w, &h); err != nil {
				t.Fatalf("pdfinfo: %q: %v", line, err)
			}
			if !near(w, wantW) || !near(h, wantH) {
				t.Errorf("pdfinfo: %s, want %.2f x %.2f pts", line, wantW, wantH)
			}
		case strings.HasSuffix(k, "TrimBox"):
			var x0, y0, x1, y1 float64
			if _, err := fmt.Sscanf(v, "%g %g %g %g", &x0, &y0, &x1, &y1); err != nil {
				t.Fatalf("pdfinfo: %q: %v", line, err)
			}
			n, _ := strconv.Atoi(strings.Fields(k)[1])
			wantX := 0.0
			if b.Bleed && n%2 == 0 {
				wantX = Bleed // a verso's bleed is on its left
			}
			if !near(x0, wantX) || !near(x1-x0, b.Trim.W) || !near(y1-y0, b.Trim.H) {
				t.Errorf("pdfinfo: page %d: %s, want a %.2f x %.2f trim from x = %.2f", n, line, b.Trim.W, b.Trim.H, wantX)
			}
		}
	}
	if pages != m.Pages || pages%2 != 0 {
		t.Errorf("pdfinfo: %d pages, manifest %d; want the same, even", pages, m.Pages)
	}

	fonts := strings.Split(strings.TrimSpace(string(command(t, "pdffonts", pdf))), "\n")
	if len(fonts) < 3 {
		t.Errorf("pdffonts lists no font:\n%s", strings.Join(fonts, "\n"))
	}
	for _, line := range fonts[min(2, len(fonts)):] {
		f := strings.Fields(line)
		// name type... encoding emb sub uni object ID
		if len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("pdffonts: not embedded: %s", line)
		}
		for _, base14 := range []string{"Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats"} {
			if strings.Contains(f[0], base14) {
				t.Errorf("pdffonts: a base-14 font: %s", line)
			}
		}
	}

	cmd := exec.Command("qpdf", "--check", pdf)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) || err != nil || !bytes.Contains(out, []byte("No syntax or stream encoding errors")) || bytes.Contains(out, []byte("WARNING")) {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

func near(a, b float64) bool { return a-b < 0.02 && b-a < 0.02 }

// TestPrintedBooks is the acceptance test of issue 5: 120 puzzles laid out
// in 6x9, 8.5x11 and A4 at 1, 2, 4 and 6 a page (and in large print), read
// back with poppler: every puzzle's givens and solution are where the
// manifest says; the fonts are embedded; the page size is the trim plus
// any bleed; the page count is even; qpdf finds nothing wrong; nothing is
// printed in the margins or the gutter. go test -short lays out four of
// the fourteen books.
func TestPrintedBooks(t *testing.T) {
	needTools(t, "pdftotext", "pdfinfo", "pdffonts", "pdftoppm", "qpdf")
	puzzles := testPuzzles(t)
	type config struct {
		trim       string
		perPage    int
		solutions  int
		bleed      bool
		largePrint bool
		ink        bool // render the pages and look for ink in the margins (slower)
	}
	var configs []config
	sols := []int{4, 6, 9, 12}
	for i, trim := range []string{"6x9", "8.5x11", "A4"} {
		for j, per := range []int{1, 2, 4, 6} {
			bleed := trim == "8.5x11" || (trim == "A4" && per == 4)
			configs = append(configs, config{trim, per, sols[(i+j)%4], bleed, false, per == 4})
		}
	}
	configs = append(configs, config{"6x9", 1, 4, false, true, true}, config{"8.5x11", 2, 6, true, true, false})
	if testing.Short() {
		// One book of each trim, bleed and large print among them.
		configs = []config{configs[2], configs[6], configs[8], configs[12]}
	}
	dir := t.TempDir()
	for _, c := range configs {
		name := fmt.Sprintf("%s-%d-%d", c.trim, c.perPage, c.solutions)
		if c.bleed {
			name += "-bleed"
		}
		if c.largePrint {
			name += "-large"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := testBook(t, puzzles)
			tr, err := ParseTrim(c.trim)
			if err != nil {
				t.Fatal(err)
			}
			b.Trim, b.PerPage, b.SolutionsPerPage, b.Bleed, b.LargePrint = tr, c.perPage, c.solutions, c.bleed, c.largePrint
			var buf bytes.Buffer
			m, err := WriteBook(&buf, b)
			if err != nil {
				t.Fatal(err)
			}
			pdf := dir + "/" + name + ".pdf"
			if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			checkStructure(t, pdf, b, m)
			pages, sizes := pageWords(t, pdf)
			if len(pages) != m.Pages {
				t.Fatalf("pdftotext: %d pages, manifest %d", len(pages), m.Pages)
			}
			for i, s := range sizes {
				if !near(s[0], m.PageSizePt[0]) || !near(s[1], m.PageSizePt[1]) {
					t.Errorf("page %d is %v pt, manifest %v", i+1, s, m.PageSizePt)
				}
			}
			agreed := checkPrinted(t, m, pages)
			checkWordsInLiveArea(t, m, b, pages)
			if c.ink {
				checkInkInLiveArea(t, pdf, m, b)
			}
			t.Logf("%d pages, %d of %d grids read back exactly", m.Pages, agreed, 2*len(m.Puzzles))
		})
	}
}

// checkWordsInLiveArea finds every word pdftotext read inside the live area
// of its page.
func checkWordsInLiveArea(t *testing.T, m *Manifest, b *Book, pages [][]word) {
	t.Helper()
	geo := newGeometry(b.Trim, b.Bleed, m.MarginPt, m.Pages)
	for i, words := range pages {
		live := geo.live(i + 1)
		for _, w := range words {
			if w.x0 < live.x-0.5 || w.x1 > live.right()+0.5 || w.y0 < live.y-0.5 || w.y1 > live.bottom()+0.5 {
				t.Errorf("page %d: %q at [%.1f %.1f %.1f %.1f] is outside the live area [%.1f %.1f %.1f %.1f]",
					i+1, w.text, w.x0, w.y0, w.x1, w.y1, live.x, live.y, live.right(), live.bottom())
			}
		}
	}
}

// checkInkInLiveArea renders every page at 24 dpi and finds any dark
// pixel outside the live area (grid lines included, which pdftotext does
// not see).
func checkInkInLiveArea(t *testing.T, pdf string, m *Manifest, b *Book) {
	t.Helper()
	const dpi = 24
	prefix := strings.TrimSuffix(pdf, ".pdf") + "-ink"
	command(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-gray", pdf, prefix)
	geo := newGeometry(b.Trim, b.Bleed, m.MarginPt, m.Pages)
	digits := len(fmt.Sprint(m.Pages))
	for n := 1; n <= m.Pages; n++ {
		name := fmt.Sprintf("%s-%0*d.pgm", prefix, digits, n)
		img, w, h := readPGM(t, name)
		os.Remove(name)
		live := geo.live(n)
		s := float64(dpi) / Inch
		// One pixel of slack for antialiasing and the border's half width.
		x0, y0 := int(live.x*s)-1, int(live.y*s)-1
		x1, y1 := int(live.right()*s)+1, int(live.bottom()*s)+1
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if x >= x0 && x <= x1 && y >= y0 && y <= y1 {
					continue
				}
				if img[y*w+x] < 160 {
					t.Errorf("page %d: ink at (%.1f, %.1f) pt, outside the live area [%.1f %.1f %.1f %.1f]",
						n, float64(x)/s, float64(y)/s, live.x, live.y, live.right(), live.bottom())
					return
				}
			}
		}
	}
}

// readPGM reads a binary greyscale PGM as pdftoppm -gray writes it.
func readPGM(t testing.TB, name string) ([]byte, int, int) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var w, h, maxv int
	var magic string
	n, err := fmt.Sscan(string(data[:min(len(data), 64)]), &magic, &w, &h, &maxv)
	if err != nil || n != 4 || magic != "P5" || maxv != 255 {
		t.Fatalf("%s: not an 8-bit PGM", name)
	}
	// The header ends after the single white space following maxval.
	fields, i := 0, 0
	for fields < 4 {
		for data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t' {
			i++
		}
		for data[i] != ' ' && data[i] != '\n' && data[i] != '\r' && data[i] != '\t' {
			i++
		}
		fields++
	}
	pix := data[i+1:]
	if len(pix) < w*h {
		t.Fatalf("%s: %d bytes of pixels, want %d", name, len(pix), w*h)
	}
	return pix, w, h
}

// TestDeterministic lays out the same book twice and wants the same bytes.
func TestDeterministic(t *testing.T) {
	puzzles := testPuzzles(t)
	var first []byte
	for i := 0; i < 2; i++ {
		b := testBook(t, puzzles)
		b.Bleed = true
		b.PerPage = 6
		var buf bytes.Buffer
		if _, err := WriteBook(&buf, b); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = buf.Bytes()
			continue
		}
		if !bytes.Equal(first, buf.Bytes()) {
			t.Fatalf("two layouts of the same book differ (%d and %d bytes)", len(first), buf.Len())
		}
	}
}

// TestCustomFont sets a book in one font a spec names (here Go Medium, as
// the bytes of a TrueType file): it alone is embedded, and the digits still
// read back in their cells.
func TestCustomFont(t *testing.T) {
	needTools(t, "pdftotext", "pdffonts")
	b := testBook(t, testPuzzles(t)[:10])
	b.Fonts = Fonts{Regular: gomedium.TTF}
	var buf bytes.Buffer
	m, err := WriteBook(&buf, b)
	if err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(t.TempDir(), "font.pdf")
	if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	fonts := strings.Split(strings.TrimSpace(string(command(t, "pdffonts", pdf))), "\n")[2:]
	if len(fonts) != 1 || !strings.Contains(strings.ToLower(fonts[0]), "gomedium") {
		t.Errorf("pdffonts: %q, want Go Medium alone", fonts)
	}
	pages, _ := pageWords(t, pdf)
	if n := checkPrinted(t, m, pages); n != 20 {
		t.Errorf("%d of 20 grids read back", n)
	}
}
