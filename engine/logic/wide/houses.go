// Code generated from engine/logic/houses.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"

	"github.com/pressrun/pressrun/engine/sums"
)

// Houses are the houses of a board other than a classic's, of side 4 to
// maxDigits: a jigsaw's regions in place of boxes, Sudoku X's diagonals or
// windoku's windows besides them, a 6x6's boxes of 2x3. The solver's
// chain rungs, the fish and the BUG work over them as over a classic's
// (Search).
type Houses struct {
	geo *geometry
	at  []int // each cell's frame cell: r*n+c is r*frameSide+c on a board of side n
}

// NewHouses is the geometry of a board of side n (4 to maxDigits) of these
// houses, whose cells are numbered r*n+c: rows 0 to n-1 and columns n
// to 2n-1 in order, regions 2n to 3n-1 (each cell in one; named "box
// N", or "region N" for a jigsaw's pieces), then the
// extra houses, named by extraNames ("diagonal 1"), n cells each; and a
// killer's cages (nil for none), whose cells are peers to the chain
// engine (an "on" candidate switches its digit off in its cage too) but
// not a house, which would link a digit's two places. From the cages
// come the sum regions a person derives from them (the rule of 45's
// innies and outies of one to three houses, the remainders of one region
// inside another, killer.go), which the cage rungs (KillerRungs) read,
// and whose sums, with the cages', the dynamic chains follow
// (cagesums.go).
func NewHouses(n int, houses [][]int, jigsaw bool, extraNames []string, cages []sums.Cage) (*Houses, error) {
	if n < 4 || n > maxDigits {
		return nil, fmt.Errorf("logic: a board of side %d (want 4 to %d)", n, maxDigits)
	}
	frame := func(cells []int) ([]int, error) {
		out := make([]int, len(cells))
		for i, c := range cells {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("logic: cell %d on a board of side %d", c, n)
			}
			out[i] = toFrame(c, n)
		}
		return out, nil
	}
	var fh [][]int
	for h, cells := range houses {
		f, err := frame(cells)
		if err != nil {
			return nil, err
		}
		if h < 2*n {
			line := make([]int, n)
			for i := range line {
				if h < n {
					line[i] = h*frameSide + i
				} else {
					line[i] = i*frameSide + h - n
				}
			}
			if !sameHouse(f, line) {
				return nil, fmt.Errorf("logic: house %d is not %s", h, [2]string{"a row", "a column"}[h/n])
			}
		}
		fh = append(fh, f)
	}
	framed := func(cs []sums.Cage) ([]sums.Cage, error) {
		var out []sums.Cage
		for _, c := range cs {
			f, err := frame(c.Cells)
			if err != nil {
				return nil, err
			}
			out = append(out, sums.Cage{Sum: c.Sum, Cells: f})
		}
		return out, nil
	}
	fc, err := framed(cages)
	if err != nil {
		return nil, err
	}
	geo, err := newGeometry(fh, extraNames, fc)
	if err != nil {
		return nil, err
	}
	if jigsaw {
		geo.regionName = "region %d"
		for h := 2 * n; h < 3*n; h++ {
			geo.names[h] = fmt.Sprintf(geo.regionName, h-2*n+1)
		}
	}
	at := make([]int, n*n)
	for c := range at {
		at[c] = toFrame(c, n)
	}
	return &Houses{geo, at}, nil
}

// NewSheet is the geometry of a gattai (engine/variant's): 9x9 grids of
// 3x3 boxes at the offsets grids (the row and column of each grid's top
// left cell on the sheet), overlapping in whole boxes, on a sheet cols
// wide whose cells are numbered as places lists their sheet places
// (row*cols+column). The houses are each grid's rows, then columns,
// then boxes, one house for each set of cells (a box two grids share,
// a flower's rows that two grids share whole), named by their first
// grid: "row 3 of grid 2". A sheet larger than the frame is an error:
// package sheet is the solver built for the largest.
func NewSheet(grids [][2]int, cols int, places []int) (*Houses, error) {
	const side, box = 9, 3
	if side > maxDigits || len(grids) == 0 || cols < 1 {
		return nil, fmt.Errorf("logic: a sheet of %d grids, %d wide, on a frame of %d", len(grids), cols, frameSide)
	}
	at := make([]int, len(places))
	var board cellSet
	for i, p := range places {
		r, c := p/cols, p%cols
		if p < 0 || r >= frameSide || c >= frameSide {
			return nil, fmt.Errorf("logic: sheet place %d (row %d, column %d) off the %dx%d frame", p, r+1, c+1, frameSide, frameSide)
		}
		at[i] = r*frameSide + c
		board = board.or(cellBit(at[i]))
	}
	l := layout{n: side, regionName: "box %d", board: at, blocks: make([]block, len(grids))}
	index := map[cellSet]int{}
	add := func(cells []int, group uint8, label houseLabel) (int, error) {
		var set cellSet
		for _, c := range cells {
			if !board.has(c) {
				return 0, fmt.Errorf("logic: grid %d's %s %d has a cell off the sheet (r%dc%d)", label.grid,
					[numGroups]string{gRow: "row", gCol: "column", gRegion: "box"}[group], label.num, c/frameSide+1, c%frameSide+1)
			}
			set = set.or(cellBit(c))
		}
		if h, ok := index[set]; ok {
			return h, nil
		}
		h := len(l.houses)
		index[set] = h
		l.houses = append(l.houses, cells)
		l.groups = append(l.groups, group)
		l.labels = append(l.labels, label)
		l.names = append(l.names, fmt.Sprintf([numGroups]string{gRow: "row %d of grid %d", gCol: "column %d of grid %d", gRegion: "box %d of grid %d"}[group], label.num, label.grid))
		return h, nil
	}
	for _, group := range []uint8{gRow, gCol, gRegion} {
		for k, o := range grids {
			for i := range side {
				cells := make([]int, side)
				for j := range side {
					r, c := o[0]+i, o[1]+j // a row's j-th cell
					switch group {
					case gCol:
						r, c = o[0]+j, o[1]+i
					case gRegion:
						r, c = o[0]+i/box*box+j/box, o[1]+i%box*box+j%box
					}
					if r < 0 || c < 0 || r >= frameSide || c >= frameSide {
						return nil, fmt.Errorf("logic: grid %d at row %d, column %d runs off the %dx%d frame", k+1, o[0]+1, o[1]+1, frameSide, frameSide)
					}
					cells[j] = r*frameSide + c
				}
				h, err := add(cells, group, houseLabel{i + 1, k + 1})
				if err != nil {
					return nil, err
				}
				switch group {
				case gRow:
					l.blocks[k].rows = append(l.blocks[k].rows, h)
				case gCol:
					l.blocks[k].cols = append(l.blocks[k].cols, h)
				}
			}
		}
	}
	geo, err := l.geometry(nil)
	if err != nil {
		return nil, err
	}
	return &Houses{geo, at}, nil
}

// sameHouse reports whether a and b hold the same cells.
func sameHouse(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	var sa, sb cellSet
	for i := range a {
		sa, sb = sa.or(cellBit(a[i])), sb.or(cellBit(b[i]))
	}
	return sa == sb
}

// Search searches positions of one board's houses by the Rungs, keeping
// its buffers between searches; it is not safe for concurrent use.
type Search struct {
	b     Board
	at    []int // each cell's frame cell (Houses.at)
	back  []int // each frame cell's cell, -1 for none
	say   hinter
	quiet bool            // Found.Text left empty (SetQuiet)
	stop  <-chan struct{} // SetStop's
}

// SetStop has the searches from now on give up, finding nothing, soon
// after stop is closed (within one chain run); nil for never. A caller
// told to stop (Ctrl-C on a long rating) need not wait for the search in
// hand, which on a hard killer without a budget can take minutes.
func (c *Search) SetStop(stop <-chan struct{}) { c.stop = stop }

// Forget drops what the chain engine keeps from one position's searches
// for the next, the nested searches' outcomes (nestSearch's cache, at
// every level of nesting), as a new Search would have none; its buffers
// stay. A caller rating one puzzle after another on one Search calls it
// between them, so that a puzzle's rating, and what its budget buys,
// depend on the puzzle alone and not on the puzzles rated before it.
func (c *Search) Forget() {
	for ch := c.b.ch; ch != nil; ch = ch.inner {
		clear(ch.nestCache)
		ch.nestCached = 0
	}
}

// SetQuiet has the steps found from now on come without words (Found.Text
// empty), or with them again: a caller that rates and never shows the
// steps, as a generator trying candidates, saves saying each.
func (c *Search) SetQuiet(quiet bool) { c.quiet = quiet }

// NewSearch is a Search over the houses, its step texts (Found.Text) in
// pb's language (nil: English), naming digit d labels[d-1] (nil: by its
// number).
func (h *Houses) NewSearch(pb Phrasebook, labels []string) *Search {
	if pb == nil {
		pb = english{}
	}
	c := &Search{at: h.at, back: make([]int, frameCells), say: hinter{pb: pb, labels: labels}}
	for f := range c.back {
		c.back[f] = -1
	}
	for i, f := range h.at {
		c.back[f] = i
	}
	c.b.geo, c.b.scale, c.b.quiet = h.geo, DefaultScale, true
	return c
}

// Find looks for a step of rung r in the position of cells (the digits
// placed, 0 for an empty cell) and cand (each empty cell's candidates,
// bit s-1 for symbol s, 0 for a placed one), both numbered as the
// houses' cells, within budget implications of work (0: no limit). It
// returns the step, whether one was found, and the work done; a search
// that ran out of budget finds nothing, its work over budget. It is Load
// and FindHere.
func (c *Search) Find(r Rung, cells []uint8, cand []uint32, budget int) (Found, bool, int) {
	c.Load(cells, cand)
	return c.FindHere(r, budget)
}

// Load makes cells and cand (as Find takes them) the Search's position.
func (c *Search) Load(cells []uint8, cand []uint32) {
	b := &c.b
	b.Cells, b.Cand = Grid{}, [frameCells]Digits{}
	b.empty = 0
	if b.kil != nil {
		b.kil.forget() // a new position, perhaps another puzzle's
	}
	for i, f := range c.at {
		v := cells[i]
		b.Cells[f], b.Cand[f] = v, Digits(cand[i])<<1
		if v == 0 {
			b.empty++
		}
	}
	b.refresh()
}

// FindHere is Find in the loaded position.
func (c *Search) FindHere(r Rung, budget int) (Found, bool, int) {
	st, ok, work := c.step(r, budget)
	if !ok {
		return Found{}, false, work
	}
	return c.found(&st), true, work
}

// step is a step of rung r in the Search's position, within budget
// implications of work (0: no limit), and the work done: nothing found
// when the search ran out of budget.
func (c *Search) step(r Rung, budget int) (Step, bool, int) {
	ch := c.b.chainer()
	ch.budget, ch.work, ch.stop = budget, 0, c.stop
	st, ok := r.find(&c.b)
	if !ok || ch.overBudget() {
		return Step{}, false, ch.work
	}
	return st, true, ch.work
}

// found is step st, found in the Search's position, as a Found: its
// words said there (unless quiet), its cells numbered as the houses'.
func (c *Search) found(st *Step) Found {
	f := Found{Technique: uint8(st.Technique), Rating: st.Rating, Score: st.Score,
		Symbols: toSet(st.Digits)}
	if !c.quiet && st.Technique != Guess {
		f.Text = c.say.describe(&c.b, st)
	}
	for _, x := range st.Cells {
		f.Cells = append(f.Cells, c.back[x])
	}
	for _, p := range st.Place {
		f.Place = append(f.Place, [2]int{c.back[p.Cell], p.Digit})
	}
	for _, p := range st.Remove {
		f.Remove = append(f.Remove, [2]int{c.back[p.Cell], p.Digit})
	}
	return f
}

// toFrame is the frame's cell of cell c (r*n+c) of a board of side n,
// drawn in the frame's top left corner.
func toFrame(c, n int) int { return c/n*frameSide + c%n }
