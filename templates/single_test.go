package templates

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func testSingle(t testing.TB, solution bool) Single {
	p := testPuzzles(t)[7]
	p.Number, p.Level, p.Rating = 8, "Hard", 3.2
	return Single{Puzzle: p, Solution: solution, Heading: "Monday 30 November 2026", ColumnMM: 72, Date: testDate}
}

// TestSinglePDF reads a newspaper puzzle and its solution back with
// pdftotext: the givens, then the whole solution, in their cells; the page
// is the column wide.
func TestSinglePDF(t *testing.T) {
	needTools(t, "pdftotext", "pdffonts")
	for _, sol := range []bool{false, true} {
		s := testSingle(t, sol)
		var buf bytes.Buffer
		if err := WriteSinglePDF(&buf, s); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(t.TempDir(), "single.pdf")
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
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
		if err != nil || g != want {
			t.Errorf("solution %v: read %s (%v), want %s", sol, g, err, want)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(command(t, "pdffonts", name))), "\n")[2:] {
			if f := strings.Fields(line); len(f) < 7 || f[len(f)-5] != "yes" {
				t.Errorf("pdffonts: not embedded: %s", line)
			}
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
// resolution, which its pHYs chunk records.
func TestSinglePNG(t *testing.T) {
	s := testSingle(t, true)
	var buf bytes.Buffer
	if err := WriteSinglePNG(&buf, s, 300); err != nil {
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
	if w, want := img.Bounds().Dx(), int(math.Ceil(72/25.4*300)); w != want {
		t.Errorf("%d pixels wide, want %d (72 mm at 300 dpi)", w, want)
	}
	i := bytes.Index(data, []byte("pHYs"))
	if i < 0 || binary.BigEndian.Uint32(data[i+4:]) != uint32(math.Round(300/0.0254)) || data[i+12] != 1 {
		t.Errorf("no pHYs chunk saying 300 dpi")
	}
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
