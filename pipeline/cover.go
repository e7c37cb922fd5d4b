package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/templates"
)

// CoverName is the cover's file beside the interior: book.pdf, book-cover.pdf.
func CoverName(pdf string) string {
	return strings.TrimSuffix(pdf, filepath.Ext(pdf)) + "-cover.pdf"
}

// CheckCover checks what of the spec's cover: part only the cover's layout
// can judge before the book is made: the colour, the background file (a
// PNG or JPEG, fine enough for the thinnest book's wrap: a thicker book
// needs more, which MakeCover checks), and the texts (glyphs in the fonts,
// the blurb's length). book is CheckBook's, for the trim and the fonts; nil
// when CheckBook found problems (the cover is then checked at 6x9 in the Go
// fonts). The problems are configs.Errors at the spec's lines; nil without
// a cover: part.
func CheckCover(spec *configs.Book, book *templates.Book) configs.Errors {
	if spec.Cover == nil {
		return nil
	}
	if book == nil {
		book = &templates.Book{Title: spec.Title, Subtitle: spec.Subtitle, Author: spec.Author, Fonts: templates.GoFonts()}
		book.Trim, _ = templates.ParseTrim(spec.Page.Trim)
	}
	probe := *book
	probe.Sections = nil // no puzzles yet: the art is an empty grid
	if probe.Date.IsZero() {
		probe.Date = time.Unix(0, 0).UTC()
	}
	c, errs := newCover(spec, &probe, templates.MinPages)
	if len(errs) > 0 {
		return errs
	}
	_, err := templates.WriteCover(io.Discard, c)
	var ge *templates.GlyphError
	if errors.As(err, &ge) && ge.Field != "blurb" && !(ge.Field == "author" && ge.Bold) {
		return nil // CheckBook reports the title's, the subtitle's and the author's glyphs
	}
	var es configs.Errors
	if errors.As(coverError(spec, c, err), &es) {
		return es
	}
	return nil // no problem, or not the spec's: MakeCover reports it
}

// MakeCover lays out the cover of the book (laid out in pages pages) that
// the spec's cover: part describes, with the art from the book's puzzles,
// in its trim, fonts and date, and returns the PDF's bytes and what went
// where. A cover the spec cannot have (a background too coarse for this
// wrap, spine text too wide for this spine) is configs.Errors at the
// spec's lines.
func MakeCover(spec *configs.Book, book *templates.Book, pages int) ([]byte, *templates.CoverManifest, error) {
	if spec.Cover == nil {
		return nil, nil, fmt.Errorf("pipeline: the spec %s has no cover", spec.File)
	}
	c, errs := newCover(spec, book, pages)
	if len(errs) > 0 {
		return nil, nil, errs
	}
	var pdf bytes.Buffer
	m, err := templates.WriteCover(&pdf, c)
	if err != nil {
		return nil, nil, coverError(spec, c, err)
	}
	return pdf.Bytes(), m, nil
}

// newCover is the cover the spec and the book describe, its background
// read; the problems are configs.Errors.
func newCover(spec *configs.Book, book *templates.Book, pages int) (*templates.Cover, configs.Errors) {
	sc := spec.Cover
	c := &templates.Cover{Title: book.Title, Subtitle: book.Subtitle, Author: book.Author, Blurb: sc.Blurb,
		Trim: book.Trim, Pages: pages, PaperIn: sc.PaperIn, Art: sc.Art, Colour: sc.Colour, NoSpineText: sc.NoSpineText,
		Fonts: book.Fonts, Date: book.Date, Version: book.Version}
	c.Words = book.Words
	for _, s := range book.Sections {
		c.Puzzles = append(c.Puzzles, s.Puzzles...)
		if len(s.Puzzles) > 0 {
			c.Levels = append(c.Levels, templates.CoverLevel{Name: s.Name, Count: len(s.Puzzles), Sample: s.Puzzles[0]})
		}
	}
	var errs configs.Errors
	fail := func(field, format string, args ...any) {
		errs = append(errs, &configs.Error{File: spec.File, Line: spec.Lines[field], Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	if sc.Colour != "" {
		if _, err := templates.ParseColour(sc.Colour); err != nil {
			fail("cover.colour", "%q: want #rrggbb, such as \"#1f3a5f\" (in quotes: # starts a comment)", sc.Colour)
		}
	}
	if sc.Background != "" {
		data, err := readBackground(sc.Background)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			fail("cover.background", "%s: %v", sc.Background, err)
		}
		c.Background = data
	}
	return c, errs
}

// MaxBackground is the largest cover background file read: a PNG of a
// 19 x 12.5 in wrap at 600 dpi (templates.CoverImageMaxDPI) is about 100
// MB uncompressed.
const MaxBackground = 128 << 20

// readBackground reads a cover's background image, refusing a file past
// MaxBackground before reading it.
func readBackground(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > MaxBackground {
		return nil, fmt.Errorf("%d MB, more than the %d MB a cover's image may be", info.Size()>>20, MaxBackground>>20)
	}
	return os.ReadFile(path)
}

// coverError words the layout's refusal of a cover as configs.Errors at
// the spec field to change; other errors come back as they are.
func coverError(spec *configs.Book, c *templates.Cover, err error) error {
	sc := spec.Cover
	at := func(field, format string, args ...any) error {
		line, ok := spec.Lines[field]
		if !ok {
			line = spec.Lines["cover"]
		}
		return configs.Errors{{File: spec.File, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}}
	}
	var ie *templates.ImageError
	var fe *templates.FitError
	var ge *templates.GlyphError
	switch {
	case errors.As(err, &ie) && ie.Err != nil:
		return at("cover.background", "%s: %v", sc.Background, ie.Err)
	case errors.As(err, &ie) && ie.TooLarge:
		most := ie.MostPx()
		return at("cover.background", "%s: %dx%d px is more than the %.2f x %.2f in wrap of a %d-page book holds at %.0f dpi (a printer needs %.0f): resample it to at most %dx%d px",
			sc.Background, ie.Px[0], ie.Px[1], ie.WrapIn[0], ie.WrapIn[1], c.Pages, templates.CoverImageMaxDPI, ie.Need, most[0], most[1])
	case errors.As(err, &ie):
		need := ie.NeedPx()
		return at("cover.background", "%s: %dx%d px over the %.2f x %.2f in wrap of a %d-page book (bleed included) is %.0f dpi; want %.0f dpi or more: at least %dx%d px",
			sc.Background, ie.Px[0], ie.Px[1], ie.WrapIn[0], ie.WrapIn[1], c.Pages, math.Floor(ie.DPI), ie.Need, need[0], need[1])
	case errors.As(err, &fe) && fe.Where == "spine" && fe.Pages > 0:
		return at("cover.spine-text", "the spine of %d pages is %.3f in; its text (title and author at %g pt or more, %g in from each fold) needs %.3f in, from %d pages: set spine-text: false to leave the spine blank",
			c.Pages, fe.Room/templates.Inch, templates.MinSpineText, templates.SpineTextMargin/templates.Inch, fe.Need/templates.Inch, fe.Pages)
	case errors.As(err, &fe) && fe.Where == "spine":
		return at("cover.spine-text", "the title and author are %.2f in long at %g pt; the spine has %.2f in: shorten them, or set spine-text: false",
			fe.Need/templates.Inch, templates.MinSpineText, fe.Room/templates.Inch)
	case errors.As(err, &fe):
		return at("cover.blurb", "needs %.2f in of the back at %g pt; %.2f in is free above the barcode area: shorten it",
			fe.Need/templates.Inch, templates.MinBlurbText, fe.Room/templates.Inch)
	case errors.As(err, &ge):
		field := ge.Field
		if field == "blurb" {
			field = "cover.blurb"
		}
		return at(field, "%q: the font %s has no %s; set page.font (and page.bold-font) to a TrueType font that has them",
			ge.Text, ge.Font, ge.Chars())
	}
	return err
}
