package templates

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/variant"

	"github.com/pressrun/pressrun/templates/words"
)

// Book is everything a puzzle book's PDF shows. The zero values of the
// optional fields give a 6x9 in book without bleed, 4 puzzles and 9
// solutions a page, in the Go fonts.
type Book struct {
	Title    string // the title page, the PDF's title; empty: "Sudoku"
	Subtitle string
	Author   string
	Seed     string    // printed on the copyright page so a reprint can be made again; empty: none
	Version  string    // pressrun's version, printed on the copyright page
	Date     time.Time // the copyright page's date and the PDF's creation date (required: the output never depends on the clock)

	Trim   Trim    // zero: 6x9 in
	Bleed  bool    // 0.125 in beyond the trim on the outside, top and bottom
	Margin float64 // outside, top and bottom margin from the trim edge, points; zero: 0.5 in
	// MinGutter is the least inside margin, points, whatever the page
	// count; the gutter is the larger of it and Gutter's.
	MinGutter float64
	// BlankLast ends the book with a blank page (no number), where a
	// printer such as IngramSpark prints its own mark.
	BlankLast bool

	PerPage          int  // puzzles a page: 1, 2, 4 or 6; large print 1 or 2. Zero: 4, large print 1
	SolutionsPerPage int  // solutions a page: 4, 6, 9 or 12; large print 4 or 6. Zero: 9, large print 4
	LargePrint       bool // bigger grids, digits, lines and type

	// TintRegions shades a jigsaw's regions in light greys, neighbours
	// apart, for readers who find the thick borders alone hard to follow.
	TintRegions bool
	// TintCages shades a killer's cages in light greys, neighbours apart,
	// as some killer books do to make the cages easier to follow.
	TintCages bool
	// Combinations adds a reference page of cage combinations after how
	// to play: the sums of 2 to 5 cells that only one set of digits makes,
	// for each size of killer the book has (none: no page, and a warning).
	Combinations bool

	Fonts Fonts // zero: GoFonts
	// Words are the words the book prints around the spec's own (headings,
	// captions, level names the caller has not named): nil is English.
	Words     *words.Words
	HowToPlay string // the rules pages, paragraphs separated by blank lines; empty: the standard rules (Rules, for the kinds the book has)
	// RatingNote, a paragraph, ends how to play: what the printed
	// ratings are, and how to check one. Empty: nothing.
	RatingNote string

	// The front matter the publisher sets; an empty field prints nothing.
	Publisher    string // "Published by" and what follows, on the copyright page
	ISBN         string // printed as given after "ISBN"
	Edition      string // "First edition, December 2026"
	Copyright    string // replaces "Copyright © YEAR AUTHOR. All rights reserved."
	Dedication   string // a page of its own after the copyright page
	Introduction string // pages of their own before how to play, paragraphs separated by blank lines
	NoCredit     bool   // leave out pressrun's lines: version, date, seed
	Omit         Omit   // parts of the book left out

	Sections []Section
}

// Omit are the parts of a book that may be left out.
type Omit struct {
	Title, Copyright, HowToPlay, Contents bool
	SectionPages                          bool // each section's title page
}

// Section is a part of the book with its own title page, usually one level.
// A page holds the puzzles of one section only; a page of solutions holds
// those of consecutive sections of one kind of puzzle at one count a page.
type Section struct {
	Name        string // "Medium": its title page and the contents
	Description string // a sentence for its title page: what its puzzles need
	// PerPage and SolutionsPerPage are the section's own counts a page
	// (a variety book prints 16x16 one a page and 6x6 four); zero: the
	// book's.
	PerPage, SolutionsPerPage int
	Puzzles                   []Puzzle
	// Guessing says on the title page that some of its puzzles may need
	// trial and error (a section that allows a guess in their ratings).
	Guessing bool
	// Example, when not nil, is a chapter's worked example (a teaching
	// book), on a page of its own after the title page.
	Example *Example
}

// Puzzle is one puzzle as printed.
type Puzzle struct {
	Number int     // the printed number; zero: its place through the book, from 1
	ID     string  // a short id that finds it in the archive
	Level  string  // "Medium"
	Rating float64 // printed after the level when > 0, its scale's label first: "SE 3.4"
	// RatingLabel names Rating's scale before it: "SE" (empty) for
	// Sudoku Explainer 1.2.1's, "SkE" for SukakuExplainer's.
	RatingLabel string
	Stars       int // 1-5 stars printed after the level when > 0
	// Variant is the puzzle's geometry: its size, regions and extra
	// houses; nil is classic 9x9.
	Variant *variant.Variant
	// Symbols is how the values are printed, a style variant.Labels
	// knows ("1-16", "0-F", "A-P"); empty: numbers.
	Symbols string
	// Givens and Solution are row-major grids of the variant's cells
	// (81 for classic), 0 empty and 1..n a symbol.
	Givens   variant.Grid
	Solution variant.Grid
	Hints    []string // its hints, in order, for the hints appendix; none: not in it
}

// Manifest says what was printed where. Every length is in PDF points from
// the top-left corner of the page (of the PDF page, bleed included).
type Manifest struct {
	Pages        int         `json:"pages"`
	Trim         string      `json:"trim"`
	TrimPt       [2]float64  `json:"trim_pt"`      // width, height of the trim
	PageSizePt   [2]float64  `json:"page_size_pt"` // of the PDF page: the trim plus any bleed
	Bleed        bool        `json:"bleed"`
	GutterPt     float64     `json:"gutter_pt"`
	MarginPt     float64     `json:"margin_pt"`
	PaddingPages int         `json:"padding_pages"` // notes pages added to make the count even
	Warnings     []string    `json:"warnings,omitempty"`
	Puzzles      []Placement `json:"puzzles"`
	// CombinationsPage is the page of cage combinations (Book.Combinations);
	// 0: none.
	CombinationsPage int `json:"combinations_page,omitempty"`
	// Examples are the chapters' worked examples (a teaching book).
	Examples []ExamplePlacement `json:"examples,omitempty"`
	// TextBoxes are the boxes around each page's text, [x, y, w, h];
	// [0, 0, 0, 0] on a page without text. Not written to the JSON.
	TextBoxes [][4]float64 `json:"-"`
}

// ExamplePlacement is where a chapter's worked example was printed: its
// section, its puzzle's number, its page and its grid ([x, y, size], as
// Placement's).
type ExamplePlacement struct {
	Section string     `json:"section"`
	Number  int        `json:"number"`
	Page    int        `json:"page"`
	GridPt  [3]float64 `json:"grid_pt"`
}

// Placement is where one puzzle and its solution were printed. A grid is
// [x, y, size]: the top-left corner and side of its outer square (the centre
// line of its border).
type Placement struct {
	Number  int    `json:"number"`
	ID      string `json:"id"`
	Level   string `json:"level"`
	Section string `json:"section"`
	// Variant is the puzzle's variant key (variant.Variant.Key: "6x6",
	// "x", "jigsaw:<layout>"), Symbols its print style; both empty for
	// classic.
	Variant string `json:"variant,omitempty"`
	Symbols string `json:"symbols,omitempty"`
	// Puzzle and Solution are the grids' line forms: the engine's for
	// classic, the variant's Format for the others.
	Puzzle         string     `json:"puzzle"`
	Solution       string     `json:"solution"`
	Page           int        `json:"page"`
	GridPt         [3]float64 `json:"grid_pt"`
	SolutionPage   int        `json:"solution_page"`
	SolutionGridPt [3]float64 `json:"solution_grid_pt"`
	HintPage       int        `json:"hint_page,omitempty"` // where its hints begin; 0: none
}

// TrimBox is where the trim lies on page n (1-based): [x, y, w, h].
func (m *Manifest) TrimBox(n int) [4]float64 {
	r := newGeometry(Trim{W: m.TrimPt[0], H: m.TrimPt[1]}, m.Bleed, m.MarginPt, m.Pages).trimBox(n)
	return [4]float64{r.x, r.y, r.w, r.h}
}

// JSON is the manifest as indented JSON with a final newline.
func (m *Manifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Defaults of a Book's zero fields.
const (
	DefaultMargin           = 0.5 * Inch
	DefaultPerPage          = 4
	DefaultSolutionsPerPage = 9
)

// The smallest grids worth printing: a reader writes into a puzzle's cells,
// only reads a solution's.
const (
	minPuzzleGrid   = 1.25 * Inch
	minSolutionGrid = 0.9 * Inch
)

// The smallest cells a puzzle should have; a smaller one gets a warning.
// Newspapers print Sudoku cells of about 6-7 mm (17-20 pt) and puzzle
// books larger; ReadableCell, 18 pt (a quarter inch, 6.35 mm), is the low
// end of that, where a pencilled digit of about 4 mm still clears the
// lines. Large print sets its digits at 16 pt or more (the low end of the
// 16-18 pt that large-print guidance, RNIB's and APH's, asks of type),
// which at largeStyle's digit scale is a cell of about 23.5 pt.
const (
	ReadableCell      = 18.0
	ReadableLargeCell = 16 / 0.68 // 16 pt over largeStyle.givenScale
)

// withDefaults returns b with its zero fields filled in, or an error that
// wraps ErrInvalid naming what cannot be laid out.
func (b Book) withDefaults() (Book, error) {
	if b.Title == "" {
		b.Title = "Sudoku"
	}
	if b.Date.IsZero() {
		return b, invalidf("no date: set Book.Date (the PDF's creation date must not come from the clock)")
	}
	b, err := b.pageDefaults()
	if err != nil {
		return b, err
	}
	n := 0
	for si, s := range b.Sections {
		for pi, p := range s.Puzzles {
			n++
			if err := checkPuzzle(fmt.Sprintf("section %d (%s) puzzle %d", si+1, s.Name, pi+1), p); err != nil {
				return b, err
			}
		}
	}
	if n == 0 {
		return b, invalidf("no puzzles to lay out")
	}
	return b, nil
}

// pageDefaults returns b with the zero fields of its page (trim, margin,
// counts a page) filled in, or an error wrapping ErrInvalid naming what
// cannot be laid out.
func (b Book) pageDefaults() (Book, error) {
	if b.Trim == (Trim{}) {
		b.Trim = Trims[2]
	}
	if !b.Trim.inRange() {
		return b, invalidf("trim %s: each side must be within 3-15 in (76-381 mm)", b.Trim)
	}
	if b.Margin == 0 {
		b.Margin = DefaultMargin
	}
	if b.Margin < MinMargin(b.Bleed) {
		return b, invalidf("margin %.3g in: at least %.3g in %s", b.Margin/Inch, MinMargin(b.Bleed)/Inch, map[bool]string{true: "with bleed", false: "without bleed"}[b.Bleed])
	}
	per, sols := PerPageChoices(b.LargePrint)
	if b.LargePrint {
		if b.PerPage == 0 {
			b.PerPage = 1
		}
		if b.SolutionsPerPage == 0 {
			b.SolutionsPerPage = 4
		}
	}
	if b.PerPage == 0 {
		b.PerPage = DefaultPerPage
	}
	if b.SolutionsPerPage == 0 {
		b.SolutionsPerPage = DefaultSolutionsPerPage
	}
	what := ""
	if b.LargePrint {
		what = " in large print"
	}
	if !contains(per, b.PerPage) {
		return b, invalidf("%d puzzles a page%s: want one of %s", b.PerPage, what, OrList(per))
	}
	if !contains(sols, b.SolutionsPerPage) {
		return b, invalidf("%d solutions a page%s: want one of %s", b.SolutionsPerPage, what, OrList(sols))
	}
	for si, s := range b.Sections {
		if s.PerPage != 0 && !contains(per, s.PerPage) {
			return b, &SectionError{Section: si, Name: s.Name, Field: "per-page",
				Msg: fmt.Sprintf("%d puzzles a page%s: want one of %s", s.PerPage, what, OrList(per))}
		}
		if s.SolutionsPerPage != 0 && !contains(sols, s.SolutionsPerPage) {
			return b, &SectionError{Section: si, Name: s.Name, Field: "solutions-per-page",
				Msg: fmt.Sprintf("%d solutions a page%s: want one of %s", s.SolutionsPerPage, what, OrList(sols))}
		}
	}
	return b, nil
}

// checkPuzzle returns an error wrapping ErrInvalid, naming the puzzle as
// where, if p cannot be printed with its solution.
func checkPuzzle(where string, p Puzzle) error {
	if err := checkGrids(where, p, true); err != nil {
		return err
	}
	if p.Stars < 0 || p.Stars > 5 {
		return invalidf("%s: %d stars: want 0-5", where, p.Stars)
	}
	return nil
}

// checkGrids returns an error wrapping ErrInvalid, naming the puzzle as
// where, if its givens (and with solution, its solution) cannot be
// printed: the wrong length for its variant, a value past its symbols, a
// house holding a symbol twice, a solution not full or not keeping a
// given, symbols its variant has no style for. Classic goes through the
// engine's checks, as it always has.
func checkGrids(where string, p Puzzle, solution bool) error {
	n := p.size()
	if _, err := variant.Labels(p.Symbols, n); err != nil {
		return invalidf("%s: symbols %q: want %s", where, p.Symbols, variant.LabelStyles(n))
	}
	cells := n * n
	if p.Variant != nil {
		cells = p.Variant.Cells()
	}
	if len(p.Givens) != cells || (solution && len(p.Solution) != cells) {
		return invalidf("%s: %d givens and %d solution cells: want %d for a %s", where, len(p.Givens), len(p.Solution), cells, p.gridName())
	}
	if p.classic() {
		g := engine.Grid(p.Givens)
		if !g.Valid() {
			return invalidf("%s: the givens break the rules", where)
		}
		if !solution {
			return nil
		}
		sol := engine.Grid(p.Solution)
		if !sol.Full() || !sol.Valid() {
			return invalidf("%s: the solution is not a full, valid grid", where)
		}
		for i, v := range g {
			if v != 0 && sol[i] != v {
				return invalidf("%s: the solution does not keep the given at %s", where, engine.CellName(i))
			}
		}
		return nil
	}
	v := p.Variant
	inRange := func(g variant.Grid) bool {
		for _, x := range g {
			if int(x) > n {
				return false
			}
		}
		return true
	}
	if !inRange(p.Givens) || len(v.Conflicts(p.Givens)) > 0 {
		return invalidf("%s: the givens break the rules", where)
	}
	if !solution {
		return nil
	}
	if !inRange(p.Solution) || p.Solution.Clues() != cells || len(v.Conflicts(p.Solution)) > 0 {
		return invalidf("%s: the solution is not a full, valid grid", where)
	}
	for i, x := range p.Givens {
		if x != 0 && p.Solution[i] != x {
			return invalidf("%s: the solution does not keep the given at %s", where, v.CellName(i))
		}
	}
	return nil
}

// classic reports whether p is a classic 9x9 puzzle, drawn and checked
// as pressrun always has.
func (p *Puzzle) classic() bool {
	return p.Variant == nil || (p.Variant.Name == "classic" && p.Variant.BoxRows == 3 && len(p.Variant.Extra) == 0)
}

// gridName names p's grid in an error: "9x9 grid", or a gattai's kind.
func (p *Puzzle) gridName() string {
	if p.Variant != nil && p.Variant.IsGattai() {
		return p.Variant.Name
	}
	return fmt.Sprintf("%dx%d grid", p.size(), p.size())
}

// size is the side of p's grid.
func (p *Puzzle) size() int {
	if p.Variant == nil {
		return 9
	}
	return p.Variant.Size
}

// variantKey is the variant's key for the manifest, "" for classic.
func (p *Puzzle) variantKey() string {
	if p.classic() {
		return ""
	}
	return p.Variant.Key()
}

// format writes a grid of p as its line form (the engine's for classic).
func (p *Puzzle) format(g variant.Grid) string {
	if p.classic() {
		return engine.Grid(g).String()
	}
	return p.Variant.Format(g)
}

// PerPageChoices are the puzzles and the solutions a page may hold, in
// large print or not.
func PerPageChoices(largePrint bool) (puzzles, solutions []int) {
	if largePrint {
		return []int{1, 2}, []int{4, 6}
	}
	return []int{1, 2, 4, 6}, []int{4, 6, 9, 12}
}

// OrList writes choices as a sentence does: "1, 2, 4 or 6".
func OrList(list []int) string {
	s := make([]string, len(list))
	for i, v := range list {
		s[i] = fmt.Sprint(v)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// WriteBook lays out the book and writes its PDF to w: the front matter
// (title page, copyright page, how to play, contents), then each section's
// title page and puzzles, then all the solutions, padded with a notes page
// to an even page count. Puzzles are numbered through the book. It returns
// the manifest of what went where. An error wrapping ErrInvalid means the
// book cannot be laid out as asked (a *GlyphError: a text its font cannot
// print); nothing has been written then.
func WriteBook(w io.Writer, b *Book) (*Manifest, error) {
	bk, err := b.withDefaults()
	if err != nil {
		return nil, err
	}
	fc, err := parseFaces(bk.Fonts)
	if err != nil {
		return nil, err
	}
	if err := checkGlyphs(&bk, fc); err != nil {
		return nil, err
	}
	l, err := plan(&bk, fc)
	if err != nil {
		return nil, err
	}
	pdf := newPDF(l.geo.pageW, l.geo.pageH, fc, bk.Date, creator(bk.Version))
	pdf.SetTitle(bk.Title, true)
	if bk.Author != "" {
		pdf.SetAuthor(bk.Author, true)
	}
	l.draw(pdf)
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	if err := pdf.Output(w); err != nil {
		return nil, fmt.Errorf("templates: write pdf: %w", err)
	}
	return l.manifest, nil
}

func creator(version string) string {
	if version == "" {
		return "pressrun"
	}
	return "pressrun " + version
}

// gutter is the book's inside margin at a page count.
func (b *Book) gutter(pages int) float64 { return max(Gutter(pages), b.MinGutter) }

// geometry is the book's page geometry at a page count.
func (b *Book) geometry(pages int) geometry {
	g := newGeometry(b.Trim, b.Bleed, b.Margin, pages)
	g.gutter = b.gutter(pages)
	return g
}

// round2 rounds a length to the hundredth of a point the PDF is written in.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// guessing is the sentence of a section's title page about guesses, in
// the book's words, or "" for a section whose puzzles need none.
func (s Section) guessing(w *words.Words) string {
	if !s.Guessing {
		return ""
	}
	return w.Text("section.guessing")
}
