package enginetest

// KillerCount counts the solutions of a killer puzzle up to limit the
// plain way, for checking solvers and generators only: backtracking over
// the cells in row-major order, a digit tried in a cell when no filled
// cell of its row, column, region (regions gives each cell's, 0..n-1) or
// cage holds it and the cage's partial sum can still reach its sum (the
// cage's open cells can add at least the smallest, at most the largest
// digits left, so a cage whose last cell is filled has its sum). cages[i] are cage i's cells, sums[i] its sum; g holds the
// givens (0 empty). Written from those fields, not from a solver's
// tables. On 9x9 killers it takes from milliseconds to some seconds.
func KillerCount(n int, regions []int, cages [][]int, sums []int, g []uint8, limit int) int {
	cells := n * n
	cageOf := make([]int, cells)
	for i, cage := range cages {
		for _, c := range cage {
			cageOf[c] = i
		}
	}
	// The digits each row, column, region and cage holds, as bit sets.
	rows, cols, regs, inCage := make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, len(cages))
	partial := make([]int, len(cages)) // each cage's filled cells' sum
	openIn := make([]int, len(cages))  // and its empty cells
	for i, cage := range cages {
		openIn[i] = len(cage)
	}
	put := func(c, x int, on bool) {
		b := uint32(1) << x
		k := cageOf[c]
		if on {
			rows[c/n] |= b
			cols[c%n] |= b
			regs[regions[c]] |= b
			inCage[k] |= b
			partial[k] += x
			openIn[k]--
		} else {
			rows[c/n] &^= b
			cols[c%n] &^= b
			regs[regions[c]] &^= b
			inCage[k] &^= b
			partial[k] -= x
			openIn[k]++
		}
	}
	fits := func(c, x int) bool {
		b := uint32(1) << x
		k := cageOf[c]
		if (rows[c/n]|cols[c%n]|regs[regions[c]]|inCage[k])&b != 0 {
			return false
		}
		return reachable(n, inCage[k]|b, sums[k]-partial[k]-x, openIn[k]-1)
	}
	for c := range cells {
		if x := int(g[c]); x != 0 {
			if x > n || (rows[c/n]|cols[c%n]|regs[regions[c]]|inCage[cageOf[c]])&(1<<x) != 0 {
				return 0
			}
			put(c, x, true)
		}
	}
	for k := range cages {
		if !reachable(n, inCage[k], sums[k]-partial[k], openIn[k]) {
			return 0
		}
	}
	count := 0
	var search func(c int)
	search = func(c int) {
		for c < cells && g[c] != 0 {
			c++
		}
		if c == cells {
			count++ // every cage's sum was reached with no cell left
			return
		}
		for x := 1; x <= n && count < limit; x++ {
			if fits(c, x) {
				put(c, x, true)
				search(c + 1)
				put(c, x, false)
			}
		}
	}
	search(0)
	return count
}

// reachable reports whether open more cells can add up to rest with
// different digits, none of used: rest lies between the smallest and the
// largest sums of open digits not in used.
func reachable(n int, used uint32, rest, open int) bool {
	lo, hi := 0, 0
	for d, k := 1, 0; d <= n && k < open; d++ {
		if used&(1<<d) == 0 {
			lo += d
			k++
		}
	}
	for d, k := n, 0; d >= 1 && k < open; d-- {
		if used&(1<<d) == 0 {
			hi += d
			k++
		}
	}
	return rest >= lo && rest <= hi
}
