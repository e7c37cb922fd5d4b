package templates

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // a cover's background may be a JPEG
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/pressrun/pressrun/templates/words"
)

// Cover is everything a book's wrap-around cover shows: one page with the
// back panel on the left, the spine, and the front panel on the right, with
// a bleed on every side.
type Cover struct {
	Title, Subtitle, Author string
	Blurb                   string // the back cover's text, paragraphs separated by blank lines
	Trim                    Trim   // the interior's trim; zero: 6x9 in
	Pages                   int    // the interior's final page count
	PaperIn                 float64
	// Art is the front's picture: "first-puzzle" (a large grid of the
	// first puzzle; the default) or "grids" (a pattern of the puzzles).
	Art        string
	Puzzles    []Puzzle // the book's puzzles, for the art: their givens are drawn
	Background []byte   // a PNG or JPEG covering the whole wrap; nil: none
	Colour     string   // the background colour without an image, "#rrggbb"; empty: white
	// NoSpineText leaves the spine blank even when the book has enough
	// pages for spine text.
	NoSpineText bool
	Fonts       Fonts     // zero: GoFonts
	Date        time.Time // the PDF's creation date (required)
	Version     string    // pressrun's version, the PDF's creator
	// Levels are the book's sections for the back's lower half: what is
	// inside, level by level, beside a sample grid of the last level's
	// first puzzle. None: the back has only its title and blurb.
	Levels []CoverLevel
	Words  *words.Words // the words around the caller's: nil is English
}

// CoverLevel is one section of the book as the back cover lists it.
type CoverLevel struct {
	Name   string // as printed: "Leicht"
	Count  int
	Sample Puzzle // the section's first puzzle
}

// Cover geometry (KDP's paperback cover rules): a bleed on every side,
// spine text only on books of SpineTextPages pages or more, kept
// SpineTextMargin from the folds, and a barcode area of BarcodeW x
// BarcodeH at the lower right of the back, BarcodeInset from the trim's
// bottom edge and from the spine.
const (
	SpineTextPages  = 80 // spine text only when the book has more than 79 pages (KDP)
	SpineTextMargin = 0.0625 * Inch
	BarcodeW        = 2 * Inch
	BarcodeH        = 1.2 * Inch
	BarcodeInset    = 0.25 * Inch
	// CoverSafe is how far every text stays inside the trim: KDP asks
	// 0.125 in; twice that survives a cut that wanders.
	CoverSafe = 0.25 * Inch
)

// The cover's own design lengths.
const (
	coverMargin    = 0.5 * Inch // the panels' live area, inside the trim
	maxPaperIn     = 0.01       // inches a page: no book paper is thicker
	barcodeQuietIn = 0.25       // the blurb ends this far above the barcode area, inches
)

// The least sizes of a cover's texts, in points, and the least resolution
// of its background image (KDP's and IngramSpark's 300 dpi). An image of
// more pixels than the wrap holds at CoverImageMaxDPI is refused from its
// header, before it is decoded: twice what a printer needs, and a 20000 x
// 20000 PNG of 1.2 MB would take 1.6 GB to read.
const (
	MinSpineText     = 6.0 // the smallest spine text that reads on a shelf
	MinBlurbText     = 9.0
	CoverImageDPI    = 300.0
	CoverImageMaxDPI = 600.0
)

// CoverGeometry is where the parts of a wrap-around cover lie. Lengths are
// points from the top-left corner of the page; a box is [x, y, w, h]. The
// panels (Back, SpineBox, Front) are the trim's parts, without the bleed
// around them.
type CoverGeometry struct {
	PageW    float64    `json:"page_w_pt"` // 2 x trim width + spine + 2 x bleed
	PageH    float64    `json:"page_h_pt"` // trim height + 2 x bleed
	Bleed    float64    `json:"bleed_pt"`
	Spine    float64    `json:"spine_pt"` // pages x paper
	Back     [4]float64 `json:"back_pt"`
	SpineBox [4]float64 `json:"spine_box_pt"`
	Front    [4]float64 `json:"front_pt"`
	Barcode  [4]float64 `json:"barcode_pt"` // kept clear for the printer's barcode
}

// NewCoverGeometry is the geometry of the cover of a book of the given
// trim and page count on paper paperIn inches a page.
func NewCoverGeometry(trim Trim, pages int, paperIn float64) CoverGeometry {
	spine := float64(pages) * paperIn * Inch
	g := CoverGeometry{PageW: 2*trim.W + spine + 2*Bleed, PageH: trim.H + 2*Bleed, Bleed: Bleed, Spine: spine}
	g.Back = [4]float64{Bleed, Bleed, trim.W, trim.H}
	g.SpineBox = [4]float64{Bleed + trim.W, Bleed, spine, trim.H}
	g.Front = [4]float64{Bleed + trim.W + spine, Bleed, trim.W, trim.H}
	g.Barcode = [4]float64{Bleed + trim.W - BarcodeInset - BarcodeW, Bleed + trim.H - BarcodeInset - BarcodeH, BarcodeW, BarcodeH}
	return g
}

// CoverManifest says what a cover printed where, for a preflight. Lengths
// are points from the top-left corner of the page.
type CoverManifest struct {
	Geometry  CoverGeometry `json:"geometry"`
	Pages     int           `json:"pages"`
	PaperIn   float64       `json:"paper_in"`
	SpineText bool          `json:"spine_text"`
	ImageDPI  float64       `json:"image_dpi,omitempty"` // the background's resolution over the wrap; 0: no image
	ImagePx   [2]int        `json:"image_px,omitempty"`
	Texts     []CoverText   `json:"texts"`
}

// CoverText is one line of text on a cover (the digits of the art aside).
type CoverText struct {
	Where string     `json:"where"` // "back", "spine" or "front"
	Text  string     `json:"text"`
	Box   [4]float64 `json:"box_pt"` // x, y, w, h of the text, its font's ascent and descent included
}

// ImageError is a cover's background image that cannot be printed: not a
// PNG or JPEG (Err says why), or below Need dpi once scaled to cover the
// wrap, bleed included.
type ImageError struct {
	Err       error      // the image cannot be read; nil: too small, or too large
	Px        [2]int     // the image's size
	WrapIn    [2]float64 // the wrap's size, bleed included, inches
	DPI, Need float64
	// TooLarge says the image has more pixels than the wrap holds at
	// CoverImageMaxDPI (it was not decoded).
	TooLarge bool
}

func (e *ImageError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("templates: cover image: %v", e.Err)
	}
	if e.TooLarge {
		most := e.MostPx()
		return fmt.Sprintf("templates: cover image: %dx%d px is more than the %.3f x %.3f in wrap holds at %.0f dpi: at most %dx%d px",
			e.Px[0], e.Px[1], e.WrapIn[0], e.WrapIn[1], CoverImageMaxDPI, most[0], most[1])
	}
	need := e.NeedPx()
	return fmt.Sprintf("templates: cover image: %dx%d px over the %.3f x %.3f in wrap is %.0f dpi; want %.0f dpi or more: at least %dx%d px",
		e.Px[0], e.Px[1], e.WrapIn[0], e.WrapIn[1], math.Floor(e.DPI), e.Need, need[0], need[1])
}

func (e *ImageError) Unwrap() error { return ErrInvalid }

// MostPx is the largest image size, in pixels, of the wrap's shape that a
// cover takes: the wrap at CoverImageMaxDPI.
func (e *ImageError) MostPx() [2]int {
	return [2]int{int(math.Floor(e.WrapIn[0] * CoverImageMaxDPI)), int(math.Floor(e.WrapIn[1] * CoverImageMaxDPI))}
}

// NeedPx is the least image size, in pixels, that covers the wrap at Need dpi.
func (e *ImageError) NeedPx() [2]int {
	return [2]int{int(math.Ceil(e.WrapIn[0]*e.Need - 1e-9)), int(math.Ceil(e.WrapIn[1]*e.Need - 1e-9))}
}

// FitError is cover text that does not fit its place at the smallest size
// it may be set in: the spine text across or along a thin spine, or the
// blurb on the back above the barcode area.
type FitError struct {
	Where      string  // "spine" or "back"
	Need, Room float64 // points
	// Pages is the least page count whose spine takes the spine text
	// across at the smallest size; 0 when its length is the problem.
	Pages int
}

func (e *FitError) Error() string {
	if e.Where == "spine" {
		if e.Pages > 0 {
			return fmt.Sprintf("templates: cover: the spine is %.3f in; its text (title and author, %g pt or more, %.4g in from each fold) needs %.3f in, a book of %d pages or more",
				e.Room/Inch, MinSpineText, SpineTextMargin/Inch, e.Need/Inch, e.Pages)
		}
		return fmt.Sprintf("templates: cover: the spine text (title and author at %g pt) is %.2f in long; the spine has %.2f in", MinSpineText, e.Need/Inch, e.Room/Inch)
	}
	return fmt.Sprintf("templates: cover: the blurb at %g pt needs %.2f in of the back; %.2f in is free above the barcode area", MinBlurbText, e.Need/Inch, e.Room/Inch)
}

func (e *FitError) Unwrap() error { return ErrInvalid }

// ParseColour reads a colour "#rrggbb" (or "#rgb").
func ParseColour(s string) ([3]uint8, error) {
	hex, ok := strings.CutPrefix(strings.TrimSpace(s), "#")
	if ok && len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if !ok || len(hex) != 6 || err != nil {
		return [3]uint8{}, invalidf("colour %q: want #rrggbb, such as #1f3a5f", s)
	}
	return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// coverImage is a background image read for a cover.
type coverImage struct {
	data   []byte
	format string // "png" or "jpeg"
	px     [2]int
	dpi    float64
	dark   bool // its mean lightness is below the middle: white text reads on it
}

// readCoverImage reads the background's size and format, holds its
// resolution over the wrap to CoverImageDPI, and measures its lightness.
func readCoverImage(data []byte, geo CoverGeometry) (*coverImage, error) {
	wrap := [2]float64{geo.PageW / Inch, geo.PageH / Inch}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	switch {
	case format != "png" && format != "jpeg":
		err = errors.New("not a PNG or JPEG image")
	case err != nil:
		err = fmt.Errorf("a %s that cannot be read: %v", strings.ToUpper(format), err)
	case cfg.Width < 1 || cfg.Height < 1:
		err = errors.New("an empty image")
	}
	if err != nil {
		return nil, &ImageError{Err: err, WrapIn: wrap, Need: CoverImageDPI}
	}
	img := &coverImage{data: data, format: format, px: [2]int{cfg.Width, cfg.Height}}
	// Scaled to cover the wrap, the image's resolution is its lesser one.
	img.dpi = math.Min(float64(cfg.Width)/wrap[0], float64(cfg.Height)/wrap[1])
	if img.dpi < CoverImageDPI {
		return nil, &ImageError{Px: img.px, WrapIn: wrap, DPI: img.dpi, Need: CoverImageDPI}
	}
	if float64(cfg.Width)*float64(cfg.Height) > wrap[0]*wrap[1]*CoverImageMaxDPI*CoverImageMaxDPI {
		return nil, &ImageError{Px: img.px, WrapIn: wrap, DPI: img.dpi, Need: CoverImageDPI, TooLarge: true}
	}
	m, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, &ImageError{Err: err, Px: img.px, WrapIn: wrap, Need: CoverImageDPI}
	}
	img.dark = meanLightness(m) < 0.5
	return img, nil
}

// meanLightness is the mean relative luminance of a sample of the image's
// pixels, 0 black to 1 white.
func meanLightness(m image.Image) float64 {
	b := m.Bounds()
	step := max(1, min(b.Dx(), b.Dy())/200)
	sum, n := 0.0, 0
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			r, g, bl, _ := m.At(x, y).RGBA()
			sum += luminance([3]float64{float64(r) / 0xffff, float64(g) / 0xffff, float64(bl) / 0xffff})
			n++
		}
	}
	return sum / float64(n)
}

// luminance is the relative luminance of an sRGB colour (WCAG 2).
func luminance(c [3]float64) float64 {
	lin := func(v float64) float64 {
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// whiteReads reports whether white text contrasts more than black with a
// ground of relative luminance l (WCAG 2's contrast ratio).
func whiteReads(l float64) bool { return (1.05)/(l+0.05) > (l+0.05)/0.05 }

// whiteOn reports whether white text reads better than black on the colour.
func whiteOn(c [3]uint8) bool {
	return whiteReads(luminance([3]float64{float64(c[0]) / 255, float64(c[1]) / 255, float64(c[2]) / 255}))
}

// withDefaults returns c with its zero fields filled in, or an error
// wrapping ErrInvalid naming what cannot be laid out.
func (c Cover) withDefaults() (Cover, error) {
	if c.Title == "" {
		c.Title = "Sudoku"
	}
	if c.Date.IsZero() {
		return c, invalidf("cover: no date: set Cover.Date (the PDF's creation date must not come from the clock)")
	}
	if c.Trim == (Trim{}) {
		c.Trim = Trims[2]
	}
	if !c.Trim.inRange() {
		return c, invalidf("cover: trim %s: each side must be within 3-15 in (76-381 mm)", c.Trim)
	}
	if c.Pages < 1 {
		return c, invalidf("cover: %d pages: want the interior's page count", c.Pages)
	}
	if c.PaperIn <= 0 || c.PaperIn > maxPaperIn {
		return c, invalidf("cover: paper %g in a page: want above 0 and at most %g in", c.PaperIn, maxPaperIn)
	}
	switch c.Art {
	case "":
		c.Art = "first-puzzle"
	case "first-puzzle", "grids":
	default:
		return c, invalidf("cover: art %q: want first-puzzle or grids", c.Art)
	}
	for i, p := range c.Puzzles {
		if err := checkGrids(fmt.Sprintf("cover: puzzle %d", i+1), p, false); err != nil {
			return c, err
		}
	}
	if c.Colour != "" {
		if _, err := ParseColour(c.Colour); err != nil {
			return c, err
		}
	}
	return c, nil
}

// WriteCover lays out the book's wrap-around cover and writes its PDF to
// w: one page, the back panel on the left (title, blurb, the barcode area
// kept clear), the spine (title and author, reading top to bottom, when
// the book has SpineTextPages pages or more), the front panel on the right
// (title, subtitle, art from the book's puzzles, author), with the bleed
// around it all and the trim box set. It returns the manifest
// of what went where. An error wrapping ErrInvalid means the cover cannot
// be laid out as asked (an *ImageError: a background too coarse for the
// wrap; a *FitError: text that does not fit; a *GlyphError: a text its
// font cannot print); nothing has been written then.
func WriteCover(w io.Writer, c *Cover) (*CoverManifest, error) {
	cv, err := c.withDefaults()
	if err != nil {
		return nil, err
	}
	fc, err := parseFaces(cv.Fonts)
	if err != nil {
		return nil, err
	}
	gc := glyphCheck{fc: fc, section: -1}
	for _, t := range []struct {
		field, text string
		f           *face
	}{{"title", cv.Title, fc.bold}, {"subtitle", cv.Subtitle, fc.regular}, {"author", cv.Author, fc.regular},
		{"author", cv.Author, fc.bold}, {"blurb", cv.Blurb, fc.regular}} {
		if err := gc.check(t.field, t.text, t.f); err != nil {
			return nil, err
		}
	}
	if len(cv.Levels) > 0 {
		if err := gc.check("words", cv.Words.Text("cover.inside")+cv.Words.Text("cover.sample")+cv.Words.Text("cover.level-count"), fc.regular, fc.bold); err != nil {
			return nil, err
		}
	}
	for i, lv := range cv.Levels {
		if err := gc.check(fmt.Sprintf("levels[%d].name", i), lv.Name, fc.regular); err != nil {
			return nil, err
		}
	}
	geo := NewCoverGeometry(cv.Trim, cv.Pages, cv.PaperIn)
	m := &CoverManifest{Geometry: geo, Pages: cv.Pages, PaperIn: cv.PaperIn}
	p := &coverPainter{fc: fc, m: m, geo: geo, u: cv.Trim.W / (6 * Inch)}
	p.ground = [3]uint8{255, 255, 255}
	if cv.Colour != "" {
		p.ground, _ = ParseColour(cv.Colour)
	}
	p.white = whiteOn(p.ground)
	if len(cv.Background) > 0 {
		if p.img, err = readCoverImage(cv.Background, geo); err != nil {
			return nil, err
		}
		m.ImageDPI, m.ImagePx = p.img.dpi, p.img.px
		p.white = p.img.dark
	}
	var spine *spinePlan
	if cv.Pages >= SpineTextPages && !cv.NoSpineText {
		if spine, err = planSpine(&cv, fc, geo); err != nil {
			return nil, err
		}
		m.SpineText = true
	}
	back, err := p.planBack(&cv)
	if err != nil {
		return nil, err
	}

	pdf := newPDF(geo.PageW, geo.PageH, fc, cv.Date, creator(cv.Version))
	pdf.SetTitle(cv.Title+" (cover)", true)
	if cv.Author != "" {
		pdf.SetAuthor(cv.Author, true)
	}
	pdf.AddPage()
	pdf.SetPageBox("trim", geo.Bleed, geo.Bleed, geo.PageW-2*geo.Bleed, geo.PageH-2*geo.Bleed)
	// The bleed box is the whole page, which is what a PDF without one
	// means (it defaults to the crop box, the media box): fpdf writes a
	// page's boxes in map order, so a second one would make the bytes vary.
	p.pdf = pdf
	p.paintGround()
	p.drawBack(back)
	p.drawInside(&cv, back)
	if spine != nil {
		p.drawSpine(spine)
	}
	p.drawFront(&cv)
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("templates: cover: %w", err)
	}
	if err := pdf.Output(w); err != nil {
		return nil, fmt.Errorf("templates: write cover pdf: %w", err)
	}
	return m, nil
}

// coverPainter draws a cover's page.
type coverPainter struct {
	pdf    *fpdf.Fpdf
	fc     faces
	m      *CoverManifest
	geo    CoverGeometry
	u      float64 // the trim's width over 6 in: type sizes scale with it
	ground [3]uint8
	img    *coverImage
	white  bool // text is white (on a dark ground); else black
}

func rectOf(b [4]float64) rect { return rect{b[0], b[1], b[2], b[3]} }

func inset(r rect, d float64) rect { return rect{r.x + d, r.y + d, r.w - 2*d, r.h - 2*d} }

// paintGround paints the background: the image scaled to cover the whole wrap
// (centred, cropped by the page), or the colour. With an image, the
// barcode area is painted white: the printer prints its barcode on white,
// and a scanner needs a quiet light ground that a photograph may not give
// there. A flat colour is left as it is: it is quiet already.
func (p *coverPainter) paintGround() {
	pdf, geo := p.pdf, p.geo
	if p.img != nil {
		opt := fpdf.ImageOptions{ImageType: map[string]string{"png": "PNG", "jpeg": "JPG"}[p.img.format]}
		pdf.RegisterImageOptionsReader("background", opt, bytes.NewReader(p.img.data))
		if pdf.Err() {
			// fpdf takes no interlaced PNG: give it a plain copy.
			pdf.ClearError()
			opt.ImageType = "PNG"
			pdf.RegisterImageOptionsReader("background", opt, bytes.NewReader(plainPNG(p.img.data)))
		}
		s := math.Max(geo.PageW/float64(p.img.px[0]), geo.PageH/float64(p.img.px[1]))
		w, h := float64(p.img.px[0])*s, float64(p.img.px[1])*s
		pdf.ImageOptions("background", (geo.PageW-w)/2, (geo.PageH-h)/2, w, h, false, opt, 0, "")
		pdf.SetFillColor(255, 255, 255)
		b := geo.Barcode
		pdf.Rect(b[0], b[1], b[2], b[3], "F")
		return
	}
	if p.ground != [3]uint8{255, 255, 255} {
		pdf.SetFillColor(int(p.ground[0]), int(p.ground[1]), int(p.ground[2]))
		pdf.Rect(0, 0, geo.PageW, geo.PageH, "F")
	}
}

// plainPNG re-encodes an image as an 8-bit, non-interlaced PNG.
func plainPNG(data []byte) []byte {
	m, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return data
	}
	rgba := image.NewNRGBA(m.Bounds())
	draw.Draw(rgba, rgba.Bounds(), m, m.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return data
	}
	return buf.Bytes()
}

func (p *coverPainter) ink() int {
	if p.white {
		return 255
	}
	return 0
}

// text sets s with its left end at x and its baseline at y, and records it.
func (p *coverPainter) text(where string, f *face, size, x, y float64, s string) {
	s = plain(f, s)
	p.pdf.SetFont(f.family, f.style, size)
	p.pdf.SetTextColor(p.ink(), p.ink(), p.ink())
	p.pdf.Text(x, y, s)
	p.m.Texts = append(p.m.Texts, CoverText{Where: where, Text: s,
		Box: [4]float64{x, y - f.ascent*size, f.width(s, size), (f.ascent + f.descent) * size}})
}

func (p *coverPainter) centred(where string, f *face, size, cx, y float64, s string) {
	p.text(where, f, size, cx-f.width(plain(f, s), size)/2, y, s)
}

// fitLines sets s in lines no wider than w at the largest size from most
// down to least (by 5%) that takes at most maxLines lines; at least, it
// takes the lines it takes, smaller still only if a word is wider than w.
func fitLines(f *face, s string, w, most, least float64, maxLines int) (float64, []string) {
	size := most
	for {
		lines := wrap(f, size, w, s)
		widest := 0.0
		for _, l := range lines {
			widest = max(widest, f.width(l, size))
		}
		if widest <= w && (len(lines) <= maxLines || size*0.95 < least) {
			return size, lines
		}
		size *= 0.95
	}
}

// spinePlan is the spine text: the title in bold, then the author, one
// line along the spine at one size.
type spinePlan struct {
	title, author string
	size, gap     float64
}

// planSpine sizes the spine text: as large as 60% of the spine across (at
// most 24 pt), with SpineTextMargin from each fold, and short enough to
// leave coverMargin at each end; below MinSpineText it is a *FitError.
func planSpine(c *Cover, fc faces, geo CoverGeometry) (*spinePlan, error) {
	sp := &spinePlan{title: plain(fc.bold, c.Title), author: plain(fc.regular, c.Author)}
	em := max(fc.bold.ascent+fc.bold.descent, fc.regular.ascent+fc.regular.descent)
	across := geo.Spine - 2*SpineTextMargin
	if across < MinSpineText*em {
		need := MinSpineText*em + 2*SpineTextMargin
		pages := int(math.Ceil(need / (c.PaperIn * Inch)))
		return nil, &FitError{Where: "spine", Need: need, Room: geo.Spine, Pages: pages}
	}
	sp.size = min(across/em, 0.6*geo.Spine/em, 24)
	along := geo.SpineBox[3] - 2*coverMargin
	for ; sp.size >= MinSpineText; sp.size *= 0.95 {
		if sp.length(fc) <= along {
			return sp, nil
		}
	}
	sp.size = MinSpineText
	return nil, &FitError{Where: "spine", Need: sp.length(fc), Room: along}
}

func (sp *spinePlan) length(fc faces) float64 {
	l := fc.bold.width(sp.title, sp.size)
	if sp.author != "" {
		l += 2*sp.size + fc.regular.width(sp.author, sp.size)
	}
	return l
}

// drawSpine sets the spine text rotated to read top to bottom (the tops of
// the letters toward the front), each run centred across the spine.
func (p *coverPainter) drawSpine(sp *spinePlan) {
	s := rectOf(p.geo.SpineBox)
	cx := s.x + s.w/2
	y := s.y + (s.h-sp.length(p.fc))/2
	run := func(f *face, t string) {
		// Rotated a quarter turn clockwise, the ascent lies right of the
		// baseline and the descent left of it.
		x := cx - (f.ascent-f.descent)*sp.size/2
		w := f.width(t, sp.size)
		p.pdf.TransformBegin()
		p.pdf.TransformRotate(-90, x, y)
		p.pdf.SetFont(f.family, f.style, sp.size)
		p.pdf.SetTextColor(p.ink(), p.ink(), p.ink())
		p.pdf.Text(x, y, t)
		p.pdf.TransformEnd()
		p.m.Texts = append(p.m.Texts, CoverText{Where: "spine", Text: t,
			Box: [4]float64{x - f.descent*sp.size, y, (f.ascent + f.descent) * sp.size, w}})
		y += w
	}
	run(p.fc.bold, sp.title)
	if sp.author != "" {
		y += 2 * sp.size
		run(p.fc.regular, sp.author)
	}
}

// backPlan is the back panel's text: the title and the blurb's lines (an
// empty line between paragraphs).
type backPlan struct {
	live                 rect
	titleSize, blurbSize float64
	title, blurb         []string
}

// planBack sets the back's title and blurb in the live area above the
// barcode area, the blurb as large as 11.5 pt (more on a larger trim) and no
// smaller than MinBlurbText.
func (p *coverPainter) planBack(c *Cover) (*backPlan, error) {
	live := inset(rectOf(p.geo.Back), coverMargin)
	bp := &backPlan{live: live}
	bp.titleSize, bp.title = fitLines(p.fc.bold, c.Title, live.w, 26*p.u, 16*p.u, 3)
	if c.Blurb == "" {
		return bp, nil
	}
	top := p.backBlurbTop(bp)
	room := p.geo.Barcode[1] - barcodeQuietIn*Inch - top
	for size := 11.5 * math.Pow(p.u, 0.75); ; size -= 0.25 {
		size = max(size, MinBlurbText)
		var lines []string
		for i, para := range strings.Split(c.Blurb, "\n\n") {
			if i > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, wrap(p.fc.regular, size, live.w, strings.Join(strings.Fields(para), " "))...)
		}
		need := blurbHeight(p.fc.regular, size, len(lines))
		if need <= room {
			bp.blurbSize, bp.blurb = size, lines
			return bp, nil
		}
		if size == MinBlurbText {
			return nil, &FitError{Where: "back", Need: need, Room: room}
		}
	}
}

// The back's blurb leading, and the space after the title.
const (
	blurbLeading = 1.45
	titleLeading = 1.1
)

// backBlurbTop is where the blurb's first line box begins.
func (p *coverPainter) backBlurbTop(bp *backPlan) float64 {
	f := p.fc.bold
	last := bp.live.y + f.ascent*bp.titleSize + float64(len(bp.title)-1)*bp.titleSize*titleLeading
	return last + f.descent*bp.titleSize + 0.3*Inch
}

// blurbHeight is the height of n lines of the blurb, from the first line's
// ascent to the last one's descent.
func blurbHeight(f *face, size float64, n int) float64 {
	return (f.ascent+f.descent)*size + float64(n-1)*size*blurbLeading
}

func (p *coverPainter) drawBack(bp *backPlan) {
	f := p.fc.bold
	y := bp.live.y + f.ascent*bp.titleSize
	for _, l := range bp.title {
		p.text("back", f, bp.titleSize, bp.live.x, y, l)
		y += bp.titleSize * titleLeading
	}
	// A short rule under the title, the interior's one ornament.
	top := p.backBlurbTop(bp)
	p.pdf.SetDrawColor(p.ink(), p.ink(), p.ink())
	p.pdf.SetLineWidth(2)
	p.pdf.Line(bp.live.x, top-0.15*Inch, bp.live.x+bp.live.w/4, top-0.15*Inch)
	y = top + p.fc.regular.ascent*bp.blurbSize
	for _, l := range bp.blurb {
		if l != "" {
			p.text("back", p.fc.regular, bp.blurbSize, bp.live.x, y, l)
		}
		y += bp.blurbSize * blurbLeading
	}
}

// blurbBottom is where the back's blurb ends (its title's, without one).
func (p *coverPainter) blurbBottom(bp *backPlan) float64 {
	top := p.backBlurbTop(bp)
	if len(bp.blurb) == 0 {
		return top
	}
	return top + blurbHeight(p.fc.regular, bp.blurbSize, len(bp.blurb))
}

// drawInside fills the back's lower half, left of the barcode area: what
// is inside, level by level with its count, and a sample grid of the
// hardest level's first puzzle on a white tile. Each part is left out
// when the room left under the blurb cannot take it: it is a
// reader's glance, not something the cover must have.
func (p *coverPainter) drawInside(c *Cover, bp *backPlan) {
	if len(c.Levels) == 0 {
		return
	}
	w := c.Words
	live := bp.live
	top := max(p.blurbBottom(bp)+0.35*Inch, live.y+live.h/2)
	right := p.geo.Barcode[0] - 0.25*Inch // the column ends left of the barcode area
	bottom := live.bottom()
	colW := right - live.x
	size := 11 * math.Pow(p.u, 0.75)
	head := size * 1.25
	f, bold := p.fc.regular, p.fc.bold
	listH := head*1.6 + float64(len(c.Levels))*size*1.5
	if colW < 1.5*Inch || top+listH > bottom {
		return
	}
	// The list: a heading, then each level with its count set right.
	listW := min(colW, 3.2*Inch*p.u)
	y := top + bold.ascent*head
	p.text("back", bold, head, live.x, y, w.Text("cover.inside"))
	y += head * 0.6
	for _, lv := range c.Levels {
		y += size * 1.5
		count := w.Fill("cover.level-count", "count", lv.Count)
		if lv.Count == 1 {
			count = w.Text("cover.level-count-1")
		}
		p.text("back", f, size, live.x, y, lv.Name)
		p.text("back", f, size, live.x+listW-f.width(count, size), y, count)
	}
	// The sample: the last level's first puzzle, as large as the room
	// under the list allows, up to 2.4 in.
	sample := c.Levels[len(c.Levels)-1]
	capTop := y + size*1.6
	side := min(bottom-(capTop+size*1.6)-2*tilePad(2.4*Inch), colW-2*tilePad(2.4*Inch), 2.4*Inch*p.u)
	if side < 1.2*Inch {
		return
	}
	capY := capTop + f.ascent*size
	p.text("back", f, size, live.x, capY, w.Fill("cover.sample", "level", sample.Name))
	gy := capY + f.descent*size + size*0.6 + tilePad(side)
	p.grid(live.x+tilePad(side), gy, side, &sample.Sample)
}

// drawFront sets the title at the top, the subtitle under it, the author
// at the foot, and the art between them.
func (p *coverPainter) drawFront(c *Cover) {
	live := inset(rectOf(p.geo.Front), coverMargin)
	cx := live.x + live.w/2
	bold, reg := p.fc.bold, p.fc.regular
	size, lines := fitLines(bold, c.Title, live.w, 56*p.u, 26*p.u, 3)
	y := live.y + bold.ascent*size
	for i, l := range lines {
		if i > 0 {
			y += size * titleLeading
		}
		p.centred("front", bold, size, cx, y, l)
	}
	y += bold.descent * size
	if c.Subtitle != "" {
		sub, subLines := fitLines(reg, c.Subtitle, live.w, 18*p.u, 12*p.u, 2)
		y += 0.35*sub + reg.ascent*sub
		for i, l := range subLines {
			if i > 0 {
				y += sub * 1.25
			}
			p.centred("front", reg, sub, cx, y, l)
		}
		y += reg.descent * sub
	}
	bottom := live.bottom()
	if c.Author != "" {
		as, aLines := fitLines(bold, c.Author, live.w, 20*p.u, 12*p.u, 1)
		base := live.bottom() - bold.descent*as
		p.centred("front", bold, as, cx, base, aLines[0])
		bottom = base - bold.ascent*as
	}
	gap := 0.35 * Inch * p.u
	art := rect{live.x, y + gap, live.w, bottom - gap - (y + gap)}
	if art.h < Inch {
		return // no room for art: the text is the cover
	}
	switch c.Art {
	case "grids":
		p.gridPattern(c.Puzzles, art)
	default:
		var g Puzzle // no puzzle: an empty classic grid
		if len(c.Puzzles) > 0 {
			g = c.Puzzles[0]
		}
		side := min(art.w, art.h) - 2*tilePad(min(art.w, art.h))
		p.grid(art.x+(art.w-side)/2, art.y+(art.h-side)/2, side, &g)
	}
}

// tilePad is the white margin around a grid of the given side.
func tilePad(side float64) float64 { return side / 9 * 0.3 }

// grid draws a puzzle's givens on a white tile, in black whatever the
// ground, drawn as its variant is in the book: the art is a page of it.
func (p *coverPainter) grid(x, y, side float64, g *Puzzle) {
	pad := tilePad(side)
	p.pdf.SetFillColor(255, 255, 255)
	p.pdf.Rect(x-pad, y-pad, side+2*pad, side+2*pad, "F")
	p.pdf.SetTextColor(0, 0, 0)
	p.pdf.SetDrawColor(0, 0, 0)
	st := coverStyle(side)
	drawGrid(&pdfCanvas{pdf: p.pdf, fill: -1, lw: -1}, p.fc, x, y, side, g, false, st)
}

// coverStyle is the style of a cover's grid of the given side: lines
// heavier as it grows.
func coverStyle(side float64) gridStyle {
	return gridStyle{thin: max(0.5, side/400), box: max(1.5, side/130), givenScale: 0.6, shade: 1, tint: puzzleStyle.tint}
}

// gridPattern lays the book's first puzzles over the area like pages
// dropped on a table: overlapping, each turned a little, the first at the
// back, each on a white tile with a shadow.
func (p *coverPainter) gridPattern(puzzles []Puzzle, area rect) {
	angles := []float64{-9, 7, -4, 3} // degrees, counter-clockwise; the last one lies on top
	n := min(len(angles), max(1, len(puzzles)))
	angles = angles[len(angles)-n:]
	// The tiles' centres step from the area's top-left corner to its
	// bottom-right one, at least spread tiles apart; a tile of side t turned
	// by a takes t (|cos a| + |sin a|) each way.
	const spread = 0.45
	turned := 1 + math.Sin(10*math.Pi/180)
	t := min(area.w/(turned+spread*float64(n-1)), area.h/(turned+spread*float64(n-1)))
	// What room is left spreads the tiles over the whole area.
	stepX, stepY := 0.0, 0.0
	if n > 1 {
		stepX, stepY = (area.w-t*turned)/float64(n-1), (area.h-t*turned)/float64(n-1)
	}
	cx0, cy0 := area.x+t*turned/2, area.y+t*turned/2
	for i, a := range angles {
		var g Puzzle
		if len(puzzles) > 0 {
			g = puzzles[i%len(puzzles)]
		}
		cx, cy := cx0+stepX*float64(i), cy0+stepY*float64(i)
		side := t / (1 + 2*0.3/9)
		p.pdf.TransformBegin()
		p.pdf.TransformRotate(a, cx, cy)
		p.shadow(rect{cx - t/2, cy - t/2, t, t})
		p.grid(cx-side/2, cy-side/2, side, &g)
		p.pdf.TransformEnd()
	}
}

// shadow darkens the ground under a tile, offset down and to the right.
func (p *coverPainter) shadow(r rect) {
	d := r.w * 0.02
	g := p.ground
	p.pdf.SetAlpha(0.25, "Normal")
	p.pdf.SetFillColor(int(g[0])/4, int(g[1])/4, int(g[2])/4)
	p.pdf.Rect(r.x+d, r.y+d, r.w, r.h, "F")
	p.pdf.SetAlpha(1, "Normal")
}
