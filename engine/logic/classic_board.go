package logic

import "github.com/pressrun/pressrun/engine"

// classic is the geometry of a classic 9x9 Sudoku.
var classic = func() *geometry {
	var houses [][]int
	for _, cells := range engine.Houses() {
		var h []int
		for _, c := range cells {
			h = append(h, int(c))
		}
		houses = append(houses, h)
	}
	g, err := newGeometry(houses, nil, nil)
	if err != nil {
		panic(err)
	}
	g.fishPairs = g.fishPairs[:2] // Sudoku Explainer's fish: rows and columns
	return g
}()

// NewBoard starts a solve: the givens placed and every empty cell's
// candidates reduced by the givens in its row, column and box.
func NewBoard(puzzle Grid) *Board { return newBoardOn(classic, puzzle) }
