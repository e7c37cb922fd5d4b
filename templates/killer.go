package templates

import (
	"fmt"
	"math"

	"github.com/pressrun/pressrun/engine/variant"
)

// A killer's cages are drawn as killer books draw them: a dashed line
// inset from the cell lines round each cage, following its cells, so
// that the outlines of two cages never touch; the cage's sum small in
// the top-left corner of its first cell, where the dashes stop short of
// it and a digit written in the cell's middle never meets it.

// cageShape is how a killer's cages are drawn, worked out from its cages
// alone, in cells.
type cageShape struct {
	n     int   // the grid's side
	of    []int // each cell's cage
	sums  []int // each cage's sum
	first []int // each cage's first cell (row-major), where its sum goes
	// loops are each cage's outline: closed loops of corners (the outer
	// edge, and the edge of any hole), clockwise on the page.
	loops [][][]corner
	greys []float64 // each cage's tint, neighbours apart
}

// corner is a corner of a cage's outline: the grid point (x, y), in
// cells from the grid's top-left corner, and the direction (dx, dy), each
// -1, 0 or 1, the inset moves it into the cage.
type corner struct{ x, y, dx, dy int }

// The directions of an outline's edges, clockwise on the page (y down):
// right, down, left, up. Turning right is the next one.
var steps = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

func newCageShape(v *variant.Variant) *cageShape {
	n := v.Size
	cs := &cageShape{n: n, of: make([]int, n*n)}
	for i, cage := range v.Cages {
		for _, c := range cage.Cells {
			cs.of[c] = i
		}
		cs.sums = append(cs.sums, cage.Sum)
		cs.first = append(cs.first, cage.Cells[0])
	}
	for i, cage := range v.Cages {
		cs.loops = append(cs.loops, outline(n, cage.Cells, func(c int) bool { return cs.of[c] == i }))
	}
	adj := make([][]bool, len(v.Cages))
	for i := range adj {
		adj[i] = make([]bool, len(v.Cages))
	}
	for c, a := range cs.of {
		for _, o := range []int{c + 1, c + n} {
			if (o == c+1 && o%n == 0) || o >= n*n {
				continue
			}
			if b := cs.of[o]; b != a {
				adj[a][b], adj[b][a] = true, true
			}
		}
	}
	cs.greys = colourGreys(adj)
	return cs
}

// outline traces the edges between the cells of a cage (in) and the
// cells outside it into closed loops, clockwise on the page so the cage
// lies to the right of every edge, and returns their corners. Where two
// of its cells meet only at a point, the loop turns back into the cell
// it is going round, so the two stay apart. The cells of a cage of side
// n number at most n, so this is a few dozen edges.
func outline(n int, cells []int, in func(c int) bool) [][]corner {
	w := n + 1 // grid points a row
	// out[p] holds a bit for each direction an edge leaves point p in.
	out := make([]uint8, w*w)
	inside := func(r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && in(r*n+c) }
	for _, cell := range cells {
		r, c := cell/n, cell%n
		if !inside(r-1, c) {
			out[r*w+c] |= 1 << 0 // along the top, rightwards
		}
		if !inside(r, c+1) {
			out[r*w+c+1] |= 1 << 1 // down the right side
		}
		if !inside(r+1, c) {
			out[(r+1)*w+c+1] |= 1 << 2 // along the bottom, leftwards
		}
		if !inside(r, c-1) {
			out[(r+1)*w+c] |= 1 << 3 // up the left side
		}
	}
	var loops [][]corner
	for start := range out {
		for out[start] != 0 {
			d := 0
			for out[start]&(1<<d) == 0 {
				d++
			}
			// Walk from start until the loop closes, noting where it turns.
			var turns []corner
			p, first := start, d
			for {
				out[p] &^= 1 << d
				x, y := p%w+steps[d][0], p/w+steps[d][1]
				p = y*w + x
				// Back at the start, the first edge is there to turn into
				// again: the loop closes if it is the way to go.
				free := out[p]
				if p == start {
					free |= 1 << first
				}
				next := -1
				for _, t := range []int{(d + 1) % 4, d, (d + 3) % 4} { // right, ahead, left
					if free&(1<<t) != 0 {
						next = t
						break
					}
				}
				if next < 0 {
					break // cannot happen: every point of a cage's edges is left as often as reached
				}
				if next != d {
					// The inset moves a corner inwards off both edges: into
					// the cage is to the right of each.
					in1, in2 := steps[(d+1)%4], steps[(next+1)%4]
					turns = append(turns, corner{x, y, in1[0] + in2[0], in1[1] + in2[1]})
				}
				if p == start && next == first {
					break
				}
				d = next
			}
			loops = append(loops, turns)
		}
	}
	return loops
}

// cageStyle is how a grid's cages look at a cell size, in points.
type cageStyle struct {
	width    float64    // the dashes' line width
	inset    float64    // from a cell line's centre to a dash's centre
	dash     float64    // a dash's length, before a run fits its dashes
	gap      float64    // between dashes
	sumSize  float64    // the sums' type size
	sumInset [2]float64 // from the cell's left and top lines' centres to a sum's digits
	sumGap   float64    // the room the dashes leave round a sum
}

// Fractions of a cell: the inset keeps the dashes of neighbouring cages
// apart and off the cell lines; five dashes or so a cell's side; the sum
// set a quarter of the cell (its digits under a fifth high) close into
// the corner, so it ends above a digit as large as a given centred in
// the cell.
const (
	cageInset    = 0.11
	cagePitch    = 0.2 // a dash and a gap
	cageDashPart = 0.6 // of the pitch, the dash
	sumScale     = 0.25
	sumInset     = 0.05
)

// newCageStyle is the cage style of cells cell points wide; light is
// for a solution's small cells, where finer and shorter dashes keep the
// cages from crowding the digits.
func newCageStyle(cell float64, st gridStyle, light bool) cageStyle {
	w := st.cage
	// The dash's edge stays half a point clear of the heaviest line.
	inset := max(cageInset*cell, st.box/2+w/2+0.5)
	pitch, part := min(max(cagePitch*cell, 2), 4.5), cageDashPart
	if light {
		pitch, part = min(max(cagePitch*cell, 1.5), 3), 0.5
	}
	return cageStyle{width: w, inset: inset, dash: pitch * part, gap: pitch * (1 - part),
		sumSize: sumScale * cell, sumInset: sumInsets(cell, st), sumGap: max(0.06*cell, 1)}
}

// sumInsets are how far a sum's digits are set from the left and the top
// line of their cell: half a point clear of a box line's ink above, where
// the digit written below leaves no more room; more to the left, where a
// digit's side bearing alone would leave the sum touching the line.
func sumInsets(cell float64, st gridStyle) [2]float64 {
	y := max(sumInset*cell, st.box/2+0.5)
	return [2]float64{max(y, 0.06*cell, st.box/2+0.8), y}
}

// drawCages draws the cages of a grid of cells cell points wide whose
// top-left corner is at x, y: the dashed outlines and, with sums (a
// puzzle), each cage's sum at the top-left of its first cell, the dashes
// stopping short of it; without (a solution), the outlines lighter.
func drawCages(c canvas, f *face, x, y, cell float64, cs *cageShape, sums bool, st gridStyle) {
	cst := newCageStyle(cell, st, !sums)
	for i, loops := range cs.loops {
		var clear rect // where the sum is, and room round it
		if sums {
			s := fmt.Sprint(cs.sums[i])
			r, col := cs.first[i]/cs.n, cs.first[i]%cs.n
			sx, sy := x+float64(col)*cell+cst.sumInset[0], y+float64(r)*cell+cst.sumInset[1]
			top := f.digitTop * cst.sumSize
			c.text(f, cst.sumSize, sx, sy+top, s)
			g := cst.sumGap
			clear = rect{sx - g, sy - g, f.width(s, cst.sumSize) + 2*g, top + 2*g}
		}
		for _, loop := range loops {
			for k := range loop {
				a, b := loop[k], loop[(k+1)%len(loop)]
				pa := point{x + float64(a.x)*cell + float64(a.dx)*cst.inset, y + float64(a.y)*cell + float64(a.dy)*cst.inset}
				pb := point{x + float64(b.x)*cell + float64(b.dx)*cst.inset, y + float64(b.y)*cell + float64(b.dy)*cst.inset}
				dashRun(c, pa, pb, cst, clear)
			}
		}
	}
}

// dashRun dashes the straight run from a to b, both corners of an
// outline: as many dashes as fit near the style's pitch, stretched so
// that one starts at a and one ends at b and runs on by half the line's
// width there, so the dashes of two runs meet in a square corner. Parts
// inside clear are left out, and what is left of a dash shorter than
// half a dash with them.
func dashRun(c canvas, a, b point, cst cageStyle, clear rect) {
	length := math.Hypot(b.x-a.x, b.y-a.y)
	if length == 0 {
		return
	}
	ux, uy := (b.x-a.x)/length, (b.y-a.y)/length
	k := max(1, int(math.Round((length+cst.gap)/(cst.dash+cst.gap))))
	dash := length
	gap := 0.0
	if k > 1 {
		// k dashes and k-1 gaps in the style's proportion fill the run.
		dash = length / (float64(k) + float64(k-1)*cst.gap/cst.dash)
		gap = dash * cst.gap / cst.dash
	}
	h := cst.width / 2
	for i := range k {
		from := float64(i) * (dash + gap)
		to := from + dash
		if i == 0 {
			from -= h
		}
		if i == k-1 {
			to = length + h
		}
		for _, part := range clipOut(from, to, a, ux, uy, clear) {
			if part[1]-part[0] < min(dash, cst.dash)/2 {
				continue
			}
			c.line(a.x+ux*part[0], a.y+uy*part[0], a.x+ux*part[1], a.y+uy*part[1], cst.width)
		}
	}
}

// clipOut returns the parts of [from, to] along the axis-parallel run
// from a in the direction (ux, uy) that lie outside r (an empty r: all of
// it).
func clipOut(from, to float64, a point, ux, uy float64, r rect) [][2]float64 {
	whole := [][2]float64{{from, to}}
	if r.w <= 0 {
		return whole
	}
	// The run's offset across its direction must be inside r for r to cut it.
	var lo, hi float64 // r's extent along the run, from a
	if uy == 0 {
		if a.y < r.y || a.y > r.bottom() {
			return whole
		}
		lo, hi = (r.x-a.x)*ux, (r.right()-a.x)*ux
	} else {
		if a.x < r.x || a.x > r.right() {
			return whole
		}
		lo, hi = (r.y-a.y)*uy, (r.bottom()-a.y)*uy
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	var parts [][2]float64
	if from < lo {
		parts = append(parts, [2]float64{from, min(to, lo)})
	}
	if to > hi {
		parts = append(parts, [2]float64{max(from, hi), to})
	}
	return parts
}
