package variant

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Symmetries are the clue-pattern symmetries Orbits knows: the moves of
// the square that a pattern of givens may be kept under.
var Symmetries = []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"}

// moveOf is the geometric move named sym on an n x n grid, as a map of
// each cell to its image; an error wrapping ErrVariant for an unknown
// name.
func moveOf(n int, sym string) ([]int, error) {
	var move func(r, c int) (int, int)
	switch sym {
	case "none":
		move = func(r, c int) (int, int) { return r, c }
	case "rot180":
		move = func(r, c int) (int, int) { return n - 1 - r, n - 1 - c }
	case "rot90":
		move = func(r, c int) (int, int) { return c, n - 1 - r }
	case "mirror":
		move = func(r, c int) (int, int) { return r, n - 1 - c }
	case "flip":
		move = func(r, c int) (int, int) { return n - 1 - r, c }
	case "diagonal":
		move = func(r, c int) (int, int) { return c, r }
	case "antidiagonal":
		move = func(r, c int) (int, int) { return n - 1 - c, n - 1 - r }
	default:
		return nil, fmt.Errorf("%w: symmetry %q (want one of %v)", ErrVariant, sym, Symmetries)
	}
	img := make([]int, n*n)
	for c := range img {
		r, col := move(c/n, c%n)
		img[c] = r*n + col
	}
	return img, nil
}

// Orbits are the cells of an n x n grid grouped as the symmetry sym moves
// them: a cell with its images, each cell in one orbit, in the order of
// their first cells. A pattern made of whole orbits has the symmetry.
func Orbits(n int, sym string) ([][]int, error) {
	img, err := moveOf(n, sym)
	if err != nil {
		return nil, err
	}
	return orbitsOf(img), nil
}

// Orbits are v's cells grouped as the symmetry sym moves them, as the
// package's Orbits has them for a square grid; a gattai's move is its
// sheet's, an error where it takes a cell off the grids.
func (v *Variant) Orbits(sym string) ([][]int, error) {
	img, err := v.move(sym)
	if err != nil {
		return nil, err
	}
	return orbitsOf(img), nil
}

// move is the move named sym as a map of each of v's cells to its image.
func (v *Variant) move(sym string) ([]int, error) {
	if v.IsGattai() {
		return v.sheetMove(sym)
	}
	return moveOf(v.Size, sym)
}

// orbitsOf groups the cells by the map img.
func orbitsOf(img []int) [][]int {
	seen := make([]bool, len(img))
	var out [][]int
	for c := range seen {
		if seen[c] {
			continue
		}
		var orbit []int
		for x := c; !seen[x]; x = img[x] {
			seen[x] = true
			orbit = append(orbit, x)
		}
		out = append(out, orbit)
	}
	return out
}

// Allows reports whether a clue pattern of v may have the symmetry sym:
// whether the move maps each of v's houses onto a house, so that the
// move is a symmetry of the geometry and a pattern kept under it looks
// as the symmetry promises. "none" is always allowed; 6x6's 2x3 boxes
// allow rot180, mirror and flip but not rot90 or the diagonals; X and
// windoku allow every move; a jigsaw only the moves its layout has. An
// unknown name is not allowed.
func (v *Variant) Allows(sym string) bool {
	img, err := v.move(sym)
	return err == nil && v.keepsHouses(houseKeys(v), img)
}

// houseKeys are the houseKeys of v's houses, as a set.
func houseKeys(v *Variant) map[string]bool {
	keys := make(map[string]bool, len(v.houses))
	for _, h := range v.houses {
		keys[houseKey(h, nil)] = true
	}
	return keys
}

// keepsHouses reports whether the map of cells img takes each of v's
// houses onto one of keys (houseKeys(v)).
func (v *Variant) keepsHouses(keys map[string]bool, img []int) bool {
	for _, h := range v.houses {
		if !keys[houseKey(h, img)] {
			return false
		}
	}
	return true
}

// Allowed are the symmetries in Symmetries that v allows, in that order.
func (v *Variant) Allowed() []string {
	var out []string
	for _, sym := range Symmetries {
		if v.Allows(sym) {
			out = append(out, sym)
		}
	}
	return out
}

// houseKey names the set of the cells of h, each moved by img when img
// is not nil.
func houseKey(h []int, img []int) string {
	cells := slices.Clone(h)
	if img != nil {
		for i, c := range cells {
			cells[i] = img[c]
		}
	}
	slices.Sort(cells)
	var b strings.Builder
	for _, c := range cells {
		b.WriteString(strconv.Itoa(c))
		b.WriteByte(',')
	}
	return b.String()
}

// KindAllows reports whether puzzles of the variant kind, as
// GenerateKind takes it, can have the clue-pattern symmetry sym: for a
// jigsaw kind whose layouts are drawn, whether RandomLayout makes layouts
// with it (LayoutSymmetries); for a killer kind none only (its cages are
// drawn without symmetry); otherwise whether the variant allows it.
// Specs check a section with it before generating. An error wrapping
// ErrVariant for an unknown kind.
func KindAllows(kind, sym string) (bool, error) {
	if _, err := KillerSize(kind); err == nil {
		return sym == "none", nil
	}
	if n, err := JigsawSize(kind); err == nil {
		return slices.Contains(LayoutSymmetries(n), sym), nil
	}
	v, err := FromKey(kind)
	if err != nil {
		return false, err
	}
	return v.Allows(sym), nil
}
