package enginetest

// CoverCount counts the solutions of g, a grid of side n (row-major, 0
// empty, 1..n), up to limit the plain way, for checking solvers and
// generators only: Sudoku as exact cover (Knuth's Algorithm X on plain
// sets, no dancing links, no propagation of its own; it keeps each
// column's count of live rows and a stack of the rows it removed, so a
// step does not scan every row). A choice is a
// (cell, symbol); the constraints are "cell c is filled" and "house h
// holds symbol s", for the rows, the columns, the regions (each cell's
// region, 0..n-1) and the extra houses, written here from those fields
// and not from any solver's tables.
func CoverCount(n int, regions []int, extra [][]int, g []uint8, limit int) int {
	// The houses again, from the variant's fields.
	var houses [][]int
	for r := range n {
		var h []int
		for c := range n {
			h = append(h, r*n+c)
		}
		houses = append(houses, h)
	}
	for c := range n {
		var h []int
		for r := range n {
			h = append(h, r*n+c)
		}
		houses = append(houses, h)
	}
	for reg := range n {
		var h []int
		for c, r := range regions {
			if r == reg {
				h = append(h, c)
			}
		}
		houses = append(houses, h)
	}
	houses = append(houses, extra...)
	return houseCover(n*n, n, houses, g, limit)
}

// SheetCoverCount is CoverCount for a gattai: 9x9 grids of 3x3 boxes at
// the offsets grids on a sheet cols wide, whose cells are numbered as
// places lists their sheet places (row*cols+column); the houses are each
// grid's rows, columns and boxes, written here from the offsets (a house
// two grids share is listed twice, which asks nothing more).
func SheetCoverCount(grids [][2]int, cols int, places []int, g []uint8, limit int) int {
	cellAt := map[int]int{}
	for c, p := range places {
		cellAt[p] = c
	}
	var houses [][]int
	for _, o := range grids {
		for i := range 9 {
			var row, col, box []int
			for j := range 9 {
				row = append(row, cellAt[(o[0]+i)*cols+o[1]+j])
				col = append(col, cellAt[(o[0]+j)*cols+o[1]+i])
				box = append(box, cellAt[(o[0]+i/3*3+j/3)*cols+o[1]+i%3*3+j%3])
			}
			houses = append(houses, row, col, box)
		}
	}
	return houseCover(len(places), 9, houses, g, limit)
}

// houseCover counts the solutions of g, cells cells of symbols 1..n
// whose houses (n cells each) hold every symbol once, up to limit, as
// exact cover (CoverCount).
func houseCover(cells, n int, houses [][]int, g []uint8, limit int) int {
	// Column ids: cell c is c; (house h, symbol s) is cells + h*n + s.
	columns := cells + len(houses)*n
	var rows [][]int
	for c := range cells {
		for s := range n {
			if g[c] != 0 && int(g[c]) != s+1 {
				continue
			}
			row := []int{c}
			for h, house := range houses {
				for _, x := range house {
					if x == c {
						row = append(row, cells+h*n+s)
					}
				}
			}
			rows = append(rows, row)
		}
	}
	colRows := make([][]int, columns) // the rows that cover each column
	for r, row := range rows {
		for _, col := range row {
			colRows[col] = append(colRows[col], r)
		}
	}
	// Bookkeeping only, so that a step costs what it changes rather than a
	// scan of every row: live counts each column's rows not yet removed,
	// and gone stacks the removed rows, each depth's on top of the last.
	live := make([]int, columns)
	for col, rs := range colRows {
		live[col] = len(rs)
	}
	covered := make([]bool, columns)
	removed := make([]bool, len(rows))
	var gone []int
	remove := func(q int) {
		removed[q] = true
		gone = append(gone, q)
		for _, col := range rows[q] {
			live[col]--
		}
	}
	restore := func(to int) {
		for _, q := range gone[to:] {
			removed[q] = false
			for _, col := range rows[q] {
				live[col]++
			}
		}
		gone = gone[:to]
	}
	count := 0
	var search func()
	search = func() {
		if count >= limit {
			return
		}
		// The uncovered column with fewest live rows: the first of them,
		// or the first with at most one (its row is forced, or none is).
		best, bestN := -1, 1<<30
		for col := range columns {
			if !covered[col] && live[col] < bestN {
				best, bestN = col, live[col]
				if bestN <= 1 {
					break
				}
			}
		}
		if best < 0 {
			count++
			return
		}
		if bestN == 0 {
			return
		}
		for _, r := range colRows[best] {
			if removed[r] {
				continue
			}
			row := rows[r]
			// Take row r: cover its columns, remove every row sharing one.
			mark := len(gone)
			for _, col := range row {
				covered[col] = true
			}
			for _, col := range row {
				for _, q := range colRows[col] {
					if !removed[q] {
						remove(q)
					}
				}
			}
			search()
			restore(mark)
			for _, col := range row {
				covered[col] = false
			}
			if count >= limit {
				return
			}
		}
	}
	search()
	return count
}

func contains(row []int, col int) bool {
	for _, x := range row {
		if x == col {
			return true
		}
	}
	return false
}
