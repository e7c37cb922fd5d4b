package templates

import (
	"fmt"
	"slices"
)

// Example is a chapter's worked example in a teaching book: one of its
// puzzles at the moment its technique applies, drawn with every open
// cell's candidates, the technique's cells tinted, what it rules out
// crossed and what it places boxed, and the reasoning beside it. A
// classic 9x9's.
type Example struct {
	Puzzle int // its puzzle's place in the section, from 0
	// Cells are the digits in the grid at that moment (the givens and
	// those found), 0 where open; Candidates each open cell's, bit d for
	// digit d.
	Cells      []uint8
	Candidates []uint16
	Pattern    []int    // the technique's cells, tinted
	House      []int    // the house a single is found in, tinted lighter (nil: none)
	Digits     uint16   // the technique's digits, bold among the pattern's candidates
	Remove     [][2]int // cell and digit ruled out
	Place      [][2]int // cell and digit placed
	Text       []string // the reasoning: paragraphs, after the book's own introduction
}

// exampleTint is the grey of the pattern's cells: darker than a
// variant's extra houses, so it reads as marked, with the small digits
// on it still clear.
const exampleTint = 0.8

// houseTint is the grey of the house a single is found in: lighter than
// the pattern's, so the single's cell stands out in it.
const houseTint = 0.92

// drawExample draws section si's worked example on page n: its heading,
// the grid and the text below.
func (l *layout) drawExample(c *pdfCanvas, n, si int) {
	s := l.b.Sections[si]
	live := l.geo.live(n)
	lines, grid := l.exampleLayout(live, si)
	l.left(c, l.fc.bold, l.sz.h2, live.x, live.y+l.sz.h2, l.b.Words.Fill("chapter.example", "name", s.Name))
	p := l.puzzles[l.firstOf(si)+s.Example.Puzzle]
	drawExampleGrid(c, l.fc, grid.x, grid.y, grid.w, &p, s.Example, l.sz.puzzle)
	y := grid.bottom() + l.sz.body*2
	for _, w := range lines {
		for _, line := range w {
			l.left(c, l.fc.regular, l.sz.body, live.x, y, line)
			y += l.sz.body * leading
		}
		y += l.sz.body * 0.5
	}
}

// exampleLayout is section si's worked example on a live area: its text
// wrapped, paragraph by paragraph, and its grid's square below the
// heading, as large as the text leaves room for (at most nine tenths of
// the width), centred.
func (l *layout) exampleLayout(live rect, si int) ([][]string, rect) {
	ex := l.b.Sections[si].Example
	p := l.puzzles[l.firstOf(si)+ex.Puzzle]
	texts := append([]string{l.b.Words.Fill("chapter.example.intro", "n", p.Number)}, ex.Text...)
	texts = append(texts, l.b.Words.Text("chapter.example.legend"))
	var lines [][]string
	top := l.sz.h2*1.8 + l.sz.body
	height := top + l.sz.body*2
	for _, t := range texts {
		w := wrap(l.fc.regular, l.sz.body, live.w, t)
		lines = append(lines, w)
		height += float64(len(w))*l.sz.body*leading + l.sz.body*0.5
	}
	size := min(live.w*0.9, live.h-l.footer()-height)
	return lines, rect{live.x + (live.w-size)/2, live.y + top, size, size}
}

// firstOf is the place of section si's first puzzle in the book.
func (l *layout) firstOf(si int) int {
	first := 0
	for _, p := range l.b.Sections[:si] {
		first += len(p.Puzzles)
	}
	return first
}

// exampleLeast is the least side the grid of a worked example may have
// and still show its candidates (a small digit of about 5 pt).
const exampleLeast = 2.6 * Inch

// drawExampleGrid draws the example's grid of p: the pattern's cells
// tinted, the givens bold and the digits found regular, each open cell's
// candidates small in their places (1 top left to 9 bottom right), the
// pattern's digits bold among them, a candidate ruled out crossed and
// one placed boxed.
func drawExampleGrid(c canvas, fc faces, x, y, size float64, p *Puzzle, ex *Example, st gridStyle) {
	n := 9
	cell := size / float64(n)
	for _, i := range ex.House {
		c.fillRect(rect{x + float64(i%n)*cell, y + float64(i/n)*cell, cell, cell}, houseTint)
	}
	found := make([]uint8, len(ex.Cells))
	for i, v := range ex.Cells {
		if p.Givens[i] == 0 {
			found[i] = v
		}
	}
	shown := *p
	shown.Solution = found
	st.shade = 1 // no ground behind the givens: the tint is the pattern's
	drawGrid(c, fc, x, y, size, &shown, true, st)
	// The pattern's cells over the grid's own tints (a Sudoku X's
	// diagonals), inside their lines: they are open, so no digit is
	// covered, and their candidates come after.
	in := st.box / 2
	for _, i := range ex.Pattern {
		c.fillRect(rect{x + float64(i%n)*cell + in, y + float64(i/n)*cell + in, cell - 2*in, cell - 2*in}, exampleTint)
	}

	small := cell / 3
	size2 := small * 0.78
	for i, cands := range ex.Candidates {
		if i >= n*n || ex.Cells[i] != 0 {
			continue
		}
		for d := 1; d <= 9; d++ {
			if cands&(1<<d) == 0 {
				continue
			}
			cx := x + float64(i%n)*cell + (float64((d-1)%3)+0.5)*small
			cy := y + float64(i/n)*cell + (float64((d-1)/3)+0.5)*small
			f := fc.regular
			if ex.Digits&(1<<d) != 0 && slices.Contains(ex.Pattern, i) {
				f = fc.bold
			}
			s := fmt.Sprint(d)
			c.text(f, size2, cx-f.width(s, size2)/2, f.digitBaseline(cy, size2), s)
			r := small * 0.42
			if slices.Contains(ex.Remove, [2]int{i, d}) {
				c.line(cx-r, cy-r, cx+r, cy+r, 0.9)
				c.line(cx-r, cy+r, cx+r, cy-r, 0.9)
			}
			if slices.Contains(ex.Place, [2]int{i, d}) {
				c.strokeRect(rect{cx - r, cy - r, 2 * r, 2 * r}, 0.9)
			}
		}
	}
}
