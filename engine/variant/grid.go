package variant

import (
	"fmt"
	"strings"
)

// Grid is a grid of a variant, row-major: each cell holds 1..n for a
// symbol and 0 when empty. Its length is the variant's Cells().
type Grid []uint8

// Symbols are the characters a line writes for the values 1..n, in order.
type Symbols string

// The symbol sets of the usual line forms. A line of up to 9 symbols uses
// Digits; a 12x12 or 16x16 line uses OneToG (1-9 then A-G, pressrun's own
// form), Hex (0-F: the value 1 written 0) or Letters (A-P).
const (
	Digits  Symbols = "123456789"
	OneToG  Symbols = "123456789ABCDEFG"
	Hex     Symbols = "0123456789ABCDEF"
	Letters Symbols = "ABCDEFGHIJKLMNOP"
)

// DefaultSymbols is the form Format writes for a side of n.
func DefaultSymbols(n int) Symbols {
	if n <= 9 {
		return Digits[:n]
	}
	return OneToG[:n]
}

// Format writes g as one line of n² characters in the default symbols,
// '.' for an empty cell (a gattai's: its sheet, '-' where no cell is):
// the form Parse reads back.
func (v *Variant) Format(g Grid) string { return v.FormatWith(g, DefaultSymbols(v.Size)) }

// FormatWith writes g as one line in the symbols s.
func (v *Variant) FormatWith(g Grid, s Symbols) string {
	if v.IsGattai() {
		return v.formatSheet(g, s)
	}
	var b strings.Builder
	b.Grow(len(g))
	for _, x := range g {
		if x == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(s[x-1])
		}
	}
	return b.String()
}

// ParseError says what is wrong with a line: the column (1-based) and the
// problem.
type ParseError struct {
	Column int // 0 when the line as a whole is wrong
	Reason string
}

func (e *ParseError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("column %d: %s", e.Column, e.Reason)
	}
	return e.Reason
}

// Parse reads a line of n² characters: '.' for an empty cell, and the
// symbols of the side's forms. Up to 9x9, digits 1..n and '0' or '.' for
// empty. For 12x12 and 16x16 the form is told from the line: a '0' means
// Hex (0-F), a line of letters only means Letters (A-P), otherwise
// OneToG (1-9A-G, what Format writes); letters in either case. The givens
// are not checked against the houses (Conflicts does that). A gattai's
// line is its sheet's, row by row, '-' where no cell is, or its cells
// alone.
func (v *Variant) Parse(line string) (Grid, error) {
	if v.IsGattai() {
		return v.parseSheet(line)
	}
	n := v.Size
	if len(line) != n*n {
		return nil, &ParseError{Reason: fmt.Sprintf("%d characters, want %d for a %dx%d grid", len(line), n*n, n, n)}
	}
	s := v.symbolsOf(line)
	g := make(Grid, n*n)
	for i := range len(line) {
		ch := line[i]
		if ch == '.' || (n <= 9 && ch == '0') {
			continue
		}
		k := strings.IndexByte(string(s), upper(ch))
		if k < 0 {
			return nil, &ParseError{Column: i + 1, Reason: fmt.Sprintf("%q is not a symbol of a %dx%d grid (%s, '.' for empty)", ch, n, n, s)}
		}
		g[i] = uint8(k + 1)
	}
	return g, nil
}

func upper(ch byte) byte {
	if ch >= 'a' && ch <= 'z' {
		return ch - 'a' + 'A'
	}
	return ch
}

// symbolsOf tells a line's symbol set (see Parse).
func (v *Variant) symbolsOf(line string) Symbols {
	n := v.Size
	if n <= 9 {
		return Digits[:n]
	}
	digits := false
	for i := range len(line) {
		switch ch := line[i]; {
		case ch == '0':
			return Hex[:n]
		case ch >= '1' && ch <= '9':
			digits = true
		}
	}
	if !digits {
		return Letters[:n]
	}
	return OneToG[:n]
}

// Conflicts are the pairs of cells of g that hold the same symbol in one
// house, each pair once, in order.
func (v *Variant) Conflicts(g Grid) [][2]int {
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, h := range v.houses {
		for i, a := range h {
			for _, b := range h[i+1:] {
				if g[a] != 0 && g[a] == g[b] {
					p := [2]int{min(a, b), max(a, b)}
					if !seen[p] {
						seen[p] = true
						out = append(out, p)
					}
				}
			}
		}
	}
	return out
}

// Clues is the number of givens of g.
func (g Grid) Clues() int {
	n := 0
	for _, x := range g {
		if x != 0 {
			n++
		}
	}
	return n
}

// Pretty writes g as n lines, symbols apart, with '|' between the boxes
// of a row and a line of '-' and '+' between bands, the layout people
// paste into forums; for classic it is engine.Grid's Pretty. A jigsaw's
// regions are not straight, so its lines have no separators.
func (v *Variant) Pretty(g Grid) string {
	if v.IsGattai() {
		return v.prettySheet(g)
	}
	n, line := v.Size, v.Format(g)
	var sb strings.Builder
	for r := range n {
		if r > 0 && v.BoxRows > 0 && r%v.BoxRows == 0 {
			for c := range n {
				switch {
				case c == 0:
				case c%v.BoxCols == 0:
					sb.WriteString("-+-")
				default:
					sb.WriteByte('-')
				}
				sb.WriteByte('-')
			}
			sb.WriteByte('\n')
		}
		for c := range n {
			switch {
			case c == 0:
			case v.BoxCols > 0 && c%v.BoxCols == 0:
				sb.WriteString(" | ")
			default:
				sb.WriteByte(' ')
			}
			sb.WriteByte(line[r*n+c])
		}
		sb.WriteByte('\n')
	}
	if v.IsKiller() {
		return v.prettyCages(sb.String())
	}
	return sb.String()
}

// Puzzle is a grid and its variant: what a Reader reads, a jigsaw's with
// its layout.
type Puzzle struct {
	Variant *Variant
	Grid    Grid
}
