package logic

import "github.com/pressrun/pressrun/engine"

// geometry is a board's houses as the solver reads them: which cells each
// house holds, which houses each cell is in, and what follows from that
// (peers, the cells two houses share, Sudoku Explainer's orders). A board
// and everything that searches it reads its geometry through a pointer,
// made once and only read afterwards.
type geometry struct {
	// houses lists the cells of rows 0-8, columns 9-17 and boxes 18-26.
	houses [27][9]int
	// houseOf gives the row, column and box house of each cell, and
	// houseIndex[c][k] the index of cell c within its k-th house.
	houseOf    [81][3]int
	houseIndex [81][3]uint8
	// peers lists the 20 cells that share a house with each cell, and
	// peerSet holds them as a set.
	peers   [81][20]int
	peerSet [81]cellSet
	// isPeer[a][b] reports whether a and b share a house (a != b).
	isPeer [81][81]bool
	// crossMask[h1][h2] holds the positions of h1 (bit i for its i-th
	// cell) that lie in h2.
	crossMask [27][27]uint16
	// houseCells holds the cells of each house.
	houseCells [27]cellSet
	// seOrder[c] lists the peers of c in the order Sudoku Explainer
	// visits them when an "on" candidate switches off its digit
	// elsewhere: the box, then the rest of the row, then the rest of the
	// column.
	seOrder [81][20]uint8
}

// classic is the geometry of a classic 9x9 Sudoku.
var classic = newClassicGeometry()

func newClassicGeometry() *geometry {
	g := &geometry{}
	for h, cells := range engine.Houses() {
		for i, c := range cells {
			g.houses[h][i] = int(c)
		}
	}
	for c, ps := range engine.Peers() {
		g.houseOf[c] = [3]int{engine.Row(c), 9 + engine.Col(c), 18 + engine.Box(c)}
		for n, p := range ps {
			g.peers[c][n] = int(p)
			g.isPeer[c][p] = true
			g.peerSet[c] = g.peerSet[c].or(cellBit(int(p)))
		}
	}
	for h := 0; h < 27; h++ {
		for i, c := range g.houses[h] {
			g.houseIndex[c][h/9] = uint8(i)
			g.houseCells[h] = g.houseCells[h].or(cellBit(c))
		}
	}
	for h1 := 0; h1 < 27; h1++ {
		for h2 := 0; h2 < 27; h2++ {
			for i, c := range g.houses[h1] {
				if g.houseOf[c][0] == h2 || g.houseOf[c][1] == h2 || g.houseOf[c][2] == h2 {
					g.crossMask[h1][h2] |= 1 << i
				}
			}
		}
	}
	for c := 0; c < 81; c++ {
		n := 0
		for _, p := range g.houses[g.houseOf[c][2]] {
			if p != c {
				g.seOrder[c][n] = uint8(p)
				n++
			}
		}
		for _, k := range [2]int{0, 1} {
			for _, p := range g.houses[g.houseOf[c][k]] {
				if p != c && g.houseOf[p][2] != g.houseOf[c][2] {
					g.seOrder[c][n] = uint8(p)
					n++
				}
			}
		}
	}
	return g
}
