package templates

import (
	"fmt"
	"strings"
)

// The hints appendix: after the last section's puzzles and before the
// solutions, for each puzzle with hints a bold heading, "Puzzle 143 (page
// 57)", and its hints numbered, wrapped to the live area. A hint is never
// split across pages, and a puzzle's heading stays with its first hint;
// a puzzle whose hints go on over a page break gets its heading again,
// "continued". The puzzle's footer gives the page of its heading ("Hint
// p. 212"), and the manifest its HintPage.
//
// The appendix is paginated in plan, before anything is drawn: where its
// lines go depends only on text widths and the live area, whose width
// depends on the gutter, and so on the page count, which the appendix
// adds to. plan paginates it at the gutter of the page count without it,
// then again while the count it gives calls for a wider gutter (a gutter
// only widens, so this ends, mostly after one pass).

// hintPlan is the appendix as planned.
type hintPlan struct {
	pages [][]hintLine // the lines of each page of the appendix
	page  []int        // the page of each puzzle's heading (by index through the book); 0: no hints
}

// hintLine is one line of a hints page, its baseline relative to the
// live area's top-left corner.
type hintLine struct {
	f    *face
	size float64
	x, y float64
	text string
}

// The appendix's spacing, in multiples of its type size: before a
// puzzle's heading, between hints, and the hanging indent of a hint's
// text after its number.
const (
	hintHeadGap = 0.8
	hintGap     = 0.3
)

// hasHints reports whether any puzzle of the book has hints.
func hasHints(b *Book) bool {
	for _, s := range b.Sections {
		for _, p := range s.Puzzles {
			if len(p.Hints) > 0 {
				return true
			}
		}
	}
	return false
}

// hintsEntries is the appendix's lines in the contents: one, or none.
func hintsEntries(b *Book) int {
	if hasHints(b) {
		return 1
	}
	return 0
}

// planHints adds the appendix's pages and its contents entry to the
// plan, whose pages so far end with the last section's puzzles; live is
// the live area the plan assumes (plan makes it again if the page count
// changes the gutter).
func (l *layout) planHints(live rect) error {
	if !hasHints(l.b) {
		return nil
	}
	// The page of each puzzle, planned already.
	puzzlePage := make([]int, len(l.puzzles))
	for n, pg := range l.pages {
		if pg.kind == kindPuzzles {
			for k := 0; k < pg.n; k++ {
				puzzlePage[pg.first+k] = n + 1
			}
		}
	}
	first := len(l.pages) + 1
	plan, err := l.paginateHints(live.w, live.h-l.footer(), first, puzzlePage)
	if err != nil {
		return err
	}
	l.hints = plan
	l.contents = append(l.contents, entry{l.b.Words.Text("heading.hints"), first})
	for i := range plan.pages {
		l.pages = append(l.pages, page{kind: kindHints, first: i})
	}
	return nil
}

// paginateHints sets the appendix in a live area width x height (the
// footer left out), its first page being page first.
func (l *layout) paginateHints(width, height float64, first int, puzzlePage []int) (hintPlan, error) {
	size := l.sz.body
	lineH := size * leading
	reg, bold := l.fc.regular, l.fc.bold
	plan := hintPlan{page: make([]int, len(l.puzzles))}
	var cur []hintLine
	y := 0.0 // the top of the next line's band
	add := func(f *face, x float64, text string) {
		cur = append(cur, hintLine{f, size, x, y + size, text})
		y += lineH
	}
	newPage := func() {
		plan.pages = append(plan.pages, cur)
		cur, y = nil, 0
	}
	// The title and the note.
	cur = append(cur, hintLine{bold, l.sz.h1, 0, l.sz.h1, l.b.Words.Text("heading.hints")})
	y = l.sz.h1 * 1.6
	intro := l.b.Words.Text("hints.intro") + " " + l.b.Words.Text("hints.cells")
	if l.hintsSay("<>") {
		intro += " " + l.b.Words.Text("hints.not")
	}
	for _, line := range wrap(reg, size, width, intro) {
		add(reg, 0, line)
	}
	// Each hint's number, then its text indented past the widest number.
	indent := reg.width("9. ", size)
	for i, p := range l.puzzles {
		if len(p.Hints) == 0 {
			continue
		}
		heading := l.b.Words.Fill("hints.puzzle", "n", p.Number, "page", puzzlePage[i])
		for j, h := range p.Hints {
			lines := wrap(reg, size, width-indent, h)
			need := float64(len(lines)) * lineH
			gap := hintGap * size
			if j == 0 {
				gap = hintHeadGap * size
				need += lineH // the heading comes first
			}
			if y+gap+need > height {
				newPage()
				if j > 0 {
					need += lineH // the heading again, continued
				}
			}
			if y+need > height {
				return hintPlan{}, invalidf("trim %s: hint %d of puzzle %d does not fit a page", l.b.Trim, j+1, p.Number)
			}
			top := y == 0
			if !top {
				y += gap
			}
			switch {
			case j == 0:
				plan.page[i] = first + len(plan.pages)
				add(bold, 0, heading)
			case top:
				add(bold, 0, heading+l.b.Words.Text("hints.continued"))
			}
			cur = append(cur, hintLine{reg, size, 0, y + size, fmt.Sprintf("%d.", j+1)})
			for _, line := range lines {
				add(reg, indent, line)
			}
		}
	}
	if len(cur) > 0 {
		newPage()
	}
	return plan, nil
}

// drawHints draws page n, the appendix's page pg.first.
func (l *layout) drawHints(c canvas, n int, pg page) {
	live := l.geo.live(n)
	for _, line := range l.hints.pages[pg.first] {
		l.left(c, line.f, line.size, live.x+line.x, live.y+line.y, line.text)
	}
}

// hintPage is the page of puzzle i's hints, 0 for none.
func (l *layout) hintPage(i int) int {
	if l.hints.page == nil {
		return 0
	}
	return l.hints.page[i]
}

// hintsSay reports whether some hint of the book has s in it.
func (l *layout) hintsSay(s string) bool {
	for _, p := range l.puzzles {
		for _, h := range p.Hints {
			if strings.Contains(h, s) {
				return true
			}
		}
	}
	return false
}
