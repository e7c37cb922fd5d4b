package engine

import (
	"fmt"
	"strings"
)

// Symmetry is a symmetry of the pattern of givens that a generator keeps:
// when a given is removed, its images under the symmetry go with it.
type Symmetry uint8

const (
	SymmetryNone   Symmetry = iota
	Rot180                  // half turn about the centre
	Rot90                   // quarter turn (implies Rot180)
	Mirror                  // left-right reflection
	Flip                    // top-bottom reflection
	Diagonal                // reflection in the main diagonal (r1c1-r9c9)
	Antidiagonal            // reflection in the other diagonal (r1c9-r9c1)
	SymmetryRandom          // one of the above, none included, chosen per puzzle
)

var symmetryNames = [...]string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "random"}

func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// ParseSymmetry reads a symmetry name as String writes it.
func ParseSymmetry(name string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if strings.EqualFold(name, n) {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("unknown symmetry %q (want one of %s)", name, strings.Join(symmetryNames[:], ", "))
}

// image maps a cell to its image under the symmetry's generator.
func (s Symmetry) image(cell int) int {
	r, c := cell/9, cell%9
	switch s {
	case Rot180:
		return (8-r)*9 + 8 - c
	case Rot90:
		return c*9 + 8 - r
	case Mirror:
		return r*9 + 8 - c
	case Flip:
		return (8-r)*9 + c
	case Diagonal:
		return c*9 + r
	case Antidiagonal:
		return (8-c)*9 + 8 - r
	}
	return cell
}

// Orbits splits the 81 cells into the classes the symmetry maps onto each
// other, each class in increasing cell order, classes ordered by their first
// cell. SymmetryNone and SymmetryRandom give 81 single cells.
func (s Symmetry) Orbits() [][]int {
	var seen [81]bool
	var out [][]int
	for cell := 0; cell < 81; cell++ {
		if seen[cell] {
			continue
		}
		var orbit []int
		for c := cell; !seen[c]; c = s.image(c) {
			seen[c] = true
			orbit = append(orbit, c)
		}
		sortInts(orbit)
		out = append(out, orbit)
	}
	return out
}

// HasSymmetry reports whether the pattern of givens of g is unchanged by s.
func (g Grid) HasSymmetry(s Symmetry) bool {
	for cell := 0; cell < 81; cell++ {
		if (g[cell] == 0) != (g[s.image(cell)] == 0) {
			return false
		}
	}
	return true
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Pattern is a clue template: the cells allowed to hold givens.
type Pattern [81]bool

// ParsePattern reads a clue template: 81 cells on one line or nine lines of
// nine, where 'x', 'X', '#', '*' or a digit 1-9 marks a cell that may hold a
// given and '.', '0' or '-' one that must stay empty. White space and '|'
// are ignored; lines starting with '#' and separator lines are skipped.
func ParsePattern(text string) (Pattern, error) {
	var p Pattern
	n, last := 0, 1
	for lineNo, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || isSeparator(t) {
			continue
		}
		last = lineNo + 1
		for i := 0; i < len(t); i++ {
			ch := t[i]
			switch {
			case ch == ' ' || ch == '\t' || ch == '|' || ch == '+' || ch == '\r':
				continue
			case ch == 'x' || ch == 'X' || ch == '#' || ch == '*' || (ch >= '1' && ch <= '9'):
				if n < 81 {
					p[n] = true
				}
			case ch == '.' || ch == '0' || ch == '-':
			default:
				return Pattern{}, &ParseError{Line: lineNo + 1, Msg: fmt.Sprintf("character %q in a clue pattern (want 'x' for a clue cell, '.' for an empty one)", rune(ch))}
			}
			n++
		}
	}
	if n != 81 {
		return Pattern{}, &ParseError{Line: last, Msg: fmt.Sprintf("clue pattern has %d cells, want 81", n)}
	}
	return p, nil
}

// Cells counts the cells allowed to hold givens.
func (p Pattern) Cells() int {
	n := 0
	for _, ok := range p {
		if ok {
			n++
		}
	}
	return n
}
