package templates

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates/pdfcheck"
)

const testBlurb = `Two hundred puzzles from gentle warm-ups to fiendish chains, each with exactly one solution you can reach by reasoning alone.

Every puzzle was generated, rated and checked by pressrun, so the levels climb steadily: no sudden walls, no guessing.`

// testCover is a cover of the test puzzles.
func testCover(t testing.TB, trim string, pages int, paperIn float64) *Cover {
	t.Helper()
	tr, err := ParseTrim(trim)
	if err != nil {
		t.Fatal(err)
	}
	return &Cover{Title: "Sudoku for the Train", Subtitle: "120 puzzles, three levels", Author: "Pressrun Test",
		Blurb: testBlurb, Trim: tr, Pages: pages, PaperIn: paperIn, Puzzles: testPuzzles(t)[:8], Date: testDate, Version: "0.1.0-test"}
}

// writeCover writes the cover to a file in dir.
func writeCover(t *testing.T, dir, name string, c *Cover) (string, *CoverManifest) {
	t.Helper()
	var buf bytes.Buffer
	m, err := WriteCover(&buf, c)
	if err != nil {
		t.Fatal(err)
	}
	return savePDF(t, dir, name, buf.Bytes()), m
}

// savePDF writes a PDF into dir as name.pdf and returns its path.
func savePDF(t testing.TB, dir, name string, pdf []byte) string {
	t.Helper()
	path := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The wrap is two panels, the spine and the bleed; the spine is the page
// count times the paper; the barcode area is 2 x 1.2 in, 0.25 in from the
// trim's bottom edge and from the spine.
func TestCoverGeometry(t *testing.T) {
	g := NewCoverGeometry(Trims[2], 300, 0.0025) // 6x9, cream
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"spine", g.Spine, 0.75 * Inch},
		{"width", g.PageW, (12 + 0.75 + 0.25) * Inch},
		{"height", g.PageH, 9.25 * Inch},
		{"front x", g.Front[0], (0.125 + 6 + 0.75) * Inch},
		{"barcode right", g.Barcode[0] + g.Barcode[2], (0.125 + 6 - 0.25) * Inch},
		{"barcode bottom", g.Barcode[1] + g.Barcode[3], (0.125 + 9 - 0.25) * Inch},
		{"barcode w", g.Barcode[2], 2 * Inch},
		{"barcode h", g.Barcode[3], 1.2 * Inch},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %.4f pt, want %.4f", c.what, c.got, c.want)
		}
	}
}

// TestCoverReadBack reads covers back with poppler, for two trims, 60 and
// 300 pages and KDP's three papers: the page is the computed wrap, the trim
// box its trim; the spine text, at 300 pages only, is centred across the
// spine with 1/16 in to spare; every word is 0.25 in inside the trim and
// none is in the barcode area; rendered, the barcode area is all
// background; every font is embedded.
func TestCoverReadBack(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext", "pdffonts", "pdftoppm")
	dir := t.TempDir()
	papers := map[string]float64{"white": 0.002252, "cream": 0.0025, "premium-color": 0.002347}
	for _, trim := range []string{"6x9", "8.5x11"} {
		for _, pages := range []int{60, 300} {
			for paper, in := range papers {
				name := fmt.Sprintf("%s-%d-%s", trim, pages, paper)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					c := testCover(t, trim, pages, in)
					ground := color.RGBA{255, 255, 255, 255}
					if trim == "8.5x11" {
						c.Colour, ground = "#1f3a5f", color.RGBA{0x1f, 0x3a, 0x5f, 255}
						c.Art = "grids"
					}
					pdf, m := writeCover(t, dir, name, c)
					g := NewCoverGeometry(c.Trim, pages, in)
					spine := float64(pages) * in * Inch
					if m.Geometry != g || math.Abs(g.Spine-spine) > 1e-9 ||
						math.Abs(g.PageW-(2*c.Trim.W+spine+0.25*Inch)) > 1e-9 || math.Abs(g.PageH-(c.Trim.H+0.25*Inch)) > 1e-9 {
						t.Fatalf("manifest geometry %+v, want %+v: %.4f x %.4f pt", m.Geometry, g, 2*c.Trim.W+spine+0.25*Inch, c.Trim.H+0.25*Inch)
					}
					checkCoverBoxes(t, pdf, g)
					checkCoverWords(t, pdf, m, pages >= SpineTextPages)
					checkFontsEmbedded(t, pdf)
					checkBarcodeClear(t, pdf, g, ground)
				})
			}
		}
	}
}

// checkCoverBoxes holds pdfinfo -box's page size, trim box and bleed box
// to the geometry, within 0.01 pt.
func checkCoverBoxes(t *testing.T, pdf string, g CoverGeometry) {
	t.Helper()
	info := string(command(t, "pdfinfo", "-box", pdf))
	want := map[string][4]float64{
		"MediaBox": {0, 0, g.PageW, g.PageH},
		"TrimBox":  {g.Bleed, g.Bleed, g.PageW - g.Bleed, g.PageH - g.Bleed},
		"BleedBox": {0, 0, g.PageW, g.PageH},
	}
	seen := 0
	for _, line := range strings.Split(info, "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch {
		case k == "Pages" && v != "1":
			t.Errorf("pdfinfo: %s, want 1", line)
		case k == "Page size":
			var w, h float64
			if _, err := fmt.Sscanf(v, "%g x %g pts", &w, &h); err != nil {
				t.Fatalf("pdfinfo: %q: %v", line, err)
			}
			if math.Abs(w-g.PageW) > 0.01 || math.Abs(h-g.PageH) > 0.01 {
				t.Errorf("pdfinfo: %s, want %.4f x %.4f pts", line, g.PageW, g.PageH)
			}
			seen++
		case want[k] != [4]float64{}:
			var b [4]float64
			if _, err := fmt.Sscanf(v, "%g %g %g %g", &b[0], &b[1], &b[2], &b[3]); err != nil {
				t.Fatalf("pdfinfo: %q: %v", line, err)
			}
			for i := range b {
				if math.Abs(b[i]-want[k][i]) > 0.01 {
					t.Errorf("pdfinfo: %s, want %.4f", line, want[k])
					break
				}
			}
			seen++
		}
	}
	if seen != 4 {
		t.Errorf("pdfinfo -box: %d of page size, MediaBox, TrimBox, BleedBox:\n%s", seen, info)
	}
}

// checkCoverWords holds every word pdftotext reads to the cover's rules.
func checkCoverWords(t *testing.T, pdf string, m *CoverManifest, spineText bool) {
	t.Helper()
	pages, _ := pageWords(t, pdf)
	if len(pages) != 1 {
		t.Fatalf("pdftotext: %d pages", len(pages))
	}
	g := m.Geometry
	spine := rectOf(g.SpineBox)
	centre := spine.x + spine.w/2
	var onSpine, title []string
	for _, w := range pages[0] {
		switch {
		case w.X0 < g.Bleed+CoverSafe-0.5 || w.X1 > g.PageW-g.Bleed-CoverSafe+0.5 ||
			w.Y0 < g.Bleed+CoverSafe-0.5 || w.Y1 > g.PageH-g.Bleed-CoverSafe+0.5:
			t.Errorf("%q at [%.1f %.1f %.1f %.1f] is within %.2f in of the trim", w.Text, w.X0, w.Y0, w.X1, w.Y1, CoverSafe/Inch)
		case overlaps(w, rectOf(g.Barcode)):
			t.Errorf("%q at [%.1f %.1f %.1f %.1f] is in the barcode area %v", w.Text, w.X0, w.Y0, w.X1, w.Y1, g.Barcode)
		}
		if !overlaps(w, spine) {
			if w.Text == "Train" {
				title = append(title, w.Text)
			}
			continue
		}
		onSpine = append(onSpine, w.Text)
		// Rotated text reads top to bottom: its box is taller than wide.
		if mid := (w.X0 + w.X1) / 2; math.Abs(mid-centre) > 0.5 || w.Y1-w.Y0 < w.X1-w.X0 {
			t.Errorf("spine word %q at [%.1f %.1f %.1f %.1f]: centre %.2f, want %.2f (spine [%.2f %.2f])", w.Text, w.X0, w.Y0, w.X1, w.Y1, mid, centre, spine.x, spine.right())
		}
		if w.X0 < spine.x+SpineTextMargin-0.01 || w.X1 > spine.right()-SpineTextMargin+0.01 {
			t.Errorf("spine word %q at x %.2f-%.2f: want within %.2f-%.2f", w.Text, w.X0, w.X1, spine.x+SpineTextMargin, spine.right()-SpineTextMargin)
		}
	}
	if got := strings.Join(onSpine, " "); spineText != (got != "") || spineText && got != "Sudoku for the Train Pressrun Test" {
		t.Errorf("spine text %q (spine text: %v)", got, spineText)
	}
	if spineText != m.SpineText {
		t.Errorf("manifest: spine text %v, want %v", m.SpineText, spineText)
	}
	if len(title) != 2 {
		t.Errorf("the title's last word %d times on the panels, want 2 (back and front)", len(title))
	}
	for _, tx := range m.Texts {
		b := rect{tx.Box[0], tx.Box[1], tx.Box[2], tx.Box[3]}
		if b.x < g.Bleed+CoverSafe || b.right() > g.PageW-g.Bleed-CoverSafe || b.y < g.Bleed+CoverSafe || b.bottom() > g.PageH-g.Bleed-CoverSafe {
			t.Errorf("manifest: %s text %q at %v is within %.2f in of the trim", tx.Where, tx.Text, tx.Box, CoverSafe/Inch)
		}
	}
}

func overlaps(w pdfcheck.Word, r rect) bool {
	return w.X1 > r.x && w.X0 < r.right() && w.Y1 > r.y && w.Y0 < r.bottom()
}

// checkFontsEmbedded wants pdffonts to list fonts, every one embedded.
func checkFontsEmbedded(t *testing.T, pdf string) {
	t.Helper()
	fonts := strings.Split(strings.TrimSpace(string(command(t, "pdffonts", pdf))), "\n")
	if len(fonts) < 3 {
		t.Errorf("pdffonts lists no font:\n%s", strings.Join(fonts, "\n"))
	}
	for _, line := range fonts[min(2, len(fonts)):] {
		if f := strings.Fields(line); len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("pdffonts: not embedded: %s", line)
		}
	}
}

// checkBarcodeClear renders the barcode area of the cover at 100 dpi and
// wants every pixel of it to be the ground's colour.
func checkBarcodeClear(t *testing.T, pdf string, g CoverGeometry, ground color.RGBA) {
	t.Helper()
	b := rectOf(g.Barcode)
	x0, y0 := int(math.Ceil(b.x*100/Inch)), int(math.Ceil(b.y*100/Inch))
	x1, y1 := int(b.right()*100/Inch), int(b.bottom()*100/Inch)
	img := render(t, pdf, "barcode", x0, y0, x1-x0, y1-y0)
	bad := 0
	for y := 0; y < y1-y0; y++ {
		for x := 0; x < x1-x0; x++ {
			if c := rgbAt(img, x, y); c != ground {
				if bad++; bad <= 3 {
					t.Errorf("barcode area: pixel (%d, %d) at 100 dpi = %v, want the ground %v", x0+x, y0+y, c, ground)
				}
			}
		}
	}
	if bad > 3 {
		t.Errorf("barcode area: %d pixels not the ground", bad)
	}
}

// render renders the w x h pixels of the page at 100 dpi whose top-left
// corner is pixel x, y.
func render(t *testing.T, pdf, name string, x, y, w, h int) image.Image {
	t.Helper()
	out := strings.TrimSuffix(pdf, ".pdf") + "-" + name
	command(t, "pdftoppm", "-r", "100", "-png", "-singlefile", "-x", fmt.Sprint(x), "-y", fmt.Sprint(y),
		"-W", fmt.Sprint(w), "-H", fmt.Sprint(h), pdf, out)
	img := readPNG(t, out+".png")
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("pdftoppm: %v, want %dx%d px", b, w, h)
	}
	return img
}

func rgbAt(img image.Image, x, y int) color.RGBA {
	r, g, b, _ := img.At(x, y).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
}

func absDiff(a, b uint8) uint8 { return max(a, b) - min(a, b) }

func readPNG(t testing.TB, name string) image.Image {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return img
}

// A book of 80 pages on white paper has a spine of 0.18 in: too thin for
// spine text at 6 pt with 1/16 in each side. The error says from how many
// pages it fits, and there it does; spine-text off lays it out blank.
func TestCoverSpineTooThin(t *testing.T) {
	c := testCover(t, "6x9", 80, 0.002252)
	_, err := WriteCover(&bytes.Buffer{}, c)
	var fe *FitError
	if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) || fe.Where != "spine" || fe.Pages < 81 {
		t.Fatalf("80 pages: %v, want a spine *FitError", err)
	}
	t.Log(err)
	c.NoSpineText = true
	if m, err := WriteCover(&bytes.Buffer{}, c); err != nil || m.SpineText {
		t.Fatalf("spine text off: %v, spine text %v", err, m != nil && m.SpineText)
	}
	c.NoSpineText, c.Pages = false, fe.Pages
	if m, err := WriteCover(&bytes.Buffer{}, c); err != nil || !m.SpineText {
		t.Fatalf("%d pages: %v", fe.Pages, err)
	}
	c.Pages = fe.Pages - 1
	if _, err := WriteCover(&bytes.Buffer{}, c); !errors.As(err, &fe) {
		t.Fatalf("%d pages: %v, want a *FitError", c.Pages, err)
	}
	c.Pages, c.Title = 300, strings.Repeat("A very long title ", 14)
	if _, err := WriteCover(&bytes.Buffer{}, c); !errors.As(err, &fe) || fe.Pages != 0 {
		t.Fatalf("a title longer than the spine: %v", err)
	}
}

// A blurb that does not fit above the barcode area at 9 pt is refused.
func TestCoverBlurbTooLong(t *testing.T) {
	c := testCover(t, "5x8", 100, 0.002252)
	c.Blurb = strings.Repeat(testBlurb+"\n\n", 6)
	_, err := WriteCover(&bytes.Buffer{}, c)
	var fe *FitError
	if !errors.As(err, &fe) || fe.Where != "back" || fe.Need <= fe.Room {
		t.Fatalf("%v, want a back *FitError", err)
	}
}

// A blurb its font cannot print is a *GlyphError naming the blurb.
func TestCoverGlyphs(t *testing.T) {
	c := testCover(t, "6x9", 100, 0.002252)
	c.Blurb = "数独"
	var ge *GlyphError
	if _, err := WriteCover(&bytes.Buffer{}, c); !errors.As(err, &ge) || ge.Field != "blurb" {
		t.Fatalf("%v, want a *GlyphError for the blurb", err)
	}
}

// A background image is scaled to cover the whole wrap: at 200 dpi it is
// refused with the size it needs; at 300 dpi it is printed, its resolution
// recorded, the barcode area white and the text still black on it.
func TestCoverImage(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftoppm")
	c := testCover(t, "5x8", 24, 0.002252)
	g := NewCoverGeometry(c.Trim, c.Pages, c.PaperIn)
	light := color.RGBA{0xd8, 0xe8, 0xf0, 255}
	image := func(dpi float64) []byte {
		w, h := int(math.Ceil(g.PageW/Inch*dpi)), int(math.Ceil(g.PageH/Inch*dpi))
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < len(m.Pix); i += 4 {
			copy(m.Pix[i:], []uint8{light.R, light.G, light.B, 255})
		}
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, m); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	c.Background = image(200)
	_, err := WriteCover(&bytes.Buffer{}, c)
	var ie *ImageError
	if !errors.As(err, &ie) || !errors.Is(err, ErrInvalid) || math.Abs(ie.DPI-200) > 0.5 || ie.Need != 300 {
		t.Fatalf("200 dpi: %v, want an *ImageError", err)
	}
	need := ie.NeedPx()
	if want := fmt.Sprintf("at least %dx%d px", need[0], need[1]); !strings.Contains(err.Error(), want) || need[0] != int(math.Ceil(g.PageW/Inch*300)) {
		t.Errorf("200 dpi: %q, want %q", err, want)
	}
	t.Log(err)

	c.Background = image(300)
	pdf, m := writeCover(t, t.TempDir(), "image", c)
	if m.ImageDPI < 300 || m.ImageDPI > 300.5 || m.ImagePx[0] != need[0] {
		t.Errorf("manifest: %.2f dpi, %v px", m.ImageDPI, m.ImagePx)
	}
	checkBarcodeClear(t, pdf, g, color.RGBA{255, 255, 255, 255})
	// The corner of the bleed is the image (within a step of rounding).
	corner := rgbAt(render(t, pdf, "corner", 0, 0, 4, 4), 2, 2)
	if d := max(absDiff(corner.R, light.R), absDiff(corner.G, light.G), absDiff(corner.B, light.B)); d > 2 {
		t.Errorf("the corner of the bleed is %v, want the image's %v", corner, light)
	}

	c.Background = []byte("GIF89a not an image")
	if _, err := WriteCover(&bytes.Buffer{}, c); !errors.As(err, &ie) || ie.Err == nil {
		t.Errorf("not an image: %v", err)
	}
}

// The same cover gives the same bytes, time after time (map order once
// made them vary).
func TestCoverDeterministic(t *testing.T) {
	var first []byte
	for i := 0; i < 6; i++ {
		c := testCover(t, "8.5x11", 300, 0.0025)
		c.Art, c.Colour = "grids", "#7a1f2b"
		var buf bytes.Buffer
		if _, err := WriteCover(&buf, c); err != nil {
			t.Fatal(err)
		}
		if i > 0 && !bytes.Equal(first, buf.Bytes()) {
			t.Fatal("two layouts of the same cover differ")
		}
		first = buf.Bytes()
	}
}

// White text on a dark ground, black on a light one; a colour is #rrggbb
// or #rgb.
func TestCoverInk(t *testing.T) {
	for colour, white := range map[string]bool{"#1f3a5f": true, "#000": true, "#ffffff": false, "#f3d36b": false, "#7a1f2b": true} {
		g, err := ParseColour(colour)
		if err != nil {
			t.Fatal(err)
		}
		if whiteOn(g) != white {
			t.Errorf("%q: white text %v, want %v", colour, !white, white)
		}
	}
	for _, bad := range []string{"1f3a5f", "#1f3a5", "#ggg", "blue", "#-1f3a5"} {
		if _, err := ParseColour(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("colour %q: %v", bad, err)
		}
	}
}

// An interlaced PNG, which fpdf cannot embed, is printed all the same (as
// a plain copy).
func TestCoverInterlacedImage(t *testing.T) {
	needTools(t, "pdftoppm")
	c := testCover(t, "3x3", 24, 0.002252)
	c.Title, c.Subtitle, c.Blurb = "Sudoku", "", "Small."
	g := NewCoverGeometry(c.Trim, c.Pages, c.PaperIn)
	c.Background = interlacedGrey(t, int(math.Ceil(g.PageW/Inch*300)), int(math.Ceil(g.PageH/Inch*300)), 0x40)
	if cfg, err := png.DecodeConfig(bytes.NewReader(c.Background)); err != nil || cfg.Width < 1 {
		t.Fatalf("the test image: %v", err)
	}
	pdf, m := writeCover(t, t.TempDir(), "interlaced", c)
	if m.ImageDPI < 300 {
		t.Errorf("%.1f dpi", m.ImageDPI)
	}
	if corner := rgbAt(render(t, pdf, "corner", 0, 0, 4, 4), 2, 2); absDiff(corner.R, 0x40) > 2 || corner.R != corner.G {
		t.Errorf("the corner of the bleed is %v, want the image's grey 0x40", corner)
	}
}

// interlacedGrey is a w x h PNG of one grey, Adam7-interlaced (Go's
// encoder writes none).
func interlacedGrey(t *testing.T, w, h int, grey byte) []byte {
	t.Helper()
	var raw bytes.Buffer
	for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
		pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		row := append([]byte{0}, bytes.Repeat([]byte{grey}, pw)...)
		for range ph {
			raw.Write(row)
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(raw.Bytes())
	zw.Close()
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		body := append([]byte(kind), data...)
		out = append(out, body...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, 8, 0, 0, 0, 1)) // 8-bit grey, interlaced
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out
}
