package templates

import (
	"math"

	"github.com/pressrun/pressrun/engine/variant"
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
	// tint is the grey of the cells of a variant's extra houses (Sudoku
	// X's diagonals, windoku's windows): light, so a digit or a pencil
	// mark on it reads as on white.
	tint float64
	// tintRegions shades a jigsaw's regions in regionGreys on puzzle
	// grids (Book.TintRegions).
	tintRegions bool
	// cage is the width of a killer's dashed cage lines; tintCages shades
	// its cages in regionGreys on puzzle grids (Book.TintCages).
	cage      float64
	tintCages bool
}

// Line weights a press holds: cell lines no lighter than 0.5 pt, box lines
// about 2 pt. The tints are 10-12% black, the shade of the diagonals and
// windows in published Sudoku X and windoku books.
var (
	puzzleStyle     = gridStyle{thin: 0.6, box: 2, givenScale: 0.62, filledScale: 0.56, shade: 1, tint: 0.88, cage: 0.6}
	largeStyle      = gridStyle{thin: 0.8, box: 2.4, givenScale: 0.68, filledScale: 0.6, shade: 1, tint: 0.88, cage: 0.8}
	solutionStyle   = gridStyle{thin: 0.5, box: 1.6, givenScale: 0.62, filledScale: 0.56, shade: 0.8, tint: 0.9, cage: 0.5}
	largeSolutStyle = gridStyle{thin: 0.6, box: 2, givenScale: 0.66, filledScale: 0.6, shade: 0.8, tint: 0.9, cage: 0.5}
)

// regionGreys are the greys a jigsaw's regions are shaded in, neighbours
// never alike (four are always enough for regions of a plane): white and
// three light greys, each step of 7% black told apart in print.
var regionGreys = [4]float64{1, 0.93, 0.86, 0.79}

// labelFit is the widest a cell's label may be, as a fraction of the
// cell: two-digit numbers ("16") keep a sixth of the cell clear on each
// side, so neighbours read apart (0.72 set them nearly touching across a
// cell line).
const labelFit = 0.64

// drawGrid draws p's grid, its outer square (the centre line of its
// border) with its top-left corner at x, y and the given side: thin cell
// lines, thick lines between cells of different regions (a box's lines,
// a jigsaw's borders) and round the grid, the cells of extra houses
// tinted. The givens are set bold; with solution, the other cells get the
// solution's symbols in the regular face and the givens' cells a grey
// ground, so the two can be told apart.
func drawGrid(c canvas, fc faces, x, y, size float64, p *Puzzle, solution bool, st gridStyle) {
	if p.Variant != nil && p.Variant.IsGattai() {
		drawSheet(c, fc, x, y, size, p, solution, st)
		return
	}
	sh := shapeOf(p)
	n := sh.n
	cell := size / float64(n)
	shade := 1.0
	if solution && st.shade < 1 {
		shade = st.shade
	}
	tintCages := st.tintCages && !solution && sh.cages != nil
	if shade < 1 || sh.extra != nil || (st.tintRegions && !solution && sh.region != nil) || tintCages {
		for i := range n * n {
			g := 1.0
			switch {
			case st.tintRegions && !solution && sh.region != nil:
				g = sh.greys[sh.region[i]]
			case tintCages:
				g = sh.cages.greys[sh.cages.of[i]]
			case sh.extra != nil && sh.extra[i]:
				g = st.tint
			}
			if i < len(p.Givens) && p.Givens[i] != 0 && shade < 1 {
				// A given on a tinted cell is darker by the tint, so both
				// still show.
				g = shade - (1 - g)
			}
			if g < 1 {
				c.fillRect(rect{x + float64(i%n)*cell, y + float64(i/n)*cell, cell, cell}, g)
			}
		}
	}
	for i := 1; i < n; i++ {
		o := float64(i) * cell
		if sh.thin[0][i] {
			c.line(x+o, y, x+o, y+size, st.thin)
		}
		if sh.thin[1][i] {
			c.line(x, y+o, x+size, y+o, st.thin)
		}
	}
	// A run's end inside the grid meets a thick line across it: running
	// on by half the width fills the corner.
	at := func(k int) float64 {
		if k == n {
			return size // not n*cell, which may differ in the last bit
		}
		return float64(k) * cell
	}
	ends := func(r [2]int) (float64, float64) {
		from, to := at(r[0]), at(r[1])
		if r[0] > 0 {
			from -= st.box / 2
		}
		if r[1] < n {
			to += st.box / 2
		}
		return from, to
	}
	for i := 1; i < n; i++ {
		o := float64(i) * cell
		for _, r := range sh.runs[0][i] {
			from, to := ends(r)
			c.line(x+o, y+from, x+o, y+to, st.box)
		}
		for _, r := range sh.runs[1][i] {
			from, to := ends(r)
			c.line(x+from, y+o, x+to, y+o, st.box)
		}
	}
	c.strokeRect(rect{x, y, size, size}, st.box)
	if sh.cages != nil {
		// The sums on the puzzle; the solution shows the cages only, its
		// digits where the sums would crowd them.
		drawCages(c, fc.regular, x, y, cell, sh.cages, !solution, st)
	}

	labels := p.labels()
	drawDigits(c, fc.bold, x, y, n, cell, fitSize(fc.bold, labels, st.givenScale, cell), p.Givens, nil, labels)
	if solution {
		drawDigits(c, fc.regular, x, y, n, cell, fitSize(fc.regular, labels, st.filledScale, cell), p.Solution, p.Givens, labels)
	}
}

// fitSize is the size of the labels in cells of side cell: scale of the
// cell, or smaller if the widest label would be wider than labelFit of it.
func fitSize(f *face, labels []string, scale, cell float64) float64 {
	size := scale * cell
	widest := 0.0
	for _, s := range labels {
		widest = max(widest, f.width(s, 1))
	}
	if widest*size > labelFit*cell {
		size = labelFit * cell / widest
	}
	return size
}

// drawDigits sets the symbols of g, an n x n grid, as labels prints them,
// centred in their cells, skipping the cells that skip has a symbol in.
func drawDigits(c canvas, f *face, x, y float64, n int, cell, size float64, g, skip variant.Grid, labels []string) {
	var half [variant.MaxSize + 1]float64
	for d, s := range labels {
		half[d+1] = f.width(s, size) / 2
	}
	dy := f.digitBaseline(cell/2, size)
	for i, v := range g {
		if v == 0 || int(v) > len(labels) || (skip != nil && skip[i] != 0) {
			continue
		}
		cx := x + (float64(i%n)+0.5)*cell
		c.text(f, size, cx-half[v], y+float64(i/n)*cell+dy, labels[v-1])
	}
}

// classicLabels are classic's symbols as printed.
var classicLabels = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}

// labels are p's symbols as printed, the first for the value 1.
func (p *Puzzle) labels() []string {
	if p.Symbols == "" && p.size() == 9 {
		return classicLabels
	}
	l, err := variant.Labels(p.Symbols, p.size())
	if err != nil {
		l, _ = variant.Labels("", p.size()) // checkGrids refuses such a puzzle first
	}
	return l
}

// shape is how a variant's grid is drawn, worked out from its data alone:
// where cells of different regions meet a thick line runs (this one rule
// draws r x c boxes and a jigsaw's regions alike), the cells of extra
// houses are tinted, and a jigsaw's regions have greys for a tint.
type shape struct {
	n int
	// thin[d][i] says line i (1..n-1: before column or row i; d 0 the
	// vertical lines, 1 the horizontal) is drawn thin across the grid:
	// some of it lies between cells of one region.
	thin [2][]bool
	// runs[d][i] are the thick runs on line i, [from, to) in cells along it.
	runs   [2][][][2]int
	extra  []bool     // each cell is in an extra house; nil: none
	region []int      // each cell's region, for a jigsaw's tint; nil for boxes
	greys  []float64  // each region's grey
	cages  *cageShape // a killer's cages; nil without
}

// classicShape is classic 9x9's shape, worked out once.
var classicShape = newShape(variant.Classic())

// shapeOf is the shape of p's grid.
func shapeOf(p *Puzzle) *shape {
	if p.classic() {
		return classicShape
	}
	return newShape(p.Variant)
}

func newShape(v *variant.Variant) *shape {
	n := v.Size
	sh := &shape{n: n}
	for d := range 2 {
		sh.thin[d] = make([]bool, n)
		sh.runs[d] = make([][][2]int, n)
	}
	// differ says the cells on either side of line i at k along it (d 0:
	// the vertical line before column i, in row k) are in different regions.
	differ := func(d, i, k int) bool {
		if d == 0 {
			return v.Regions[k*n+i-1] != v.Regions[k*n+i]
		}
		return v.Regions[(i-1)*n+k] != v.Regions[i*n+k]
	}
	for d := range 2 {
		for i := 1; i < n; i++ {
			for k := 0; k < n; {
				if !differ(d, i, k) {
					sh.thin[d][i] = true
					k++
					continue
				}
				from := k
				for k < n && differ(d, i, k) {
					k++
				}
				sh.runs[d][i] = append(sh.runs[d][i], [2]int{from, k})
			}
		}
	}
	if len(v.Extra) > 0 {
		sh.extra = make([]bool, n*n)
		for _, h := range v.Extra {
			for _, c := range h {
				sh.extra[c] = true
			}
		}
	}
	if v.IsJigsaw() {
		sh.region = v.Regions
		sh.greys = regionColours(v)
	}
	if v.IsKiller() {
		sh.cages = newCageShape(v)
	}
	return sh
}

// regionColours gives each region of v one of regionGreys, no two
// regions that share an edge alike (colourGreys).
func regionColours(v *variant.Variant) []float64 {
	n := v.Size
	adj := make([][]bool, n)
	for r := range adj {
		adj[r] = make([]bool, n)
	}
	for c, r := range v.Regions {
		if col := c % n; col+1 < n {
			if o := v.Regions[c+1]; o != r {
				adj[r][o], adj[o][r] = true, true
			}
		}
		if c+n < n*n {
			if o := v.Regions[c+n]; o != r {
				adj[r][o], adj[o][r] = true, true
			}
		}
	}
	return colourGreys(adj)
}

// colourGreys gives each area of a map (a jigsaw's regions, a killer's
// cages; adj says which share an edge) one of regionGreys, no two
// neighbours alike: a search over the areas in order, each taking the
// first grey its coloured neighbours leave. Four always suffice on a
// plane; the search is over at most a few dozen areas and gives up after
// a bound of steps, leaving greys repeated, which a plane's map never
// reaches in practice.
func colourGreys(adj [][]bool) []float64 {
	n := len(adj)
	colour := make([]int, n)
	for r := range colour {
		colour[r] = -1
	}
	budget := 1 << 20
	var assign func(r int) bool
	assign = func(r int) bool {
		if r == n {
			return true
		}
		for k := range regionGreys {
			if budget--; budget < 0 {
				return false
			}
			ok := true
			for o := 0; o < r && ok; o++ {
				ok = !adj[r][o] || colour[o] != k
			}
			if ok {
				colour[r] = k
				if assign(r + 1) {
					return true
				}
			}
		}
		colour[r] = -1
		return false
	}
	greys := make([]float64, n)
	found := assign(0)
	for r := range greys {
		k := r % len(regionGreys) // never needed: a plane's map takes four
		if found {
			k = colour[r]
		}
		greys[r] = regionGreys[k]
	}
	return greys
}
