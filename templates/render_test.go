package templates

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// needRSVG skips the test without rsvg-convert, or fails it under CI,
// where .ci/run installs it.
func needRSVG(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("rsvg-convert"); err != nil {
		msg := "rsvg-convert not installed (apt-get install librsvg2-bin)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		skips.Skip(t, msg)
	}
}

// imageDiff compares two pictures pixel by pixel, in grey, over the area
// they share: the fraction of pixels that differ by more than a quarter of
// the scale (64 of 255), the same fraction once each picture is blurred over
// 3x3 pixels (which forgives an edge drawn up to a pixel away or
// anti-aliased, and not a digit or line missing or misplaced), and the mean
// absolute difference (0-255).
func imageDiff(a, b image.Image) (far, farBlurred, mean float64) {
	r := a.Bounds().Intersect(b.Bounds())
	w, h := r.Dx(), r.Dy()
	ga, gb := greys(a, r), greys(b, r)
	ba, bb := blur(ga, w, h), blur(gb, w, h)
	n, nb, sum := 0, 0, 0
	for i := range ga {
		d := abs(ga[i] - gb[i])
		sum += d
		if d > 64 {
			n++
		}
		if abs(ba[i]-bb[i]) > 64 {
			nb++
		}
	}
	total := float64(w * h)
	return float64(n) / total, float64(nb) / total, float64(sum) / total
}

// blur is the mean of each pixel's 3x3 neighbourhood (as much of it as
// lies inside the picture).
func blur(g []int, w, h int) []int {
	out := make([]int, len(g))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sum, n := 0, 0
			for yy := max(0, y-1); yy <= min(h-1, y+1); yy++ {
				for xx := max(0, x-1); xx <= min(w-1, x+1); xx++ {
					sum += g[yy*w+xx]
					n++
				}
			}
			out[y*w+x] = sum / n
		}
	}
	return out
}

// greys are the grey levels of img's pixels in r, row by row.
func greys(img image.Image, r image.Rectangle) []int {
	g := make([]int, 0, r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g = append(g, grey(img, x, y))
		}
	}
	return g
}

// TestSVGLooksLikePNG renders the SVG a Single writes with librsvg, a real
// renderer, and holds it to the PNG WriteSinglePNG draws at the same
// resolution: the same size to a pixel, and the same picture.
//
// The pixels differ where an edge falls inside a pixel: pngCanvas snaps a
// line to whole pixels (so its lines stay crisp, and a 0.6 pt line at 150
// dpi, 1.25 px, is drawn 1 px wide) while librsvg anti-aliases it to a grey
// row beside a black one, and the two rasterise glyphs a little
// differently. That is about one row of pixels along each of the grid's 20
// lines, so the fraction of pixels that differ by more than 64 of 255 is
// held under 24 over the image's width in pixels: measured (librsvg
// 2.54.7) 5.35% at 50 mm and 150 dpi (limit 8.1%), 3.61% at 80 mm and 150
// dpi (5.1%), 2.81% at 50 mm and 300 dpi (4.1%), 1.89% at 80 mm and 300 dpi
// (2.5%), the solutions a little less. Blurred over 3x3 pixels, which
// forgives an edge moved or softened by under a pixel but not a digit
// missing or misplaced, at most 0.15% differ (the image's last column,
// which the column's width covers only in part: librsvg greys it, pngCanvas
// leaves it white), held under 0.5%; the mean difference is at most 7.5 of
// 255, held under 10. A wrong picture, the solution against the puzzle,
// differs blurred in 6.6% (at 150 dpi, 80 mm).
func TestSVGLooksLikePNG(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needRSVG(t)
	dir := t.TempDir()
	render := func(s Single, dpi int) (rendered, drawn image.Image, pngData []byte) {
		t.Helper()
		var svg, pb bytes.Buffer
		if err := WriteSingleSVG(&svg, s); err != nil {
			t.Fatal(err)
		}
		if err := WriteSinglePNG(&pb, s, dpi); err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(dir, "single.svg")
		if err := os.WriteFile(in, svg.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out := pdfcheck.Command(t, "rsvg-convert", "--dpi-x", fmt.Sprint(dpi), "--dpi-y", fmt.Sprint(dpi), "-b", "white", in)
		rendered, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("rsvg-convert: %v", err)
		}
		drawn, err = png.Decode(bytes.NewReader(pb.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		return rendered, drawn, pb.Bytes()
	}
	for _, single := range []Single{testSingle(t, false), testSingle(t, true)} {
		for _, column := range []float64{50, 80} {
			for _, dpi := range []int{150, 300} {
				s, sol := single, single.Solution
				s.ColumnMM = column
				name := fmt.Sprintf("solution=%v %g mm %d dpi", sol, column, dpi)
				rendered, drawn, pngData := render(s, dpi)
				rw, rh := rendered.Bounds().Dx(), rendered.Bounds().Dy()
				dw, dh := drawn.Bounds().Dx(), drawn.Bounds().Dy()
				if abs(rw-dw) > 1 || abs(rh-dh) > 1 {
					t.Errorf("%s: the SVG renders %dx%d px, the PNG is %dx%d", name, rw, rh, dw, dh)
					continue
				}
				far, blurred, mean := imageDiff(rendered, drawn)
				t.Logf("%s: %dx%d px, %.2f%% of pixels differ by more than 64, %.3f%% blurred, mean difference %.2f", name, dw, dh, far*100, blurred*100, mean)
				if limit := 24 / float64(dw); far > limit || blurred > 0.005 || mean > 10 {
					saved := filepath.Join(os.TempDir(), fmt.Sprintf("pressrun-single-%v-%g-%d.png", sol, column, dpi))
					os.WriteFile(saved, pngData, 0o644)
					t.Errorf("%s: %.2f%% of pixels differ (limit %.2f%%), %.3f%% blurred (limit 0.5%%), mean %.2f (limit 10): the SVG and the PNG are not the same picture (the PNG: %s)",
						name, far*100, limit*100, blurred*100, mean, saved)
				}
			}
		}
	}
	// The comparison sees a wrong picture: the puzzle's SVG against the
	// solution's PNG.
	s := testSingle(t, false)
	rendered, _, _ := render(s, 150)
	s.Solution = true
	_, drawn, _ := render(s, 150)
	if _, blurred, _ := imageDiff(rendered, drawn); blurred < 0.02 {
		t.Errorf("the puzzle against its solution: %.3f%% differ blurred; the comparison cannot tell them apart", blurred*100)
	} else {
		t.Logf("the puzzle against its solution: %.2f%% differ blurred", blurred*100)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
