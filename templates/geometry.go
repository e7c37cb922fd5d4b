package templates

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalid is wrapped by every error about what a caller asked for (a
// trim that does not parse, a puzzle count a page cannot take, a font that
// cannot be embedded), so callers can tell bad input from a failing writer
// with errors.Is.
var ErrInvalid = errors.New("invalid layout")

type invalidError struct{ msg string }

func (e *invalidError) Error() string { return "templates: " + e.msg }
func (e *invalidError) Unwrap() error { return ErrInvalid }

func invalidf(format string, args ...any) error {
	return &invalidError{msg: fmt.Sprintf(format, args...)}
}

// Lengths in PDF points.
const (
	Inch = 72.0
	MM   = 72 / 25.4
)

// Bleed is what a bleed adds to the outside, top and bottom edges.
const Bleed = 0.125 * Inch

// Trim is the size of the finished page, in points, as the printer cuts it.
type Trim struct {
	Name string // "6x9", "A4", or the custom size as written
	W, H float64
}

// Trims are the standard trim sizes: KDP's common paperback sizes in inches
// and the ISO A4 and A5.
var Trims = []Trim{
	{"5x8", 5 * Inch, 8 * Inch},
	{"5.5x8.5", 5.5 * Inch, 8.5 * Inch},
	{"6x9", 6 * Inch, 9 * Inch},
	{"7x10", 7 * Inch, 10 * Inch},
	{"8x10", 8 * Inch, 10 * Inch},
	{"8.25x11", 8.25 * Inch, 11 * Inch},
	{"8.5x11", 8.5 * Inch, 11 * Inch},
	{"A4", 210 * MM, 297 * MM},
	{"A5", 148 * MM, 210 * MM},
}

// The range of custom trims: KDP's smallest paperback is 4x6 in, and no
// press in the common lists goes past 8.5x14 in.
const (
	minTrimSide = 3 * Inch
	maxTrimSide = 15 * Inch
)

// ParseTrim reads a trim size: one of Trims by name ("6x9", "a4"), "letter",
// or a custom "WxH" in inches, or in millimetres with an "mm" suffix
// ("152x229mm"); "in" may be written too.
func ParseTrim(s string) (Trim, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if name == "letter" || name == "us-letter" {
		name = "8.5x11"
	}
	for _, t := range Trims {
		if strings.ToLower(t.Name) == name || strings.ToLower(t.Name)+"in" == name {
			return t, nil
		}
	}
	unit, size := Inch, name
	switch {
	case strings.HasSuffix(name, "mm"):
		unit, size = MM, strings.TrimSuffix(name, "mm")
	case strings.HasSuffix(name, "in"):
		size = strings.TrimSuffix(name, "in")
	}
	ws, hs, ok := strings.Cut(size, "x")
	w, errW := strconv.ParseFloat(ws, 64)
	h, errH := strconv.ParseFloat(hs, 64)
	if !ok || errW != nil || errH != nil || w <= 0 || h <= 0 {
		return Trim{}, invalidf("trim %q: want a size such as 6x9 (inches), 152x229mm, A4 or A5", s)
	}
	t := Trim{Name: s, W: w * unit, H: h * unit}
	if !t.inRange() {
		return Trim{}, invalidf("trim %q: each side must be within 3-15 in (76-381 mm)", s)
	}
	return t, nil
}

// inRange reports whether each side is within the trims a press takes.
func (t Trim) inRange() bool {
	return t.W >= minTrimSide && t.H >= minTrimSide && t.W <= maxTrimSide && t.H <= maxTrimSide
}

// String is the trim's name.
func (t Trim) String() string { return t.Name }

// Page counts a paperback may have (KDP).
const (
	MinPages = 24
	MaxPages = 828
)

// Gutter is the inside margin a book of so many pages needs so that nothing
// disappears into the binding: KDP's table (24-150 pages 0.375 in, 151-300
// 0.5 in, 301-500 0.625 in, 501-700 0.75 in, 701-828 0.875 in). Shorter books
// get the smallest, longer ones the largest.
func Gutter(pages int) float64 {
	switch {
	case pages <= 150:
		return 0.375 * Inch
	case pages <= 300:
		return 0.5 * Inch
	case pages <= 500:
		return 0.625 * Inch
	case pages <= 700:
		return 0.75 * Inch
	default:
		return 0.875 * Inch
	}
}

// MinMargin is the least outside, top and bottom margin, from the trim edge
// (KDP: 0.25 in, 0.375 in with bleed).
func MinMargin(bleed bool) float64 {
	if bleed {
		return 0.375 * Inch
	}
	return 0.25 * Inch
}

// rect is an area of a page: its top-left corner and its size.
type rect struct{ x, y, w, h float64 }

func (r rect) right() float64  { return r.x + r.w }
func (r rect) bottom() float64 { return r.y + r.h }

// geometry is the page geometry of one book.
type geometry struct {
	trim              Trim
	bleed             bool
	pageW, pageH      float64 // the PDF page: trim plus bleed
	gutter            float64
	outside, top, bot float64
}

func newGeometry(trim Trim, bleed bool, margin float64, pages int) geometry {
	g := geometry{trim: trim, bleed: bleed, pageW: trim.W, pageH: trim.H, gutter: Gutter(pages),
		outside: margin, top: margin, bot: margin}
	if bleed {
		g.pageW += Bleed
		g.pageH += 2 * Bleed
	}
	return g
}

// trimBox is where the trim lies on PDF page n (1-based). Odd pages are
// rectos, bound on their left; a bleed extends their right edge. Even pages
// are versos, bound on their right, and bleed on their left.
func (g geometry) trimBox(n int) rect {
	r := rect{0, 0, g.trim.W, g.trim.H}
	if g.bleed {
		r.y = Bleed
		if n%2 == 0 {
			r.x = Bleed
		}
	}
	return r
}

// live is the live area of page n: the trim less the margins, the gutter on
// the bound side.
func (g geometry) live(n int) rect {
	t := g.trimBox(n)
	left, right := g.gutter, g.outside
	if n%2 == 0 {
		left, right = g.outside, g.gutter
	}
	return rect{t.x + left, t.y + g.top, t.w - left - right, t.h - g.top - g.bot}
}
