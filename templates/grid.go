package templates

import (
	"math"

	"github.com/pressrun/pressrun/engine"
)

// canvas is what a grid and its labels are drawn on: a PDF page, an SVG
// document or a PNG image. Lengths are points from the top-left corner;
// everything is black except fills, which are a shade of grey (0 black, 1
// white): print and newspapers take no colour.
type canvas interface {
	fillRect(r rect, gray float64)
	line(x1, y1, x2, y2, width float64)
	strokeRect(r rect, width float64)
	// text sets s in face f at size points, its left end at x and its
	// baseline at y.
	text(f *face, size, x, y float64, s string)
	// polygon fills the polygon through the points.
	polygon(pts []point)
}

type point struct{ x, y float64 }

// star draws a filled five-pointed star of outer radius r centred on x, y.
func star(c canvas, x, y, r float64) {
	pts := make([]point, 10)
	for i := range pts {
		rad := r
		if i%2 == 1 {
			rad = r * 0.4
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = point{x + rad*math.Cos(a), y + rad*math.Sin(a)}
	}
	c.polygon(pts)
}

// stars draws n stars for text of the given size, their right end at x
// and the text's baseline at y, and returns where they begin.
func stars(c canvas, n int, size, x, y float64) float64 {
	r := size * 0.45
	for i := 0; i < n; i++ {
		star(c, x-r-float64(i)*r*2.3, y-size*0.33, r)
	}
	return x - float64(n)*r*2.3
}

// gridStyle is how heavy a grid's lines are and how large its digits.
type gridStyle struct {
	thin, box   float64 // line widths: cell lines and box lines (and the border)
	givenScale  float64 // size of a given digit as a fraction of the cell
	filledScale float64 // size of a solved digit, on solution grids
	shade       float64 // grey behind the givens on solution grids; 1 for none
}

// Line weights a press holds: cell lines no lighter than 0.5 pt, box lines
// about 2 pt.
var (
	puzzleStyle     = gridStyle{thin: 0.6, box: 2, givenScale: 0.62, filledScale: 0.56, shade: 1}
	largeStyle      = gridStyle{thin: 0.8, box: 2.4, givenScale: 0.68, filledScale: 0.6, shade: 1}
	solutionStyle   = gridStyle{thin: 0.5, box: 1.6, givenScale: 0.62, filledScale: 0.56, shade: 0.8}
	largeSolutStyle = gridStyle{thin: 0.6, box: 2, givenScale: 0.66, filledScale: 0.6, shade: 0.8}
)

// drawGrid draws a 9x9 grid whose outer square (the centre line of its
// border) has its top-left corner at x, y and the given side. The givens are
// set bold; with a solution, the other cells get its digits in the regular
// face and the givens' cells a grey ground, so the two can be told apart.
func drawGrid(c canvas, fc faces, x, y, size float64, givens engine.Grid, solution *engine.Grid, st gridStyle) {
	cell := size / 9
	if solution != nil && st.shade < 1 {
		for i, v := range givens {
			if v != 0 {
				c.fillRect(rect{x + float64(i%9)*cell, y + float64(i/9)*cell, cell, cell}, st.shade)
			}
		}
	}
	for i := 1; i < 9; i++ {
		if i%3 == 0 {
			continue
		}
		o := float64(i) * cell
		c.line(x+o, y, x+o, y+size, st.thin)
		c.line(x, y+o, x+size, y+o, st.thin)
	}
	for i := 3; i < 9; i += 3 {
		o := float64(i) * cell
		c.line(x+o, y, x+o, y+size, st.box)
		c.line(x, y+o, x+size, y+o, st.box)
	}
	c.strokeRect(rect{x, y, size, size}, st.box)

	drawDigits(c, fc.bold, x, y, cell, st.givenScale*cell, givens, nil)
	if solution != nil {
		drawDigits(c, fc.regular, x, y, cell, st.filledScale*cell, *solution, &givens)
	}
}

// drawDigits sets the digits of g, centred in their cells, skipping the
// cells that skip has a digit in.
func drawDigits(c canvas, f *face, x, y, cell, size float64, g engine.Grid, skip *engine.Grid) {
	var digit [10]string
	var half [10]float64
	for d := 1; d <= 9; d++ {
		digit[d] = string(rune('0' + d))
		half[d] = f.width(digit[d], size) / 2
	}
	dy := f.digitBaseline(cell/2, size)
	for i, v := range g {
		if v == 0 || v > 9 || (skip != nil && skip[i] != 0) {
			continue
		}
		cx := x + (float64(i%9)+0.5)*cell
		c.text(f, size, cx-half[v], y+float64(i/9)*cell+dy, digit[v])
	}
}
