package templates

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates/words"
)

// singlePNGDigests holds, for each of singlePNGCases, the sha256 of the
// file WriteSinglePNG wrote and of its pixels as image/png decodes them.
// It was written with -update by the code of main at 629408b, before
// WriteSinglePNG's drawing and encoding were made faster: those changes
// were to keep every byte.
const singlePNGDigests = "testdata/golden/single-png.sha256"

// singlePNGCase is one image of TestSinglePNGDigests.
type singlePNGCase struct {
	name string
	s    Single
	dpi  int
}

// singlePNGCases are singles drawn the ways a newspaper's files are:
// classic puzzles and solutions at several widths and resolutions, with
// levels, ratings and stars, headings in each language's words and with
// accents; every variant kind, tinted and not; killers, tinted and not.
func singlePNGCases(t testing.TB) []singlePNGCase {
	var cases []singlePNGCase
	add := func(name string, s Single, dpi int) {
		cases = append(cases, singlePNGCase{fmt.Sprintf("%s-%gmm-%ddpi-sol%v", name, s.ColumnMM, dpi, s.Solution), s, dpi})
	}
	headings := []string{
		"", // the words' own: "Sudoku 12: solución"
		"Monday 30 November 2026",
		"Mardi 1er décembre – Sudoku n° 335",
		"Donnerstag, 3. Dezember: Rätsel",
		"Sábado 5 de diciembre · ñandú",
		"Giovedì 3 dicembre, l'àncora",
	}
	langs := words.Codes()
	puzzles := testPuzzles(t)
	k := 0
	for _, mm := range []float64{30, 38.1, 80, 300} {
		for _, dpi := range []int{72, 150, 300, 600} {
			if mm*float64(dpi) > 80*600 {
				continue // the same drawing, only slower
			}
			for _, sol := range []bool{false, true} {
				p := puzzles[k%len(puzzles)]
				p.Number, p.Level = k+1, []string{"Easy", "Medium", "Hard", "Très difficile"}[k%4]
				switch k % 3 {
				case 1:
					p.Stars = 1 + k%5
				case 2:
					p.Rating, p.RatingLabel = 1.2+float64(k%9), []string{"", "SkE"}[k%2]
				}
				w, err := words.Of(langs[k%len(langs)])
				if err != nil {
					t.Fatal(err)
				}
				s := Single{Puzzle: p, Solution: sol, Heading: headings[k%len(headings)], Words: w, ColumnMM: mm, Date: testDate}
				add(fmt.Sprintf("classic%d-%s", k, w.Lang()), s, dpi)
				k++
			}
		}
	}
	for _, c := range variantCases(t) {
		p := variantPuzzles(t, c, 1)[0]
		for _, sol := range []bool{false, true} {
			for _, tint := range []bool{false, true} {
				s := Single{Puzzle: p, Solution: sol, TintRegions: tint, ColumnMM: 80, Date: testDate}
				if p.size() >= 12 {
					s.ColumnMM = 120
				}
				for _, dpi := range []int{100, 300} {
					add(fmt.Sprintf("%s-tint%v", c.name, tint), s, dpi)
				}
			}
		}
	}
	nine, six := killerPuzzles(t)
	for _, p := range append(nine, six...) {
		for _, sol := range []bool{false, true} {
			for _, tint := range []bool{false, true} {
				s := Single{Puzzle: p, Solution: sol, TintCages: tint, ColumnMM: 80, Date: testDate}
				for _, dpi := range []int{150, 300} {
					add(fmt.Sprintf("%s-tint%v", p.ID, tint), s, dpi)
				}
			}
		}
	}
	return cases
}

// TestSinglePNGDigests: every image of singlePNGCases is the file it was,
// byte for byte. A change that means to draw differently updates the
// digests with -update, after a look at the images (TestGoldenPages has
// two); a change that means to be faster must not. A file that differs in
// its bytes but not its pixels is a change of the encoder alone.
func TestSinglePNGDigests(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	var got bytes.Buffer
	fmt.Fprintf(&got, "# sha256 of the file, of its pixels (image/png decoded, row by row), and the case (singlepng_test.go)\n")
	for _, c := range singlePNGCases(t) {
		var buf bytes.Buffer
		if err := WriteSinglePNG(&buf, c.s, c.dpi); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		img, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g, ok := img.(*image.Gray)
		if !ok {
			t.Fatalf("%s: a %T, want greyscale", c.name, img)
		}
		h := sha256.New()
		for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
			h.Write(g.Pix[g.PixOffset(g.Rect.Min.X, y):g.PixOffset(g.Rect.Max.X, y)])
		}
		fmt.Fprintf(&got, "%x %x %s\n", sha256.Sum256(buf.Bytes()), h.Sum(nil), c.name)
	}
	if *update {
		if err := os.WriteFile(singlePNGDigests, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(singlePNGDigests)
	if err != nil {
		t.Fatalf("%v (go test ./templates -run TestSinglePNGDigests -update writes it)", err)
	}
	wantLines := lines(want)
	gotLines := lines(got.Bytes())
	if len(gotLines) != len(wantLines) {
		t.Fatalf("%d images, %s has %d", len(gotLines)-1, singlePNGDigests, len(wantLines)-1)
	}
	for i, g := range gotLines {
		w := wantLines[i]
		if g == w {
			continue
		}
		gf, wf := strings.Fields(g), strings.Fields(w)
		switch {
		case len(gf) != 3 || len(wf) != 3 || gf[2] != wf[2]:
			t.Errorf("line %d: %q, %s has %q", i+1, g, filepath.Base(singlePNGDigests), w)
		case gf[1] != wf[1]:
			t.Errorf("%s: other pixels", gf[2])
		default:
			t.Errorf("%s: the same pixels, another file", gf[2])
		}
	}
}

func lines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
