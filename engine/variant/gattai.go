package variant

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A gattai is several 9x9 grids laid on a larger sheet, overlapping in
// whole boxes: samurai's five, a twin's two. The sheet's cells outside
// every grid do not exist. The houses are each grid's rows, columns and
// boxes; a box two grids share is one house, and so is a row or column
// two grids share whole. A cell is numbered by its place among the
// cells that exist, row by row over the sheet; its sheet place is
// Sheet.At. Everything that works over the houses (the solvers, the
// generator's removals) takes a gattai as it takes any variant.
//
// A gattai kind is a line of data, its grids' offsets (gattaiKinds): a
// new one is a new line.

// Sheet is a gattai's layout: the sheet's size, the offsets (row, column
// of the top left cell) of its grids, and the sheet place (row*Cols+col)
// of each cell.
type Sheet struct {
	Rows, Cols int
	Grids      [][2]int
	At         []int
	cellAt     []int // each sheet place's cell, -1 where none exists
	// canon is the sheet the group and the canonical form work on
	// (canonSheet), and blocks, on it, each grid's three bands and three
	// stacks.
	canon  *Sheet
	blocks [][2][gattaiBox]int
}

// Cell is the cell at row r, column c of the sheet; ok is false where
// none exists.
func (s *Sheet) Cell(r, c int) (cell int, ok bool) {
	if r < 0 || r >= s.Rows || c < 0 || c >= s.Cols {
		return 0, false
	}
	cell = s.cellAt[r*s.Cols+c]
	return cell, cell >= 0
}

// gattaiKind is a built-in gattai: its name and its grids' offsets on
// the sheet, in threes (rows, columns).
type gattaiKind struct {
	name  string
	grids string
}

// gattaiKinds are the built-in gattai. samurai: four grids at the
// corners of a 21x21 sheet and one in the middle sharing a corner box with
// each (369 cells); twin: two grids sharing a corner box; sohei: four
// grids in a ring, each sharing a corner box with two; flower: a centre
// grid and four shifted three cells up, left, right and down from it,
// each sharing six of its boxes.
var gattaiKinds = []gattaiKind{
	{"samurai", "0,0 0,12 6,6 12,0 12,12"},
	{"twin", "0,0 6,6"},
	{"sohei", "0,6 6,0 6,12 12,6"},
	{"flower", "3,3 0,3 3,0 3,6 6,3"},
}

// GattaiKinds are the names of the built-in gattai.
func GattaiKinds() []string {
	var out []string
	for _, k := range gattaiKinds {
		out = append(out, k.name)
	}
	return out
}

// Gattai is the built-in gattai named name (GattaiKinds).
func Gattai(name string) (*Variant, error) {
	for _, k := range gattaiKinds {
		if k.name == name {
			grids, err := parseOffsets(k.grids)
			if err != nil {
				return nil, err
			}
			return NewGattai(name, grids)
		}
	}
	return nil, fmt.Errorf("%w: %q is no gattai (%s)", ErrVariant, name, strings.Join(GattaiKinds(), ", "))
}

// parseOffsets reads grid offsets as gattaiKinds writes them: "r,c"
// pairs apart by spaces.
func parseOffsets(line string) ([][2]int, error) {
	var out [][2]int
	for _, f := range strings.Fields(line) {
		rs, cs, ok := strings.Cut(f, ",")
		r, err1 := strconv.Atoi(rs)
		c, err2 := strconv.Atoi(cs)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%w: grid offset %q is not row,column", ErrVariant, f)
		}
		out = append(out, [2]int{r, c})
	}
	return out, nil
}

// gattaiSide is the side of a gattai's grids, and gattaiBox its boxes'.
const (
	gattaiSide = 9
	gattaiBox  = 3
)

// NewGattai is the gattai name of 9x9 grids at the offsets grids (row,
// column of each grid's top left cell; the sheet starts at the smallest).
// Two grids that overlap must do so in whole boxes, every grid must
// overlap another, so that the puzzle is one, and the sheet they make
// must be square.
func NewGattai(name string, grids [][2]int) (*Variant, error) {
	if len(grids) < 2 {
		return nil, fmt.Errorf("%w: a gattai of %d grids (want 2 or more)", ErrVariant, len(grids))
	}
	top, left := grids[0][0], grids[0][1]
	for _, g := range grids {
		top, left = min(top, g[0]), min(left, g[1])
	}
	sh := &Sheet{}
	for _, g := range grids {
		o := [2]int{g[0] - top, g[1] - left}
		if o[0]%gattaiBox != 0 || o[1]%gattaiBox != 0 {
			return nil, fmt.Errorf("%w: grid at %d,%d is not on the boxes of the others (offsets in threes)", ErrVariant, g[0], g[1])
		}
		if slices.Contains(sh.Grids, o) {
			return nil, fmt.Errorf("%w: two grids at %d,%d", ErrVariant, g[0], g[1])
		}
		sh.Grids = append(sh.Grids, o)
		sh.Rows, sh.Cols = max(sh.Rows, o[0]+gattaiSide), max(sh.Cols, o[1]+gattaiSide)
	}
	if sh.Rows != sh.Cols {
		// The group (its transposition) and the page take square sheets.
		return nil, fmt.Errorf("%w: the grids of %s make a %dx%d sheet: pressrun's gattai sheets are square", ErrVariant, name, sh.Rows, sh.Cols)
	}
	if !gridsJoined(sh.Grids) {
		return nil, fmt.Errorf("%w: the grids of %s do not all join: each must share a box with another", ErrVariant, name)
	}
	sh.cellAt = make([]int, sh.Rows*sh.Cols)
	for p := range sh.cellAt {
		sh.cellAt[p] = -1
	}
	for p := range sh.cellAt {
		r, c := p/sh.Cols, p%sh.Cols
		for _, o := range sh.Grids {
			if r >= o[0] && r < o[0]+gattaiSide && c >= o[1] && c < o[1]+gattaiSide {
				sh.cellAt[p] = len(sh.At)
				sh.At = append(sh.At, p)
				break
			}
		}
	}
	sh.canon = canonSheet(sh)
	v := &Variant{Name: name, Size: gattaiSide, BoxRows: gattaiBox, BoxCols: gattaiBox, Sheet: sh}
	// Each cell's box, numbered in the order the boxes' top left cells
	// come on the sheet.
	v.Regions = make([]int, len(sh.At))
	boxOf := map[int]int{}
	for cell, p := range sh.At {
		r, c := p/sh.Cols, p%sh.Cols
		corner := (r/gattaiBox*gattaiBox)*sh.Cols + c/gattaiBox*gattaiBox
		b, ok := boxOf[corner]
		if !ok {
			b = len(boxOf)
			boxOf[corner] = b
		}
		v.Regions[cell] = b
	}
	return v.build()
}

// gridsJoined reports whether the grids at offsets grids are joined, each
// to the rest through grids that share a box.
func gridsJoined(grids [][2]int) bool {
	overlap := func(a, b [2]int) bool {
		return a[0] < b[0]+gattaiSide && b[0] < a[0]+gattaiSide && a[1] < b[1]+gattaiSide && b[1] < a[1]+gattaiSide
	}
	seen := []int{0}
	in := make([]bool, len(grids))
	in[0] = true
	for k := 0; k < len(seen); k++ {
		for j := range grids {
			if !in[j] && overlap(grids[seen[k]], grids[j]) {
				in[j] = true
				seen = append(seen, j)
			}
		}
	}
	return len(seen) == len(grids)
}

// IsGattai reports whether v is a gattai: grids on a sheet.
func (v *Variant) IsGattai() bool { return v.Sheet != nil }

// gattaiHouses are a gattai's houses: each grid's rows, then its columns,
// grid after grid, then the boxes; a row or column two grids share whole
// comes once, at its first grid.
func (v *Variant) gattaiHouses() [][]int {
	sh := v.Sheet
	var rows, cols [][]int
	seen := map[string]bool{}
	add := func(to *[][]int, h []int) {
		key := houseKey(h, nil)
		if !seen[key] {
			seen[key] = true
			*to = append(*to, h)
		}
	}
	for _, o := range sh.Grids {
		for i := range gattaiSide {
			row, col := make([]int, gattaiSide), make([]int, gattaiSide)
			for j := range gattaiSide {
				row[j], _ = sh.Cell(o[0]+i, o[1]+j)
				col[j], _ = sh.Cell(o[0]+j, o[1]+i)
			}
			add(&rows, row)
			add(&cols, col)
		}
	}
	boxes := make([][]int, slices.Max(v.Regions)+1)
	for c, b := range v.Regions {
		boxes[b] = append(boxes[b], c)
	}
	return append(append(rows, cols...), boxes...)
}

// IsHouse reports whether cells (in any order) are one of v's houses.
func (v *Variant) IsHouse(cells []int) bool {
	key := houseKey(cells, nil)
	for _, h := range v.houses {
		if houseKey(h, nil) == key {
			return true
		}
	}
	return false
}

// formatSheet writes g as a gattai's line: the sheet row by row, '.' for
// an empty cell and '-' where no cell exists.
func (v *Variant) formatSheet(g Grid, s Symbols) string {
	sh := v.Sheet
	b := make([]byte, sh.Rows*sh.Cols)
	for p := range b {
		switch c := sh.cellAt[p]; {
		case c < 0:
			b[p] = '-'
		case g[c] == 0:
			b[p] = '.'
		default:
			b[p] = s[g[c]-1]
		}
	}
	return string(b)
}

// parseSheet reads a gattai's line as formatSheet writes it ('0' empty
// too), or the cells alone, in order, without the sheet's holes.
func (v *Variant) parseSheet(line string) (Grid, error) {
	sh := v.Sheet
	g := make(Grid, len(sh.At))
	whole := len(line) == sh.Rows*sh.Cols
	if !whole && len(line) != len(sh.At) {
		return nil, &ParseError{Reason: fmt.Sprintf("%d characters, want %d for a %s (its %dx%d sheet, '-' where no cell is) or %d (its cells alone)",
			len(line), sh.Rows*sh.Cols, v.Name, sh.Rows, sh.Cols, len(sh.At))}
	}
	for i := range len(line) {
		cell, ch := i, line[i]
		if whole {
			cell = sh.cellAt[i]
			if cell < 0 {
				if ch != '-' {
					return nil, &ParseError{Column: i + 1, Reason: fmt.Sprintf("%q where the %s has no cell (r%dc%d): want '-'", ch, v.Name, i/sh.Cols+1, i%sh.Cols+1)}
				}
				continue
			}
		}
		if ch == '.' || ch == '0' {
			continue
		}
		if ch < '1' || ch > '9' {
			return nil, &ParseError{Column: i + 1, Reason: fmt.Sprintf("%q is not a symbol of a %s (1-9, '.' for empty, '-' where no cell is)", ch, v.Name)}
		}
		g[cell] = ch - '0'
	}
	return g, nil
}

// sheetMove is the move named sym of a gattai's (square) sheet as a map
// of each cell to its image: an error when the move takes a cell where
// none exists.
func (v *Variant) sheetMove(sym string) ([]int, error) {
	sh := v.Sheet
	n := sh.Rows
	sq, err := moveOf(n, sym)
	if err != nil {
		return nil, err
	}
	img := make([]int, len(sh.At))
	for c, p := range sh.At {
		q := sq[p/sh.Cols*n+p%sh.Cols]
		cell, ok := sh.Cell(q/n, q%n)
		if !ok {
			return nil, fmt.Errorf("%w: %s takes the %s's %s off its grids", ErrVariant, sym, v.Name, v.CellName(c))
		}
		img[c] = cell
	}
	return img, nil
}

// prettySheet is Pretty for a gattai: the sheet's rows, its boxes ruled
// as a square grid's, blank where no cell is.
func (v *Variant) prettySheet(g Grid) string {
	sh, syms := v.Sheet, DefaultSymbols(v.Size)
	has := func(r, c int) bool { _, ok := sh.Cell(r, c); return ok }
	var sb strings.Builder
	for r := range sh.Rows {
		if r > 0 && r%3 == 0 {
			for c := range sh.Cols {
				near := has(r-1, c) || has(r, c)
				if c > 0 && c%3 == 0 {
					switch {
					case near || has(r-1, c-1) || has(r, c-1):
						sb.WriteString("-+-")
					default:
						sb.WriteString("   ")
					}
				} else if c > 0 {
					sb.WriteByte(" -"[b2i(near && (has(r-1, c-1) || has(r, c-1)))])
				}
				sb.WriteByte(" -"[b2i(near)])
			}
			sb.WriteByte('\n')
		}
		for c := range sh.Cols {
			cell, ok := sh.Cell(r, c)
			if c > 0 {
				switch {
				case c%3 == 0 && (ok || has(r, c-1)):
					sb.WriteString(" | ")
				case c%3 == 0:
					sb.WriteString("   ")
				default:
					sb.WriteByte(' ')
				}
			}
			switch {
			case !ok:
				sb.WriteByte(' ')
			case g[cell] == 0:
				sb.WriteByte('.')
			default:
				sb.WriteByte(syms[g[cell]-1])
			}
		}
		sb.WriteByte('\n')
	}
	// No line ends in blanks.
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
