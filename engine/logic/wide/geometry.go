// Code generated from engine/logic/geometry.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pressrun/pressrun/engine/sums"
)

// geometry is a board's houses as the solver reads them: which cells each
// house holds, which houses each cell is in, and what follows from that
// (peers, the cells two houses share, Sudoku Explainer's orders). A board
// and everything that searches it reads its geometry through a pointer,
// made once and only read afterwards.
//
// A geometry is a square board of side n, 4 to maxDigits, with n
// digits, drawn in the top left corner of the frame (size.go: 9x9, or
// 16x16 in package wide): cell r*frameSide+c is row r, column c,
// whatever n, so that cells keep their names (r1c1 top left) and the
// buffers their sizes; the frame's cells off the board are in no house,
// never hold a candidate, and are no cell of the puzzle (onBoard). Its
// houses, n cells each, are rows 0 to n-1, columns n to 2n-1, regions 2n
// to 3n-1 (a classic's boxes, a jigsaw's pieces), then any extra houses
// from 3n (Sudoku X's diagonals, windoku's windows). They fall into
// families: the houses of a family are disjoint, so a cell is in at most
// one house of each (houseOf holds -1 where it is in none). Rows are
// family 0, columns 1, regions 2; the extra houses take families from 3
// on, a house the first family none of whose houses it meets. A classic
// is n = 9.
type geometry struct {
	n, cells int     // the side (the digits, a house's cells); the board's cells
	all      Digits  // the digits 1 to n
	onBoard  cellSet // the frame's cells on the board
	nh, nf   int     // the houses and the families
	houses   [maxHouses][]int
	family   [maxHouses]uint8
	// famHouses lists the houses of each family, in order, and
	// famIndex gives each house's place in its family's list.
	famHouses [maxFamilies][]int
	famIndex  [maxHouses]uint8
	// shareFams are the families in shareOrder's order, and lineFams
	// the rows' and the columns'.
	shareFams, lineFams []int
	// famKind is each family's kind (kindRow, kindCol, kindRegion,
	// kindExtra), and groupFams lists the families whose houses may be
	// of each group.
	famKind   [maxFamilies]uint8
	groupFams [numGroups][]int
	// blocks are the square grids of the board (one, or a gattai's),
	// each its rows and columns in order (block).
	blocks []block
	// fishPairs are the pairs of families (base, cover) findFish takes:
	// rows over columns, columns over rows, then every other ordered pair
	// of families of two houses or more (a classic keeps the first two,
	// as Sudoku Explainer).
	fishPairs [][2]int
	names     [maxHouses]string // "row 3", "column 7", "box 5", "diagonal 1"
	// labels number a gattai's houses within their grids (none on a
	// square board: grid 0).
	labels [maxHouses]houseLabel
	// regionName names the regions (houses 2n to 3n-1) by number: "box
	// %d", or a jigsaw's "region %d".
	regionName string
	// houseOf[c][k] is the house of family k that holds cell c, -1 for
	// none, and houseIndex[c][k] the index of c within it.
	houseOf    [frameCells][maxFamilies]int
	houseIndex [frameCells][maxFamilies]uint8
	// linkOrder is the order Sudoku Explainer looks for the other place
	// of a digit in a cell's houses: box (region), row, column, then the
	// extra families.
	linkOrder []int
	// scan is SE's order of the houses for the subsets of dynamic
	// chains: boxes, columns, rows, then the extra houses.
	scan []int
	// group is what kind of house each house is, for the ladder's
	// choices (a hidden single rates as in a box or as in a line, locked
	// candidates as pointing or claiming), and byGroup lists the houses
	// of each group in order.
	group   [maxHouses]uint8
	byGroup [numGroups][]int
	// seScan is Sudoku Explainer's scan of the houses for singles and
	// subsets: the box-like ones (regions, then the extras like
	// windoku's windows), then the line-like ones (columns, rows, then
	// the extras like Sudoku X's diagonals); boxScan and lineScan are
	// its two parts. On a classic: the boxes, the columns, the rows.
	seScan, boxScan, lineScan []int
	// peers lists the cells that share a house with each cell (20 on a
	// classic), and peerSet holds them as a set.
	peers   [frameCells][]int
	peerSet [frameCells]cellSet
	// isPeer[a][b] reports whether a and b share a house (a != b).
	isPeer [frameCells][frameCells]bool
	// crossMask[h1][h2] holds the positions of h1 (bit i for its i-th
	// cell) that lie in h2.
	crossMask [maxHouses][maxHouses]uint16
	// houseCells holds the cells of each house.
	houseCells [maxHouses]cellSet
	// seOrder[c] lists the peers of c in the order Sudoku Explainer
	// visits them when an "on" candidate switches off its digit
	// elsewhere: the box, then the rest of the row, then the rest of the
	// column, then the rest of the extra houses.
	seOrder [frameCells][]cellIndex
	// sums are a killer's regions of known total (cagesums.go): its
	// cages, then the regions derived from them (a house's innies, or
	// the innies of a few houses, whose digits may repeat).
	sums []sumRegion
	// sumCage is each cell's cage, its index in sums, -1 for none.
	sumCage [frameCells]int
	// killer is a killer's cages and the sum regions derived from them,
	// as its cage rungs read them (killer.go); nil without cages.
	killer *killerGeometry
	// seRank is Sudoku Explainer's order of the houses for strong links
	// (Region.toFullNumber): the regions, the rows, the columns, then the
	// extra houses. shareOrder holds the houses of each family (bit h for
	// house h) in SE's order of a shared house: columns, rows, regions,
	// then the extra families.
	seRank     [maxHouses]uint8
	shareOrder []houseSet
	// The parts of each house that hold a strong link's groups
	// (stronglinks.go): a line's segments (its cells in one region), in
	// the order of their first cells; and a box-like house's rows and
	// its columns (boxLines[h][0] and [1]), in order. crossRow[h][i] and
	// crossCol[h][i] hold the positions of h in the row and in the
	// column of its i-th cell.
	segments           [maxHouses][]uint16
	boxLines           [maxHouses][2][]uint16
	crossRow, crossCol [maxHouses][maxDigits]uint16
	// houseBits holds the houses of each cell, bit h for house h (the
	// unique loops' walk, uniqueloops.go).
	houseBits [frameCells]houseSet
}

// The groups of houses (geometry.group).
const (
	gRegion    = iota // a box, or a jigsaw's region
	gBoxExtra         // an extra house that spans fewer than n rows and n columns (windoku's windows)
	gCol              // a column
	gRow              // a row
	gLineExtra        // an extra house that spans n rows or n columns (Sudoku X's diagonals)
	numGroups
)

// The kinds of house family (geometry.famKind): a family holds houses of
// one kind, rows, columns, regions, or extra houses (of either extra
// group).
const (
	kindRow = iota
	kindCol
	kindRegion
	kindExtra
)

// kindOf is the kind of family of the houses of group g.
func kindOf(g uint8) uint8 {
	switch g {
	case gRow:
		return kindRow
	case gCol:
		return kindCol
	case gRegion:
		return kindRegion
	}
	return kindExtra
}

// block is a square grid of the board: its rows and columns, n each, in
// order, the i-th cell of a row in the i-th column and the i-th cell of a
// column in the i-th row. A square board is one block; a gattai's grids
// are one each.
type block struct{ rows, cols []int }

// houseLabel is a gattai's house as a person names it: its number in its
// kind (row 3), in grid grid (from 1).
type houseLabel struct{ num, grid int }

// layout is a board as newGeometry takes it: its houses, n cells each,
// with their groups and names, the board's cells, and its blocks.
type layout struct {
	n      int
	houses [][]int
	groups []uint8
	names  []string
	labels []houseLabel // none on a square board
	board  []int
	blocks []block
	// regionName names the regions by number, "box %d" or "region %d".
	regionName string
}

// newGeometry makes the geometry of a square board's houses, n cells
// each: rows 0 to n-1, columns n to 2n-1, regions 2n to 3n-1 (boxes
// unless named otherwise), all in the frame's cells, then the extras,
// named by extraNames (one a house). A killer's cages, when given, make
// their cells peers of each other (they hold different digits) without
// being houses (a cage need not hold every digit): SE's order takes a
// cell's cage-mates after its houses. The cages and the regions derived
// from them (killer.go) are the cage rungs' sum regions, and their sums
// the chains' sum rules (cagesums.go).
func newGeometry(houses [][]int, names []string, cages []sums.Cage) (*geometry, error) {
	n := 0
	if len(houses) > 0 {
		n = len(houses[0])
	}
	if n < 4 || n > maxDigits || n > frameSide {
		return nil, fmt.Errorf("logic: houses of %d cells (want 4 to %d)", n, min(maxDigits, frameSide))
	}
	if len(houses) < 3*n || len(houses) > maxHouses {
		return nil, fmt.Errorf("logic: %d houses (want %d to %d)", len(houses), 3*n, maxHouses)
	}
	l := layout{n: n, houses: houses, regionName: "box %d"}
	for r := range n {
		for col := range n {
			l.board = append(l.board, r*frameSide+col)
		}
	}
	l.blocks = []block{{}}
	for h := range houses {
		var group uint8
		switch {
		case h < n:
			group = gRow
			l.blocks[0].rows = append(l.blocks[0].rows, h)
			l.names = append(l.names, fmt.Sprintf("row %d", h+1))
		case h < 2*n:
			group = gCol
			l.blocks[0].cols = append(l.blocks[0].cols, h)
			l.names = append(l.names, fmt.Sprintf("column %d", h-n+1))
		case h < 3*n:
			group = gRegion
			l.names = append(l.names, fmt.Sprintf(l.regionName, h-2*n+1))
		default:
			var rows, cols [frameSide]bool
			nr, nc := 0, 0
			for _, c := range houses[h] {
				if c < 0 || c >= frameCells {
					return nil, fmt.Errorf("logic: house %d has cell %d", h, c)
				}
				if r := c / frameSide; !rows[r] {
					rows[r], nr = true, nr+1
				}
				if col := c % frameSide; !cols[col] {
					cols[col], nc = true, nc+1
				}
			}
			group = gBoxExtra
			if nr == n || nc == n {
				group = gLineExtra
			}
			if h-3*n < len(names) {
				l.names = append(l.names, names[h-3*n])
			} else {
				l.names = append(l.names, fmt.Sprintf("house %d", h+1))
			}
		}
		l.groups = append(l.groups, group)
	}
	return l.geometry(cages)
}

// geometry makes the layout's geometry, with a killer's cages (nil for
// none; newGeometry).
func (l *layout) geometry(cages []sums.Cage) (*geometry, error) {
	n, houses := l.n, l.houses
	if len(houses) > maxHouses {
		return nil, fmt.Errorf("logic: %d houses (at most %d)", len(houses), maxHouses)
	}
	var board cellSet
	for _, c := range l.board {
		if c < 0 || c >= frameCells {
			return nil, fmt.Errorf("logic: a board cell %d off the frame", c)
		}
		board = board.or(cellBit(c))
	}
	var cageOf [frameCells]cellSet // each cell's cage-mates, itself included
	for i, cage := range cages {
		var set cellSet
		for _, c := range cage.Cells {
			if c < 0 || c >= frameCells || !board.has(c) {
				return nil, fmt.Errorf("logic: cage %d has cell %d", i, c)
			}
			set = set.or(cellBit(c))
		}
		for _, c := range cage.Cells {
			cageOf[c] = cageOf[c].or(set)
		}
	}
	g := &geometry{n: n, cells: len(l.board), all: Digits(1<<(n+1) - 2), nh: len(houses), onBoard: board,
		regionName: l.regionName, blocks: l.blocks}
	for c := range g.sumCage {
		g.sumCage[c] = -1
	}
	for i, cage := range cages {
		for _, c := range cage.Cells {
			g.sumCage[c] = i
		}
	}
	for c := range g.houseOf {
		for k := range g.houseOf[c] {
			g.houseOf[c][k] = -1
		}
	}
	// The families: rows in family 0, columns in 1, regions in 2, each
	// house in its kind's first family none of whose houses it meets (a
	// new one, from 3, when there is none: the extra houses, a gattai's
	// overlapping grids).
	g.nf = 3
	g.famKind[0], g.famKind[1], g.famKind[2] = kindRow, kindCol, kindRegion
	for h, cells := range houses {
		if len(cells) != n {
			return nil, fmt.Errorf("logic: house %d has %d cells", h, len(cells))
		}
		g.houses[h] = append([]int(nil), cells...)
		for _, c := range cells {
			if c < 0 || c >= frameCells || !board.has(c) {
				return nil, fmt.Errorf("logic: house %d has cell %d", h, c)
			}
			g.houseCells[h] = g.houseCells[h].or(cellBit(c))
		}
		g.group[h] = l.groups[h]
		kind := kindOf(g.group[h])
		f := int(kind)
		if kind == kindExtra {
			f = 3
		}
		for ; f < g.nf; f = max(f+1, 3) {
			if g.famKind[f] != kind {
				continue
			}
			meets := false
			for o := range h {
				meets = meets || int(g.family[o]) == f && !g.houseCells[o].and(g.houseCells[h]).empty()
			}
			if !meets {
				break
			}
		}
		if f >= maxFamilies {
			return nil, errors.New("logic: the houses overlap in more families than the solver holds")
		}
		if f == g.nf {
			g.famKind[f], g.nf = kind, f+1
		}
		g.family[h] = uint8(f)
		for i, c := range cells {
			if g.houseOf[c][f] >= 0 {
				return nil, fmt.Errorf("logic: cell %d is in houses %d and %d of one family", c, g.houseOf[c][f], h)
			}
			g.houseOf[c][f], g.houseIndex[c][f] = h, uint8(i)
		}
		g.names[h] = l.names[h]
		if l.labels != nil {
			g.labels[h] = l.labels[h]
		}
	}
	for _, c := range l.board {
		var kinds [4]bool
		for f := range g.nf {
			if g.houseOf[c][f] >= 0 {
				kinds[g.famKind[f]] = true
			}
		}
		if !kinds[kindRow] || !kinds[kindCol] || !kinds[kindRegion] {
			return nil, fmt.Errorf("logic: cell %d is not in a row, a column and a region", c)
		}
	}
	for f := range g.nf {
		for gr := range uint8(numGroups) {
			if kindOf(gr) == g.famKind[f] {
				g.groupFams[gr] = append(g.groupFams[gr], f)
			}
		}
	}
	for h := range g.nh {
		g.famIndex[h] = uint8(len(g.famHouses[g.family[h]]))
		g.famHouses[g.family[h]] = append(g.famHouses[g.family[h]], h)
		g.byGroup[g.group[h]] = append(g.byGroup[g.group[h]], h)
	}
	var extras []int // in order
	for h := range g.nh {
		if kindOf(g.group[h]) == kindExtra {
			extras = append(extras, h)
		}
	}
	g.boxScan = append(slices.Clone(g.byGroup[gRegion]), g.byGroup[gBoxExtra]...)
	g.lineScan = append(append(slices.Clone(g.byGroup[gCol]), g.byGroup[gRow]...), g.byGroup[gLineExtra]...)
	g.seScan = append(slices.Clone(g.boxScan), g.lineScan...)
	g.fishPairs = [][2]int{{0, 1}, {1, 0}}
	for f1 := range g.nf {
		for f2 := range g.nf {
			if f1 != f2 && f1+f2 > 1 && len(g.famHouses[f1]) >= 2 && len(g.famHouses[f2]) >= 2 {
				g.fishPairs = append(g.fishPairs, [2]int{f1, f2})
			}
		}
	}
	// SE's orders of the families: a cell's houses for the other place
	// of a digit (linkOrder: the region, the row, the column, then the
	// extras), and a shared house (shareOrder: the column, the row, the
	// region, then the extras).
	byKind := func(order ...uint8) []int {
		var fams []int
		for _, k := range order {
			for f := range g.nf {
				if g.famKind[f] == k {
					fams = append(fams, f)
				}
			}
		}
		return fams
	}
	g.linkOrder = byKind(kindRegion, kindRow, kindCol, kindExtra)
	g.shareFams = byKind(kindCol, kindRow, kindRegion, kindExtra)
	g.lineFams = byKind(kindRow, kindCol)
	for _, f := range g.shareFams {
		var m houseSet
		for _, h := range g.famHouses[f] {
			m = m.or(houseBit(h))
		}
		g.shareOrder = append(g.shareOrder, m)
	}
	// SE's scan: boxes (regions), columns, rows, then the extras; its
	// ranks: the regions, the rows, the columns, then the extras.
	g.scan = slices.Concat(g.byGroup[gRegion], g.byGroup[gCol], g.byGroup[gRow], extras)
	for i, h := range slices.Concat(g.byGroup[gRegion], g.byGroup[gRow], g.byGroup[gCol], extras) {
		g.seRank[h] = uint8(i)
	}
	for h1 := range g.nh {
		for h2 := range g.nh {
			for i, c := range g.houses[h1] {
				if g.houseCells[h2].has(c) {
					g.crossMask[h1][h2] |= 1 << i
				}
			}
		}
	}
	for h := range g.nh {
		for _, c := range g.houses[h] {
			g.houseBits[c] = g.houseBits[c].or(houseBit(h))
		}
		if g.group[h] == gRegion || g.group[h] == gBoxExtra {
			for i, c := range g.houses[h] {
				for j, o := range g.houses[h] {
					if o/frameSide == c/frameSide {
						g.crossRow[h][i] |= 1 << j
					}
					if o%frameSide == c%frameSide {
						g.crossCol[h][i] |= 1 << j
					}
				}
			}
			for k, cross := range [2]*[maxDigits]uint16{&g.crossRow[h], &g.crossCol[h]} {
				var lines [frameSide]uint16 // by row or column
				for i, c := range g.houses[h] {
					lines[[2]int{c / frameSide, c % frameSide}[k]] = cross[i]
				}
				for _, m := range lines {
					if m != 0 {
						g.boxLines[h][k] = append(g.boxLines[h][k], m)
					}
				}
			}
			continue
		}
		for _, c := range g.houses[h] { // by region, in the order of their first cells
			m := g.crossMask[h][g.houseOf[c][2]]
			if !slices.Contains(g.segments[h], m) {
				g.segments[h] = append(g.segments[h], m)
			}
		}
	}
	for c := range frameCells {
		var all cellSet
		for _, f := range g.linkOrder {
			if h := g.houseOf[c][f]; h >= 0 {
				all = all.or(g.houseCells[h])
			}
		}
		all = all.or(cageOf[c])
		for p := range frameCells {
			if p != c && all.has(p) {
				g.peers[c] = append(g.peers[c], p)
				g.isPeer[c][p] = true
				g.peerSet[c] = g.peerSet[c].or(cellBit(p))
			}
		}
		if len(g.peers[c]) > maxPeers {
			return nil, fmt.Errorf("logic: cell %d has %d peers (at most %d)", c, len(g.peers[c]), maxPeers)
		}
		// SE's order: the box, the rest of the row, the rest of the
		// column, then the rest of each extra house.
		var listed cellSet
		for _, f := range g.linkOrder {
			h := g.houseOf[c][f]
			if h < 0 {
				continue
			}
			for _, p := range g.houses[h] {
				if p != c && !listed.has(p) {
					g.seOrder[c] = append(g.seOrder[c], cellIndex(p))
					listed = listed.or(cellBit(p))
				}
			}
		}
		for s := cageOf[c].andNot(listed); !s.empty(); s = s.rest() {
			if p := s.first(); p != c {
				g.seOrder[c] = append(g.seOrder[c], cellIndex(p))
			}
		}
	}
	if len(cages) > 0 {
		g.killer = newKillerGeometry(g, cages)
		sums, err := newSumRegions(cages, g.killer.sums(), n)
		if err != nil {
			return nil, err
		}
		g.sums = sums
	}
	g.sumsApart()
	return g, nil
}
