package templates

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/pressrun/pressrun/templates/words"
)

// pageKind is what a page of the book is.
type pageKind uint8

const (
	kindTitle pageKind = iota
	kindCopyright
	kindDedication
	kindText // a page of the introduction or how to play
	kindContents
	kindSection
	kindPuzzles
	kindSolutionsTitle
	kindSolutions
	kindNotes
	kindHints        // the hints appendix (hints.go)
	kindBlank        // nothing at all, not even its number: a printer's mark goes there
	kindCombinations // the reference page of cage combinations (combinations.go)
	kindExample      // a chapter's worked example (example.go)
)

// page is one page of the plan: its kind and, for sections, puzzles,
// solutions and contents, which ones (first index and count); for
// puzzles and solutions, the count a page its slots are planned for.
type page struct {
	kind     pageKind
	first, n int
	per      int
}

// entry is a line of the contents.
type entry struct {
	text string
	page int
}

// sizes are the type sizes and grid styles of a book, normal or large print.
type sizes struct {
	body, h1, h2 float64
	// label and solutionLabel are the size of the labels beside the
	// grids, by the count a page.
	label, solutionLabel map[int]float64
	pageNumber           float64
	puzzle, solution     gridStyle
}

func bookSizes(b *Book) sizes {
	s := sizes{body: 10.5, h1: 24, h2: 14, pageNumber: 9, puzzle: puzzleStyle, solution: solutionStyle,
		label:         map[int]float64{1: 11, 2: 10, 4: 9, 6: 8},
		solutionLabel: map[int]float64{4: 9, 6: 8.5, 9: 8, 12: 7}}
	if b.LargePrint {
		s = sizes{body: 15, h1: 30, h2: 20, pageNumber: 14, puzzle: largeStyle, solution: largeSolutStyle,
			label:         map[int]float64{1: 16, 2: 14},
			solutionLabel: map[int]float64{4: 13, 6: 12}}
	}
	s.puzzle.tintRegions = b.TintRegions
	s.puzzle.tintCages = b.TintCages
	return s
}

// layout is a planned book: every page and where every grid goes, before
// anything is drawn.
type layout struct {
	b        *Book
	fc       faces
	geo      geometry
	sz       sizes
	puzzles  []Puzzle // through the book, numbered
	section  []int    // the section of each puzzle
	pages    []page   // pages[0] is page 1
	contents []entry
	texts    []textPage // the text pages' lines, each page's first
	// Grids relative to the live area's top-left corner (the same on odd
	// and even pages), in the order a page fills them, by the count a page.
	puzzleSlots, solutionSlots map[int][]rect
	manifest                   *Manifest
	hints                      hintPlan // the hints appendix (hints.go)
}

// Bands of the page, as multiples of the type they hold.
const (
	leading     = 1.45 // body text
	labelBand   = 1.7  // a puzzle's label lines above and below its grid
	footerBand  = 2.4  // the page number at the foot of the live area
	headerBand  = 2.6  // the running head of solution pages
	contentsGap = 2.2  // between the contents' heading and its first line
)

// plan lays out the book. Text pages (the introduction, how to play) are
// wrapped to the live area, whose width depends on the gutter and so on
// the page count: the plan is made again with the count it found until
// the gutter it assumed is the one the count needs.
func plan(b *Book, fc faces) (*layout, error) {
	pages := MinPages
	for try := 0; ; try++ {
		l, err := planFor(b, fc, pages)
		if err != nil || b.gutter(len(l.pages)) == b.gutter(pages) || try == 3 {
			return l, err
		}
		pages = len(l.pages)
	}
}

// planFor is plan, wrapping text for a book of pages pages.
func planFor(b *Book, fc faces, pages int) (*layout, error) {
	l := &layout{b: b, fc: fc, sz: bookSizes(b)}
	for si, s := range b.Sections {
		for _, p := range s.Puzzles {
			if p.Number == 0 {
				p.Number = len(l.puzzles) + 1
			}
			l.puzzles = append(l.puzzles, p)
			l.section = append(l.section, si)
		}
	}

	// The front matter, each part on pages of its own.
	probe := b.geometry(pages).live(1)
	if !b.Omit.Title {
		l.pages = append(l.pages, page{kind: kindTitle})
	}
	if !b.Omit.Copyright {
		l.pages = append(l.pages, page{kind: kindCopyright})
	}
	if b.Dedication != "" {
		l.pages = append(l.pages, page{kind: kindDedication})
	}
	textPart := func(heading, text string) {
		l.contents = append(l.contents, entry{heading, len(l.pages) + 1})
		for _, tp := range l.paginate(probe, heading, text) {
			l.pages = append(l.pages, page{kind: kindText, first: len(l.texts)})
			l.texts = append(l.texts, tp)
		}
	}
	if b.Introduction != "" {
		textPart(b.Words.Text("heading.introduction"), b.Introduction)
	}
	if !b.Omit.HowToPlay {
		textPart(b.Words.Text("heading.how-to-play"), l.howToPlay())
	}
	if b.Combinations && len(killerSizes(b)) > 0 {
		l.contents = append(l.contents, entry{b.Words.Text("heading.cage-combinations"), len(l.pages) + 1})
		l.pages = append(l.pages, page{kind: kindCombinations})
	}
	if !b.Omit.Contents {
		// The live area's height does not depend on the gutter, so the
		// contents can be paginated before the page count is known.
		perContents := int((probe.h - l.footer() - l.sz.h1*contentsGap) / (l.sz.body * 1.8))
		if perContents < 1 {
			return nil, invalidf("trim %s: no room for the contents", b.Trim)
		}
		nEntries := len(l.contents) + len(b.Sections) + 1 + hintsEntries(b)
		for i := 0; i < nEntries; i += perContents {
			l.pages = append(l.pages, page{kind: kindContents, first: i, n: min(perContents, nEntries-i)})
		}
	}
	first := 0
	for si, s := range b.Sections {
		text := s.Name
		if n := len(s.Puzzles); n > 0 {
			text = b.Words.Fill("contents.section", "name", s.Name, "first", l.puzzles[first].Number, "last", l.puzzles[first+n-1].Number)
		}
		l.contents = append(l.contents, entry{text, len(l.pages) + 1})
		if !b.Omit.SectionPages {
			l.pages = append(l.pages, page{kind: kindSection, first: si})
		}
		if s.Example != nil {
			l.pages = append(l.pages, page{kind: kindExample, first: si})
		}
		per := b.perPage(si)
		for i := 0; i < len(s.Puzzles); i += per {
			l.pages = append(l.pages, page{kind: kindPuzzles, first: first + i, n: min(per, len(s.Puzzles)-i), per: per})
		}
		first += len(s.Puzzles)
	}
	if err := l.planHints(probe); err != nil {
		return nil, err
	}
	l.contents = append(l.contents, entry{b.Words.Text("heading.solutions"), len(l.pages) + 1})
	l.pages = append(l.pages, page{kind: kindSolutionsTitle})
	// The solutions run on through the sections, a page holding those of
	// one kind of puzzle at one count a page.
	for i, p := range l.puzzles {
		per := b.solutionsPerPage(l.section[i])
		last := &l.pages[len(l.pages)-1]
		if last.kind != kindSolutions || last.n == last.per || last.per != per || kindOf(&l.puzzles[last.first]) != kindOf(&p) {
			l.pages = append(l.pages, page{kind: kindSolutions, first: i, per: per})
			last = &l.pages[len(l.pages)-1]
		}
		last.n++
	}
	padding, at := 0, len(l.pages)
	if b.BlankLast {
		l.pages = append(l.pages, page{kind: kindBlank})
	}
	if len(l.pages)%2 == 1 {
		// A notes page pads the count, before the blank last page if any.
		l.pages = slices.Insert(l.pages, at, page{kind: kindNotes})
		padding = 1
	}

	l.geo = b.geometry(len(l.pages))
	live := l.geo.live(1)
	if live.w < 2*Inch || live.h < 2*Inch {
		return nil, invalidf("trim %s: the margins leave no room to print", b.Trim)
	}
	if err := l.planSlots(live); err != nil {
		return nil, err
	}
	for si, s := range b.Sections {
		if s.Example == nil {
			continue
		}
		if _, grid := l.exampleLayout(live, si); grid.w < exampleLeast {
			return nil, invalidf("sections[%d]: trim %s leaves the worked example's grid %.1f in, less than the %.1f in its candidates need", si, b.Trim, grid.w/Inch, exampleLeast/Inch)
		}
	}

	m := &Manifest{
		Pages:        len(l.pages),
		Trim:         b.Trim.Name,
		TrimPt:       [2]float64{round2(b.Trim.W), round2(b.Trim.H)},
		PageSizePt:   [2]float64{round2(l.geo.pageW), round2(l.geo.pageH)},
		Bleed:        b.Bleed,
		GutterPt:     round2(l.geo.gutter),
		MarginPt:     round2(b.Margin),
		PaddingPages: padding,
		Puzzles:      make([]Placement, len(l.puzzles)),
	}
	switch {
	case m.Pages < MinPages:
		m.Warnings = append(m.Warnings, fmt.Sprintf("%d pages: fewer than the %d a paperback needs", m.Pages, MinPages))
	case m.Pages > MaxPages:
		m.Warnings = append(m.Warnings, fmt.Sprintf("%d pages: more than the %d a paperback may have", m.Pages, MaxPages))
	}
	m.Warnings = append(m.Warnings, l.smallCells()...)
	if b.Combinations && len(killerSizes(b)) == 0 {
		m.Warnings = append(m.Warnings, "cage combinations: the book has no killer puzzles, so no combinations page")
	}
	for i, p := range l.puzzles {
		m.Puzzles[i] = Placement{Number: p.Number, ID: p.ID, Level: p.Level, Section: b.Sections[l.section[i]].Name,
			Variant: p.variantKey(), Symbols: p.Symbols,
			Puzzle: p.format(p.Givens), Solution: p.format(p.Solution), HintPage: l.hintPage(i)}
	}
	for n, pg := range l.pages {
		if pg.kind == kindCombinations {
			m.CombinationsPage = n + 1
		}
		if pg.kind == kindExample {
			_, r := l.exampleLayout(l.geo.live(n+1), pg.first)
			m.Examples = append(m.Examples, ExamplePlacement{Section: b.Sections[pg.first].Name,
				Number: l.puzzles[l.firstOf(pg.first)+b.Sections[pg.first].Example.Puzzle].Number, Page: n + 1,
				GridPt: [3]float64{round2(r.x), round2(r.y), round2(r.w)}})
		}
		for k := 0; k < pg.n; k++ {
			switch pg.kind {
			case kindPuzzles:
				r := l.slot(n+1, l.puzzleSlots[pg.per][k])
				m.Puzzles[pg.first+k].Page = n + 1
				m.Puzzles[pg.first+k].GridPt = [3]float64{round2(r.x), round2(r.y), round2(r.w)}
			case kindSolutions:
				r := l.slot(n+1, l.solutionSlots[pg.per][k])
				m.Puzzles[pg.first+k].SolutionPage = n + 1
				m.Puzzles[pg.first+k].SolutionGridPt = [3]float64{round2(r.x), round2(r.y), round2(r.w)}
			}
		}
	}
	l.manifest = m
	return l, nil
}

// kindOf is what sets a puzzle's solutions apart on the solutions pages:
// its variant's name ("classic", "x", "jigsaw": each jigsaw has its own
// regions, but they share pages).
func kindOf(p *Puzzle) string {
	if p.classic() {
		return "classic"
	}
	return p.Variant.Name
}

// planSlots arranges the grids of every count a page the plan's pages
// use, in the live area live, and holds each section's cells to the
// least a reader can write in (a puzzle's) or read (a solution's).
func (l *layout) planSlots(live rect) error {
	b := l.b
	l.puzzleSlots, l.solutionSlots = map[int][]rect{}, map[int][]rect{}
	for _, pg := range l.pages {
		switch {
		case pg.kind == kindPuzzles && l.puzzleSlots[pg.per] == nil:
			l.puzzleSlots[pg.per] = puzzleSlots(live, l.footer(), l.sz.label[pg.per], pg.per)
		case pg.kind == kindSolutions && l.solutionSlots[pg.per] == nil:
			l.solutionSlots[pg.per] = solutionSlots(live, l.footer(), l.sz.solutionLabel[pg.per], pg.per)
		}
	}
	for si, s := range b.Sections {
		n := sectionSize(&s)
		if n == 0 {
			continue
		}
		per, sols := b.perPage(si), b.solutionsPerPage(si)
		if err := l.checkCells(si, n, "per-page", per, side(l.puzzleSlots[per])/float64(n), MinPuzzleCell); err != nil {
			return err
		}
		if err := l.checkCells(si, n, "solutions-per-page", sols, side(l.solutionSlots[sols])/float64(n), MinSolutionCell); err != nil {
			return err
		}
	}
	return nil
}

// side is the side of the grids of slots; 0 when there are none.
func side(slots []rect) float64 {
	if len(slots) == 0 {
		return 0
	}
	return slots[0].w
}

// puzzleSlots are the grids of a page of per puzzles, in the live area
// live above a footer; label is the size of the labels beside them. Too
// little room gives grids of no size, which the cell check refuses.
func puzzleSlots(live rect, footer, label float64, per int) []rect {
	area := rect{0, 0, live.w, live.h - footer}
	slots, _ := arrange(area, per, label*labelBand, label*labelBand, label*2.5, label*1.2, 0)
	return slots
}

// solutionSlots are the grids of a page of per solutions, under the
// page's heading.
func solutionSlots(live rect, footer, label float64, per int) []rect {
	head := label * headerBand
	area := rect{0, head, live.w, live.h - footer - head}
	slots, _ := arrange(area, per, label*1.5, 0, label*2, label*1.2, 0)
	return slots
}

// The least cells a grid may have: a ninth of the least grids classic
// had, minPuzzleGrid and minSolutionGrid, so classic's limits are what
// they were and a larger grid needs a larger square.
const (
	MinPuzzleCell   = minPuzzleGrid / 9   // 10 pt (3.5 mm): a digit of 6 pt pencilled in
	MinSolutionCell = minSolutionGrid / 9 // 7.2 pt (2.5 mm): a digit of 4 pt read
)

// checkCells refuses a section whose cells, cell points wide, are smaller
// than least: a classic grid at the book's count as it always was (the
// trim is too small), anything else as a *SectionError naming the field.
func (l *layout) checkCells(si, n int, field string, per int, cell, least float64) error {
	if cell >= least {
		return nil
	}
	b := l.b
	s := &b.Sections[si]
	what := map[string]string{"per-page": "puzzles", "solutions-per-page": "solutions"}[field]
	own := s.PerPage
	if field != "per-page" {
		own = s.SolutionsPerPage
	}
	if n == 9 && own == 0 {
		return invalidf("trim %s: too small for %d %s a page", b.Trim, per, what)
	}
	fix := "print fewer a page or on a bigger trim"
	if per == 1 {
		fix = "print on a bigger trim"
	}
	return &SectionError{Section: si, Name: s.Name, Field: field, Book: own == 0,
		Msg: fmt.Sprintf("%d %s a page on a %s trim give %dx%d grids cells of %.1f pt (%.1f mm); a %s needs %.1f pt (%.1f mm) or more: %s",
			per, what, b.Trim, n, n, cell, cell/MM, strings.TrimSuffix(what, "s"), least, least/MM, fix)}
}

// SectionError is a section of a book that cannot be laid out as asked:
// its grids at its count a page (its own, or the book's when Book is
// true) would have cells too small to use.
type SectionError struct {
	Section int    // its index in Book.Sections
	Name    string // its name
	Field   string // "per-page" or "solutions-per-page"
	Book    bool   // the count is the book's, not the section's own
	Msg     string
}

func (e *SectionError) Error() string {
	return fmt.Sprintf("templates: section %d (%s): %s: %s", e.Section+1, e.Name, e.Field, e.Msg)
}

func (e *SectionError) Unwrap() error { return ErrInvalid }

// sectionSize is the side of the largest grid of s; 0 without puzzles.
func sectionSize(s *Section) int {
	n := 0
	for i := range s.Puzzles {
		n = max(n, s.Puzzles[i].size())
	}
	return n
}

// perPage is section si's puzzles a page.
func (b *Book) perPage(si int) int {
	if n := b.Sections[si].PerPage; n > 0 {
		return n
	}
	return b.PerPage
}

// solutionsPerPage is section si's solutions a page.
func (b *Book) solutionsPerPage(si int) int {
	if n := b.Sections[si].SolutionsPerPage; n > 0 {
		return n
	}
	return b.SolutionsPerPage
}

// smallCells are warnings for the sections whose puzzles' cells are
// smaller than a reader writes in comfortably (ReadableCell;
// ReadableLargeCell in large print): one for classic grids at each count
// a page, one for each other section.
func (l *layout) smallCells() []string {
	b := l.b
	var out []string
	seen := map[int]bool{}
	for si, s := range b.Sections {
		n, per := sectionSize(&s), b.perPage(si)
		if n == 0 || (n == 9 && seen[per]) {
			continue
		}
		if n == 9 {
			seen[per] = true
		}
		if w := l.cellWarning(si, n, side(l.puzzleSlots[per])/float64(n)); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// cellWarning is the warning for section si's puzzles, of side n, with
// cells cell points wide, or "": a classic grid's names no section (it
// speaks for every classic section at the count a page).
func (l *layout) cellWarning(si, n int, cell float64) string {
	b := l.b
	w := smallCell(b, b.perPage(si), cell, l.sz.puzzle.givenScale)
	if w != "" && n != 9 {
		w = fmt.Sprintf("section %d (%s), %dx%d: %s", si+1, b.Sections[si].Name, n, n, w)
	}
	return w
}

// SectionCells is the side, in points, of the cells of the puzzles and
// the solutions of section si of b if they were grids of side n, laid out
// as WriteBook would lay them out (the section's counts a page or the
// book's, the book's trim, margins and print size) in a book of pages
// pages (its gutter; zero: MinPages), so that a spec can be checked
// before any puzzle is made. err is what WriteBook would refuse: a
// *SectionError when a puzzle's cells are below MinPuzzleCell or a
// solution's below MinSolutionCell (or classic's error, a trim too small
// for the book's count), or an error of the page itself; warning is the
// manifest's warning when the puzzles' cells are smaller than a reader
// writes in comfortably, or "". b needs no puzzles.
func SectionCells(b *Book, si, n, pages int) (puzzle, solution float64, warning string, err error) {
	bk, err := b.pageDefaults()
	if err != nil {
		return 0, 0, "", err
	}
	if si < 0 || si >= len(bk.Sections) || n < 1 {
		return 0, 0, "", invalidf("section %d of %d, grids of side %d", si+1, len(bk.Sections), n)
	}
	if pages == 0 {
		pages = MinPages
	}
	l := &layout{b: &bk, sz: bookSizes(&bk), geo: bk.geometry(pages)}
	live := l.geo.live(1)
	if live.w < 2*Inch || live.h < 2*Inch {
		return 0, 0, "", invalidf("trim %s: the margins leave no room to print", bk.Trim)
	}
	per, sols := bk.perPage(si), bk.solutionsPerPage(si)
	puzzle = side(puzzleSlots(live, l.footer(), l.sz.label[per], per)) / float64(n)
	solution = side(solutionSlots(live, l.footer(), l.sz.solutionLabel[sols], sols)) / float64(n)
	if err := l.checkCells(si, n, "per-page", per, puzzle, MinPuzzleCell); err != nil {
		return puzzle, solution, "", err
	}
	if err := l.checkCells(si, n, "solutions-per-page", sols, solution, MinSolutionCell); err != nil {
		return puzzle, solution, "", err
	}
	return puzzle, solution, l.cellWarning(si, n, puzzle), nil
}

// smallCell is the warning for cells cell points wide at per puzzles a
// page, or "" when they are large enough.
func smallCell(b *Book, per int, cell, digitScale float64) string {
	least := ReadableCell
	if b.LargePrint {
		least = ReadableLargeCell
	}
	if cell >= least {
		return ""
	}
	fix := "print fewer a page or on a bigger trim"
	if choices, _ := PerPageChoices(b.LargePrint); per == choices[0] {
		fix = "print on a bigger trim"
	}
	n := fmt.Sprintf("%d puzzles", per)
	if per == 1 {
		n = "1 puzzle"
	}
	if b.LargePrint {
		return fmt.Sprintf("%s a page in large print on a %s trim give cells of %.1f pt (%.1f mm) and digits of %.1f pt, smaller than the %.1f pt (%.1f mm) cells of 16 pt digits that large print needs: %s",
			n, b.Trim, cell, cell/MM, cell*digitScale, least, least/MM, fix)
	}
	return fmt.Sprintf("%s a page on a %s trim give cells of %.1f pt (%.1f mm), smaller than the %.0f pt (%.1f mm) a reader writes in comfortably: %s",
		n, b.Trim, cell, cell/MM, least, least/MM, fix)
}

// footer is the height of the band at the foot of the live area that holds
// the page number.
func (l *layout) footer() float64 { return l.sz.pageNumber * footerBand }

// slot places a grid relative to the live area on page n.
func (l *layout) slot(n int, r rect) rect {
	live := l.geo.live(n)
	return rect{live.x + r.x, live.y + r.y, r.w, r.h}
}

// arrange finds the columns and rows of n equal slots in area that give the
// largest grids, each slot a band of height top above its grid and bottom
// below, slots at least hgap and vgap apart, and spreads them evenly. It
// returns the grids' squares in reading order, or false if they would be
// smaller than least.
func arrange(area rect, n int, top, bottom, hgap, vgap, least float64) ([]rect, bool) {
	bestCols, best := 0, 0.0
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		if cols*rows-n >= cols || cols*rows-n >= rows {
			continue // a whole row or column would stay empty
		}
		w := (area.w - float64(cols-1)*hgap) / float64(cols)
		h := (area.h-float64(rows-1)*vgap)/float64(rows) - top - bottom
		if g := min(w, h); g > best {
			bestCols, best = cols, g
		}
	}
	if bestCols == 0 || best < least {
		return nil, false
	}
	cols := bestCols
	rows := (n + cols - 1) / cols
	g := best
	// Spread the room left evenly before, between and after the slots,
	// but keep at least the gap between them.
	x0, gx := spread(area.w-float64(cols)*g, cols, hgap)
	y0, gy := spread(area.h-float64(rows)*(top+g+bottom), rows, vgap)
	slots := make([]rect, 0, n)
	for i := 0; i < n; i++ {
		c, r := i%cols, i/cols
		x := area.x + x0 + float64(c)*(g+gx)
		y := area.y + y0 + float64(r)*(top+g+bottom+gy) + top
		slots = append(slots, rect{x, y, g, g})
	}
	return slots, true
}

// spread shares out the room left by k slots: the same space before, between
// and after them where it allows gap or more between, else gap between and
// the rest shared before and after.
func spread(room float64, k int, gap float64) (before, between float64) {
	between = room / float64(k+1)
	if k == 1 || between >= gap {
		return between, between
	}
	between = gap
	return (room - float64(k-1)*gap) / 2, between
}

// draw draws every page.
func (l *layout) draw(pdf *fpdf.Fpdf) {
	c := &pdfCanvas{pdf: pdf}
	for i, pg := range l.pages {
		n := i + 1
		pdf.AddPage()
		t := l.geo.trimBox(n)
		pdf.SetPageBox("trim", t.x, l.geo.pageH-t.bottom(), t.w, t.h)
		switch pg.kind {
		case kindTitle:
			l.drawTitle(c, n)
		case kindCopyright:
			l.drawCopyright(c, n)
		case kindDedication:
			l.drawDedication(c, n)
		case kindText:
			l.drawText(c, n, l.texts[pg.first])
		case kindContents:
			l.drawContents(c, n, pg)
		case kindSection:
			l.drawSection(c, n, pg.first)
		case kindPuzzles:
			l.drawPuzzles(c, n, pg)
		case kindSolutionsTitle:
			l.drawSolutionsTitle(c, n)
		case kindSolutions:
			l.drawSolutions(c, n, pg)
		case kindNotes:
			l.drawNotes(c, n)
		case kindHints:
			l.drawHints(c, n, pg)
		case kindCombinations:
			l.drawCombinations(c, n)
		case kindExample:
			l.drawExample(c, n, pg.first)
		}
		if pg.kind != kindTitle && pg.kind != kindCopyright && pg.kind != kindDedication && pg.kind != kindBlank {
			live := l.geo.live(n)
			// The whole text box, descent included, stays in the live area.
			base := live.bottom() - l.fc.regular.descent*l.sz.pageNumber
			l.centred(c, l.fc.regular, l.sz.pageNumber, live.x+live.w/2, base, fmt.Sprint(n))
		}
		box, _ := c.takeTexts()
		l.manifest.TextBoxes = append(l.manifest.TextBoxes, [4]float64{round2(box.x), round2(box.y), round2(box.w), round2(box.h)})
	}
}

func (l *layout) drawPuzzles(c canvas, n int, pg page) {
	ls := l.sz.label[pg.per]
	for k := 0; k < pg.n; k++ {
		p := &l.puzzles[pg.first+k]
		m := l.manifest.Puzzles[pg.first+k]
		r := l.slot(n, l.puzzleSlots[pg.per][k])
		drawGrid(c, l.fc, r.x, r.y, r.w, p, false, l.sz.puzzle)

		// Above: the number, then the level and its stars or rating at
		// the right. Below: the id, then the solution's page at the right.
		// Each fits the grid's width.
		above := r.y - ls*0.55 - l.sz.puzzle.box/2
		fitLabel(l.fc, ls, r.w, headerLabels(l.b.Words, *p)).draw(c, l.fc, r.x, r.right(), above)
		below := r.bottom() + l.sz.puzzle.box/2 + ls*1.25
		fitLabel(l.fc, ls, r.w, footerLabels(l.b.Words, p.ID, m.SolutionPage, m.HintPage)).draw(c, l.fc, r.x, r.right(), below)
	}
}

// label is a line of text beside a grid: a text at the left, and at the
// right a text followed by stars and a rating, each part optional.
type label struct {
	size     float64
	left     string
	leftBold bool
	right    string
	stars    int
	compact  bool // the stars as one star and their count, "★5"
	rating   string
}

// labelGap is the least room between a label's left and right parts, in
// ems: a word space and a half, so the two never read as one.
const labelGap = 0.8

// headerLabels are the ways to say what the line above a puzzle says, from
// the fullest to the shortest: "Puzzle 49  Evil ★★★★★ SE 7.2", "No. 49",
// one star with the count, the rating without "SE", the bare number.
func headerLabels(w *words.Words, p Puzzle) []label {
	full := label{left: w.Fill("caption.puzzle", "n", p.Number), leftBold: true, right: p.Level, stars: p.Stars}
	if p.Rating > 0 {
		full.rating = p.ratingText()
	}
	out := []label{full}
	add := func(edit func(lb *label)) {
		lb := out[len(out)-1]
		edit(&lb)
		if lb != out[len(out)-1] {
			out = append(out, lb)
		}
	}
	add(func(lb *label) { lb.left = w.Fill("caption.no", "n", p.Number) })
	add(func(lb *label) { lb.compact = lb.stars > 1 })
	add(func(lb *label) {
		if p.Rating > 0 {
			lb.rating = fmt.Sprintf("%.1f", p.Rating)
		}
	})
	add(func(lb *label) { lb.left = fmt.Sprint(p.Number) })
	return out
}

// footerLabels are the ways to say what the line below a puzzle says: its
// id, the page of its hints when it has some, and the page of its
// solution.
func footerLabels(w *words.Words, id string, solutionPage, hintPage int) []label {
	left := ""
	if id != "" {
		left = w.Fill("caption.id", "id", id)
	}
	pages := []any{"hint", hintPage, "solution", solutionPage}
	if hintPage > 0 {
		return []label{
			{left: left, right: w.Fill("caption.hint-solution", pages...)},
			{left: left, right: w.Fill("caption.hint-solution-short", pages...)},
			{left: left, right: w.Fill("caption.hint-solution-shorter", pages...)},
			{left: id, right: w.Fill("caption.hint-solution-shorter", pages...)},
		}
	}
	return []label{
		{left: left, right: w.Fill("caption.solution-page", pages...)},
		{left: left, right: w.Fill("caption.page", "n", solutionPage)},
		{left: id, right: w.Fill("caption.page", "n", solutionPage)},
	}
}

// fitLabel returns the first of the ways to say a label that fits width at
// size, or at a size a little smaller (to 80%); then the fullest that fits
// smaller still, down to 80%, before shortening further; and failing all,
// the shortest at the size that fits.
func fitLabel(fc faces, size, width float64, ways []label) label {
	for _, lb := range ways {
		for _, scale := range []float64{1, 0.9, 0.8} {
			lb.size = size * scale
			if lb.width(fc) <= width {
				return lb
			}
		}
	}
	lb := ways[len(ways)-1]
	lb.size = size * 0.8
	lb.size = max(4, lb.size*width/lb.width(fc)*0.98)
	return lb
}

// Parts of a label, in ems: the space between the right text and the
// stars, between the stars and the rating, and between a compact star and
// its count; a star's pitch (stars draws them 2.3 radii of 0.45 em apart).
const (
	starsGap   = 0.3
	ratingGap  = 0.6
	compactGap = 0.15
	starPitch  = 0.45 * 2.3
)

// width is the label's whole width.
func (lb label) width(fc faces) float64 {
	w := lb.rightWidth(fc)
	if lb.left != "" {
		f := fc.regular
		if lb.leftBold {
			f = fc.bold
		}
		w += f.width(plain(f, lb.left), lb.size)
		if w > 0 {
			w += labelGap * lb.size
		}
	}
	return w
}

// rightWidth is the width of the right part: text, stars and rating.
func (lb label) rightWidth(fc faces) float64 {
	s := lb.size
	w := fc.regular.width(plain(fc.regular, lb.right), s)
	if lb.stars > 0 {
		if w > 0 {
			w += starsGap * s
		}
		w += lb.starsWidth(fc)
	}
	if lb.rating != "" {
		if w > 0 {
			w += ratingGap * s
		}
		w += fc.regular.width(lb.rating, s)
	}
	return w
}

func (lb label) starsWidth(fc faces) float64 {
	if lb.compact {
		return starPitch*lb.size + compactGap*lb.size + fc.regular.width(fmt.Sprint(lb.stars), lb.size)
	}
	return float64(lb.stars) * starPitch * lb.size
}

// draw sets the label on baseline y between x and right: the left part
// from x, the right part ending at right.
func (lb label) draw(c canvas, fc faces, x, right, y float64) {
	s := lb.size
	if lb.left != "" {
		f := fc.regular
		if lb.leftBold {
			f = fc.bold
		}
		c.text(f, s, x, y, plain(f, lb.left))
	}
	if lb.rating != "" {
		right -= fc.regular.width(lb.rating, s)
		c.text(fc.regular, s, right, y, lb.rating)
		right -= ratingGap * s
	}
	if lb.stars > 0 {
		if lb.compact {
			count := fmt.Sprint(lb.stars)
			right -= fc.regular.width(count, s)
			c.text(fc.regular, s, right, y, count)
			right -= compactGap * s
			right = stars(c, 1, s, right, y)
		} else {
			right = stars(c, lb.stars, s, right, y)
		}
		right -= starsGap * s
	}
	if lb.right != "" {
		text := plain(fc.regular, lb.right)
		c.text(fc.regular, s, right-fc.regular.width(text, s), y, text)
	}
}

func (l *layout) drawSolutions(c *pdfCanvas, n int, pg page) {
	ls := l.sz.solutionLabel[pg.per]
	live := l.geo.live(n)
	first, last := l.puzzles[pg.first].Number, l.puzzles[pg.first+pg.n-1].Number
	l.centred(c, l.fc.bold, ls*1.1, live.x+live.w/2, live.y+ls*1.1, l.b.Words.Fill("caption.solutions-range", "first", first, "last", last))
	for k := 0; k < pg.n; k++ {
		p := &l.puzzles[pg.first+k]
		r := l.slot(n, l.solutionSlots[pg.per][k])
		drawGrid(c, l.fc, r.x, r.y, r.w, p, true, l.sz.solution)
		above := r.y - ls*0.45 - l.sz.solution.box/2
		l.left(c, l.fc.bold, ls, r.x, above, fmt.Sprint(p.Number))
		l.rightAligned(c, l.fc.regular, ls, r.right(), above, l.b.Words.Fill("caption.page", "n", l.manifest.Puzzles[pg.first+k].Page))
	}
}

func (l *layout) drawTitle(c *pdfCanvas, n int) {
	live := l.geo.live(n)
	cx := live.x + live.w/2
	size := l.sz.h1 * 1.6
	for l.fc.bold.width(l.b.Title, size) > live.w && size > l.sz.h1 {
		size *= 0.95
	}
	y := live.y + live.h*0.3
	for _, line := range wrap(l.fc.bold, size, live.w, l.b.Title) {
		l.centred(c, l.fc.bold, size, cx, y, line)
		y += size * 1.2
	}
	if l.b.Subtitle != "" {
		y += l.sz.h2 * 0.6
		for _, line := range wrap(l.fc.regular, l.sz.h2*1.2, live.w, l.b.Subtitle) {
			l.centred(c, l.fc.regular, l.sz.h2*1.2, cx, y, line)
			y += l.sz.h2 * 1.2 * leading
		}
	}
	// A band of box lines under the title, the book's one ornament.
	y += l.sz.h2
	c.line(cx-live.w/4, y, cx+live.w/4, y, 2)
	if l.b.Author != "" {
		l.centred(c, l.fc.regular, l.sz.h2, cx, live.y+live.h*0.8, l.b.Author)
	}
}

// copyrightLines are the copyright page's lines, "" between groups: the
// title, the copyright, the edition, publisher and ISBN, and pressrun's
// lines.
func (l *layout) copyrightLines() []string {
	b := l.b
	var lines []string
	group := func(g ...string) {
		var kept []string
		for _, s := range g {
			if s != "" {
				kept = append(kept, strings.Split(s, "\n")...)
			}
		}
		if len(kept) == 0 {
			return
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, kept...)
	}
	group(b.Title, b.Subtitle)
	owner := b.Author
	if owner == "" {
		owner = firstLine(b.Publisher)
	}
	switch {
	case b.Copyright != "":
		group(b.Copyright)
	case owner != "":
		group(b.Words.Fill("copyright.line", "year", b.Date.Year(), "owner", owner))
	}
	publisher := ""
	if b.Publisher != "" {
		publisher = b.Words.Fill("copyright.published-by", "publisher", b.Publisher)
	}
	isbn := ""
	if b.ISBN != "" {
		isbn = "ISBN " + b.ISBN
	}
	group(b.Edition, publisher, isbn)
	if !b.NoCredit {
		seed := ""
		if b.Seed != "" {
			seed = b.Words.Fill("copyright.seed", "seed", b.Seed)
		}
		group(b.Words.Fill("copyright.laid-out", "creator", creator(b.Version), "date", b.Date.UTC().Format("2006-01-02")), seed,
			b.Words.Text("copyright.ids"))
	}
	return lines
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}

func (l *layout) drawCopyright(c *pdfCanvas, n int) {
	live := l.geo.live(n)
	size := l.sz.body * 0.9
	var wrapped []string
	for _, s := range l.copyrightLines() {
		if s == "" {
			wrapped = append(wrapped, "")
			continue
		}
		wrapped = append(wrapped, wrap(l.fc.regular, size, live.w, s)...)
	}
	// Set at the foot of the page, where readers look for it.
	y := live.bottom() - l.footer() - float64(len(wrapped)-1)*size*leading
	for _, s := range wrapped {
		l.left(c, l.fc.regular, size, live.x, y, s)
		y += size * leading
	}
}

func (l *layout) drawDedication(c *pdfCanvas, n int) {
	live := l.geo.live(n)
	cx := live.x + live.w/2
	size := l.sz.body * 1.15
	y := live.y + live.h*0.3
	for _, para := range paragraphs(l.b.Dedication) {
		for _, line := range wrap(l.fc.regular, size, live.w*0.7, para) {
			l.centred(c, l.fc.regular, size, cx, y, line)
			y += size * leading
		}
		y += size * leading * 0.6
	}
}

// ratingText is the puzzle's rating as printed: "SE 3.4".
func (p Puzzle) ratingText() string {
	return fmt.Sprintf("%s %.1f", cmp.Or(p.RatingLabel, "SE"), p.Rating)
}

// howToPlay is the book's rules text: its own, or the default, its rules
// those of the kinds of puzzle the book has (Rules); then the note on the
// ratings.
func (l *layout) howToPlay() string {
	if l.b.RatingNote != "" {
		return l.rulesText() + "\n\n" + l.b.RatingNote
	}
	return l.rulesText()
}

// rulesText is the book's rules text, its own or the default.
func (l *layout) rulesText() string {
	if l.b.HowToPlay != "" {
		return l.b.HowToPlay
	}
	// A book that brings no rules: the rules and how the book is set out,
	// and nothing about the puzzles' techniques, which the caller knows
	// and this does not.
	w := l.b.Words
	solutions := w.Text("howto.solutions-bold")
	if l.fc.bold == l.fc.regular {
		solutions = w.Text("howto.solutions")
	}
	return strings.Join([]string{Rules(w, l.b.Sections), w.Text("howto.one-solution"), w.Text("howto.layout"), solutions}, "\n\n")
}

// textPage is one page of a text part: its lines, each with its baseline
// below the top of the live area.
type textPage []textLine

type textLine struct {
	text   string
	bold   bool
	size   float64
	indent float64 // from the live area's left edge
	y      float64 // the baseline, from the live area's top
}

// paragraphs splits a text at its blank lines; a paragraph's lines are
// joined, except lines that begin with "- " (a list: each its own item).
func paragraphs(text string) []string {
	var out []string
	for _, para := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		var cur []string
		flush := func() {
			if len(cur) > 0 {
				out = append(out, strings.Join(cur, " "))
				cur = nil
			}
		}
		for _, line := range strings.Split(para, "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "- ") {
				flush()
			}
			if line != "" {
				cur = append(cur, line)
			}
		}
		flush()
	}
	return out
}

// paginate sets a heading and its text in the live area live, over as
// many pages as it takes. A paragraph moves whole to the next page when
// only its first line would fit, and list items ("- ") hang their lines
// after a bullet.
func (l *layout) paginate(live rect, heading, text string) []textPage {
	size := l.sz.body
	bottom := live.h - l.footer()
	pages := []textPage{{{text: heading, bold: true, size: l.sz.h1, y: l.sz.h1}}}
	y := l.sz.h1 * 1.2
	for _, para := range paragraphs(text) {
		indent, bullet := 0.0, false
		if rest, ok := strings.CutPrefix(para, "- "); ok {
			para, bullet, indent = rest, true, size*1.2
		}
		lines := wrap(l.fc.regular, size, live.w-indent, para)
		gap := size * leading * 0.6
		if bullet {
			gap = size * leading * 0.25 // list items sit closer together
		}
		y += gap
		if need := min(2, len(lines)); y+float64(need)*size*leading > bottom {
			pages = append(pages, nil)
			y = 0
		}
		for i, line := range lines {
			y += size * leading
			if y > bottom {
				pages = append(pages, nil)
				y = size * leading
			}
			pg := &pages[len(pages)-1]
			if i == 0 && bullet {
				*pg = append(*pg, textLine{text: "•", size: size, indent: size * 0.3, y: y})
			}
			*pg = append(*pg, textLine{text: line, size: size, indent: indent, y: y})
		}
	}
	return pages
}

func (l *layout) drawText(c *pdfCanvas, n int, tp textPage) {
	live := l.geo.live(n)
	for _, line := range tp {
		f := l.fc.regular
		if line.bold {
			f = l.fc.bold
		}
		l.left(c, f, line.size, live.x+line.indent, live.y+line.y, line.text)
	}
}

func (l *layout) drawContents(c *pdfCanvas, n int, pg page) {
	live := l.geo.live(n)
	y := live.y + l.sz.h1
	if pg.first == 0 {
		l.left(c, l.fc.bold, l.sz.h1, live.x, y, l.b.Words.Text("heading.contents"))
	}
	y += l.sz.h1 * (contentsGap - 1)
	f, size := l.fc.regular, l.sz.body
	dot := f.width(".", size) * 2
	for _, e := range l.contents[pg.first : pg.first+pg.n] {
		y += size * 1.8
		num := fmt.Sprint(e.page)
		text := plain(f, e.text)
		if f.width(text, size) > live.w*0.8 {
			ellipsis := plain(f, "…")
			r := []rune(text)
			for len(r) > 1 && f.width(string(r)+ellipsis, size) > live.w*0.8 {
				r = r[:len(r)-1]
			}
			text = strings.TrimRight(string(r), " ") + ellipsis
		}
		l.left(c, f, size, live.x, y, text)
		l.rightAligned(c, f, size, live.right(), y, num)
		// Dot leaders on a fixed pitch, so they line up from line to line.
		from := live.x + f.width(text, size) + size*0.6
		to := live.right() - f.width(num, size) - size*0.6
		var dots strings.Builder
		start := live.x + float64(int((from-live.x)/dot)+1)*dot
		for x := start; x+dot/2 <= to; x += dot {
			dots.WriteString(". ")
		}
		if dots.Len() > 0 {
			l.left(c, f, size, start, y, strings.TrimSpace(dots.String()))
		}
	}
}

func (l *layout) drawSection(c *pdfCanvas, n int, si int) {
	s := l.b.Sections[si]
	live := l.geo.live(n)
	cx := live.x + live.w/2
	y := live.y + live.h*0.33
	for _, line := range wrap(l.fc.bold, l.sz.h1*1.3, live.w, s.Name) {
		l.centred(c, l.fc.bold, l.sz.h1*1.3, cx, y, line)
		y += l.sz.h1 * 1.3 * 1.2
	}
	y += l.sz.h2 * 0.4
	if k := len(s.Puzzles); k > 0 {
		first := 0
		for _, p := range l.b.Sections[:si] {
			first += len(p.Puzzles)
		}
		what := l.b.Words.Fill("section.puzzles", "count", k, "first", l.puzzles[first].Number, "last", l.puzzles[first+k-1].Number)
		if k == 1 {
			what = l.b.Words.Fill("section.puzzle", "first", l.puzzles[first].Number)
		}
		l.centred(c, l.fc.regular, l.sz.h2, cx, y, what)
		y += l.sz.h2 * leading
	}
	for _, text := range []string{s.Description, s.guessing(l.b.Words)} {
		if text == "" {
			continue
		}
		y += l.sz.body
		for _, line := range wrap(l.fc.regular, l.sz.body, live.w*0.8, text) {
			l.centred(c, l.fc.regular, l.sz.body, cx, y, line)
			y += l.sz.body * leading
		}
	}
}

func (l *layout) drawSolutionsTitle(c *pdfCanvas, n int) {
	live := l.geo.live(n)
	cx := live.x + live.w/2
	y := live.y + live.h*0.33
	l.centred(c, l.fc.bold, l.sz.h1*1.3, cx, y, l.b.Words.Text("heading.solutions"))
	y += l.sz.h1*1.3*1.2 + l.sz.h2*0.4
	l.centred(c, l.fc.regular, l.sz.h2, cx, y, l.b.Words.Fill("solutions.puzzles", "first", l.puzzles[0].Number, "last", l.puzzles[len(l.puzzles)-1].Number))
	y += l.sz.h2*leading + l.sz.body
	note := l.b.Words.Text("solutions.note-bold")
	if l.fc.bold == l.fc.regular {
		note = l.b.Words.Text("solutions.note")
	}
	for _, line := range wrap(l.fc.regular, l.sz.body, live.w*0.8, note) {
		l.centred(c, l.fc.regular, l.sz.body, cx, y, line)
		y += l.sz.body * leading
	}
}

func (l *layout) drawNotes(c *pdfCanvas, n int) {
	live := l.geo.live(n)
	y := live.y + l.sz.h1
	l.left(c, l.fc.bold, l.sz.h1, live.x, y, l.b.Words.Text("heading.notes"))
	pitch := l.sz.body * 2.2
	for y += pitch * 1.5; y < live.bottom()-l.footer(); y += pitch {
		c.line(live.x, y, live.right(), y, 0.5)
	}
}

// Text helpers: y is the baseline. Characters the font lacks are replaced
// by plain ones first.
func (l *layout) left(c canvas, f *face, size, x, y float64, s string) {
	c.text(f, size, x, y, plain(f, s))
}

func (l *layout) rightAligned(c canvas, f *face, size, x, y float64, s string) {
	s = plain(f, s)
	c.text(f, size, x-f.width(s, size), y, s)
}

func (l *layout) centred(c canvas, f *face, size, x, y float64, s string) {
	s = plain(f, s)
	c.text(f, size, x-f.width(s, size)/2, y, s)
}

// wrap breaks s into lines no wider than w.
func wrap(f *face, size, w float64, s string) []string {
	s = plain(f, s)
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && f.width(try, size) > w {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// plainRunes are what replaces a character a font lacks.
var plainRunes = map[rune]string{'•': "-", '–': "-", '—': "-", '×': "x", '©': "(c)", '…': "...", '’': "'", '·': "/"}

// plain replaces the characters f has no glyph for by plain ASCII.
func plain(f *face, s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r >= 0x80 && !f.has(r) {
			if p, ok := plainRunes[r]; ok {
				b.WriteString(p)
				continue
			}
			b.WriteByte('?')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
