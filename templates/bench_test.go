package templates

import (
	"image"
	"io"
	"testing"

	"golang.org/x/image/font"
)

// BenchmarkLayout lays out a whole book of 600 puzzles at 6 a page (100
// puzzle pages, with the front matter, 67 solution pages at 9 a page and the
// fonts' subsets) and reports puzzle pages a second; issue 5 asks for 500
// or more.
func BenchmarkLayout(b *testing.B) {
	puzzles := testPuzzles(b)
	var all []Puzzle
	for i := 0; i < 5; i++ {
		all = append(all, puzzles...)
	}
	book := testBook(b, all)
	book.Sections = []Section{{Name: "Mixed", Puzzles: all}}
	book.PerPage = 6
	pages := (len(all) + 5) / 6
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := WriteBook(io.Discard, book); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "puzzle-pages/s")
}

// BenchmarkSinglePNGParts is BenchmarkSinglePNG's two parts apart, on a
// newspaper's 80 mm solution at 300 dpi: drawing the page (pngCanvas)
// and encoding it (encodeGray, rleEncoder), so that a change to one is
// measured without the other's noise.
func BenchmarkSinglePNGParts(b *testing.B) {
	s := Single{Puzzle: testPuzzles(b)[5], Solution: true, Date: testDate}
	l, err := layoutSingle(s)
	if err != nil {
		b.Fatal(err)
	}
	img := &image.Gray{}
	resize(img, pixels(l.w, 300), pixels(l.h, 300))
	draw := func() {
		c := &pngCanvas{img: img, scale: 300 / Inch, faces: map[pngFaceKey]font.Face{}}
		c.fill(0, 0, img.Rect.Dx(), img.Rect.Dy(), 0xff)
		l.draw(c)
		if c.err != nil {
			b.Fatal(c.err)
		}
	}
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			draw()
		}
	})
	b.Run("encode", func(b *testing.B) {
		draw()
		for b.Loop() {
			if err := encodeGray(io.Discard, img, 300); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSinglePNG(b *testing.B) {
	p := testPuzzles(b)[5]
	s := Single{Puzzle: p, Solution: true, Date: testDate}
	for i := 0; i < b.N; i++ {
		if err := WriteSinglePNG(io.Discard, s, 300); err != nil { // a newspaper's dpi
			b.Fatal(err)
		}
	}
}

func BenchmarkSingleSVG(b *testing.B) {
	p := testPuzzles(b)[5]
	s := Single{Puzzle: p, Solution: true, Date: testDate}
	for i := 0; i < b.N; i++ {
		if err := WriteSingleSVG(io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSinglePDF is a daily puzzle's PDF: most of it is fpdf adding
// and subsetting the two fonts each document embeds.
func BenchmarkSinglePDF(b *testing.B) {
	p := testPuzzles(b)[5]
	s := Single{Puzzle: p, Solution: true, Date: testDate}
	for i := 0; i < b.N; i++ {
		if err := WriteSinglePDF(io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDrawGrid draws one solution grid (its givens shaded, 81 or
// 256 symbols) onto a PDF page: classic's, which must not slow for the
// variants, and a 16x16's, whose shape is worked out from its regions on
// each draw.
func BenchmarkDrawGrid(b *testing.B) {
	for _, c := range []struct {
		name    string
		puzzles []Puzzle
	}{
		{"classic", testPuzzles(b)},
		{"16x16", read16(b)},
		{"killer", killers(b)},
	} {
		b.Run(c.name, func(b *testing.B) {
			fc, err := parseFaces(Fonts{})
			if err != nil {
				b.Fatal(err)
			}
			var c0 *pdfCanvas
			page := func() {
				pdf := newPDF(432, 648, fc, testDate, "bench")
				pdf.AddPage()
				c0 = &pdfCanvas{pdf: pdf}
			}
			page()
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if i%1000 == 999 { // a page's content stream grows without end otherwise
					b.StopTimer()
					page()
					b.StartTimer()
				}
				drawGrid(c0, fc, 36, 36, 300, &c.puzzles[i%len(c.puzzles)], true, solutionStyle)
			}
		})
	}
}

// killers are the 9x9 killers of testdata/killers.jsonl.
func killers(b *testing.B) []Puzzle {
	nine, _ := killerPuzzles(b)
	return nine
}

// BenchmarkKillerLayout lays out the killer book: 100 killers (the
// published ones of testdata/killers.jsonl over and over) two a page on
// 6x9, six solutions a page, with the combinations page; it reports
// puzzle pages a second, beside BenchmarkLayout's classic figure.
func BenchmarkKillerLayout(b *testing.B) {
	nine := killers(b)
	var all []Puzzle
	for i := range 100 {
		all = append(all, nine[i%len(nine)])
	}
	book := &Book{Title: "Killer Sudoku", Date: testDate, PerPage: 2, SolutionsPerPage: 6, Combinations: true,
		Sections: []Section{{Name: "Hard", Puzzles: all}}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := WriteBook(io.Discard, book); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(50*b.N)/b.Elapsed().Seconds(), "puzzle-pages/s")
}
