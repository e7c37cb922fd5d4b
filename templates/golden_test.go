package templates

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden page images in testdata/golden/")

// TestGoldenPages renders a few pages of three books with pdftoppm -r 40
// (and a single puzzle with the package's own PNG writer) and compares them
// with testdata/golden/*.png, which a person has looked at: grids square,
// box lines heavier than cell lines, digits centred, nothing in the gutter
// or past the margins. go test ./templates -run TestGoldenPages -update
// rewrites them; look at the new ones before committing them.
func TestGoldenPages(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftoppm")
	puzzles := testPuzzles(t)
	books := []struct {
		name  string
		edit  func(*Book)
		pages []int
	}{
		{"6x9", func(b *Book) {}, []int{1, 2, 3, 4, 5, 6, 7, 40, 54}},
		{"letter-bleed-6", func(b *Book) {
			b.Trim, _ = ParseTrim("8.5x11")
			b.Bleed, b.PerPage, b.SolutionsPerPage = true, 6, 12
		}, []int{6, 7, 30}},
		{"a4-1", func(b *Book) { b.Trim, _ = ParseTrim("A4"); b.PerPage = 1 }, []int{6}},
		{"6x9-large", func(b *Book) { b.LargePrint, b.PerPage = true, 2 }, []int{6, 69}},
	}
	dir := t.TempDir()
	for _, bk := range books {
		b := testBook(t, puzzles)
		bk.edit(b)
		var buf bytes.Buffer
		m, err := WriteBook(&buf, b)
		if err != nil {
			t.Fatal(err)
		}
		pdf := filepath.Join(dir, bk.name+".pdf")
		if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, n := range bk.pages {
			if n > m.Pages {
				t.Fatalf("%s: page %d of %d", bk.name, n, m.Pages)
			}
			prefix := filepath.Join(dir, fmt.Sprintf("%s-p%d", bk.name, n))
			command(t, "pdftoppm", "-r", "40", "-png", "-gray", "-singlefile", "-f", fmt.Sprint(n), "-l", fmt.Sprint(n), pdf, prefix)
			got, err := os.ReadFile(prefix + ".png")
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, fmt.Sprintf("%s-p%d", bk.name, n), got)
		}
	}

	p := puzzles[5]
	p.Number, p.Level, p.Stars = 6, "Hard", 3
	for _, sol := range []bool{false, true} {
		var buf bytes.Buffer
		s := Single{Puzzle: p, Solution: sol, Heading: "Tuesday 1 December 2026", ColumnMM: 60}
		if err := WriteSinglePNG(&buf, s, 100); err != nil {
			t.Fatal(err)
		}
		name := "single"
		if sol {
			name += "-solution"
		}
		compareGolden(t, name, buf.Bytes())
	}
}

// compareGolden compares a PNG with testdata/golden/NAME.png, pixel by
// pixel with a little slack for another poppler's antialiasing, or rewrites
// the golden file under -update.
func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./templates -run TestGoldenPages -update writes it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gi, err1 := png.Decode(bytes.NewReader(got))
	wi, err2 := png.Decode(bytes.NewReader(want))
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: decode: %v, %v", name, err1, err2)
	}
	saved := filepath.Join(os.TempDir(), "pressrun-"+strings.ReplaceAll(name, "/", "-")+".png")
	os.WriteFile(saved, got, 0o644)
	if gi.Bounds() != wi.Bounds() {
		t.Errorf("%s: %v, golden %v (this run's image: %s)", name, gi.Bounds().Size(), wi.Bounds().Size(), saved)
		return
	}
	differ, b := 0, gi.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if d := grey(gi, x, y) - grey(wi, x, y); d > 64 || d < -64 {
				differ++
			}
		}
	}
	if total := b.Dx() * b.Dy(); differ*1000 > total {
		t.Errorf("%s: %d of %d pixels differ from %s (this run's image: %s; -update rewrites the golden file)", name, differ, total, golden, saved)
	}
}

func grey(img image.Image, x, y int) int {
	r, g, b, _ := img.At(x, y).RGBA()
	return int((r + g + b) / 3 >> 8)
}
