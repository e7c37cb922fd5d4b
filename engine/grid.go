// Package engine owns the Sudoku domain: grids and their text formats, the
// exact solver, solution-grid and puzzle generators, symmetries and clue
// patterns, and the canonical form under the Sudoku group.
//
// The package is pure: it uses the standard library only, keeps no mutable
// package-level state, and takes its randomness as a *rand.Rand argument, so
// that the same seed always gives the same result.
package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Grid is a 9x9 Sudoku grid in row-major order: cell r*9+c holds 1-9 for a
// digit and 0 for an empty cell. It is a value type, cheap to copy and
// comparable with ==.
type Grid [81]uint8

// Row, Col and Box give the house indexes (0-8) of a cell (0-80).
func Row(cell int) int { return cell / 9 }
func Col(cell int) int { return cell % 9 }
func Box(cell int) int { return cell/27*3 + cell%9/3 }

// CellName names a cell the way players and error messages do: r1c1 is the
// top-left cell, r9c9 the bottom-right.
func CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", cell/9+1, cell%9+1)
}

// String formats the grid as one 81-character line, '.' for empty cells.
func (g Grid) String() string {
	var b [81]byte
	return string(g.AppendTo(b[:0]))
}

// AppendTo appends the grid's line, as String gives it, to b, for writers
// that allocate nothing per puzzle.
func (g Grid) AppendTo(b []byte) []byte {
	n := len(b)
	b = slices.Grow(b, 81)[:n+81]
	line := b[n:]
	for i, v := range g {
		c := '0' + v
		if v == 0 {
			c = '.'
		}
		line[i] = c
	}
	return b
}

// Pretty formats the grid as nine lines with box separators, the layout
// people paste into forums:
//
//	4 . . | . 3 . | . . .
func (g Grid) Pretty() string {
	var sb strings.Builder
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			sb.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				sb.WriteString(" |")
			}
			if c > 0 {
				sb.WriteByte(' ')
			}
			if v := g[r*9+c]; v == 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('0' + v)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Clues counts the given (non-empty) cells.
func (g Grid) Clues() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell holds a digit.
func (g Grid) Full() bool {
	for _, v := range g {
		if v == 0 {
			return false
		}
	}
	return true
}

// Conflict describes a digit that appears twice in one house.
type Conflict struct {
	Digit  int
	House  string // "row 3", "column 7" or "box 5"
	First  int    // the two cells holding it
	Second int
}

func (c Conflict) String() string {
	return fmt.Sprintf("digit %d repeated in %s (%s, %s)", c.Digit, c.House, CellName(c.First), CellName(c.Second))
}

// Conflicts lists every repeated digit, row by row, then columns, then
// boxes; an empty list means the givens break no rule (the puzzle may still
// have no solution).
func (g Grid) Conflicts() []Conflict {
	var out []Conflict
	for h := 0; h < 27; h++ {
		var seen [10]int
		for i := range seen {
			seen[i] = -1
		}
		for _, cell := range houseCells[h] {
			v := g[cell]
			if v == 0 {
				continue
			}
			if seen[v] >= 0 {
				out = append(out, Conflict{Digit: int(v), House: houseName(h), First: seen[v], Second: int(cell)})
				continue
			}
			seen[v] = int(cell)
		}
	}
	return out
}

// Valid reports whether the grid holds only 0-9 and no digit is repeated in
// a house.
func (g Grid) Valid() bool {
	for h := 0; h < 27; h++ {
		var seen uint16
		for _, cell := range houseCells[h] {
			v := g[cell]
			if v > 9 {
				return false
			}
			if v == 0 {
				continue
			}
			if seen&(1<<v) != 0 {
				return false
			}
			seen |= 1 << v
		}
	}
	return true
}

// houseCells lists the nine cells of each house: rows 0-8, columns 9-17,
// boxes 18-26; peerCells the 20 cells that share a house with each cell,
// in increasing order. They are computed once and never written again.
var (
	houseCells = func() (h [27][9]uint8) {
		for i := 0; i < 9; i++ {
			for j := 0; j < 9; j++ {
				h[i][j] = uint8(i*9 + j)
				h[9+i][j] = uint8(j*9 + i)
				h[18+i][j] = uint8((i/3*3+j/3)*9 + i%3*3 + j%3)
			}
		}
		return h
	}()
	peerCells = func() (t [81][20]uint8) {
		for c := 0; c < 81; c++ {
			n := 0
			for p := 0; p < 81; p++ {
				if p != c && (Row(p) == Row(c) || Col(p) == Col(c) || Box(p) == Box(c)) {
					t[c][n] = uint8(p)
					n++
				}
			}
		}
		return t
	}()
)

// Houses returns the nine cells of each house, rows 0-8, columns 9-17 and
// boxes 18-26, each in reading order: the geometry the logical solver and
// the metrics build their own tables from.
func Houses() [27][9]uint8 { return houseCells }

// Peers returns, for each cell, the 20 cells that share a row, column or
// box with it, in increasing order.
func Peers() [81][20]uint8 { return peerCells }

func houseName(h int) string {
	switch {
	case h < 9:
		return fmt.Sprintf("row %d", h+1)
	case h < 18:
		return fmt.Sprintf("column %d", h-8)
	default:
		return fmt.Sprintf("box %d", h-17)
	}
}
