// The PDF writer of single puzzles and of a daily batch's proof, with its
// own TrueType subsetter; books still go through fpdf.
//
// Why: a daily batch writes some 1,500 single-puzzle PDFs, and a profile of
// a re-run put 39% of its CPU in WriteSinglePDF, half of that in fpdf's
// AddUTF8FontFromBytes: fpdf parses both TrueType files again for every
// document, names each font by hashing its 65,536 widths through
// encoding/json, then subsets and compresses the font again. Here a face
// is parsed once and a subset made once per set of glyphs, shared by every
// file that sets them (with Single.Runes a year's PDFs need 2 subsets, not
// 145). The proof moved here as fpdf makes a new zlib writer, a megabyte
// to clear, for every stream: WriteProof 0.26 to 0.17 s of a year's CPU.
//
// What it writes: PDF 1.4 with a plain xref table; one page tree, all
// pages one size, each naming every font; per page one content stream
// (zlib at BestSpeed) of grey fills, black strokes (butt caps, mitred
// joins), rectangles, straight lines, filled polygons and text; an Info
// dictionary dated by the caller. Pages are drawn one at a time, but the
// file is made in memory and written at once. Fonts: TrueType (glyf) only,
// as Type0/CIDFontType2, Identity-H, each CID the glyph id, with /W widths
// and a ToUnicode CMap so text reads back. A subset keeps the glyph ids
// (other glyphs left empty, composite glyphs' parts kept) and holds OS/2,
// cvt, fpgm, glyf, head, hhea, hmtx (whole), loca (long), maxp, post
// (version 3, no names) and prep: no cmap, name, kern or layout tables. It
// is compressed at zlib's default level; alwaysRunes are in every subset.
//
// What it does not do: colour, images, curves, dashes, clipping; CFF
// outlines or other font types, font collections; kerning, ligatures or
// any shaping (glyph by glyph from the font's cmap, as face.width
// measures); pages of different sizes; object or xref streams.
//
// What would let it go: fpdf taking a font parsed once, and a subset made
// once, for many documents, and reusing its compressor, at about this cost.
//
// Tests: poppler reads the files back in TestSinglePDF (pdftotext -bbox,
// pdffonts), TestSingleRunesShareSubsets (pdffonts, pdftotext), TestProofPDF
// (pdfinfo, pdffonts, pdftotext -bbox), TestSingleVariants, TestSingleKiller
// and cmd/pressrun's TestDailyFiles and TestDailyInGerman (pdftotext);
// also TestProofDeterministic and TestAppendFixed2. No test runs qpdf
// --check or pdftoppm on these files.

package templates

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// singlePDF is a canvas that writes a PDF's content streams, a page at a
// time, y measured from the top as the layouts measure it.
type singlePDF struct {
	b     []byte   // the content stream
	pages [][]byte // the content streams of the pages ended
	h     float64  // the page's height, to turn y round
	fill  int      // the fill grey 0-255 last set
	lw    float64  // the line width last set
	font  *face
	size  float64
	faces []*singleFont // in the order first used: /F1, /F2
	buf   sfnt.Buffer
}

// singleFont is a face as the page uses it: the glyphs it sets, and the
// rune each stands for (ToUnicode, so text can be read back and searched).
type singleFont struct {
	f      *face
	glyphs map[sfnt.GlyphIndex]rune
}

func (c *singlePDF) num(v float64) {
	c.b = appendFixed2(c.b, v)
}

// appendFixed2 is strconv.AppendFloat(b, v, 'f', 2, 64) (two decimals,
// rounded as the exact value of v is), written without strconv's general
// conversion when v*100 lies clearly between two halves: then the integer
// nearest it is the exact value's. A tie, or a number too large for that
// to be sure, goes to strconv.
func appendFixed2(b []byte, v float64) []byte {
	a := math.Abs(v) * 100
	n := math.Round(a)
	if !(a < 1e12) || math.Abs(a-n) > 0.499 {
		return strconv.AppendFloat(b, v, 'f', 2, 64)
	}
	if math.Signbit(v) {
		b = append(b, '-')
	}
	i := int64(n)
	b = strconv.AppendInt(b, i/100, 10)
	return append(b, '.', byte('0'+i%100/10), byte('0'+i%10))
}

func (c *singlePDF) xy(x, y float64) {
	c.num(x)
	c.b = append(c.b, ' ')
	c.num(c.h - y)
	c.b = append(c.b, ' ')
}

func (c *singlePDF) setFill(g int) {
	if g != c.fill {
		c.b = strconv.AppendFloat(c.b, float64(g)/255, 'f', 3, 64)
		c.b = append(c.b, " g\n"...)
		c.fill = g
	}
}

func (c *singlePDF) setLineWidth(w float64) {
	if w != c.lw {
		c.num(w)
		c.b = append(c.b, " w\n"...)
		c.lw = w
	}
}

func (c *singlePDF) rect(r rect, op string) {
	c.xy(r.x, r.y)
	c.num(r.w)
	c.b = append(c.b, ' ')
	c.num(-r.h)
	c.b = append(c.b, " re "...)
	c.b = append(c.b, op...)
	c.b = append(c.b, '\n')
}

func (c *singlePDF) fillRect(r rect, gray float64) {
	c.setFill(int(math.Round(gray * 255)))
	c.rect(r, "f")
}

func (c *singlePDF) strokeRect(r rect, width float64) {
	c.setLineWidth(width)
	c.rect(r, "S")
}

func (c *singlePDF) line(x1, y1, x2, y2, width float64) {
	c.setLineWidth(width)
	c.xy(x1, y1)
	c.b = append(c.b, "m "...)
	c.xy(x2, y2)
	c.b = append(c.b, "l S\n"...)
}

func (c *singlePDF) polygon(pts []point) {
	if len(pts) < 3 {
		return
	}
	c.setFill(0)
	for i, p := range pts {
		c.xy(p.x, p.y)
		if i == 0 {
			c.b = append(c.b, "m "...)
		} else {
			c.b = append(c.b, "l "...)
		}
	}
	c.b = append(c.b, "h f\n"...)
}

// text sets s glyph by glyph (CIDs are the font's glyph ids), advancing
// by the glyphs' widths without kerning, as the layouts measure it.
func (c *singlePDF) text(f *face, size, x, y float64, s string) {
	c.setFill(0)
	var sf *singleFont
	for i, u := range c.faces {
		if u.f == f {
			sf = c.faces[i]
		}
	}
	if sf == nil {
		sf = &singleFont{f: f, glyphs: map[sfnt.GlyphIndex]rune{}}
		c.faces = append(c.faces, sf)
	}
	c.b = append(c.b, "BT "...)
	if f != c.font || size != c.size {
		c.b = append(c.b, "/F"...)
		c.b = strconv.AppendInt(c.b, int64(slices.Index(c.faces, sf)+1), 10)
		c.b = append(c.b, ' ')
		c.num(size)
		c.b = append(c.b, " Tf "...)
		c.font, c.size = f, size
	}
	c.xy(x, y)
	c.b = append(c.b, "Td <"...)
	for _, r := range s {
		g, err := f.font.GlyphIndex(&c.buf, r)
		if err != nil {
			g = 0
		}
		if _, ok := sf.glyphs[g]; !ok {
			sf.glyphs[g] = r
		}
		c.b = append(c.b, hexDigits[g>>12&15], hexDigits[g>>8&15], hexDigits[g>>4&15], hexDigits[g&15])
	}
	c.b = append(c.b, "> Tj ET\n"...)
}

// writeSinglePDF writes the page l draws as a PDF dated date.
func writeSinglePDF(w io.Writer, l *singleLayout, date time.Time) error {
	// Room for a day's content stream and file at once: grown step by
	// step, their copies and clearing cost as much as the fonts' objects.
	c := &singlePDF{h: l.h, b: make([]byte, 0, 8<<10)}
	c.startPage()
	l.draw(c)
	c.endPage()
	for _, sf := range c.faces {
		runes := l.s.Runes.Regular
		if sf.f == l.fc.bold {
			runes = l.s.Runes.Bold
		}
		for _, r := range runes {
			if g, err := sf.f.font.GlyphIndex(&c.buf, r); err == nil && g != 0 {
				if _, ok := sf.glyphs[g]; !ok {
					sf.glyphs[g] = r
				}
			}
		}
	}
	return c.write(w, l.w, "", date)
}

// newSinglePDF is a canvas for pages h points high.
func newSinglePDF(h float64) *singlePDF {
	c := &singlePDF{h: h}
	c.startPage()
	return c
}

// startPage begins a page's content stream in the state fpdf began its
// pages with: butt caps, mitred joins, black.
func (c *singlePDF) startPage() {
	c.b = append(c.b, "0 J 0 j 0 G\n"...)
	c.fill, c.lw, c.font, c.size = -1, -1, nil, 0
}

// endPage ends the page drawn so far; drawing goes on on a new one.
func (c *singlePDF) endPage() {
	c.pages = append(c.pages, c.b)
	c.b = nil
	c.startPage()
}

// write writes the pages ended, w points wide, as a PDF with the title
// (none when empty) dated date, its fonts embedded as subsets of the
// glyphs the pages set.
func (c *singlePDF) write(w io.Writer, width float64, title string, date time.Time) error {
	var p pdfFile
	size := 32 << 10
	for _, pg := range c.pages {
		size += len(pg)
	}
	p.b.Grow(size)
	p.start()
	// Objects 1 and 2: the catalog and the page tree; then two a page,
	// the page and its content; the document's information; five a font.
	n := len(c.pages)
	info, font := 3+2*n, 4+2*n
	p.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	var kids bytes.Buffer
	for i := range n {
		fmt.Fprintf(&kids, "%d 0 R", 3+2*i)
		if i < n-1 {
			kids.WriteByte(' ')
		}
	}
	p.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 %.2f %.2f] >>", kids.String(), n, width, c.h))
	var fonts bytes.Buffer
	for i := range c.faces {
		fmt.Fprintf(&fonts, " /F%d %d 0 R", i+1, font+5*i)
	}
	for i, pg := range c.pages {
		p.obj(3+2*i, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /ProcSet [/PDF /Text] /Font <<%s >> >> /Contents %d 0 R >>", fonts.String(), 4+2*i))
		if err := p.stream(4+2*i, "", pg); err != nil {
			return err
		}
	}
	d := "D:" + date.UTC().Format("20060102150405")
	t := ""
	if title != "" {
		t = "/Title <FEFF" + utf16Hex(title) + "> "
	}
	p.obj(info, fmt.Sprintf("<< %s/Producer (pressrun) /Creator (pressrun) /CreationDate (%s) /ModDate (%s) >>", t, d, d))
	for i, sf := range c.faces {
		if err := p.font(font+5*i, sf); err != nil {
			return fmt.Errorf("templates: %s: %w", sf.f.name, err)
		}
	}
	p.end(font+5*len(c.faces), 1, info)
	_, err := w.Write(p.b.Bytes())
	return err
}

// utf16Hex is s in UTF-16BE, in hex, as a PDF text string holds it after
// its byte order mark.
func utf16Hex(s string) string {
	var b []byte
	for _, r := range s {
		for _, u := range utf16(r) {
			b = fmt.Appendf(b, "%04X", u)
		}
	}
	return string(b)
}

// pdfFile is a PDF written object by object, numbered from 1 in the
// order written.
type pdfFile struct {
	b       bytes.Buffer
	offsets []int
}

func (p *pdfFile) start() {
	p.b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
}

func (p *pdfFile) begin(n int) {
	if n != len(p.offsets)+1 {
		panic("templates: PDF objects out of order") // a bug here, never the input's
	}
	p.offsets = append(p.offsets, p.b.Len())
	fmt.Fprintf(&p.b, "%d 0 obj\n", n)
}

func (p *pdfFile) obj(n int, dict string) {
	p.begin(n)
	p.b.WriteString(dict)
	p.b.WriteString("\nendobj\n")
}

// stream writes object n as a stream of data, compressed; extra goes into
// its dictionary.
func (p *pdfFile) stream(n int, extra string, data []byte) error {
	z, err := deflate(data, true)
	if err != nil {
		return err
	}
	p.rawStream(n, extra, z)
	return nil
}

func (p *pdfFile) rawStream(n int, extra string, z []byte) {
	p.begin(n)
	fmt.Fprintf(&p.b, "<< /Length %d /Filter /FlateDecode%s >>\nstream\n", len(z), extra)
	p.b.Write(z)
	p.b.WriteString("\nendstream\nendobj\n")
}

// end writes the cross-reference table and the trailer; size is the
// number of objects plus one.
func (p *pdfFile) end(size, root, info int) {
	xref := p.b.Len()
	fmt.Fprintf(&p.b, "xref\n0 %d\n0000000000 65535 f \n", size)
	for _, o := range p.offsets {
		fmt.Fprintf(&p.b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&p.b, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", size, root, info, xref)
}

// font writes a face as objects n to n+4: the Type0 font, its CID font,
// the descriptor, the embedded subset and the ToUnicode map.
func (p *pdfFile) font(n int, sf *singleFont) error {
	sub, err := subsetOf(sf.f, sf.glyphs)
	if err != nil {
		return err
	}
	p.obj(n, fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>",
		sub.name, n+1, n+4))
	p.obj(n+1, fmt.Sprintf("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /DW 0 /W [%s ] /CIDToGIDMap /Identity >>",
		sub.name, n+2, sub.widths))
	m := sub.metrics
	p.obj(n+2, fmt.Sprintf("<< /Type /FontDescriptor /FontName /%s /Flags %d /FontBBox [%d %d %d %d] /ItalicAngle %s /Ascent %d /Descent %d /CapHeight %d /StemV %d /FontFile2 %d 0 R >>",
		sub.name, m.flags, m.bbox[0], m.bbox[1], m.bbox[2], m.bbox[3], strconv.FormatFloat(m.italic, 'f', -1, 64), m.ascent, m.descent, m.capHeight, m.stemV, n+3))
	p.rawStream(n+3, fmt.Sprintf(" /Length1 %d", sub.length1), sub.data)
	p.rawStream(n+4, "", sub.toUnicode)
	return nil
}

// toUnicode is the CMap that tells which text each glyph id of runes sets.
func toUnicode(gids []sfnt.GlyphIndex, runes map[sfnt.GlyphIndex]rune) []byte {
	var cm bytes.Buffer
	cm.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	for i := 0; i < len(gids); i += 100 {
		chunk := gids[i:min(i+100, len(gids))]
		fmt.Fprintf(&cm, "%d beginbfchar\n", len(chunk))
		for _, g := range chunk {
			fmt.Fprintf(&cm, "<%04x> <", uint16(g))
			for _, u := range utf16(runes[g]) {
				fmt.Fprintf(&cm, "%04x", u)
			}
			cm.WriteString(">\n")
		}
		cm.WriteString("endbfchar\n")
	}
	cm.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return cm.Bytes()
}

func utf16(r rune) []uint16 {
	if r < 0x10000 {
		return []uint16{uint16(r)}
	}
	r -= 0x10000
	return []uint16{uint16(0xd800 + r>>10), uint16(0xdc00 + r&0x3ff)}
}

// deflaters are zlib writers at BestSpeed and the default level, reused: a
// batch compresses thousands of small streams, and a new writer clears
// hundreds of kilobytes of tables.
var deflaters = [2]sync.Pool{
	{New: func() any { w, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed); return w }},
	{New: func() any { return zlib.NewWriter(nil) }},
}

// deflate compresses data with zlib: fast (BestSpeed) for what each file
// writes anew, smallest (the default level) for what is made once and
// shared.
func deflate(data []byte, fast bool) ([]byte, error) {
	var b bytes.Buffer
	pool := &deflaters[1]
	if fast {
		pool = &deflaters[0]
	}
	z := pool.Get().(*zlib.Writer)
	defer pool.Put(z)
	z.Reset(&b)
	if _, err := z.Write(data); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fontSubset is a TrueType subset as a PDF embeds it: compressed, its
// uncompressed length, its name (a six-letter tag, +, the font's
// PostScript name), the descriptor's metrics, the CID font's widths
// (its /W array's insides) and the ToUnicode map, compressed.
type fontSubset struct {
	data      []byte
	length1   int
	name      string
	metrics   fontMetrics
	widths    string
	toUnicode []byte
}

type fontMetrics struct {
	flags, ascent, descent, capHeight, stemV int
	bbox                                     [4]int
	italic                                   float64
}

// alwaysRunes go into every subset whether used or not, so that the
// dates, numbers and ids that change from file to file do not make a new
// subset each time: a few glyphs more per file, a subset shared by many.
const alwaysRunes = "0123456789abcdef :"

// subsetOf is f cut down to the glyphs used (and alwaysRunes'), glyph
// ids unchanged, with the PDF objects that describe it; used gives the
// rune each glyph sets. Two pages that set the same runes with the same
// glyphs share one.
func subsetOf(f *face, used map[sfnt.GlyphIndex]rune) (*fontSubset, error) {
	f.alwaysOnce.Do(func() {
		f.always = map[sfnt.GlyphIndex]rune{}
		var buf sfnt.Buffer
		for _, r := range alwaysRunes {
			if g, err := f.font.GlyphIndex(&buf, r); err == nil && g != 0 {
				if _, ok := f.always[g]; !ok {
					f.always[g] = r
				}
			}
		}
	})
	runes := maps.Clone(used)
	for g, r := range f.always {
		if _, ok := runes[g]; !ok {
			runes[g] = r
		}
	}
	var buf sfnt.Buffer
	gids := slices.Sorted(maps.Keys(runes))
	key := make([]byte, 0, 6*len(gids))
	for _, g := range gids {
		key = binary.BigEndian.AppendUint16(key, uint16(g))
		key = binary.BigEndian.AppendUint32(key, uint32(runes[g]))
	}
	if s, ok := f.subsets.Load(string(key)); ok {
		return s.(*fontSubset), nil
	}
	keep := map[sfnt.GlyphIndex]bool{0: true}
	for _, g := range gids {
		keep[g] = true
	}
	s, err := makeSubset(f.ttf, keep)
	if err != nil {
		return nil, err
	}
	h := sha1.Sum(key)
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + h[i]%26
	}
	s.name = string(tag) + "+" + postScriptName(f.font, "Font")
	var w bytes.Buffer
	ppem := fixed.Int26_6(f.font.UnitsPerEm()) << 6
	for _, g := range gids {
		adv, err := f.font.GlyphAdvance(&buf, g, ppem, 0)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&w, " %d [%d]", g, int(math.Round(float64(adv)/64/f.upem*1000)))
	}
	s.widths = w.String()
	if s.toUnicode, err = deflate(toUnicode(gids, runes), false); err != nil {
		return nil, err
	}
	actual, _ := f.subsets.LoadOrStore(string(key), s)
	return actual.(*fontSubset), nil
}

// subsetTables are the TrueType tables a PDF reader needs to draw a
// CIDFontType2 font whose CIDs are glyph ids (ISO 32000-1, 9.9), and OS/2
// and post, which some rasterisers read; cmap, name, kerning and
// OpenType layout tables are left out, as nothing in a PDF looks them up.
var subsetTables = []string{"OS/2", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "post", "prep"}

// makeSubset cuts the TrueType font ttf down to the glyphs keep (and the
// parts of composite glyphs they use): every other glyph is left empty,
// so glyph ids stay as they were and need no map.
func makeSubset(ttf []byte, keep map[sfnt.GlyphIndex]bool) (*fontSubset, error) {
	bad := errors.New("font: malformed TrueType tables")
	if len(ttf) < 12 {
		return nil, bad
	}
	tables := map[string][]byte{}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, bad
		}
		off, length := binary.BigEndian.Uint32(ttf[rec+8:]), binary.BigEndian.Uint32(ttf[rec+12:])
		if uint64(off)+uint64(length) > uint64(len(ttf)) {
			return nil, bad
		}
		tables[string(ttf[rec:rec+4])] = ttf[off : off+length]
	}
	head, maxp, loca, glyf, hhea := tables["head"], tables["maxp"], tables["loca"], tables["glyf"], tables["hhea"]
	if len(head) < 54 || len(maxp) < 6 || len(hhea) < 36 || glyf == nil {
		return nil, bad
	}
	numGlyphs := int(binary.BigEndian.Uint16(maxp[4:]))
	short := binary.BigEndian.Uint16(head[50:]) == 0
	at := func(g int) (int, bool) {
		if short {
			if 2*g+2 > len(loca) {
				return 0, false
			}
			return 2 * int(binary.BigEndian.Uint16(loca[2*g:])), true
		}
		if 4*g+4 > len(loca) {
			return 0, false
		}
		return int(binary.BigEndian.Uint32(loca[4*g:])), true
	}
	glyph := func(g int) ([]byte, error) {
		a, ok1 := at(g)
		b, ok2 := at(g + 1)
		if !ok1 || !ok2 || a > b || b > len(glyf) {
			return nil, bad
		}
		return glyf[a:b], nil
	}
	// Composite glyphs draw other glyphs: keep those too.
	todo := make([]sfnt.GlyphIndex, 0, len(keep))
	for g := range keep {
		todo = append(todo, g)
	}
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if int(g) >= numGlyphs {
			return nil, bad
		}
		data, err := glyph(int(g))
		if err != nil {
			return nil, err
		}
		if len(data) < 10 || int16(binary.BigEndian.Uint16(data)) >= 0 {
			continue
		}
		for p := 10; ; {
			if p+4 > len(data) {
				return nil, bad
			}
			flags := binary.BigEndian.Uint16(data[p:])
			c := sfnt.GlyphIndex(binary.BigEndian.Uint16(data[p+2:]))
			if !keep[c] {
				keep[c] = true
				todo = append(todo, c)
			}
			p += 4
			if flags&0x0001 != 0 { // ARG_1_AND_2_ARE_WORDS
				p += 4
			} else {
				p += 2
			}
			switch {
			case flags&0x0008 != 0: // WE_HAVE_A_SCALE
				p += 2
			case flags&0x0040 != 0: // WE_HAVE_AN_X_AND_Y_SCALE
				p += 4
			case flags&0x0080 != 0: // WE_HAVE_A_TWO_BY_TWO
				p += 8
			}
			if flags&0x0020 == 0 { // MORE_COMPONENTS
				break
			}
		}
	}
	var newGlyf, newLoca []byte
	for g := range numGlyphs {
		newLoca = binary.BigEndian.AppendUint32(newLoca, uint32(len(newGlyf)))
		if !keep[sfnt.GlyphIndex(g)] {
			continue
		}
		data, err := glyph(g)
		if err != nil {
			return nil, err
		}
		newGlyf = append(newGlyf, data...)
		for len(newGlyf)%4 != 0 {
			newGlyf = append(newGlyf, 0)
		}
	}
	newLoca = binary.BigEndian.AppendUint32(newLoca, uint32(len(newGlyf)))
	newHead := slices.Clone(head)
	binary.BigEndian.PutUint32(newHead[8:], 0)  // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(newHead[50:], 1) // long loca offsets
	out := map[string][]byte{"glyf": newGlyf, "loca": newLoca, "head": newHead}
	if post := tables["post"]; len(post) >= 32 {
		// Version 3: no glyph names, which would name glyphs not there.
		p := slices.Clone(post[:32])
		binary.BigEndian.PutUint32(p, 0x00030000)
		out["post"] = p
	}
	var names []string
	for _, t := range subsetTables {
		if out[t] == nil && tables[t] != nil {
			out[t] = tables[t]
		}
		if out[t] != nil {
			names = append(names, t)
		}
	}
	font := assembleTrueType(names, out)
	adj := 0xB1B0AFBA - checksum(font)
	// head is where assembleTrueType put it: find it in the directory.
	for i := range names {
		if rec := 12 + 16*i; string(font[rec:rec+4]) == "head" {
			binary.BigEndian.PutUint32(font[binary.BigEndian.Uint32(font[rec+8:])+8:], adj)
		}
	}

	upem := float64(binary.BigEndian.Uint16(head[18:]))
	scale := func(v int16) int { return int(math.Round(float64(v) * 1000 / upem)) }
	i16 := func(b []byte, off int) int16 { return int16(binary.BigEndian.Uint16(b[off:])) }
	m := fontMetrics{flags: 4, // symbolic: the glyphs are not from the standard Latin set
		bbox:   [4]int{scale(i16(head, 36)), scale(i16(head, 38)), scale(i16(head, 40)), scale(i16(head, 42))},
		ascent: scale(i16(hhea, 4)), descent: scale(i16(hhea, 6)), stemV: 70}
	m.capHeight = m.ascent
	if binary.BigEndian.Uint16(head[44:])&1 != 0 { // macStyle bold
		m.flags |= 1 << 18 // ForceBold
	}
	if os2 := tables["OS/2"]; len(os2) >= 6 {
		w := float64(binary.BigEndian.Uint16(os2[4:]))
		m.stemV = 50 + int(w/65*w/65) // the usual estimate from the weight class
		if binary.BigEndian.Uint16(os2) >= 2 && len(os2) >= 90 {
			m.capHeight = scale(i16(os2, 88))
		}
	}
	if post := tables["post"]; len(post) >= 16 {
		m.italic = float64(int32(binary.BigEndian.Uint32(post[4:]))) / 65536
		if binary.BigEndian.Uint32(post[12:]) != 0 {
			m.flags |= 1 // FixedPitch
		}
	}
	if m.italic != 0 {
		m.flags |= 1 << 6 // Italic
	}
	z, err := deflate(font, false)
	if err != nil {
		return nil, err
	}
	return &fontSubset{data: z, length1: len(font), metrics: m}, nil
}

// assembleTrueType writes the tables (names sorted) as a TrueType file.
func assembleTrueType(names []string, tables map[string][]byte) []byte {
	n := len(names)
	es := 0
	for 1<<(es+1) <= n {
		es++
	}
	b := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(b, 0x00010000)
	binary.BigEndian.PutUint16(b[4:], uint16(n))
	binary.BigEndian.PutUint16(b[6:], uint16(16<<es))
	binary.BigEndian.PutUint16(b[8:], uint16(es))
	binary.BigEndian.PutUint16(b[10:], uint16(16*n-16<<es))
	for i, name := range names {
		t := tables[name]
		rec := 12 + 16*i
		copy(b[rec:], name)
		off := len(b)
		b = append(b, t...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		binary.BigEndian.PutUint32(b[rec+4:], checksum(b[off:]))
		binary.BigEndian.PutUint32(b[rec+8:], uint32(off))
		binary.BigEndian.PutUint32(b[rec+12:], uint32(len(t)))
	}
	return b
}

// checksum is TrueType's table checksum: the sum of its 32-bit words,
// the last padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
