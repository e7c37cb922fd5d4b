// Package variant models the Sudoku variants beside classic 9x9 as data: a
// grid of n x n cells, its houses (rows, columns, regions and any extra
// houses such as Sudoku X's diagonals or windoku's windows), each of which
// must hold every symbol once. The solver, the generator and the line form
// work over the houses and never ask which variant they are in, so that a
// new variant is a new constructor beside its peers.
//
// Classic 9x9 keeps its tuned engine in package engine; this package is
// for every other geometry (and classic as one of them, for checks).
//
// The package is pure: standard library only, no package-level mutable
// state, randomness passed in as a *rand.Rand.
package variant

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// MaxSize is the largest side a variant may have: a cell's candidates are
// a uint32 bit set of symbols 1..n.
const MaxSize = 16

// Variant is a Sudoku geometry: the side, the regions (boxes of BoxRows x
// BoxCols, or a jigsaw's irregular ones) and any extra houses. Build one
// with Sized, X, Windoku, Jigsaw or Named; its zero value is not usable.
type Variant struct {
	Name             string
	Size             int   // n: the grid is n x n, the symbols 1..n
	BoxRows, BoxCols int   // a box's shape (0, 0 for a jigsaw)
	Regions          []int // each cell's region, 0..n-1, row-major
	Extra            [][]int
	Cages            []Cage // a killer's cages (Killer), in order of first cell
	Sheet            *Sheet // a gattai's grids and cells (gattai.go); nil for a square grid

	houses     [][]int // rows, columns, regions, then Extra
	cageOf     []int   // each cell's cage, when there are cages
	cellHouses [][]int // the houses each cell lies in
	peers      [][]int // the cells sharing a house with each cell
}

// ErrVariant is wrapped by the errors of the constructors and Named.
var ErrVariant = errors.New("bad variant")

// boxShapes are the box shapes of the square sizes, the wider side across
// (a 6x6 has boxes of 2 rows and 3 columns, as books print it).
var boxShapes = map[int][2]int{4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 12: {3, 4}, 16: {4, 4}}

// Sizes are the sides Sized knows.
var Sizes = []int{4, 6, 8, 9, 12, 16}

// Sized is the plain variant of side n (4, 6, 8, 9, 12 or 16) with its
// usual boxes: named "6x6", "16x16", and "classic" for 9.
func Sized(n int) (*Variant, error) {
	shape, ok := boxShapes[n]
	if !ok {
		return nil, fmt.Errorf("%w: no %dx%d sudoku (sizes: %s)", ErrVariant, n, n, sizeList())
	}
	return boxed(n, shape).build()
}

// boxed is the plain variant of side n with boxes of shape, its houses
// not yet built.
func boxed(n int, shape [2]int) *Variant {
	v := &Variant{Name: fmt.Sprintf("%dx%d", n, n), Size: n, BoxRows: shape[0], BoxCols: shape[1], Regions: make([]int, n*n)}
	if n == 9 {
		v.Name = "classic"
	}
	for c := range v.Regions {
		r, col := c/n, c%n
		v.Regions[c] = r/shape[0]*(n/shape[1]) + col/shape[1]
	}
	return v
}

func sizeList() string {
	s := make([]string, len(Sizes))
	for i, n := range Sizes {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// X is Sudoku X on a 9x9 grid: both long diagonals are houses too.
func X() *Variant {
	v := must(Sized(9))
	v.Name = "x"
	main, anti := make([]int, 9), make([]int, 9)
	for i := range 9 {
		main[i], anti[i] = i*9+i, i*9+8-i
	}
	v.Extra = [][]int{main, anti}
	return must(v.build())
}

// Windoku is the hyper sudoku on a 9x9 grid: four 3x3 windows, their
// top-left cells at r2c2, r2c6, r6c2 and r6c6, are houses too.
func Windoku() *Variant {
	v := must(Sized(9))
	v.Name = "windoku"
	for _, top := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
		var w []int
		for r := top[0]; r < top[0]+3; r++ {
			for c := top[1]; c < top[1]+3; c++ {
				w = append(w, r*9+c)
			}
		}
		v.Extra = append(v.Extra, w)
	}
	return must(v.build())
}

// Jigsaw is the variant of side n whose regions are the layout's: each
// cell's region, 0..n-1, row-major, each region n cells joined edge to
// edge.
func Jigsaw(n int, layout []int) (*Variant, error) {
	if n < 4 || n > MaxSize {
		return nil, fmt.Errorf("%w: a jigsaw of side %d (want 4 to %d)", ErrVariant, n, MaxSize)
	}
	if len(layout) != n*n {
		return nil, fmt.Errorf("%w: a %dx%d jigsaw's layout has %d cells, not %d", ErrVariant, n, n, len(layout), n*n)
	}
	count := make([]int, n)
	for c, r := range layout {
		if r < 0 || r >= n {
			return nil, fmt.Errorf("%w: cell %s is in region %d (want 0 to %d)", ErrVariant, cellName(c, n), r, n-1)
		}
		count[r]++
	}
	for r, k := range count {
		if k != n {
			return nil, fmt.Errorf("%w: region %d has %d cells, not %d", ErrVariant, r, k, n)
		}
	}
	for r := range n {
		if !connected(n, layout, r) {
			return nil, fmt.Errorf("%w: region %d is not joined edge to edge", ErrVariant, r)
		}
	}
	v := &Variant{Name: jigsawName(n), Size: n, Regions: slices.Clone(layout)}
	return v.build()
}

// jigsawName is the kind of a jigsaw of side n: "jigsaw" for 9x9,
// "jigsaw-6x6" and the like for the others.
func jigsawName(n int) string {
	if n == 9 {
		return "jigsaw"
	}
	return fmt.Sprintf("jigsaw-%dx%d", n, n)
}

// IsJigsaw reports whether v's regions are a jigsaw's layout, not boxes:
// each puzzle of the kind has its own.
func (v *Variant) IsJigsaw() bool { return v.BoxRows == 0 }

// Layout writes a jigsaw's regions as a line of n² characters, each cell's
// region as a symbol (1-9, then A-G): the form ParseLayout reads; a
// killer's cages as CageCode writes them. It is empty for a variant whose
// kind fixes its geometry.
func (v *Variant) Layout() string {
	if v.IsKiller() {
		return v.CageCode()
	}
	if !v.IsJigsaw() {
		return ""
	}
	b := make([]byte, len(v.Regions))
	for c, r := range v.Regions {
		b[c] = OneToG[r]
	}
	return string(b)
}

// ParseLayout reads a jigsaw layout of side n as Layout writes it and
// builds the jigsaw.
func ParseLayout(n int, line string) (*Variant, error) {
	if len(line) != n*n {
		return nil, fmt.Errorf("%w: a %dx%d jigsaw's layout has %d characters, not %d", ErrVariant, n, n, len(line), n*n)
	}
	layout := make([]int, n*n)
	for c := range len(line) {
		r := strings.IndexByte(string(OneToG[:n]), upper(line[c]))
		if r < 0 {
			return nil, fmt.Errorf("%w: layout character %d, %q, is not a region of a %dx%d jigsaw (%s)", ErrVariant, c+1, line[c], n, n, OneToG[:n])
		}
		layout[c] = r
	}
	return Jigsaw(n, layout)
}

// Key names v in the archive and in lines: its kind, and for a jigsaw its
// layout after a colon ("jigsaw:111222333..."), for a killer its cage code
// ("killer:G<<L<K<L<^..."). Parse it with FromKey.
func (v *Variant) Key() string {
	if v.IsKiller() {
		return v.Name + ":" + v.CageCode()
	}
	if v.IsJigsaw() {
		return v.Name + ":" + v.Layout()
	}
	return v.Name
}

// FromKey is the variant Key names.
func FromKey(key string) (*Variant, error) {
	name, layout, ok := strings.Cut(key, ":")
	if !ok {
		if v, err := Gattai(name); err == nil {
			return v, nil
		}
		return Named(name)
	}
	if n, err := KillerSize(name); err == nil {
		return ParseCageCode(n, layout)
	}
	n, err := JigsawSize(name)
	if err != nil {
		return nil, err
	}
	return ParseLayout(n, layout)
}

// JigsawSize is the side of the jigsaw kind name ("jigsaw" 9,
// "jigsaw-6x6" 6); an error for a name that is no jigsaw's.
func JigsawSize(name string) (int, error) {
	if name == "jigsaw" {
		return 9, nil
	}
	var n, m int
	if _, err := fmt.Sscanf(name, "jigsaw-%dx%d", &n, &m); err == nil && n == m && jigsawName(n) == name && n >= 4 && n <= MaxSize {
		return n, nil
	}
	return 0, fmt.Errorf("%w: %q is not a jigsaw (jigsaw, jigsaw-6x6)", ErrVariant, name)
}

// connected reports whether region r of the layout is one piece, its
// cells joined through shared edges.
func connected(n int, layout []int, r int) bool {
	start := slices.Index(layout, r)
	seen := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		row, col := c/n, c%n
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := row+d[0], col+d[1]
			if rr < 0 || rr >= n || cc < 0 || cc >= n {
				continue
			}
			if nb := rr*n + cc; layout[nb] == r && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	return len(seen) == n
}

// Classic is the plain 9x9 as a variant, for code that handles every
// variant alike; classic work itself goes through package engine.
func Classic() *Variant { return must(Sized(9)) }

// Named is a variant by the name a spec or flag gives: classic, 4x4, 6x6,
// 8x8, 9x9, 12x12, 16x16, x, windoku, or a gattai (GattaiKinds: samurai,
// twin, sohei, flower). A jigsaw needs its layout (Jigsaw, ParseLayout,
// FromKey).
func Named(name string) (*Variant, error) {
	switch strings.ToLower(name) {
	case "classic", "9x9":
		return Sized(9)
	case "x":
		return X(), nil
	case "windoku", "hyper":
		return Windoku(), nil
	}
	if slices.Contains(GattaiKinds(), strings.ToLower(name)) {
		return Gattai(strings.ToLower(name))
	}
	var n, m int
	if _, err := fmt.Sscanf(name, "%dx%d", &n, &m); err == nil && n == m && fmt.Sprintf("%dx%d", n, m) == name {
		return Sized(n)
	}
	return nil, fmt.Errorf("%w: %q (want classic, x, windoku, %s, or a size: 4x4, 6x6, 8x8, 12x12, 16x16)", ErrVariant, name, strings.Join(GattaiKinds(), ", "))
}

func must(v *Variant, err error) *Variant {
	if err != nil {
		panic(err) // the package's own constructors
	}
	return v
}

// build derives the houses, each cell's houses and its peers.
func (v *Variant) build() (*Variant, error) {
	if v.IsGattai() {
		v.houses = v.gattaiHouses()
	} else if err := v.squareHouses(); err != nil {
		return nil, err
	}
	return v.derive()
}

// squareHouses makes the houses of a square grid: rows, columns,
// regions, extra houses.
func (v *Variant) squareHouses() error {
	n := v.Size
	v.houses = v.houses[:0]
	for r := range n {
		row := make([]int, n)
		for c := range n {
			row[c] = r*n + c
		}
		v.houses = append(v.houses, row)
	}
	for c := range n {
		col := make([]int, n)
		for r := range n {
			col[r] = r*n + c
		}
		v.houses = append(v.houses, col)
	}
	regions := make([][]int, n)
	for c, r := range v.Regions {
		regions[r] = append(regions[r], c)
	}
	v.houses = append(v.houses, regions...)
	for i, h := range v.Extra {
		if len(h) != n {
			return fmt.Errorf("%w: extra house %d has %d cells, not %d", ErrVariant, i, len(h), n)
		}
		v.houses = append(v.houses, h)
	}
	return nil
}

// derive works out each cell's houses and its peers from the houses.
func (v *Variant) derive() (*Variant, error) {
	cells := v.Cells()
	// Each cell's houses, counted first so that one array holds them all.
	counts := make([]int, cells+1)
	for _, h := range v.houses {
		for _, c := range h {
			counts[c+1]++
		}
	}
	for c := range cells {
		counts[c+1] += counts[c] // now where each cell's list starts
	}
	all := make([]int, counts[cells])
	v.cellHouses = make([][]int, cells)
	for c := range v.cellHouses {
		v.cellHouses[c] = all[counts[c]:counts[c]:counts[c+1]]
	}
	for hi, h := range v.houses {
		for _, c := range h {
			v.cellHouses[c] = append(v.cellHouses[c], hi)
		}
	}
	v.cageOf = nil
	if len(v.Cages) > 0 {
		v.cageOf = make([]int, cells)
		for i, cage := range v.Cages {
			for _, c := range cage.Cells {
				v.cageOf[c] = i
			}
		}
	}
	// Each cell's peers: a bit set of cells, read off in order into one
	// array (no sort, no map: build runs for every killer made).
	v.peers = make([][]int, cells)
	sets := make([]uint64, cells*words(cells))
	total := 0
	for c := range v.peers {
		set := sets[c*words(cells) : (c+1)*words(cells)]
		for _, hi := range v.cellHouses[c] {
			for _, p := range v.houses[hi] {
				set[p/64] |= 1 << (p % 64)
			}
		}
		// A killer's cage mates differ from the cell too.
		if v.cageOf != nil {
			for _, p := range v.Cages[v.cageOf[c]].Cells {
				set[p/64] |= 1 << (p % 64)
			}
		}
		set[c/64] &^= 1 << (c % 64)
		for _, w := range set {
			total += bits.OnesCount64(w)
		}
	}
	peers := make([]int, 0, total)
	for c := range v.peers {
		start := len(peers)
		for i, w := range sets[c*words(cells) : (c+1)*words(cells)] {
			for ; w != 0; w &= w - 1 {
				peers = append(peers, i*64+bits.TrailingZeros64(w))
			}
		}
		v.peers[c] = peers[start:len(peers):len(peers)]
	}
	return v, nil
}

// words is the number of uint64 words a bit set of k cells takes.
func words(k int) int { return (k + 63) / 64 }

// Cells is the number of cells: n², or a gattai's on its sheet.
func (v *Variant) Cells() int {
	if v.IsGattai() {
		return len(v.Sheet.At)
	}
	return v.Size * v.Size
}

// Houses are the variant's houses: rows, then columns, then regions, then
// the extra houses; each a list of n cells. The caller must not change
// them.
func (v *Variant) Houses() [][]int { return v.houses }

// Peers are the cells that share a house with cell c, and in a killer
// its cage, in increasing order.
func (v *Variant) Peers(c int) []int { return v.peers[c] }

// CellName names cell c as players do: r1c1 top left (of a gattai's
// sheet).
func (v *Variant) CellName(c int) string {
	if v.IsGattai() {
		return cellName(v.Sheet.At[c], v.Sheet.Cols)
	}
	return cellName(c, v.Size)
}

func cellName(c, n int) string { return fmt.Sprintf("r%dc%d", c/n+1, c%n+1) }

// Kinds are the kinds of puzzle a spec, a flag or the archive names, in
// the order lists print them.
var Kinds = []string{"classic", "4x4", "6x6", "8x8", "12x12", "16x16", "x", "windoku", "jigsaw", "jigsaw-6x6", "killer", "killer-6x6", "samurai", "twin", "sohei", "flower"}

// Kind is the kind a name stands for as Kinds writes it ("9x9" is
// classic, "hyper" windoku, case aside); an error naming the kinds for
// any other name.
func Kind(name string) (string, error) {
	kind := strings.ToLower(name)
	if v, err := Named(kind); err == nil {
		kind = v.Name
	}
	if !slices.Contains(Kinds, kind) {
		return "", fmt.Errorf("%w: %q (want %s)", ErrVariant, name, strings.Join(Kinds, ", "))
	}
	return kind, nil
}

// ForKind is the variant a kind name stands for (Kind): for a jigsaw or
// killer kind one without a layout, which names the kind and its size and
// serves a Reader, whose lines then carry each puzzle's layout, but no
// solver.
func ForKind(name string) (*Variant, error) {
	kind, err := Kind(name)
	if err != nil {
		return nil, err
	}
	if n, err := KillerSize(kind); err == nil {
		v := must(Sized(n))
		v.Name = kind
		return v, nil
	}
	if n, err := JigsawSize(kind); err == nil {
		return &Variant{Name: kind, Size: n}, nil
	}
	return Named(kind)
}

// LaidOut is the side of a kind whose every puzzle comes with a layout of
// its own, a jigsaw's regions or a killer's cages (Layout); ok false for
// the other kinds, whose geometry the kind fixes.
func LaidOut(kind string) (n int, ok bool) {
	if n, err := JigsawSize(kind); err == nil {
		return n, true
	}
	if n, err := KillerSize(kind); err == nil {
		return n, true
	}
	return 0, false
}
