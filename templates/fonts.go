package templates

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Fonts are the typefaces of a layout as TrueType (glyf) font files. They
// ship inside the binary or come from a file the spec names, and every PDF
// embeds the subset it uses: nothing relies on the PDF base-14 fonts.
type Fonts struct {
	Regular []byte // labels, text and the filled-in digits of solutions
	Bold    []byte // headings, puzzle numbers and givens; nil: Regular
}

// GoFonts returns the Go fonts (golang.org/x/image/font/gofont, BSD
// licensed), the default: Go Regular and Go Bold.
func GoFonts() Fonts { return Fonts{Regular: goregular.TTF, Bold: gobold.TTF} }

// CheckFont reports whether ttf is a font the layouts can embed: a TrueType
// font with glyphs for the digits and basic Latin letters. OpenType fonts
// with CFF outlines (.otf, "OTTO") are refused: fpdf embeds glyf outlines only.
func CheckFont(ttf []byte) error {
	_, err := parseFace(ttf, "", "")
	return err
}

// face is one typeface parsed once per document: its PDF font name and the
// metrics the layouts need, in ems.
type face struct {
	family, style string // as registered with fpdf
	name          string // the font's full name, "Go Bold", for messages
	ttf           []byte
	font          *sfnt.Font
	upem          float64
	ascii         [128]float64 // advance widths of ASCII runes
	// digitTop and digitBottom are the ink of the digits 1-9 above and below
	// the baseline (digitTop > 0): centring a digit in a cell uses them.
	digitTop, digitBottom float64
	ascent, descent       float64
	// What single puzzles' files make of the face, made once: SVG path
	// data, quoted, by glyph (sfnt.GlyphIndex -> string) and PDF subsets
	// by glyph set (string -> *fontSubset).
	svgPaths, subsets sync.Map
	// always are alwaysRunes' glyphs in the face, found once.
	always     map[sfnt.GlyphIndex]rune
	alwaysOnce sync.Once
}

func parseFace(ttf []byte, family, style string) (*face, error) {
	if len(ttf) < 4 {
		return nil, invalidf("font: file too short")
	}
	switch magic := ttf[:4]; {
	case bytes.Equal(magic, []byte("OTTO")):
		return nil, invalidf("font: OpenType with CFF outlines; want a TrueType (.ttf) font")
	case bytes.Equal(magic, []byte{0, 1, 0, 0}), bytes.Equal(magic, []byte("true")):
	default:
		return nil, invalidf("font: not a TrueType font")
	}
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, invalidf("font: %v", err)
	}
	fc := &face{family: family, style: style, ttf: ttf, font: f, upem: float64(f.UnitsPerEm())}
	var buf sfnt.Buffer
	fc.name, err = f.Name(&buf, sfnt.NameIDFull)
	if err != nil || fc.name == "" {
		fc.name = postScriptName(f, "the font")
	}
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6 // lengths come back in font units
	for r := rune(32); r < 127; r++ {
		i, err := f.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
				return nil, invalidf("font: no glyph for %q", r)
			}
			continue
		}
		adv, err := f.GlyphAdvance(&buf, i, ppem, 0)
		if err != nil {
			return nil, invalidf("font: %v", err)
		}
		fc.ascii[r] = float64(adv) / 64 / fc.upem
		if r >= '1' && r <= '9' {
			b, _, err := f.GlyphBounds(&buf, i, ppem, 0)
			if err != nil {
				return nil, invalidf("font: %v", err)
			}
			// sfnt's y axis points down.
			fc.digitTop = max(fc.digitTop, -float64(b.Min.Y)/64/fc.upem)
			fc.digitBottom = max(fc.digitBottom, float64(b.Max.Y)/64/fc.upem)
		}
	}
	m, err := f.Metrics(&buf, ppem, 0)
	if err != nil {
		return nil, invalidf("font: %v", err)
	}
	fc.ascent = float64(m.Ascent) / 64 / fc.upem
	fc.descent = float64(m.Descent) / 64 / fc.upem
	return fc, nil
}

// width is the advance width of s set at size points, without kerning (as
// fpdf sets it).
func (f *face) width(s string, size float64) float64 {
	w := 0.0
	var buf *sfnt.Buffer
	for _, r := range s {
		if r < 128 {
			w += f.ascii[r]
			continue
		}
		if buf == nil {
			buf = new(sfnt.Buffer)
		}
		i, err := f.font.GlyphIndex(buf, r)
		if err != nil {
			continue
		}
		ppem := fixed.Int26_6(f.font.UnitsPerEm()) << 6
		if adv, err := f.font.GlyphAdvance(buf, i, ppem, 0); err == nil {
			w += float64(adv) / 64 / f.upem
		}
	}
	return w * size
}

// has reports whether the font has a glyph for r.
func (f *face) has(r rune) bool {
	var buf sfnt.Buffer
	i, err := f.font.GlyphIndex(&buf, r)
	return err == nil && i != 0
}

// digitBaseline returns the baseline that centres a digit of the given
// size on the horizontal line y.
func (f *face) digitBaseline(y, size float64) float64 {
	return y + (f.digitTop-f.digitBottom)/2*size
}

// faces is the regular and bold face of a document.
type faces struct {
	regular, bold *face
}

func parseFaces(fs Fonts) (faces, error) {
	if fs.Regular == nil {
		fs = GoFonts()
	}
	r, err := parseFace(fs.Regular, "", "")
	if err != nil {
		return faces{}, err
	}
	r.family = postScriptName(r.font, "Regular")
	b := r
	if fs.Bold != nil {
		if b, err = parseFace(fs.Bold, "", ""); err != nil {
			return faces{}, err
		}
		b.family = postScriptName(b.font, "Bold")
		if b.family == r.family {
			b.family += "-Bold"
		}
	}
	return faces{regular: r, bold: b}, nil
}

// postScriptName is the font's PostScript name, the name PDF readers show
// for it, reduced to letters, digits and '-'.
func postScriptName(f *sfnt.Font, otherwise string) string {
	var buf sfnt.Buffer
	name, err := f.Name(&buf, sfnt.NameIDPostScript)
	if err != nil {
		return otherwise
	}
	clean := []byte{}
	for i := 0; i < len(name) && len(clean) < 60; i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			clean = append(clean, c)
		}
	}
	if len(clean) == 0 {
		return otherwise
	}
	return string(clean)
}

// GlyphError is text a book, a proof or a single puzzle would print with
// characters its font has no glyph for: rather than print them as "?", the
// layout refuses.
type GlyphError struct {
	// Field is the text's place in the Book: "title", "subtitle",
	// "author", "how-to-play", "sections[i].name",
	// "sections[i].description" or "sections[i].puzzles[j].level"
	// (0-based); in a Proof: "title", "subtitle", "sections[i].name",
	// "sections[i].days[j].label" or "sections[i].days[j].level"; in a
	// Single: "heading" or "level".
	Field   string
	Section int // the section of a section's text (0-based); -1 for the book's, the proof's or the single puzzle's
	Text    string
	Missing []rune // in the order they first appear
	Font    string // the font's full name, "Go Bold"
	Bold    bool   // the font is the bold one (Fonts.Bold)
}

func (e *GlyphError) Error() string {
	return fmt.Sprintf("templates: %s %q: the font %s has no %s", e.Field, e.Text, e.Font, e.Chars())
}

func (e *GlyphError) Unwrap() error { return ErrInvalid }

// Chars lists the missing characters as they print and as code points:
// "数 (U+6570), 独 (U+72EC)", the first five and how many more.
func (e *GlyphError) Chars() string {
	var parts []string
	for i, r := range e.Missing {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(e.Missing)-5))
			break
		}
		parts = append(parts, fmt.Sprintf("%c (U+%04X)", r, r))
	}
	return strings.Join(parts, ", ")
}

// CJK reports whether a missing character is Chinese, Japanese or Korean,
// for which a caller may name a font that has them.
func (e *GlyphError) CJK() bool {
	for _, r := range e.Missing {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			return true
		}
	}
	return false
}

// CheckGlyphs checks that the fonts of b have a glyph for every character
// of every text b prints: its title, subtitle, author, rules, and its
// sections' names, descriptions and puzzle levels. It returns the first
// text that fails as a *GlyphError. The characters a layout replaces by
// plain ones (dashes, the ellipsis, ©) pass. WriteBook checks the same.
func CheckGlyphs(b *Book) error {
	fc, err := parseFaces(b.Fonts)
	if err != nil {
		return err
	}
	return checkGlyphs(b, fc)
}

func checkGlyphs(b *Book, fc faces) error {
	gc := glyphCheck{fc: fc, section: -1}
	both := []*face{fc.bold, fc.regular}
	for _, t := range []struct {
		field, text string
		faces       []*face
	}{{"title", b.Title, both}, {"subtitle", b.Subtitle, []*face{fc.regular}}, {"author", b.Author, []*face{fc.regular}},
		{"front-matter.publisher", b.Publisher, []*face{fc.regular}}, {"front-matter.isbn", b.ISBN, []*face{fc.regular}},
		{"front-matter.edition", b.Edition, []*face{fc.regular}}, {"front-matter.copyright", b.Copyright, []*face{fc.regular}},
		{"front-matter.dedication", b.Dedication, []*face{fc.regular}}, {"front-matter.introduction", b.Introduction, []*face{fc.regular}},
		{"front-matter.how-to-play", b.HowToPlay, []*face{fc.regular}}} {
		if err := gc.check(t.field, t.text, t.faces...); err != nil {
			return err
		}
	}
	for i, s := range b.Sections {
		gc.section = i
		if err := gc.check(fmt.Sprintf("sections[%d].name", i), s.Name, both...); err != nil {
			return err
		}
		if err := gc.check(fmt.Sprintf("sections[%d].description", i), s.Description, fc.regular); err != nil {
			return err
		}
		last := ""
		for j, p := range s.Puzzles {
			if p.Level == last {
				continue // a section's puzzles mostly share their level
			}
			last = p.Level
			if err := gc.check(fmt.Sprintf("sections[%d].puzzles[%d].level", i, j), p.Level, fc.regular); err != nil {
				return err
			}
		}
	}
	return nil
}

// glyphCheck holds a document's texts to its faces, one text at a time.
type glyphCheck struct {
	fc      faces
	section int // GlyphError.Section of the texts checked now
}

// check returns a *GlyphError for field if a face that sets text has no
// glyph for one of its characters.
func (gc glyphCheck) check(field, text string, faces ...*face) error {
	for _, f := range faces {
		if missing := f.missing(text); len(missing) > 0 {
			return &GlyphError{Field: field, Section: gc.section, Text: text, Missing: missing, Font: f.name,
				Bold: f == gc.fc.bold && gc.fc.bold != gc.fc.regular}
		}
	}
	return nil
}

// missing lists the characters of s that f has no glyph for, each once,
// leaving out white space and what plain replaces.
func (f *face) missing(s string) []rune {
	var out []rune
	for _, r := range s {
		if r < 0x80 && f.ascii[r] > 0 || unicode.IsSpace(r) || plainRunes[r] != "" {
			continue
		}
		if !f.has(r) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}
