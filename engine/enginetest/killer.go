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
	return killerCount(n, regions, cages, sums, g, limit, false)
}

// KillerCountByCage is KillerCount filling a whole cage at a time, the
// open cage with the fewest ways to fill it (digits that fit by the same
// test, cell after cell) first, and backtracking when one has none: the
// same plain test of each digit in another order, so the count is the
// same, but minimal killers that take KillerCount minutes take it well
// under a second.
func KillerCountByCage(n int, regions []int, cages [][]int, sums []int, g []uint8, limit int) int {
	return killerCount(n, regions, cages, sums, g, limit, true)
}

// killerCount is the plain search, over the cells in row-major order or,
// byCage, cage by cage.
func killerCount(n int, regions []int, cages [][]int, sums []int, g []uint8, limit int, byCage bool) int {
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
	if byCage {
		filled := make([]bool, cells)
		for c, x := range g {
			filled[c] = x != 0
		}
		// fill tries every way to fill cage k's cells from the i-th on,
		// calling then at each and stopping when it returns false.
		var fill func(k, i int, then func() bool) bool
		fill = func(k, i int, then func() bool) bool {
			cage := cages[k]
			for i < len(cage) && filled[cage[i]] {
				i++
			}
			if i == len(cage) {
				return then()
			}
			c := cage[i]
			for x := 1; x <= n; x++ {
				if !fits(c, x) {
					continue
				}
				put(c, x, true)
				filled[c] = true
				more := fill(k, i+1, then)
				filled[c] = false
				put(c, x, false)
				if !more {
					return false
				}
			}
			return true
		}
		var search func()
		search = func() {
			best, least := -1, 0
			for k := range cages {
				if openIn[k] == 0 {
					continue
				}
				ways := 0
				fill(k, 0, func() bool { ways++; return best < 0 || ways < least })
				if best < 0 || ways < least {
					best, least = k, ways
				}
				if ways == 0 {
					return
				}
			}
			if best < 0 {
				count++ // every cage's sum was reached with no cell left
				return
			}
			fill(best, 0, func() bool { search(); return count < limit })
		}
		search()
		return count
	}
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
