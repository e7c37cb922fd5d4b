package pipeline

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/templates"
)

// coverSpec writes a spec with the cover part in a new folder and loads
// it with the book CheckBook makes of it.
func coverSpec(t *testing.T, cover string, files map[string][]byte) (*configs.Book, *templates.Book) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "book.yaml")
	spec := "title: Sudoku for the Train\nauthor: Pressrun Test\npage: {trim: 6x9}\nsections:\n  - {level: easy, count: 1}\n" + cover
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := configs.LoadBook(path)
	if err != nil {
		t.Fatal(err)
	}
	// CheckBook reports the cover's problems too (CheckCover's): the book
	// comes from the spec without them.
	noCover := *b
	noCover.Cover = nil
	book, err := CheckBook(&noCover, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), "0.1.0-test")
	if _, cerr := CheckBook(b, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), "0.1.0-test"); err == nil && fmt.Sprint(cerr) != fmt.Sprint(nilIfEmpty(CheckCover(b, book))) {
		t.Fatalf("CheckBook: %v, CheckCover: %v", cerr, CheckCover(b, book))
	}
	if err != nil {
		t.Fatal(err)
	}
	return b, book
}

// plainImage is a PNG of one colour covering a 6x9 in book's wrap at dpi.
func plainImage(t *testing.T, pages int, dpi float64) []byte {
	t.Helper()
	tr, _ := templates.ParseTrim("6x9")
	g := templates.NewCoverGeometry(tr, pages, 0.002252)
	m := image.NewGray(image.Rect(0, 0, int(math.Ceil(g.PageW/templates.Inch*dpi)), int(math.Ceil(g.PageH/templates.Inch*dpi))))
	for i := range m.Pix {
		m.Pix[i] = 0xe0
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngHeader is the start of a PNG of w x h pixels: its signature and
// header chunk, which is all image.DecodeConfig reads.
func pngHeader(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32([]byte("IHDR"), w), h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8-bit RGB, no interlace
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, 13)...)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// The cover's problems that need files or the layout are reported at the
// spec's lines before anything is made: a colour that does not parse, a
// background missing, not an image, or too coarse even for the thinnest
// book, a blurb the font cannot print.
func TestCheckCover(t *testing.T) {
	for _, c := range []struct {
		cover string
		files map[string][]byte
		want  string
	}{
		{"cover:\n  colour: \"#1f3a5\"\n", nil, `book.yaml:7: cover.colour: "#1f3a5": want #rrggbb`},
		{"cover:\n  background: none.png\n", nil, "book.yaml:7: cover.background: "},
		{"cover:\n  background: bg.png\n", map[string][]byte{"bg.png": []byte("GIF89a")}, "bg.png: not a PNG or JPEG image"},
		{"cover:\n  paper: white\n  background: bg.png\n", map[string][]byte{"bg.png": plainImage(t, templates.MinPages, 150)},
			"book.yaml:8: cover.background: "},
		// A 20000 x 20000 PNG: refused from its header, never decoded
		// (that would take 1.6 GB).
		{"cover:\n  background: bg.png\n", map[string][]byte{"bg.png": pngHeader(20000, 20000)},
			"bg.png: 20000x20000 px is more than the"},
		{"cover:\n  blurb: 数独の本\n", nil, `book.yaml:7: cover.blurb: "数独の本": the font Go Regular has no 数 (U+6570)`},
	} {
		spec, book := coverSpec(t, c.cover, c.files)
		errs := CheckCover(spec, book)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want) || !errors.Is(errs, configs.ErrSpec) {
			t.Errorf("%q: %v, want %q", c.cover, errs, c.want)
			continue
		}
		t.Log(errs)
		// Reported also when CheckBook failed.
		if errs := CheckCover(spec, nil); len(errs) != 1 || errs[0].Error() != CheckCover(spec, book)[0].Error() {
			t.Errorf("%q without the book: %v", c.cover, errs)
		}
	}
	spec, book := coverSpec(t, "cover:\n  background: bg.png\n", map[string][]byte{"bg.png": plainImage(t, templates.MinPages, 300)})
	if errs := CheckCover(spec, book); errs != nil {
		t.Errorf("a 300 dpi background: %v", errs)
	}
}

// MakeCover lays out the cover of a book of so many pages with the book's
// puzzles; what depends on the page count (the background's resolution
// over the wrap, spine text on a thin spine) is configs.Errors there.
func TestMakeCover(t *testing.T) {
	// Fine enough for 24 pages, not for 300.
	bg := plainImage(t, templates.MinPages, 310)
	spec, book := coverSpec(t, "cover:\n  paper: cream\n  background: bg.png\n  art: grids\n", map[string][]byte{"bg.png": bg})
	if errs := CheckCover(spec, book); errs != nil {
		t.Fatal(errs)
	}
	g := engine.MustParse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....")
	sol, n := new(engine.Solver).Solve(g)
	if n != 1 {
		t.Fatalf("%d solutions", n)
	}
	book.Sections = []templates.Section{{Name: "Easy", Puzzles: []templates.Puzzle{{ID: "a", Level: "Easy", Givens: g[:], Solution: sol[:]}}}}

	_, _, err := MakeCover(spec, book, 300)
	var es configs.Errors
	if !errors.As(err, &es) || len(es) != 1 || !strings.Contains(es[0].Error(), "book.yaml:8: cover.background: ") ||
		!strings.Contains(es[0].Error(), "of a 300-page book") {
		t.Fatalf("300 pages: %v, want the background too coarse", err)
	}
	t.Log(err)
	pdf, m, err := MakeCover(spec, book, 60)
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) || m.SpineText || m.ImageDPI < 300 {
		t.Fatalf("60 pages: %v (%+v)", err, m)
	}

	// A thin spine with spine text.
	spec, book = coverSpec(t, "cover:\n  paper: white\n", nil)
	book.Sections = []templates.Section{{Name: "Easy", Puzzles: []templates.Puzzle{{ID: "a", Level: "Easy", Givens: g[:], Solution: sol[:]}}}}
	_, _, err = MakeCover(spec, book, 90)
	if !errors.As(err, &es) || !strings.Contains(es[0].Error(), "book.yaml:7: cover.spine-text: the spine of 90 pages is 0.203 in") {
		t.Fatalf("90 pages: %v", err)
	}
	t.Log(err)
	if _, m, err := MakeCover(spec, book, 120); err != nil || !m.SpineText {
		t.Fatalf("120 pages: %v", err)
	}
	if CoverName("out/book.pdf") != "out/book-cover.pdf" {
		t.Error(CoverName("out/book.pdf"))
	}
}

// nilIfEmpty is errs as an error, nil when there are none.
func nilIfEmpty(errs configs.Errors) error {
	if len(errs) == 0 {
		return nil
	}
	return errs
}
