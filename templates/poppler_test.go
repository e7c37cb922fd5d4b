package templates

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomedium"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

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
// printed in the margins or the gutter. go test -short, and a developer's
// run (CI unset), lay out four of the fourteen books.
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
	if testing.Short() || !skips.Acceptance() {
		// -short, and a developer's run (CI unset): one book of each trim,
		// bleed and large print among them. CI prints all fourteen.
		configs = []config{configs[2], configs[6], configs[8], configs[12]}
		t.Logf("%d of the 14 books (CI: all)", len(configs))
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
func checkWordsInLiveArea(t *testing.T, m *Manifest, b *Book, pages [][]pdfcheck.Word) {
	t.Helper()
	geo := newGeometry(b.Trim, b.Bleed, m.MarginPt, m.Pages)
	for i, words := range pages {
		live := geo.live(i + 1)
		for _, w := range words {
			if w.X0 < live.x-0.5 || w.X1 > live.right()+0.5 || w.Y0 < live.y-0.5 || w.Y1 > live.bottom()+0.5 {
				t.Errorf("page %d: %q at [%.1f %.1f %.1f %.1f] is outside the live area [%.1f %.1f %.1f %.1f]",
					i+1, w.Text, w.X0, w.Y0, w.X1, w.Y1, live.x, live.y, live.right(), live.bottom())
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

// The read-back helpers live in templates/pdfcheck, which the build's
// tests share; these names keep this package's tests short.
var (
	needTools = pdfcheck.NeedTools
	command   = pdfcheck.Command
	pageWords = pdfcheck.PageWords
	readGrid  = pdfcheck.ReadGrid

	readVariantGrid = pdfcheck.ReadVariantGrid
)

// checkPrinted holds every puzzle of the manifest to what pdftotext reads
// back (pdfcheck.CheckPrinted).
func checkPrinted(t *testing.T, m *Manifest, pages [][]pdfcheck.Word) int {
	t.Helper()
	printed := make([]pdfcheck.Printed, len(m.Puzzles))
	for i, p := range m.Puzzles {
		printed[i] = pdfcheck.Printed{Number: p.Number, Page: p.Page, SolutionPage: p.SolutionPage,
			GridPt: p.GridPt, SolutionGrid: p.SolutionGridPt, Puzzle: p.Puzzle, Solution: p.Solution, Variant: p.Variant, Symbols: p.Symbols}
	}
	return pdfcheck.CheckPrinted(t, printed, pages)
}
