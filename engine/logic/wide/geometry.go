// Code generated from engine/logic/geometry.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pressrun/pressrun/engine/variant"
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
	// fishPairs are the pairs of families (base, cover) findFish takes:
	// rows over columns, columns over rows, then every other ordered pair
	// of families of two houses or more (a classic keeps the first two,
	// as Sudoku Explainer).
	fishPairs [][2]int
	names     [maxHouses]string // "row 3", "column 7", "box 5", "diagonal 1"
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
	seOrder [frameCells][]uint8
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
	shareOrder []uint64
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
	houseBits [frameCells]uint64
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

// newGeometry makes the geometry of the houses, n cells each: rows 0 to
// n-1, columns n to 2n-1, regions 2n to 3n-1 (boxes unless named
// otherwise), all in the frame's cells, then the extras, named
// by extraNames (one a house). A killer's cages, when given, make their
// cells peers of each other (they hold different digits) without being
// houses (a cage need not hold every digit): SE's order takes a cell's
// cage-mates after its houses. The cages and the regions derived from
// them (killer.go) are the cage rungs' sum regions, and their sums the
// chains' sum rules (cagesums.go).
func newGeometry(houses [][]int, names []string, cages []variant.Cage) (*geometry, error) {
	n := 0
	if len(houses) > 0 {
		n = len(houses[0])
	}
	if n < 4 || n > maxDigits {
		return nil, fmt.Errorf("logic: houses of %d cells (want 4 to %d)", n, maxDigits)
	}
	if len(houses) < 3*n || len(houses) > maxHouses {
		return nil, fmt.Errorf("logic: %d houses (want %d to %d)", len(houses), 3*n, maxHouses)
	}
	cells := n * n
	var cageOf [frameCells]cellSet // each cell's cage-mates, itself included
	for i, cage := range cages {
		var set cellSet
		for _, c := range cage.Cells {
			if c < 0 || c >= frameCells || c%frameSide >= n || c/frameSide >= n {
				return nil, fmt.Errorf("logic: cage %d has cell %d", i, c)
			}
			set = set.or(cellBit(c))
		}
		for _, c := range cage.Cells {
			cageOf[c] = cageOf[c].or(set)
		}
	}
	g := &geometry{n: n, cells: cells, all: Digits(1<<(n+1) - 2), nh: len(houses), nf: 3, regionName: "box %d"}
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
	for h, cells := range houses {
		if len(cells) != n {
			return nil, fmt.Errorf("logic: house %d has %d cells", h, len(cells))
		}
		g.houses[h] = append([]int(nil), cells...)
		for _, c := range cells {
			if c < 0 || c >= frameCells || c%frameSide >= n || c/frameSide >= n {
				return nil, fmt.Errorf("logic: house %d has cell %d", h, c)
			}
			g.houseCells[h] = g.houseCells[h].or(cellBit(c))
		}
		switch {
		case h < 3*n:
			g.family[h] = uint8(h / n)
		default:
			f := 3
			for ; f < g.nf; f++ {
				meets := false
				for o := 3 * n; o < h; o++ {
					meets = meets || int(g.family[o]) == f && !g.houseCells[o].and(g.houseCells[h]).empty()
				}
				if !meets {
					break
				}
			}
			if f == maxFamilies {
				return nil, errors.New("logic: the extra houses overlap in more than two families")
			}
			g.family[h], g.nf = uint8(f), max(g.nf, f+1)
		}
		for i, c := range cells {
			f := g.family[h]
			if g.houseOf[c][f] >= 0 {
				return nil, fmt.Errorf("logic: cell %d is in houses %d and %d of one family", c, g.houseOf[c][f], h)
			}
			g.houseOf[c][f], g.houseIndex[c][f] = h, uint8(i)
		}
		switch {
		case h < n:
			g.names[h] = fmt.Sprintf("row %d", h+1)
		case h < 2*n:
			g.names[h] = fmt.Sprintf("column %d", h-n+1)
		case h < 3*n:
			g.names[h] = fmt.Sprintf(g.regionName, h-2*n+1)
		case h-3*n < len(names):
			g.names[h] = names[h-3*n]
		default:
			g.names[h] = fmt.Sprintf("house %d", h+1)
		}
	}
	for r := range n {
		for col := range n {
			c := r*frameSide + col
			g.onBoard = g.onBoard.or(cellBit(c))
			for f := range 3 {
				if g.houseOf[c][f] < 0 {
					return nil, fmt.Errorf("logic: cell %d is in no house of family %d", c, f)
				}
			}
		}
	}
	for h := range g.nh {
		g.famIndex[h] = uint8(len(g.famHouses[g.family[h]]))
		g.famHouses[g.family[h]] = append(g.famHouses[g.family[h]], h)
		switch {
		case h < n:
			g.group[h] = gRow
		case h < 2*n:
			g.group[h] = gCol
		case h < 3*n:
			g.group[h] = gRegion
		default:
			var rows, cols [frameSide]bool
			nr, nc := 0, 0
			for _, c := range g.houses[h] {
				if r := c / frameSide; !rows[r] {
					rows[r], nr = true, nr+1
				}
				if col := c % frameSide; !cols[col] {
					cols[col], nc = true, nc+1
				}
			}
			g.group[h] = gBoxExtra
			if nr == n || nc == n {
				g.group[h] = gLineExtra
			}
		}
		g.byGroup[g.group[h]] = append(g.byGroup[g.group[h]], h)
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
	g.linkOrder = []int{2, 0, 1}
	for f := 3; f < g.nf; f++ {
		g.linkOrder = append(g.linkOrder, f)
	}
	// SE's scan: boxes (regions), columns, rows, then the extras.
	for i := range n {
		g.scan = append(g.scan, 2*n+i)
	}
	for i := range n {
		g.scan = append(g.scan, n+i)
	}
	for i := range n {
		g.scan = append(g.scan, i)
	}
	for h := 3 * n; h < g.nh; h++ {
		g.scan = append(g.scan, h)
	}
	for h := range g.nh {
		g.seRank[h] = uint8(h)
		if h < 3*n {
			g.seRank[h] = uint8((h + n) % (3 * n))
		}
	}
	for _, f := range append([]int{1, 0, 2}, g.linkOrder[3:]...) {
		var m uint64
		for _, h := range g.famHouses[f] {
			m |= 1 << h
		}
		g.shareOrder = append(g.shareOrder, m)
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
			g.houseBits[c] |= 1 << h
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
					g.seOrder[c] = append(g.seOrder[c], uint8(p))
					listed = listed.or(cellBit(p))
				}
			}
		}
		for s := cageOf[c].andNot(listed); !s.empty(); s = s.rest() {
			if p := s.first(); p != c {
				g.seOrder[c] = append(g.seOrder[c], uint8(p))
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
