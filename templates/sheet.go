package templates

import "github.com/pressrun/pressrun/engine/variant"

// drawSheet draws a gattai's grid (a samurai's five overlapping grids),
// its sheet a square with its top-left corner at x, y and the given
// side: only the cells that exist, with thin lines between cells of one
// box and thick lines between boxes and round the grids' edges, so that
// each grid reads as a sudoku of its own and a shared box as one box.
// The digits go as drawGrid sets them: givens bold, and with solution
// the other cells' digits in the regular face, the givens' cells grey.
func drawSheet(c canvas, fc faces, x, y, size float64, p *Puzzle, solution bool, st gridStyle) {
	v := p.Variant
	sh := v.Sheet
	n := sh.Rows
	cell := size / float64(n)
	at := func(k int) float64 {
		if k == n {
			return size
		}
		return float64(k) * cell
	}
	if solution && st.shade < 1 {
		for i, g := range p.Givens {
			if g != 0 {
				pos := sh.At[i]
				c.fillRect(rect{x + at(pos%n), y + at(pos/n), cell, cell}, st.shade)
			}
		}
	}
	box := func(r, col int) int {
		if cl, ok := sh.Cell(r, col); ok {
			return v.Regions[cl]
		}
		return -1
	}
	// The thin lines first, each between two cells of one box, then the
	// thick ones over them: each edge of a cell whose other side is
	// another box or no cell. A thick run is drawn whole, from its first
	// edge to its last, overrunning by half its width where it meets
	// another, so the corners fill.
	for d := range 2 { // 0: the vertical lines, 1: the horizontal
		for i := 0; i <= n; i++ {
			for k := 0; k < n; k++ {
				a, b := box(k, i-1), box(k, i)
				if d == 1 {
					a, b = box(i-1, k), box(i, k)
				}
				if a >= 0 && a == b {
					if d == 0 {
						c.line(x+at(i), y+at(k), x+at(i), y+at(k+1), st.thin)
					} else {
						c.line(x+at(k), y+at(i), x+at(k+1), y+at(i), st.thin)
					}
				}
			}
		}
	}
	for d := range 2 {
		for i := 0; i <= n; i++ {
			for k := 0; k < n; {
				thick := func(k int) bool {
					a, b := box(k, i-1), box(k, i)
					if d == 1 {
						a, b = box(i-1, k), box(i, k)
					}
					return a != b
				}
				if !thick(k) {
					k++
					continue
				}
				from := k
				for k < n && thick(k) {
					k++
				}
				f, t := at(from)-st.box/2, at(k)+st.box/2
				if d == 0 {
					c.line(x+at(i), y+f, x+at(i), y+t, st.box)
				} else {
					c.line(x+f, y+at(i), x+t, y+at(i), st.box)
				}
			}
		}
	}
	labels := p.labels()
	drawSheetDigits(c, fc.bold, x, y, sh, cell, fitSize(fc.bold, labels, st.givenScale, cell), p.Givens, nil, labels)
	if solution {
		drawSheetDigits(c, fc.regular, x, y, sh, cell, fitSize(fc.regular, labels, st.filledScale, cell), p.Solution, p.Givens, labels)
	}
}

// drawSheetDigits is drawDigits on a gattai's sheet: each cell's symbol
// centred in its place on the sheet.
func drawSheetDigits(c canvas, f *face, x, y float64, sh *variant.Sheet, cell, size float64, g, skip variant.Grid, labels []string) {
	dy := f.digitBaseline(cell/2, size)
	for i, v := range g {
		if v == 0 || int(v) > len(labels) || (skip != nil && skip[i] != 0) {
			continue
		}
		pos := sh.At[i]
		cx := x + (float64(pos%sh.Cols)+0.5)*cell
		c.text(f, size, cx-f.width(labels[v-1], size)/2, y+float64(pos/sh.Cols)*cell+dy, labels[v-1])
	}
}
