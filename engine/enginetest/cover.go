package enginetest

// CoverCount counts the solutions of g, a grid of side n (row-major, 0
// empty, 1..n), up to limit the plain way, for checking solvers and
// generators only: Sudoku as exact cover (Knuth's Algorithm X on plain
// sets, no dancing links, no propagation of its own). A choice is a
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

	cells := n * n
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
	covered := make([]bool, columns)
	removed := make([]int, len(rows)) // >0: removed at that depth
	count := 0
	var search func(depth int)
	search = func(depth int) {
		if count >= limit {
			return
		}
		// The uncovered column with fewest live rows.
		best, bestN := -1, 1<<30
		for col := range columns {
			if covered[col] {
				continue
			}
			k := 0
			for _, r := range colRows[col] {
				if removed[r] == 0 {
					k++
				}
			}
			if k < bestN {
				best, bestN = col, k
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
			if removed[r] != 0 {
				continue
			}
			row := rows[r]
			// Take row r: cover its columns, remove every row sharing one.
			for _, col := range row {
				covered[col] = true
			}
			for _, col := range row {
				for _, q := range colRows[col] {
					if removed[q] == 0 {
						removed[q] = depth + 1
					}
				}
			}
			search(depth + 1)
			for q := range rows {
				if removed[q] == depth+1 {
					removed[q] = 0
				}
			}
			for _, col := range row {
				covered[col] = false
			}
			if count >= limit {
				return
			}
		}
	}
	search(0)
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
