package templates

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pressrun/pressrun/templates/words"
)

// Single is one puzzle alone, the way a newspaper prints it: at the width
// of a column, a heading above the grid and its id below, in greyscale.
type Single struct {
	Puzzle Puzzle
	// Heading is the line above the grid, such as the day's date; empty:
	// "Sudoku N". The level (and rating or stars) is set at its right.
	Heading  string
	Solution bool         // print the solution, givens bold on grey, instead of the puzzle
	Words    *words.Words // the words of the default heading: nil is English
	// TintRegions shades a jigsaw's regions on the puzzle, as
	// Book.TintRegions does.
	TintRegions bool
	// TintCages shades a killer's cages on the puzzle, as Book.TintCages
	// does.
	TintCages bool
	ColumnMM  float64   // the width of the whole, in millimetres; zero: DefaultColumnMM
	Fonts     Fonts     // zero: GoFonts
	Date      time.Time // the PDF's creation date (WriteSinglePDF needs it)
	// Runes go into the PDF's font subsets whether set or not: Bold's
	// into the bold face's (the heading's), Regular's into the regular
	// one's (the level's and caption's). A batch that gives every file
	// the runes of all its files' texts (SingleText) makes one subset of
	// each font for all of them, not one for each set of letters its
	// headings use (a daily year's PDFs made 145, each as long to make as
	// the rest of its file).
	Runes Runes
}

// Runes are the runes of texts set in bold and in regular type.
type Runes struct{ Bold, Regular string }

// DefaultColumnMM is a two-column width on a tabloid page.
const DefaultColumnMM = 80

// The widths a single puzzle may be set at: narrower and the digits are
// unreadable, wider and it is no longer a column.
const (
	minColumnMM = 30
	maxColumnMM = 300
)

// singleLayout is where the parts of a single puzzle go, in points.
type singleLayout struct {
	s           Single
	fc          faces
	w, h        float64
	headingSize float64
	captionSize float64
	grid        rect
	style       gridStyle
}

func layoutSingle(s Single) (*singleLayout, error) {
	if s.ColumnMM == 0 {
		s.ColumnMM = DefaultColumnMM
	}
	if s.ColumnMM < minColumnMM || s.ColumnMM > maxColumnMM {
		return nil, invalidf("column width %g mm: want %d-%d mm", s.ColumnMM, minColumnMM, maxColumnMM)
	}
	p := s.Puzzle
	if checkGrids("", p, s.Solution) != nil {
		return nil, invalidf("puzzle %d: not a valid puzzle and solution", p.Number)
	}
	fc, err := singleFaces(s.Fonts)
	if err != nil {
		return nil, err
	}
	// A text the font cannot print is refused, as a book's is, rather
	// than printed as "?".
	gc := glyphCheck{fc: fc, section: -1}
	if err := gc.check("heading", s.Heading, fc.bold); err != nil {
		return nil, err
	}
	if err := gc.check("level", p.Level, fc.regular); err != nil {
		return nil, err
	}
	l := &singleLayout{s: s, fc: fc, w: s.ColumnMM * MM, style: puzzleStyle}
	if s.Solution {
		l.style = solutionStyle
	}
	l.style.tintRegions = s.TintRegions
	l.style.tintCages = s.TintCages
	l.headingSize = math.Min(14, math.Max(7, l.w/18))
	l.captionSize = l.headingSize * 0.75
	inset := l.style.box / 2 // the border's outer half stays on the page
	top := l.headingSize * 1.6
	l.grid = rect{inset, top + inset, l.w - 2*inset, l.w - 2*inset}
	l.h = l.grid.bottom() + inset + l.captionSize*1.8
	return l, nil
}

// singleFaces is parseFaces for single puzzles, remembered: a daily batch
// lays out thousands of them in the same two fonts, and parsing them took
// a twentieth of its time. The fonts are told by the address and length of
// their bytes, which the remembered faces keep alive, so that no other
// font can come to have them; a few fonts are remembered at most (a
// server drawing in many fonts parses the others each time).
func singleFaces(fs Fonts) (faces, error) {
	key := [4]uintptr{uintptr(unsafe.Pointer(unsafe.SliceData(fs.Regular))), uintptr(len(fs.Regular)),
		uintptr(unsafe.Pointer(unsafe.SliceData(fs.Bold))), uintptr(len(fs.Bold))}
	facesMu.Lock()
	fc, ok := facesSeen[key]
	facesMu.Unlock()
	if ok {
		return fc, nil
	}
	fc, err := parseFaces(fs)
	if err != nil {
		return fc, err
	}
	facesMu.Lock()
	if len(facesSeen) < 8 {
		facesSeen[key] = fc
	}
	facesMu.Unlock()
	return fc, nil
}

var (
	facesMu   sync.Mutex
	facesSeen = map[[4]uintptr]faces{}
)

// SingleGrid is where WriteSinglePDF draws the grid: [x, y, size] in
// points from the page's top-left corner, as a read-back test or a layout
// desk's script finds its cells.
func SingleGrid(s Single) ([3]float64, error) {
	l, err := layoutSingle(s)
	if err != nil {
		return [3]float64{}, err
	}
	return [3]float64{l.grid.x, l.grid.y, l.grid.w}, nil
}

// SingleText is the text s's drawing sets, for a batch to gather into
// Single.Runes: its heading in bold; its level, rating and caption in
// regular type.
func SingleText(s Single) Runes {
	l := &singleLayout{s: s}
	return Runes{Bold: l.heading(), Regular: l.level() + " " + l.caption()}
}

// level is the text at the heading's right: the level and its rating.
func (l *singleLayout) level() string {
	p := l.s.Puzzle
	if p.Rating > 0 {
		return strings.TrimSpace(p.Level + " " + p.ratingText())
	}
	return p.Level
}

// caption is the line under the grid that names the puzzle's id; none
// without an id.
func (l *singleLayout) caption() string {
	if l.s.Puzzle.ID == "" {
		return ""
	}
	return l.s.Words.Fill("caption.id", "id", l.s.Puzzle.ID)
}

func (l *singleLayout) heading() string {
	if l.s.Heading != "" {
		return l.s.Heading
	}
	if l.s.Solution {
		return l.s.Words.Fill("single.solution", "n", l.s.Puzzle.Number)
	}
	return l.s.Words.Fill("single.puzzle", "n", l.s.Puzzle.Number)
}

func (l *singleLayout) draw(c canvas) {
	p := l.s.Puzzle
	hs, cs := l.headingSize, l.captionSize
	head := plain(l.fc.bold, l.heading())
	level := plain(l.fc.regular, l.level())
	// The heading at the left, the level and stars at the right: smaller
	// type if the column is too narrow for both.
	right := func(size float64) float64 {
		w := l.fc.regular.width(level, size)
		if p.Stars > 0 {
			w += float64(p.Stars)*size*0.45*2.3 + size*0.3
		}
		return w
	}
	for size := hs; size > 5; size *= 0.95 {
		if l.fc.bold.width(head, size)+size+right(size) <= l.w {
			break
		}
		hs = size * 0.95
	}
	base := l.headingSize * 1.05
	c.text(l.fc.bold, hs, 0, base, head)
	x := l.w
	if p.Stars > 0 {
		x = stars(c, p.Stars, hs, x, base) - hs*0.3
	}
	if level != "" {
		c.text(l.fc.regular, hs, x-l.fc.regular.width(level, hs), base, level)
	}
	drawGrid(c, l.fc, l.grid.x, l.grid.y, l.grid.w, &p, l.s.Solution, l.style)
	if id := l.caption(); id != "" {
		c.text(l.fc.regular, cs, l.w-l.fc.regular.width(id, cs), l.grid.bottom()+l.style.box/2+cs*1.3, id)
	}
}

// WriteSinglePDF writes the puzzle as a one-page PDF the size of the column.
func WriteSinglePDF(w io.Writer, s Single) error {
	if s.Date.IsZero() {
		return invalidf("no date: set Single.Date (the PDF's creation date must not come from the clock)")
	}
	l, err := layoutSingle(s)
	if err != nil {
		return err
	}
	return writeSinglePDF(w, l, s.Date)
}

// WriteSingleSVG writes the puzzle as an SVG the width of the column, in
// millimetres. The text is drawn as glyph outlines, so it looks the same
// wherever the file is opened, whatever fonts are installed there.
func WriteSingleSVG(w io.Writer, s Single) error {
	l, err := layoutSingle(s)
	if err != nil {
		return err
	}
	c := &svgCanvas{ids: map[svgGlyph]string{}}
	l.draw(c)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="%smm" height="%smm" viewBox="0 0 %s %s">
<title>%s</title>
<defs>
%s</defs>
<rect width="100%%" height="100%%" fill="#ffffff"/>
%s</svg>
`, num(l.w/MM), num(l.h/MM), num(l.w), num(l.h), xmlEscape(l.heading()), c.defs, c.body)
	_, err = w.Write(b.Bytes())
	return err
}

// WriteSinglePNG writes the puzzle as a greyscale PNG at dpi dots per inch
// (and says so in its pHYs chunk).
func WriteSinglePNG(w io.Writer, s Single, dpi int) error {
	if dpi < 50 || dpi > 2400 {
		return invalidf("%d dpi: want 50-2400", dpi)
	}
	l, err := layoutSingle(s)
	if err != nil {
		return err
	}
	scale := float64(dpi) / Inch
	img := grayPool.Get().(*image.Gray)
	defer grayPool.Put(img)
	resize(img, pixels(l.w, dpi), pixels(l.h, dpi))
	c := &pngCanvas{img: img, scale: scale, faces: map[pngFaceKey]font.Face{}}
	c.fill(0, 0, img.Rect.Dx(), img.Rect.Dy(), 0xff)
	l.draw(c)
	if c.err != nil {
		return fmt.Errorf("templates: %w", c.err)
	}
	return encodeGray(w, img, dpi)
}

// A daily batch draws hundreds of PNGs of the same size, each a megabyte
// at 300 dpi, with an encoder's tokens of as much: they are reused, so
// that the collector does not run for them.
var (
	grayPool = sync.Pool{New: func() any { return &image.Gray{} }}
	rlePool  = sync.Pool{New: func() any { return &rleEncoder{} }}
)

// resize makes img w x h pixels, reusing its memory when it is enough.
func resize(img *image.Gray, w, h int) {
	if cap(img.Pix) < w*h {
		img.Pix = make([]byte, w*h)
	}
	img.Pix, img.Stride, img.Rect = img.Pix[:w*h], w, image.Rect(0, 0, w, h)
}

// pixels is a length in points at dpi, rounded up to whole pixels, so the
// image holds the whole column and is at most a pixel wider. A length of a
// whole number of pixels stays one: 3 in (76.2 mm) at 300 dpi is 900 px,
// though in floating point it comes to 900.0000000000001.
func pixels(pt float64, dpi int) int {
	return int(math.Ceil(pt/Inch*float64(dpi) - 1e-6))
}

// encodeGray encodes a greyscale image as an 8-bit greyscale PNG that says
// its dpi (a pHYs chunk). Every row but the first is filtered with Up (the
// difference from the row above): image/png tries all five filters on each
// row and keeps the best, which cost 42% of its time on these pictures of
// lines and digits, for files no smaller (54,397 bytes against 54,719 for
// an 80 mm solution at 300 dpi). The rows are compressed by
// rleEncoder, made for such pictures (see pngdeflate.go).
func encodeGray(w io.Writer, img *image.Gray, dpi int) error {
	e := rlePool.Get().(*rleEncoder)
	defer rlePool.Put(e)
	width, h := img.Rect.Dx(), img.Rect.Dy()
	idat := e.zlibRows(img.Pix, width, h, img.Stride)
	out := make([]byte, 0, len(idat)+128)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	chunk := func(typ string, data []byte) {
		start := len(out)
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		out = append(out, typ...)
		out = append(out, data...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(width))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, 8, 0, 0, 0, 0)) // 8 bits, greyscale, deflate, adaptive filtering, not interlaced
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	phys := binary.BigEndian.AppendUint32(nil, ppm)
	phys = binary.BigEndian.AppendUint32(phys, ppm)
	chunk("pHYs", append(phys, 1)) // the unit is the metre
	chunk("IDAT", idat)
	chunk("IEND", nil)
	_, err := w.Write(out)
	return err
}

// svgCanvas collects an SVG's body, and in defs each glyph it uses once.
// Both are appended to as bytes, the numbers formatted in place: a daily
// batch writes some 1,500 SVGs, and formatting each through fmt and
// strings was half their time.
type svgCanvas struct {
	defs, body []byte
	ids        map[svgGlyph]string
	buf        sfnt.Buffer
}

type svgGlyph struct {
	f *face
	g sfnt.GlyphIndex
}

func (c *svgCanvas) fillRect(r rect, gray float64) {
	v := uint8(math.Round(gray * 255))
	c.body = c.rect(r, `" fill="#`)
	for range 3 {
		c.body = append(c.body, hexDigits[v>>4], hexDigits[v&15])
	}
	c.body = append(c.body, "\"/>\n"...)
}

const hexDigits = "0123456789abcdef"

// rect appends a rect's start, up to its height, and then tail.
func (c *svgCanvas) rect(r rect, tail string) []byte {
	b := append(c.body, `<rect x="`...)
	b = appendNum(b, r.x)
	b = append(b, `" y="`...)
	b = appendNum(b, r.y)
	b = append(b, `" width="`...)
	b = appendNum(b, r.w)
	b = append(b, `" height="`...)
	b = appendNum(b, r.h)
	return append(b, tail...)
}

func (c *svgCanvas) line(x1, y1, x2, y2, width float64) {
	b := append(c.body, `<line x1="`...)
	b = appendNum(b, x1)
	b = append(b, `" y1="`...)
	b = appendNum(b, y1)
	b = append(b, `" x2="`...)
	b = appendNum(b, x2)
	b = append(b, `" y2="`...)
	b = appendNum(b, y2)
	b = append(b, `" stroke="#000000" stroke-width="`...)
	b = appendNum(b, width)
	c.body = append(b, "\"/>\n"...)
}

func (c *svgCanvas) strokeRect(r rect, width float64) {
	c.body = c.rect(r, `" fill="none" stroke="#000000" stroke-width="`)
	c.body = appendNum(c.body, width)
	c.body = append(c.body, "\"/>\n"...)
}

func (c *svgCanvas) polygon(pts []point) {
	c.body = append(c.body, `<polygon points="`...)
	for i, p := range pts {
		if i > 0 {
			c.body = append(c.body, ' ')
		}
		c.body = appendNum(c.body, p.x)
		c.body = append(c.body, ',')
		c.body = appendNum(c.body, p.y)
	}
	c.body = append(c.body, `" fill="#000000"/>`+"\n"...)
}

func (c *svgCanvas) text(f *face, size, x, y float64, s string) {
	scale := size / f.upem
	ppem := fixed.Int26_6(f.font.UnitsPerEm()) << 6
	var scaled []byte // ") scale(...)", the same for every glyph
	for _, r := range s {
		g, err := f.font.GlyphIndex(&c.buf, r)
		if err != nil {
			continue
		}
		key := svgGlyph{f, g}
		id, ok := c.ids[key]
		if !ok {
			id = "g" + strconv.Itoa(len(c.ids))
			c.ids[key] = id
			// The path data is kept quoted, as written: quoting a
			// glyph's outline again in every file cost more than drawing it.
			d, ok := f.svgPaths.Load(g)
			if !ok {
				if segs, err := f.font.LoadGlyph(&c.buf, g, ppem, nil); err == nil {
					d, _ = f.svgPaths.LoadOrStore(g, strconv.Quote(svgPath(segs)))
				}
			}
			if d != nil {
				c.defs = append(c.defs, "<path id="...)
				c.defs = strconv.AppendQuote(c.defs, id)
				c.defs = append(c.defs, " d="...)
				c.defs = append(c.defs, d.(string)...)
				c.defs = append(c.defs, "/>\n"...)
			}
		}
		if scaled == nil {
			scaled = append([]byte(") scale("), strconv.FormatFloat(scale, 'g', 6, 64)...)
			scaled = append(scaled, `)"/>`+"\n"...)
		}
		b := append(c.body, `<use xlink:href="#`...)
		b = append(b, id...)
		b = append(b, `" transform="translate(`...)
		b = appendNum(b, x)
		b = append(b, ' ')
		b = appendNum(b, y)
		c.body = append(b, scaled...)
		adv, err := f.font.GlyphAdvance(&c.buf, g, ppem, 0)
		if err == nil {
			x += float64(adv) / 64 * scale
		}
	}
}

// svgPath is a glyph's outline as SVG path data, in font units, y down.
func svgPath(segs sfnt.Segments) string {
	var b strings.Builder
	pt := func(p fixed.Point26_6) {
		b.WriteString(num(float64(p.X) / 64))
		b.WriteByte(' ')
		b.WriteString(num(float64(p.Y) / 64))
	}
	for i, s := range segs {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if i > 0 {
				b.WriteString("Z ")
			}
			b.WriteString("M")
			pt(s.Args[0])
		case sfnt.SegmentOpLineTo:
			b.WriteString("L")
			pt(s.Args[0])
		case sfnt.SegmentOpQuadTo:
			b.WriteString("Q")
			pt(s.Args[0])
			b.WriteByte(' ')
			pt(s.Args[1])
		case sfnt.SegmentOpCubeTo:
			b.WriteString("C")
			pt(s.Args[0])
			b.WriteByte(' ')
			pt(s.Args[1])
			b.WriteByte(' ')
			pt(s.Args[2])
		}
	}
	if len(segs) > 0 {
		b.WriteString(" Z")
	}
	return b.String()
}

// num formats a length with at most two decimals.
func num(v float64) string { return string(appendNum(nil, v)) }

// appendNum appends v as num formats it: rounded to hundredths, written
// as strconv's shortest form of that would write it ("1.5", "2", "-0"),
// from the whole number of hundredths, which is what that form comes to
// for any length a page has (below 10^13, where hundredths are far apart
// in float64); larger ones, and NaN, go through strconv.
func appendNum(b []byte, v float64) []byte {
	r := math.Round(v * 100)
	if !(math.Abs(r) < 1e15) {
		return strconv.AppendFloat(b, r/100, 'f', -1, 64)
	}
	n := int64(r)
	if n < 0 || math.Signbit(r) {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	if f := n % 100; f != 0 {
		b = append(b, '.', byte('0'+f/10))
		if f%10 != 0 {
			b = append(b, byte('0'+f%10))
		}
	}
	return b
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The PNG canvas: a single's PNG is drawn here by hand, not with
// x/image/font's Drawer. A daily batch draws hundreds of them in the same
// few glyphs, and the Drawer rasterised every glyph of every string again:
// with glyphs rasterised once and blended by hand, a 300 dpi solution took
// 4.3 ms, not 7.0 (blending eight pixels at a time and filling by memmove
// then made the drawing alone 0.75x and 0.88x).
//
// What it does: greys on an image.Gray, text and lines black; rectangles,
// and horizontal or vertical lines at least a pixel wide, filled on whole
// pixels, not anti-aliased, so they stay crisp; text glyph by glyph, each
// glyph rasterised (unhinted) by x/image's opentype face once per font,
// pixel size, rune and quarter-pixel pen position into a cache that every
// PNG of the process shares and nothing empties, and blended with its
// baseline on a whole pixel. It applies the face's kerning, which the PDF
// and SVG do not (the Go fonts have none). Polygons (the stars) are filled
// by x/image/vector.
//
// What it does not do: colour, diagonal lines (a line that is not
// horizontal is drawn as vertical), curves, dashes, shaping.
//
// What would let it go: font.Drawer keeping its glyphs' masks and drawing
// black through them onto an image.Gray at this speed.
//
// Tests: TestSinglePNGDigests (every byte and pixel as at 629408b, before
// fill and blend were made faster), TestGoldenPages (single.png and
// single-solution.png, which a person has looked at) and
// TestSVGLooksLikePNG (the SVG as librsvg renders it).

// pngCanvas draws on a greyscale image, lines snapped to whole pixels so
// they stay crisp.
type pngCanvas struct {
	img   *image.Gray
	scale float64 // pixels a point
	faces map[pngFaceKey]font.Face
	err   error
}

type pngFaceKey struct {
	f    *face
	size float64
}

func (c *pngCanvas) px(v float64) int { return int(math.Round(v * c.scale)) }

func (c *pngCanvas) fill(x0, y0, x1, y1 int, gray uint8) {
	r := image.Rect(x0, y0, x1, y1).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	pix, stride := c.img.Pix, c.img.Stride
	w, h := r.Dx(), r.Dy()
	if w == stride {
		w, h = w*h, 1 // whole rows, such as the page: one span
	}
	start := c.img.PixOffset(r.Min.X, r.Min.Y)
	end := start + h*stride // past the last row
	if w <= 8 {
		// A line across the rows, a few pixels wide: the pixels written
		// directly, as a copy's call costs more than the copy.
		for o := start; o < end; o += stride {
			row := pix[o : o+w]
			for i := range row {
				row[i] = gray
			}
		}
		return
	}
	// The first row doubled up from one pixel, the others copied from it:
	// memmoves, many times faster than byte by byte.
	first := pix[start : start+w]
	first[0] = gray
	const block = 4096 // copied from while in the nearest cache
	for k := 1; k < min(w, block); k *= 2 {
		copy(first[k:], first[:k])
	}
	for k := block; k < w; k += block {
		copy(first[k:], first[:block])
	}
	for o := start + stride; o < end; o += stride {
		copy(pix[o:o+w], first)
	}
}

func (c *pngCanvas) fillRect(r rect, gray float64) {
	c.fill(c.px(r.x), c.px(r.y), c.px(r.right()), c.px(r.bottom()), uint8(math.Round(gray*255)))
}

// line draws a horizontal or vertical line (the only kind a grid has) at
// least a pixel wide.
func (c *pngCanvas) line(x1, y1, x2, y2, width float64) {
	t := max(1, c.px(width))
	if y1 == y2 {
		y := int(math.Round(y1*c.scale - float64(t)/2))
		c.fill(c.px(min(x1, x2)), y, c.px(max(x1, x2)), y+t, 0)
		return
	}
	x := int(math.Round(x1*c.scale - float64(t)/2))
	c.fill(x, c.px(min(y1, y2)), x+t, c.px(max(y1, y2)), 0)
}

func (c *pngCanvas) strokeRect(r rect, width float64) {
	h := width / 2 // the sides overlap at the corners, as a mitred border does
	c.line(r.x-h, r.y, r.right()+h, r.y, width)
	c.line(r.x-h, r.bottom(), r.right()+h, r.bottom(), width)
	c.line(r.x, r.y-h, r.x, r.bottom()+h, width)
	c.line(r.right(), r.y-h, r.right(), r.bottom()+h, width)
}

func (c *pngCanvas) polygon(pts []point) {
	b := c.img.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	for i, p := range pts {
		x, y := float32(p.x*c.scale), float32(p.y*c.scale)
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
	z.Draw(c.img, b, image.Black, image.Point{})
}

func (c *pngCanvas) text(f *face, size, x, y float64, s string) {
	key := pngFaceKey{f, size}
	ff, ok := c.faces[key]
	if !ok {
		var err error
		ff, err = opentype.NewFace(f.font, &opentype.FaceOptions{Size: size * c.scale, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			c.err = err
			return
		}
		c.faces[key] = ff
	}
	dotX := fixed.Int26_6(math.Round(x * c.scale * 64))
	baseline := int(math.Round(y * c.scale))
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dotX += ff.Kern(prev, r)
		}
		prev = r
		g, ok := c.glyph(f, size, ff, r, dotX&63)
		if !ok {
			continue
		}
		c.blend(g.mask, dotX.Floor(), baseline)
		dotX += g.advance
	}
}

// glyphKey names a rasterised glyph: the font (its bytes), the size in
// pixels, the rune and where in its first pixel the pen stands (a
// quarter pixel's precision).
type glyphKey struct {
	ttf     *byte
	pixels  float64
	r       rune
	quarter fixed.Int26_6
}

// pngGlyph is a glyph's coverage, its bounds relative to the pen on the
// baseline, and its advance.
type pngGlyph struct {
	mask    *image.Alpha
	advance fixed.Int26_6
}

// glyphs are the glyphs rasterised so far, for every PNG: a daily batch
// draws the same digits hundreds of times. A map of the key's own type
// under a lock, not a sync.Map: hashing the key as an interface took
// most of a look-up's time.
var glyphs = struct {
	sync.RWMutex
	m map[glyphKey]pngGlyph
}{m: map[glyphKey]pngGlyph{}}

// glyph is r of f at size, rasterised with ff with the pen frac (in 1/64
// pixel) into its first pixel; false when the font has no such glyph.
func (c *pngCanvas) glyph(f *face, size float64, ff font.Face, r rune, frac fixed.Int26_6) (pngGlyph, bool) {
	key := glyphKey{unsafe.SliceData(f.ttf), size * c.scale, r, frac / 16}
	glyphs.RLock()
	g, ok := glyphs.m[key]
	glyphs.RUnlock()
	if ok {
		return g, true
	}
	dr, mask, maskp, advance, ok := ff.Glyph(fixed.Point26_6{X: key.quarter * 16}, r)
	if !ok {
		return pngGlyph{}, false
	}
	// ff reuses the memory of its mask: copy it, into rows widened with
	// uncovered pixels to a multiple of eight, as blend takes them.
	wide := dr
	wide.Max.X = dr.Min.X + (dr.Dx()+7)&^7
	a := image.NewAlpha(wide)
	draw.Draw(a, dr, mask, maskp, draw.Src)
	g = pngGlyph{mask: a, advance: advance}
	glyphs.Lock()
	glyphs.m[key] = g
	glyphs.Unlock()
	return g, true
}

// blend draws black through mask placed at (x, y): each pixel darkened by
// the mask's coverage, as drawing black over it does.
func (c *pngCanvas) blend(mask *image.Alpha, x, y int) {
	r := mask.Rect.Add(image.Pt(x, y)).Intersect(c.img.Rect)
	n := r.Dx()
	if r.Empty() {
		return
	}
	d, s := c.img.PixOffset(r.Min.X, r.Min.Y), mask.PixOffset(r.Min.X-x, r.Min.Y-y)
	for range r.Dy() {
		dst, src := c.img.Pix[d:d+n], mask.Pix[s:s+n]
		d, s = d+c.img.Stride, s+mask.Stride
		// Eight pixels at a time (a glyph's rows are widened to eights):
		// most of a glyph lies on white, where black over coverage a
		// leaves 255-a, and white where uncovered; elsewhere an
		// uncovered word is left as it is.
		i := 0
		for ; i+8 <= n; i += 8 {
			a := binary.LittleEndian.Uint64(src[i:])
			if binary.LittleEndian.Uint64(dst[i:]) == math.MaxUint64 {
				binary.LittleEndian.PutUint64(dst[i:], ^a)
			} else if a != 0 {
				blendBytes(dst[i:i+8], src[i:i+8])
			}
		}
		if i < n { // where the image's edge cuts a glyph
			blendBytes(dst[i:], src[i:])
		}
	}
}

// blendBytes darkens each byte of dst by the coverage in src, rounded to
// nearest: 0 under full coverage, the byte as it was under none.
func blendBytes(dst, src []byte) {
	for i, a := range src[:len(dst)] {
		dst[i] = uint8((uint32(dst[i])*uint32(255-a) + 127) / 255)
	}
}
