package templates

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

func testSingle(t testing.TB, solution bool) Single {
	p := testPuzzles(t)[7]
	p.Number, p.Level, p.Rating = 8, "Hard", 3.2
	return Single{Puzzle: p, Solution: solution, Heading: "Monday 30 November 2026", ColumnMM: 72, Date: testDate}
}

// pdfOnDisk writes the PDF write makes into a file of its own and names
// it, for poppler to read.
func pdfOnDisk(t *testing.T, write func(io.Writer) error) string {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// singlePDFFile writes s's PDF into a file of its own and names it.
func singlePDFFile(t *testing.T, s Single) string {
	t.Helper()
	return pdfOnDisk(t, func(w io.Writer) error { return WriteSinglePDF(w, s) })
}

// pdfFonts are pdffonts' rows for the file, each split into its fields
// (name type... encoding emb sub uni object ID).
func pdfFonts(t *testing.T, name string) [][]string {
	t.Helper()
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(command(t, "pdffonts", name))), "\n")[2:] {
		rows = append(rows, strings.Fields(line))
	}
	return rows
}

// checkEmbedded fails t for each font of the file not embedded.
func checkEmbedded(t *testing.T, name string) {
	t.Helper()
	for _, f := range pdfFonts(t, name) {
		if len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("pdffonts: not embedded: %s", strings.Join(f, " "))
		}
	}
}

// appendFixed2 writes what strconv does: random numbers of a layout's
// range, ties of every kind (0.125, 0.005, -2.675), negative zero and
// small negatives, and numbers too large for its short way.
func TestAppendFixed2(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	vals := []float64{0, math.Copysign(0, -1), -0.001, 0.125, 0.005, -2.675, 1.005, 2.5e-3, 1e10 + 0.125, 1e13, -1e16, 595.28, 841.89}
	for range 500000 {
		vals = append(vals, (rng.Float64()-0.3)*1000, float64(rng.IntN(200000))/1000-50, float64(rng.IntN(1<<20))/256)
	}
	for _, v := range vals {
		if got, want := string(appendFixed2(nil, v)), strconv.FormatFloat(v, 'f', 2, 64); got != want {
			t.Fatalf("%v: %q, strconv %q", v, got, want)
		}
	}
}

// TestSinglePDF reads a newspaper puzzle and its solution back with
// pdftotext: the givens, then the whole solution, in their cells; the page
// is the column wide.
func TestSinglePDF(t *testing.T) {
	needTools(t, "pdftotext", "pdffonts")
	for _, sol := range []bool{false, true} {
		s := testSingle(t, sol)
		name := singlePDFFile(t, s)
		l, _ := layoutSingle(s)
		pages, sizes := pageWords(t, name)
		if len(pages) != 1 || !near(sizes[0][0], 72*MM) {
			t.Fatalf("%d pages, %v pt: want one page 72 mm wide", len(pages), sizes)
		}
		g, err := readGrid(pages[0], [3]float64{l.grid.x, l.grid.y, l.grid.w})
		want := s.Puzzle.Givens
		if sol {
			want = s.Puzzle.Solution
		}
		if err != nil || g != engine.Grid(want) {
			t.Errorf("solution %v: read %s (%v), want %s", sol, g, err, want)
		}
		checkEmbedded(t, name)
	}
}

// Files given the runes of each other's texts (SingleText) embed the same
// font subsets, which still set their own text; without, their headings'
// letters make subsets of their own.
func TestSingleRunesShareSubsets(t *testing.T) {
	needTools(t, "pdftotext", "pdffonts")
	a, b := testSingle(t, false), testSingle(t, true)
	b.Heading, b.Puzzle.Level = "Sunday 6 December 2026", "Expert"
	subsets := func(s Single) (fonts []string, text string) {
		name := singlePDFFile(t, s)
		for _, f := range pdfFonts(t, name) {
			fonts = append(fonts, f[0])
		}
		return fonts, string(command(t, "pdftotext", name, "-"))
	}
	fa, _ := subsets(a)
	fb, _ := subsets(b)
	if slices.Equal(fa, fb) {
		t.Fatalf("without Runes the two share subsets %v", fa)
	}
	ta, tb := SingleText(a), SingleText(b)
	runes := Runes{Bold: ta.Bold + tb.Bold, Regular: ta.Regular + tb.Regular}
	a.Runes, b.Runes = runes, runes
	fa, textA := subsets(a)
	fb, textB := subsets(b)
	if !slices.Equal(fa, fb) || len(fa) != 2 {
		t.Errorf("with Runes: subsets %v and %v, want the same two", fa, fb)
	}
	for _, c := range []struct{ text, want string }{{textA, "Monday 30 November 2026"}, {textA, "Hard"}, {textB, "Sunday 6 December 2026"}, {textB, "Expert"}} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("pdftotext: no %q in %q", c.want, c.text)
		}
	}
}

// TestSingleSVG: well-formed XML, the column's width in millimetres, the
// grid's 16 lines inside its border, a glyph for every digit shown.
func TestSingleSVG(t *testing.T) {
	for _, sol := range []bool{false, true} {
		s := testSingle(t, sol)
		var buf bytes.Buffer
		if err := WriteSingleSVG(&buf, s); err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(&buf)
		counts := map[string]int{}
		var width string
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("solution %v: not XML: %v", sol, err)
			}
			if e, ok := tok.(xml.StartElement); ok {
				counts[e.Name.Local]++
				if e.Name.Local == "svg" {
					for _, a := range e.Attr {
						if a.Name.Local == "width" {
							width = a.Value
						}
					}
				}
			}
		}
		digits := s.Puzzle.Givens.Clues()
		if sol {
			digits = 81
		}
		uses := digits + len(strings.ReplaceAll(s.Heading, " ", "")) + len("HardSE3.2") + len("id"+s.Puzzle.ID)
		if width != "72mm" || counts["line"] != 16 || counts["use"] < uses {
			t.Errorf("solution %v: width %q, %d lines, %d glyphs; want 72mm, 16 (12 cell lines, 4 box lines), %d or more", sol, width, counts["line"], counts["use"], uses)
		}
	}
}

// TestSinglePNG: a greyscale image the column wide at the asked
// resolution, which its pHYs chunk records. A layout desk places the file
// at its dpi and expects it as wide as the column, rounded up to a whole
// pixel: 80 mm at 300 dpi is 944.88 px, so 945; exactly 3 in (76.2 mm) at
// 300 dpi is 900, not 901.
func TestSinglePNG(t *testing.T) {
	singles := [2]Single{testSingle(t, false), testSingle(t, true)}
	for _, mm10 := range []int{300, 381, 500, 720, 762, 800, 1000, 3000} { // tenths of a millimetre
		for _, dpi := range []int{72, 96, 150, 300, 600} {
			if mm10*dpi > 800*600 {
				continue // the same sums, only slower
			}
			s := singles[mm10%2]
			s.ColumnMM = float64(mm10) / 10
			var buf bytes.Buffer
			if err := WriteSinglePNG(&buf, s, dpi); err != nil {
				t.Fatal(err)
			}
			data := buf.Bytes()
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := img.(*image.Gray); !ok {
				t.Errorf("a %T, want greyscale", img)
			}
			l, _ := layoutSingle(s)
			// ceil(mm / 25.4 * dpi), in whole numbers so that no rounding
			// decides it.
			wantW := (mm10*dpi + 253) / 254
			high := l.h / Inch * float64(dpi)
			if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != wantW || float64(h) < high-1e-6 || float64(h) >= high+1 {
				t.Errorf("%g mm at %d dpi: %dx%d px, want %d px wide (%.3f, rounded up) and %.3f px high, rounded up", s.ColumnMM, dpi, w, h, wantW, float64(mm10)/254*float64(dpi), high)
			}
			x, y, unit, err := pngDensity(data)
			if err != nil || unit != 1 || x != y || int(math.Round(float64(x)*0.0254)) != dpi {
				t.Errorf("%g mm at %d dpi: pHYs %d x %d pixels a unit %d (%v); want %d pixels a metre (unit 1), %d dpi", s.ColumnMM, dpi, x, y, unit, err, uint32(math.Round(float64(dpi)/0.0254)), dpi)
			}
		}
	}
	s := testSingle(t, true)
	for _, bad := range []func(*Single){func(s *Single) { s.ColumnMM = 10 }, func(s *Single) { s.Fonts.Regular = []byte("OTTO....") }} {
		s := testSingle(t, false)
		bad(&s)
		if err := WriteSinglePNG(io.Discard, s, 300); !errors.Is(err, ErrInvalid) {
			t.Errorf("%v, want ErrInvalid", err)
		}
	}
	if err := WriteSinglePNG(io.Discard, s, 10); !errors.Is(err, ErrInvalid) {
		t.Errorf("10 dpi: %v, want ErrInvalid", err)
	}
}

// pngDensity walks a PNG's chunks, checking each one's CRC, and returns
// its pHYs chunk's pixels a unit across and down and the unit (1: the
// metre); the chunk must come before the image data, as the PNG
// specification asks.
func pngDensity(data []byte) (x, y uint32, unit byte, err error) {
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return 0, 0, 0, errors.New("not a PNG")
	}
	for p := data[8:]; len(p) >= 12; {
		n := binary.BigEndian.Uint32(p)
		if uint64(n)+12 > uint64(len(p)) {
			return 0, 0, 0, errors.New("a chunk runs past the end")
		}
		typ, body := string(p[4:8]), p[8:8+n]
		if crc32.ChecksumIEEE(p[4:8+n]) != binary.BigEndian.Uint32(p[8+n:]) {
			return 0, 0, 0, fmt.Errorf("%s chunk: bad CRC", typ)
		}
		switch typ {
		case "pHYs":
			if n != 9 {
				return 0, 0, 0, fmt.Errorf("pHYs chunk of %d bytes, want 9", n)
			}
			return binary.BigEndian.Uint32(body), binary.BigEndian.Uint32(body[4:]), body[8], nil
		case "IDAT", "IEND":
			return 0, 0, 0, errors.New("no pHYs chunk before the image data")
		}
		p = p[12+n:]
	}
	return 0, 0, 0, errors.New("no pHYs chunk")
}

// TestSingleGlyphs: a heading or level the font cannot print is refused
// by every format, naming the field, rather than printed as "?".
func TestSingleGlyphs(t *testing.T) {
	for _, tt := range []struct {
		edit    func(s *Single)
		field   string
		missing []rune
	}{
		{func(s *Single) { s.Heading = "12月1日 (火)" }, "heading", []rune("月日火")},
		{func(s *Single) { s.Puzzle.Level = "易" }, "level", []rune("易")},
	} {
		s := testSingle(t, false)
		tt.edit(&s)
		for _, err := range []error{WriteSinglePDF(io.Discard, s), WriteSingleSVG(io.Discard, s), WriteSinglePNG(io.Discard, s, 150)} {
			var ge *GlyphError
			if !errors.As(err, &ge) || !errors.Is(err, ErrInvalid) || ge.Field != tt.field || ge.Section != -1 || !slices.Equal(ge.Missing, tt.missing) {
				t.Errorf("%s: %v (%+v), want a *GlyphError missing %q", tt.field, err, ge, string(tt.missing))
			}
		}
	}
	s := testSingle(t, false)
	s.Heading = "Mardi 1er décembre – Sudoku n° 335"
	if err := WriteSingleSVG(io.Discard, s); err != nil {
		t.Errorf("text the Go fonts print: %v", err)
	}
}

// TestAppendNum: appendNum writes what strconv's shortest form of the
// length rounded to hundredths writes, for lengths across a page's and
// far past them, halves, negative zero and the values either side of a
// hundredth.
func TestAppendNum(t *testing.T) {
	want := func(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
	vals := []float64{0, math.Copysign(0, -1), -0.004, 0.005, -0.005, 0.015, 1.005, 2.675, 0.1, 0.29, 1e12 + 0.07, -1e12 - 0.5,
		9.99e12, 1e13, 1e15, 1e20, -1e20, math.Inf(1), math.NaN(), 841.89, 595.2756, 226.77165354330708}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		scale := math.Pow(10, float64(rng.IntN(16)-3))
		v := (rng.Float64()*2 - 1) * scale
		vals = append(vals, v, math.Round(v*100)/100, math.Nextafter(math.Round(v*100)/100+0.005, 0))
	}
	for _, v := range vals {
		if got := string(appendNum(nil, v)); got != want(v) {
			t.Fatalf("appendNum(%v) = %q, want %q", v, got, want(v))
		}
	}
}
