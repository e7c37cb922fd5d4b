package templates

import (
	"fmt"
	"io"
	"time"

	"github.com/pressrun/pressrun/templates/words"
)

// Proof is the editor's proof of a batch of daily puzzles: an A4 PDF with
// every day's puzzle beside its solution, one outlet to a section, so
// that a person can check the batch by eye before it goes out.
type Proof struct {
	Title    string       // the line at the top of every page; empty: "Proof"
	Words    *words.Words // the words around the caller's: nil is English
	Subtitle string       // set at the right of the title line, such as the dates
	Date     time.Time    // the PDF's creation date (required: the output never depends on the clock)
	Fonts    Fonts        // zero: GoFonts
	Sections []ProofSection
}

// ProofSection is one outlet's days, in the order they are printed.
type ProofSection struct {
	Name string // the outlet, the section's heading
	Days []ProofDay
}

// ProofDay is one day's puzzle: its label ("Tuesday 1 December") above
// its grid, then the level (stars or rating as in a book), and the short
// id above the solution.
type ProofDay struct {
	Label  string
	Puzzle Puzzle // Number is not printed
}

// ProofDaysPerPage is how many days a page of a proof holds: each a row of
// the puzzle and its solution side by side, grids about 67 mm wide.
const ProofDaysPerPage = 3

// A4 portrait, and the proof's margins and type sizes in points.
const (
	proofW, proofH   = 210 * MM, 297 * MM
	proofMargin      = 15 * MM
	proofTitleSize   = 11
	proofHeadingSize = 16
	proofLabelSize   = 10.5
	proofFooterSize  = 9
	proofGridGap     = 30 // the least room between a puzzle and its solution
)

// proofPage is a page of a proof: days n from first of a section.
type proofPage struct {
	section, first, n int
}

// proofLayout is a planned proof: its pages, and where the grids of each
// row go (every page alike), before anything is drawn.
type proofLayout struct {
	p     Proof
	fc    faces
	pages []proofPage
	// Baselines of the title line, the section's heading and the footer.
	titleY, headingY, footerY float64
	// The puzzle's and the solution's grid in each row.
	puzzles, solutions [ProofDaysPerPage]rect
}

func planProof(p Proof) (*proofLayout, error) {
	if p.Date.IsZero() {
		return nil, invalidf("no date: set Proof.Date (the PDF's creation date must not come from the clock)")
	}
	if p.Title == "" {
		p.Title = p.Words.Text("proof.title")
	}
	fc, err := parseFaces(p.Fonts)
	if err != nil {
		return nil, err
	}
	if err := checkProofGlyphs(&p, fc); err != nil {
		return nil, err
	}
	l := &proofLayout{p: p, fc: fc}
	days := 0
	for si, s := range p.Sections {
		for di, d := range s.Days {
			if err := checkPuzzle(fmt.Sprintf("section %d (%s) day %d (%s)", si+1, s.Name, di+1, d.Label), d.Puzzle); err != nil {
				return nil, err
			}
		}
		days += len(s.Days)
		// A section without days still has its page, which says so.
		for i := 0; i == 0 || i < len(s.Days); i += ProofDaysPerPage {
			l.pages = append(l.pages, proofPage{section: si, first: i, n: min(ProofDaysPerPage, len(s.Days)-i)})
		}
	}
	if days == 0 {
		return nil, invalidf("no days to proof")
	}

	liveW := proofW - 2*proofMargin
	l.titleY = proofMargin + proofTitleSize
	l.headingY = l.titleY + proofTitleSize*0.6 + proofHeadingSize*1.8
	l.footerY = proofH - proofMargin - fc.regular.descent*proofFooterSize
	top := l.headingY + proofHeadingSize*0.8
	bottom := l.footerY - proofFooterSize*1.6
	row := (bottom - top) / ProofDaysPerPage
	above := proofLabelSize * labelBand // the label line over the grids
	below := proofLabelSize * 1.4       // room under the grids
	g := min((liveW-proofGridGap)/2, row-above-below)
	x0, gap := spread(liveW-2*g, 2, proofGridGap)
	for k := range ProofDaysPerPage {
		y := top + float64(k)*row + above
		l.puzzles[k] = rect{proofMargin + x0, y, g, g}
		l.solutions[k] = rect{proofMargin + x0 + g + gap, y, g, g}
	}
	return l, nil
}

// checkProofGlyphs checks that p's fonts have a glyph for every
// character of every text the proof prints, as checkGlyphs does a book's.
func checkProofGlyphs(p *Proof, fc faces) error {
	gc := glyphCheck{fc: fc, section: -1}
	if err := gc.check("title", p.Title, fc.bold); err != nil {
		return err
	}
	if err := gc.check("subtitle", p.Subtitle, fc.regular); err != nil {
		return err
	}
	for i, s := range p.Sections {
		gc.section = i
		if err := gc.check(fmt.Sprintf("sections[%d].name", i), s.Name, fc.bold); err != nil {
			return err
		}
		for j, d := range s.Days {
			if err := gc.check(fmt.Sprintf("sections[%d].days[%d].label", i, j), d.Label, fc.bold); err != nil {
				return err
			}
			if err := gc.check(fmt.Sprintf("sections[%d].days[%d].level", i, j), d.Puzzle.Level, fc.regular); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckProofGlyphs checks that the fonts of p have a glyph for every
// character of every text p prints: its title, subtitle, and its sections'
// names, days' labels and levels. It returns the first text that fails as
// a *GlyphError; WriteProof checks the same.
func CheckProofGlyphs(p *Proof) error {
	fc, err := parseFaces(p.Fonts)
	if err != nil {
		return err
	}
	return checkProofGlyphs(p, fc)
}

// WriteProof lays out the proof and writes its PDF to w: A4 pages, each
// with the title line at the top and "page N of M" at the foot; each
// section from a new page under its name, its days in order,
// ProofDaysPerPage a page, each day's puzzle at the left and its solution
// (givens bold on grey) at the right. An error wrapping ErrInvalid means
// the proof cannot be laid out (a puzzle that breaks the rules, a
// *GlyphError); nothing has been written then.
func WriteProof(w io.Writer, p Proof) error {
	l, err := planProof(p)
	if err != nil {
		return err
	}
	// The single puzzles' writer, a page at a time: fpdf made a new
	// compressor (a megabyte to clear) for each page's stream, most of
	// the proof's time in a daily year.
	c := newSinglePDF(proofH)
	for n := range l.pages {
		l.draw(c, n)
		c.endPage()
	}
	return c.write(w, proofW, l.p.Title, l.p.Date)
}

// draw draws page n+1.
func (l *proofLayout) draw(c canvas, n int) {
	pg := l.pages[n]
	fc := l.fc
	left, right := proofMargin, proofW-proofMargin
	fitLabel(fc, proofTitleSize, right-left, []label{{left: l.p.Title, leftBold: true, right: l.p.Subtitle}}).
		draw(c, fc, left, right, l.titleY)
	c.line(left, l.titleY+proofTitleSize*0.6, right, l.titleY+proofTitleSize*0.6, 0.5)

	s := l.p.Sections[pg.section]
	heading := s.Name
	if pg.first > 0 {
		heading += l.p.Words.Text("proof.continued")
	}
	fitLabel(fc, proofHeadingSize, right-left, []label{{left: heading, leftBold: true}}).draw(c, fc, left, right, l.headingY)
	if len(s.Days) == 0 {
		c.text(fc.regular, proofLabelSize, left, l.puzzles[0].y, l.p.Words.Text("proof.no-days"))
	}

	for k := range pg.n {
		d := s.Days[pg.first+k]
		p := d.Puzzle
		pz, sol := l.puzzles[k], l.solutions[k]
		drawGrid(c, fc, pz.x, pz.y, pz.w, &p, false, puzzleStyle)
		drawGrid(c, fc, sol.x, sol.y, sol.w, &p, true, solutionStyle)
		// Above the puzzle: the day's label, then the level and its stars
		// or rating. Above the solution: the short id.
		y := pz.y - proofLabelSize*0.55 - puzzleStyle.box/2
		fitLabel(fc, proofLabelSize, pz.w, dayLabels(d)).draw(c, fc, pz.x, pz.right(), y)
		id := ""
		if p.ID != "" {
			id = l.p.Words.Fill("caption.id", "id", p.ID)
		}
		fitLabel(fc, proofLabelSize, sol.w, []label{{left: l.p.Words.Text("proof.solution"), right: id}}).draw(c, fc, sol.x, sol.right(), y)
	}

	foot := l.p.Words.Fill("proof.page", "n", n+1, "of", len(l.pages))
	c.text(fc.regular, proofFooterSize, proofW/2-fc.regular.width(foot, proofFooterSize)/2, l.footerY, foot)
}

// dayLabels are the ways to say what the line above a day's puzzle says,
// from the fullest to the shortest: "Tuesday 1 December  Easy ★★ SE 1.5",
// the stars as one star and their count, the rating without "SE".
func dayLabels(d ProofDay) []label {
	p := d.Puzzle
	full := label{left: d.Label, leftBold: true, right: p.Level, stars: p.Stars}
	if p.Rating > 0 {
		full.rating = p.ratingText()
	}
	compact := full
	compact.compact = p.Stars > 1
	short := compact
	if p.Rating > 0 {
		short.rating = fmt.Sprintf("%.1f", p.Rating)
	}
	return []label{full, compact, short}
}
