package logic

import (
	"math/bits"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"
)

// group is what kind of house a house is, for the ladder's choices: a
// hidden single rates as in a box or as in a line, locked candidates as
// pointing or claiming, and the scans go in Sudoku Explainer's order.
type group uint8

const (
	gRegion    group = iota // a box, or a jigsaw's region
	gBoxExtra               // an extra house that spans fewer than n rows and n columns (windoku's windows)
	gCol                    // a column
	gRow                    // a row
	gLineExtra              // an extra house that spans n rows or n columns (Sudoku X's diagonals)
	numGroups
)

// boxLike reports whether a house of the group rates as a box.
func (g group) boxLike() bool { return g == gRegion || g == gBoxExtra }

// cellSet is a set of cells, bit c for cell c, for up to 256 cells.
type cellSet [4]uint64

func (s *cellSet) add(c int)     { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) and(t cellSet) cellSet {
	return cellSet{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}
func (s cellSet) or(t cellSet) cellSet {
	return cellSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}
func (s cellSet) andNot(t cellSet) cellSet {
	return cellSet{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}
func (s cellSet) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

func (s cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// first is the smallest cell of the set, -1 for the empty set.
func (s cellSet) first() int {
	for w, x := range s {
		if x != 0 {
			return w<<6 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// rest is the set without its first cell.
func (s cellSet) rest() cellSet {
	for w, x := range s {
		if x != 0 {
			s[w] = x & (x - 1)
			return s
		}
	}
	return s
}

func cellBit(c int) cellSet {
	var s cellSet
	s.add(c)
	return s
}

// list is the set's cells in increasing order.
func (s cellSet) list() []int {
	var out []int
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			out = append(out, w<<6+bits.TrailingZeros64(x))
		}
	}
	return out
}

// geometry is what the ladder reads of a variant, made once per Solver:
// its houses with their groups, the scan order, and peer and house sets.
type geometry struct {
	v      *variant.Variant
	n      int
	cells  int
	all    uint32    // the candidate bits of every symbol: bit s-1 for symbol s
	houses [][]int   // the variant's houses
	group  []group   // each house's group
	byGrp  [][]int   // the houses of each group, in order
	scan   []int     // Sudoku Explainer's scan order: boxes, columns, rows, then the extras
	inside []cellSet // each house's cells
	peers  []cellSet // each cell's peers
	plist  [][]int   // each cell's peers as a list
	// cellHouses lists each cell's houses.
	cellHouses [][]int
	names      []string // the houses' names for the step texts
	cellNames  []string // the cells' names, r1c1 top left
	say        sayer    // the step texts' language
}

func newGeometry(v *variant.Variant, pb Phrasebook) *geometry {
	n := v.Size
	g := &geometry{v: v, n: n, cells: n * n, all: 1<<n - 1, houses: v.Houses(), say: sayer{pb: pb}}
	g.group = make([]group, len(g.houses))
	g.byGrp = make([][]int, numGroups)
	g.inside = make([]cellSet, len(g.houses))
	g.names = make([]string, len(g.houses))
	g.cellHouses = make([][]int, g.cells)
	extra := 0
	for h, cells := range g.houses {
		switch {
		case h < n:
			g.group[h], g.names[h] = gRow, g.say.f("row %d", h+1)
		case h < 2*n:
			g.group[h], g.names[h] = gCol, g.say.f("column %d", h-n+1)
		case h < 3*n:
			g.group[h], g.names[h] = gRegion, g.say.f("box %d", h-2*n+1)
			if v.IsJigsaw() {
				g.names[h] = g.say.f("region %d", h-2*n+1)
			}
		default:
			extra++
			g.group[h], g.names[h] = gBoxExtra, g.say.f("window %d", extra)
			rows, cols := map[int]bool{}, map[int]bool{}
			for _, c := range cells {
				rows[c/n], cols[c%n] = true, true
			}
			if len(rows) == n || len(cols) == n {
				g.group[h], g.names[h] = gLineExtra, g.say.f("diagonal %d", extra)
			}
		}
		g.byGrp[g.group[h]] = append(g.byGrp[g.group[h]], h)
		for _, c := range cells {
			g.inside[h].add(c)
			g.cellHouses[c] = append(g.cellHouses[c], h)
		}
	}
	for _, gr := range []group{gRegion, gBoxExtra, gCol, gRow, gLineExtra} {
		g.scan = append(g.scan, g.byGrp[gr]...)
	}
	g.cellNames = make([]string, g.cells)
	for c := range g.cells {
		g.cellNames[c] = v.CellName(c)
	}
	g.setPeers()
	return g
}

// withCages is g for v, a variant of g's houses with other cages: a new
// geometry that shares g's tables of the houses and has v's peers.
func (g *geometry) withCages(v *variant.Variant) *geometry {
	w := *g
	w.v, w.houses = v, v.Houses()
	w.setPeers()
	return &w
}

// setPeers sets the peers of each cell from g.v.
func (g *geometry) setPeers() {
	g.peers = make([]cellSet, g.cells)
	g.plist = make([][]int, g.cells)
	for c := range g.cells {
		g.plist[c] = g.v.Peers(c)
		for _, p := range g.plist[c] {
			g.peers[c].add(p)
		}
	}
}

// cellName names cell c: r1c1 top left.
func (g *geometry) cellName(c int) string { return g.cellNames[c] }

func (g *geometry) cellsName(cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = g.cellName(c)
	}
	return strings.Join(parts, ", ")
}

// symbolName writes a symbol as the variant's line form does.
// (or as the book prints them: Solver.PrintSymbols).
func (g *geometry) symbolName(s int) string {
	if g.say.labels != nil {
		return g.say.labels[s-1]
	}
	return string(variant.DefaultSymbols(g.n)[s-1])
}

// symbolsName writes a set of symbols, in increasing order: run together
// ("589"), or with commas between labels of two characters ("5,10,12").
func (g *geometry) symbolsName(x uint32) string {
	var b strings.Builder
	for ; x != 0; x &= x - 1 {
		if b.Len() > 0 {
			b.WriteString(g.say.sep)
		}
		b.WriteString(g.symbolName(bits.TrailingZeros32(x) + 1))
	}
	return b.String()
}

// board is a position of a solve: the symbols placed and the candidates
// left. Symbol s is bit s-1 of a candidate set.
type board struct {
	*geometry
	val   []uint8  // placed symbols, 0 for empty
	cand  []uint32 // candidates of each empty cell, 0 once placed
	empty int
	// held holds the cells holding each symbol, at held[s-1]. place and
	// eliminate keep it up to date.
	held []cellSet
	// emptyIn counts the empty cells of each house.
	emptyIn []int
}

// newBoard is the position of puzzle's givens on g: each given placed,
// and taken from its peers' candidates. Where the peers are the houses'
// cells (every variant but a killer with givens), it is worked out in one
// pass over the houses (newBoardByHouses), the same board faster than a
// placement at a time (newBoardByPlacing).
func newBoard(g *geometry, puzzle variant.Grid) *board {
	if g.v.IsKiller() && puzzle.Clues() > 0 {
		return newBoardByPlacing(g, puzzle)
	}
	return newBoardByHouses(g, puzzle)
}

// emptyBoard is a board of g without a digit, every candidate open.
func emptyBoard(g *geometry) *board {
	return &board{geometry: g, val: make([]uint8, g.cells), cand: make([]uint32, g.cells),
		empty: g.cells, held: make([]cellSet, g.n), emptyIn: make([]int, len(g.houses))}
}

// newBoardByPlacing places the givens one by one.
func newBoardByPlacing(g *geometry, puzzle variant.Grid) *board {
	b := emptyBoard(g)
	for c := range b.cand {
		b.cand[c] = g.all
		for s := range g.n {
			b.held[s].add(c)
		}
	}
	for h := range b.emptyIn {
		b.emptyIn[h] = g.n
	}
	for c, x := range puzzle {
		if x != 0 {
			b.place(c, int(x))
		}
	}
	return b
}

// newBoardByHouses works the position out from the houses: a cell's
// candidates are the symbols none of its houses holds, and the houses'
// counts of empty cells follow. Its peers must be its houses' cells.
func newBoardByHouses(g *geometry, puzzle variant.Grid) *board {
	b := emptyBoard(g)
	used := make([]uint32, len(g.houses))
	for h, cells := range g.houses {
		for _, c := range cells {
			if x := puzzle[c]; x != 0 {
				used[h] |= bit(int(x))
			} else {
				b.emptyIn[h]++
			}
		}
	}
	for c, x := range puzzle {
		if x != 0 {
			b.val[c] = uint8(x)
			b.empty--
			continue
		}
		m := g.all
		for _, h := range g.cellHouses[c] {
			m &^= used[h]
		}
		b.cand[c] = m
		for ; m != 0; m &= m - 1 {
			b.held[bits.TrailingZeros32(m)].add(c)
		}
	}
	return b
}

func bit(s int) uint32 { return 1 << (s - 1) }

// first is the smallest symbol of a non-empty set.
func first(x uint32) int { return bits.TrailingZeros32(x) + 1 }

func count(x uint32) int { return bits.OnesCount32(x) }

// place puts s in cell c and takes s from its peers' candidates.
func (b *board) place(c, s int) {
	if b.val[c] == 0 {
		b.empty--
		for _, h := range b.cellHouses[c] {
			b.emptyIn[h]--
		}
	}
	for x := b.cand[c]; x != 0; x &= x - 1 {
		b.eliminate(c, first(x))
	}
	b.val[c] = uint8(s)
	for _, p := range b.plist[c] {
		b.eliminate(p, s)
	}
}

// eliminate takes s from the candidates of c.
func (b *board) eliminate(c, s int) {
	if b.cand[c]&bit(s) == 0 {
		return
	}
	b.cand[c] &^= bit(s)
	b.held[s-1][c>>6] &^= 1 << (c & 63)
}

// holding is the set of empty cells with s as a candidate.
func (b *board) holding(s int) cellSet { return b.held[s-1] }
