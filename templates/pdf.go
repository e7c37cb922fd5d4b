package templates

import (
	"math"
	"strconv"
	"time"

	"github.com/go-pdf/fpdf"
)

// newPDF starts a document of pages w x h points whose output depends only
// on what is drawn: fixed dates, sorted catalogues, fonts embedded from
// bytes.
func newPDF(w, h float64, fc faces, date time.Time, creator string) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: w, Ht: h}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetCreator(creator, true)
	pdf.SetProducer(creator, true)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFillColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
	pdf.AddUTF8FontFromBytes(fc.regular.family, fc.regular.style, fc.regular.ttf)
	if fc.bold != fc.regular {
		pdf.AddUTF8FontFromBytes(fc.bold.family, fc.bold.style, fc.bold.ttf)
	}
	return pdf
}

// pdfCanvas draws on the current page of a PDF.
type pdfCanvas struct {
	pdf *fpdf.Fpdf
	// The font last set: fpdf's SetFont copies the font's whole
	// description and writes an operator each time, even for the same font.
	font *face
	size float64
	// Runes fpdf has seen in each face: fpdf embeds the glyphs of the runes
	// its Text has set. Text that only uses seen ASCII runes is written
	// directly, as the same bytes Text would write, at a fraction of its
	// cost (fpdf formats every operator with fmt).
	seen map[*face]*[128]bool
	buf  []byte
	fill int     // the fill colour, a grey level 0-255
	lw   float64 // the line width; fpdf writes it again on every call
	// texts is the box around the text set since the page began (or
	// since takeTexts), empty when none was.
	texts rect
}

// takeTexts returns the box around the text set since the last call, and
// starts a new one; ok is false when no text was set.
func (c *pdfCanvas) takeTexts() (box rect, ok bool) {
	box, c.texts = c.texts, rect{}
	return box, box.w > 0
}

// union is the smallest rect holding r and s; an empty rect (no width)
// holds nothing.
func (r rect) union(s rect) rect {
	if r.w <= 0 {
		return s
	}
	if s.w <= 0 {
		return r
	}
	x, y := min(r.x, s.x), min(r.y, s.y)
	return rect{x, y, max(r.right(), s.right()) - x, max(r.bottom(), s.bottom()) - y}
}

func (c *pdfCanvas) fillRect(r rect, gray float64) {
	c.setFill(int(math.Round(gray * 255)))
	c.pdf.Rect(r.x, r.y, r.w, r.h, "F")
}

// setFill sets the fill colour, a grey level 0-255, when it changes.
// Text and stars need black: fpdf wraps every text in a colour change while
// the fill and text colours differ.
func (c *pdfCanvas) setFill(g int) {
	if g != c.fill {
		c.pdf.SetFillColor(g, g, g)
		c.fill = g
	}
}

func (c *pdfCanvas) setLineWidth(w float64) {
	if w != c.lw {
		c.pdf.SetLineWidth(w)
		c.lw = w
	}
}

func (c *pdfCanvas) line(x1, y1, x2, y2, width float64) {
	c.setLineWidth(width)
	c.pdf.Line(x1, y1, x2, y2)
}

func (c *pdfCanvas) strokeRect(r rect, width float64) {
	c.setLineWidth(width)
	c.pdf.Rect(r.x, r.y, r.w, r.h, "D")
}

func (c *pdfCanvas) text(f *face, size, x, y float64, s string) {
	c.setFill(0)
	c.texts = c.texts.union(rect{x, y - f.ascent*size, f.width(s, size), (f.ascent + f.descent) * size})
	if f != c.font || size != c.size {
		c.pdf.SetFont(f.family, f.style, size)
		c.font, c.size = f, size
	}
	if c.seen == nil {
		c.seen = map[*face]*[128]bool{}
	}
	seen := c.seen[f]
	if seen == nil {
		seen = new([128]bool)
		c.seen[f] = seen
	}
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 128 || !seen[b] || b == '(' || b == ')' || b == '\\' || b < ' ' {
			c.pdf.Text(x, y, s)
			for _, r := range s {
				if r < 128 {
					seen[r] = true
				}
			}
			return
		}
	}
	// fpdf's Text: BT x y Td (UTF-16BE) Tj ET, y from the bottom.
	_, h := c.pdf.GetPageSize()
	b := append(c.buf[:0], "BT "...)
	b = strconv.AppendFloat(b, x, 'f', 2, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, h-y, 'f', 2, 64)
	b = append(b, " Td ("...)
	for i := 0; i < len(s); i++ {
		b = append(b, 0, s[i])
	}
	b = append(b, ") Tj ET"...)
	c.buf = b
	c.pdf.RawWriteStr(string(b))
}

func (c *pdfCanvas) polygon(pts []point) {
	c.setFill(0)
	fp := make([]fpdf.PointType, len(pts))
	for i, p := range pts {
		fp[i] = fpdf.PointType{X: p.x, Y: p.y}
	}
	c.pdf.Polygon(fp, "F")
}
