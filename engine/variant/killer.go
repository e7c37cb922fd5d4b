package variant

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/sums"
)

// Cage is a killer cage: cells joined edge to edge whose digits differ and
// add up to Sum. Cells are row-major indices, in increasing order once a
// constructor has checked them. It is engine/sums', which the
// human-technique solver reads too.
type Cage = sums.Cage

// KillerKinds are the killer kinds. They are not in Kinds yet: the layers
// that iterate Kinds (generation, levels, import) have no killer
// generator or rater so far.
var KillerKinds = []string{"killer", "killer-6x6"}

// killerName is the kind of a killer of side n.
func killerName(n int) string {
	if n == 9 {
		return "killer"
	}
	return fmt.Sprintf("killer-%dx%d", n, n)
}

// KillerSize is the side of a killer kind name ("killer" 9, "killer-6x6"
// 6); an error for any other name.
func KillerSize(name string) (int, error) {
	switch name {
	case "killer":
		return 9, nil
	case "killer-6x6":
		return 6, nil
	}
	return 0, fmt.Errorf("%w: %q is not a killer (killer, killer-6x6)", ErrVariant, name)
}

// IsKiller reports whether v has cages.
func (v *Variant) IsKiller() bool { return len(v.Cages) > 0 }

// Killer is the killer sudoku of side n (9 with 3x3 boxes, 6 with 2x3)
// whose cages are cages: they must cover every cell once, each joined
// edge to edge, of 1 to n cells, its sum one that many different digits
// can make. The errors wrap ErrVariant and name the cage. The cages are
// copied, each one's cells sorted, the cages in order of their first cell.
func Killer(n int, cages []Cage) (*Variant, error) {
	if n != 9 && n != 6 {
		return nil, fmt.Errorf("%w: a killer of side %d (want 9 or 6)", ErrVariant, n)
	}
	v := boxed(n, boxShapes[n]) // built once, with the cages
	v.Name = killerName(n)
	owner := make([]int, n*n)
	for c := range owner {
		owner[c] = -1
	}
	for i, cage := range cages {
		cells := slices.Clone(cage.Cells)
		slices.Sort(cells)
		name := func() string { return cageName(i, cage, n) } // only an error needs it
		if len(cells) == 0 || len(cells) > n {
			return nil, fmt.Errorf("%w: %s has %d cells (want 1 to %d)", ErrVariant, name(), len(cells), n)
		}
		for _, c := range cells {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("%w: %s has cell %d, off the %dx%d grid", ErrVariant, name(), c, n, n)
			}
			if owner[c] >= 0 {
				return nil, fmt.Errorf("%w: %s and cage %d both hold %s", ErrVariant, name(), owner[c]+1, cellName(c, n))
			}
			owner[c] = i
		}
		if !joined(n, cells) {
			return nil, fmt.Errorf("%w: %s is not joined edge to edge", ErrVariant, name())
		}
		k := len(cells)
		if lo, hi := k*(k+1)/2, k*(2*n-k+1)/2; cage.Sum < lo || cage.Sum > hi {
			return nil, fmt.Errorf("%w: %s: %d different digits make %d to %d, not %d", ErrVariant, name(), k, lo, hi, cage.Sum)
		}
		v.Cages = append(v.Cages, Cage{Sum: cage.Sum, Cells: cells})
	}
	for c, o := range owner {
		if o < 0 {
			return nil, fmt.Errorf("%w: cell %s is in no cage", ErrVariant, cellName(c, n))
		}
	}
	slices.SortFunc(v.Cages, func(a, b Cage) int { return a.Cells[0] - b.Cells[0] })
	return v.build()
}

// cageName names cage i for an error: its number, sum and first cell.
func cageName(i int, cage Cage, n int) string {
	if len(cage.Cells) == 0 {
		return fmt.Sprintf("cage %d (sum %d)", i+1, cage.Sum)
	}
	return fmt.Sprintf("cage %d (sum %d at %s)", i+1, cage.Sum, cellName(slices.Min(cage.Cells), n))
}

// joined reports whether the cells, sorted, of a grid of side n are one
// piece through shared edges.
func joined(n int, cells []int) bool {
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, nb := range neighbours(n, c) {
			if _, in := slices.BinarySearch(cells, nb); in && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	return len(seen) == len(cells)
}

// neighbours are the cells sharing an edge with c, in the order up, left,
// right, down (the order CageCode's pointers prefer).
func neighbours(n, c int) []int {
	r, col := c/n, c%n
	out := make([]int, 0, 4)
	if r > 0 {
		out = append(out, c-n)
	}
	if col > 0 {
		out = append(out, c-1)
	}
	if col < n-1 {
		out = append(out, c+1)
	}
	if r < n-1 {
		out = append(out, c+n)
	}
	return out
}

// sumSymbols write a cage sum in one character: 0-9, A-Z for 10-35, a-j
// for 36-45 (the sums of the "snarfable" killer format).
const sumSymbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"

// CageCode writes the cages as one line of n² characters, the short
// killer format of the enjoysudoku forum: a cage's first cell holds its
// sum (0-9, A-Z for 10 to 35, a-j for 36 to 45) and every other cell an
// arrow (<, ^, >, v) to a neighbour of its cage, the arrows of a cage
// leading to its first cell. It is empty for a variant without cages;
// ParseCageCode reads it.
func (v *Variant) CageCode() string {
	if !v.IsKiller() {
		return ""
	}
	n := v.Size
	b := make([]byte, n*n)
	in := make([]bool, n*n)
	for _, cage := range v.Cages {
		for _, c := range cage.Cells {
			in[c] = true
		}
		// Breadth first from the first cell: each cell points at the
		// cell it was reached from.
		head := cage.Cells[0]
		b[head] = sumSymbols[cage.Sum]
		queue := []int{head}
		seen := map[int]bool{head: true}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, nb := range neighbours(n, c) {
				if in[nb] && !seen[nb] {
					seen[nb] = true
					queue = append(queue, nb)
					b[nb] = arrow(n, nb, c)
				}
			}
		}
		for _, c := range cage.Cells {
			in[c] = false
		}
	}
	return string(b)
}

// arrow is the character of cell c pointing at its neighbour to.
func arrow(n, c, to int) byte {
	switch to - c {
	case -n:
		return '^'
	case n:
		return 'v'
	case -1:
		return '<'
	}
	return '>'
}

// ParseCageCode reads a killer of side n from its cage code (CageCode):
// the arrows are followed to the cell holding the sum. An error wrapping
// ErrVariant for a bad character, an arrow off the grid, a loop of arrows,
// or cages Killer refuses.
func ParseCageCode(n int, code string) (*Variant, error) {
	if len(code) != n*n {
		return nil, fmt.Errorf("%w: a %dx%d killer's cage code has %d characters, not %d", ErrVariant, n, n, len(code), n*n)
	}
	next := make([]int, n*n)
	for c := range n * n {
		r, col := c/n, c%n
		to := c
		switch code[c] {
		case '^':
			to = c - n
			if r == 0 {
				to = -1
			}
		case 'v':
			to = c + n
			if r == n-1 {
				to = -1
			}
		case '<':
			to = c - 1
			if col == 0 {
				to = -1
			}
		case '>':
			to = c + 1
			if col == n-1 {
				to = -1
			}
		default:
			if strings.IndexByte(sumSymbols, code[c]) < 0 {
				return nil, fmt.Errorf("%w: cage code character %d, %q, is neither a sum nor an arrow", ErrVariant, c+1, code[c])
			}
		}
		if to < 0 {
			return nil, fmt.Errorf("%w: the arrow at %s points off the grid", ErrVariant, cellName(c, n))
		}
		next[c] = to
	}
	heads := map[int]int{} // a head cell's cage
	var cages []Cage
	for c := range n * n {
		h := c
		for steps := 0; next[h] != h; steps++ {
			if steps > n*n {
				return nil, fmt.Errorf("%w: the arrows from %s go round in a loop", ErrVariant, cellName(c, n))
			}
			h = next[h]
		}
		i, ok := heads[h]
		if !ok {
			i = len(cages)
			heads[h] = i
			cages = append(cages, Cage{Sum: strings.IndexByte(sumSymbols, code[h])})
		}
		cages[i].Cells = append(cages[i].Cells, c)
	}
	return Killer(n, cages)
}

// killerJSON is the JSON form of a killer puzzle.
type killerJSON struct {
	Cages []struct {
		Sum   int   `json:"sum"`
		Cells []int `json:"cells"`
	} `json:"cages"`
	Givens string `json:"givens,omitempty"`
}

// ParseKillerJSON reads a killer puzzle in its JSON form, one object:
// {"cages": [{"sum": 11, "cells": [0, 9, 10, 19]}, ...], "givens": "..."}
// with cells row-major from 0; givens is optional, n² characters, '.' or
// '0' for an empty cell. The side comes from the number of cells the
// cages cover (81 a 9x9, 36 a 6x6). Other fields are ignored. Errors for
// bad JSON, a count of cells that is neither, cages Killer refuses, and
// givens that do not parse.
func ParseKillerJSON(line string) (*Variant, Grid, error) {
	var k killerJSON
	if err := json.Unmarshal([]byte(line), &k); err != nil {
		return nil, nil, fmt.Errorf("%w: killer JSON: %v", ErrVariant, err)
	}
	cells := 0
	cages := make([]Cage, len(k.Cages))
	for i, c := range k.Cages {
		cells += len(c.Cells)
		cages[i] = Cage{Sum: c.Sum, Cells: c.Cells}
	}
	var n int
	switch cells {
	case 81:
		n = 9
	case 36:
		n = 6
	default:
		return nil, nil, fmt.Errorf("%w: killer JSON: the cages hold %d cells (want 81 or 36)", ErrVariant, cells)
	}
	v, err := Killer(n, cages)
	if err != nil {
		return nil, nil, err
	}
	g := make(Grid, n*n)
	if k.Givens != "" {
		if g, err = v.Parse(k.Givens); err != nil {
			return nil, nil, err
		}
	}
	return v, g, nil
}

// KillerJSON writes a killer puzzle, v's cages and g's givens, in the
// JSON form ParseKillerJSON reads: cages in order of their first cell,
// givens left out when g has none. Empty for a variant without cages.
func (v *Variant) KillerJSON(g Grid) string {
	if !v.IsKiller() {
		return ""
	}
	var b strings.Builder
	b.WriteString(`{"cages": [`)
	for i, cage := range v.Cages {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"sum": %d, "cells": [`, cage.Sum)
		for j, c := range cage.Cells {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, c)
		}
		b.WriteString("]}")
	}
	b.WriteString("]")
	if slices.ContainsFunc(g, func(x uint8) bool { return x != 0 }) {
		fmt.Fprintf(&b, `, "givens": %q`, v.Format(g))
	}
	b.WriteString("}")
	return b.String()
}

// CageOf is the index in Cages of the cage holding cell c; -1 for a
// variant without cages.
func (v *Variant) CageOf(c int) int {
	if v.cageOf == nil {
		return -1
	}
	return v.cageOf[c]
}
