package engine

import (
	"errors"
	"math/bits"
	"math/rand/v2"
)

// The exact solver works on bitboards, one per digit and band: board
// d*3+b holds the cells (bit r*9+c for row r of the band, column c) where
// digit d+1 may still go in band b. Within one band a digit must sit once in
// each of the three rows and once in each of the three boxes, so the rows'
// occupied "minirows" (row x box segments) must contain a permutation; one
// table lookup keeps only the minirows that take part in one. This is
// JCZSolve's design, written afresh: it finds hidden singles in rows and
// boxes and locked candidates between rows and boxes in a few instructions,
// and naked singles come from a bit-sliced count of candidates per cell.

const bandMask = 1<<27 - 1

// state is one node of the search.
type state struct {
	f        [27]uint32 // candidates: digit d in band b at f[d*3+b]
	seen     [27]uint32
	unsolved [3]uint32 // cells of each band not yet fixed
	solved   [3]uint32 // per band, bit d*3+r: digit d is fixed in row r
	pairs    [3]uint32 // cells with two candidates, as propagate left them
}

// Solver counts the solutions of puzzles. It holds its own search stack,
// so a call allocates nothing; a Solver is not safe for concurrent use (use
// one per goroutine). The zero value is ready to use.
type Solver struct {
	stack [82]state
	// Guesses is the number of guesses (branchings) of the last call: a
	// cheap measure of how much search a puzzle needs.
	Guesses int
}

// CountSolutions returns the number of solutions of g, stopping at limit
// (a limit below 1 counts as 1), and the first solution found when there is
// at least one. Limit 2 is the uniqueness check: 0 no solution, 1 unique,
// 2 two or more.
func (s *Solver) CountSolutions(g Grid, limit int) (int, Grid) {
	if !s.stack[0].init(g) {
		s.Guesses = 0
		return 0, Grid{}
	}
	return s.search(limit, nil, true)
}

// HasOtherSolution reports whether the puzzle g, whose solution is
// solution, has a second solution once the given at cell is removed: the
// question a generator asks before taking a clue away. It is cheaper than a
// full count because it only looks for solutions with another digit there.
func (s *Solver) HasOtherSolution(g, solution Grid, cell int) bool {
	g[cell] = 0
	st := &s.stack[0]
	if !st.init(g) {
		return false
	}
	st.f[int(solution[cell]-1)*3+cell/27] &^= 1 << (cell % 27)
	n, _ := s.search(1, nil, false)
	return n > 0
}

// hasOtherSolution is HasOtherSolution of the puzzle whose givens are gv,
// which it leaves as they were.
func (s *Solver) hasOtherSolution(gv *givens, solution Grid, cell int) bool {
	d := int(solution[cell])
	b, bit := cell/27, uint32(1)<<(cell%27)
	x, out, taken := gv.x[d-1][b], gv.out[d-1], gv.taken[b]
	gv.remove(cell, d)
	st := &s.stack[0]
	st.initFrom(gv)
	gv.x[d-1][b], gv.out[d-1], gv.taken[b] = x, out, taken
	st.f[(d-1)*3+b] &^= bit
	n, _ := s.search(1, nil, false)
	return n > 0
}

// RandomSolution returns a random complete grid: a random first row, then a
// search that tries the candidates of each guessed cell in random order.
func (s *Solver) RandomSolution(rng *rand.Rand) Grid {
	var g Grid
	perm := rng.Perm(9)
	for c := 0; c < 9; c++ {
		g[c] = uint8(perm[c] + 1)
	}
	s.stack[0].init(g)
	_, sol := s.search(1, rng, true)
	return sol
}

// search runs the depth-first search from s.stack[0] until limit solutions
// are found or the tree is exhausted. With rng, a guessed cell's digit is
// chosen at random instead of the lowest. The first solution is read off
// only when wantGrid is set.
func (s *Solver) search(limit int, rng *rand.Rand, wantGrid bool) (int, Grid) {
	if limit < 1 {
		limit = 1
	}
	s.Guesses = 0
	var first Grid
	count := 0
	sp := 0
	for sp >= 0 {
		st := &s.stack[sp]
		if !st.propagate() {
			sp--
			continue
		}
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			count++
			if count == 1 && wantGrid {
				first = st.grid()
			}
			if count >= limit {
				break
			}
			sp--
			continue
		}
		b, bit, d := st.guessCell()
		if rng != nil {
			d = st.randomDigit(b, bit, rng)
		}
		s.Guesses++
		// The child tries digit d in the cell; this level, when the search
		// comes back to it, goes on without d there.
		child := &s.stack[sp+1]
		*child = *st
		child.place(d, b, bit)
		st.f[d*3+b] &^= bit
		sp++
	}
	return count, first
}

// Solve returns the first solution of g and the number of solutions up to
// two (0, 1, or 2 meaning two or more).
func (s *Solver) Solve(g Grid) (Grid, int) {
	n, sol := s.CountSolutions(g, 2)
	return sol, n
}

// Errors of SolveUnique, with the words the command line reports.
var (
	ErrNoSolution    = errors.New("puzzle has no solution")
	ErrManySolutions = errors.New("puzzle has 2 or more solutions")
)

// SolveUnique returns the solution of g when it has exactly one, and
// otherwise ErrNoSolution or ErrManySolutions.
func (s *Solver) SolveUnique(g Grid) (Grid, error) {
	switch sol, n := s.Solve(g); n {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sol, nil
	}
	return Grid{}, ErrManySolutions
}

// Unique reports whether g has exactly one solution.
func (s *Solver) Unique(g Grid) bool {
	if !s.stack[0].init(g) {
		s.Guesses = 0
		return false
	}
	n, _ := s.search(2, nil, false)
	return n == 1
}

// CountSolutions is Solver.CountSolutions on a fresh Solver, for callers
// outside hot loops.
func CountSolutions(g Grid, limit int) (int, Grid) {
	var s Solver
	return s.CountSolutions(g, limit)
}

// init sets up the root state from the givens, all at once: each digit
// keeps, in each band, the cells off its givens' rows, columns and boxes
// and off other givens, plus its own givens. It returns false if two
// givens clash.
func (st *state) init(g Grid) bool {
	var given [10][3]uint32 // per digit; index 9 collects the empty cells
	for b := 0; b < 3; b++ {
		for p := 0; p < 27; p++ {
			v := g[b*27+p]
			d := (int(v) + 9) % 10
			if d > 9 {
				return false
			}
			given[d][b] |= 1 << uint(p)
		}
	}
	taken := [3]uint32{^given[9][0] & bandMask, ^given[9][1] & bandMask, ^given[9][2] & bandMask}
	st.unsolved = [3]uint32{bandMask, bandMask, bandMask}
	st.solved = [3]uint32{}
	// What ruledOut gives, worked out here with the checks and no call
	// per digit: every solve begins here.
	for d := 0; d < 9; d++ {
		x0, x1, x2 := given[d][0], given[d][1], given[d][2]
		cols := (x0 | x0>>9 | x0>>18 | x1 | x1>>9 | x1>>18 | x2 | x2>>9 | x2>>18) & 0x1ff
		n := bits.OnesCount32(x0) + bits.OnesCount32(x1) + bits.OnesCount32(x2)
		if bits.OnesCount32(cols) != n {
			return false // two in a column
		}
		colMask := cols | cols<<9 | cols<<18
		for b, x := range [3]uint32{x0, x1, x2} {
			rows := nonZero(x&0x1ff) | nonZero(x>>9&0x1ff)<<1 | nonZero(x>>18)<<2
			boxes := uint32(minirowBits[(x|x>>9|x>>18)&0x1ff])
			if bits.OnesCount32(rows) != bits.OnesCount32(x) || bits.OnesCount32(boxes) != bits.OnesCount32(x) {
				return false // two in a row or a box
			}
			st.f[d*3+b] = bandMask&^(taken[b]|colMask|rowsMask[rows]|boxesMask[boxes]) | x
			st.seen[d*3+b] = 0
		}
	}
	return true
}

// ruledOut is, for a digit whose givens are x (per band, none sharing a
// house), the cells its givens take from it in each band: their rows,
// columns and boxes.
func ruledOut(x [3]uint32) (out [3]uint32) {
	x0, x1, x2 := x[0], x[1], x[2]
	cols := (x0 | x0>>9 | x0>>18 | x1 | x1>>9 | x1>>18 | x2 | x2>>9 | x2>>18) & 0x1ff
	colMask := cols | cols<<9 | cols<<18
	for b, x := range x {
		rows := nonZero(x&0x1ff) | nonZero(x>>9&0x1ff)<<1 | nonZero(x>>18)<<2
		out[b] = colMask | rowsMask[rows] | boxesMask[uint32(minirowBits[(x|x>>9|x>>18)&0x1ff])]
	}
	return out
}

// givens are a valid puzzle's givens as a root state is made of them,
// kept up to date while a generator takes them away one by one: init
// reads all 81 cells again for each clue it tries, a quarter of digging.
type givens struct {
	x, out [9][3]uint32 // each digit's givens per band, and ruledOut's
	taken  [3]uint32    // the cells given
}

// set makes gv the givens of the valid puzzle g.
func (gv *givens) set(g Grid) {
	*gv = givens{}
	for c, v := range g {
		if v != 0 {
			gv.x[v-1][c/27] |= 1 << (c % 27)
			gv.taken[c/27] |= 1 << (c % 27)
		}
	}
	for d := range gv.x {
		gv.out[d] = ruledOut(gv.x[d])
	}
}

// remove takes away the given at cell, of digit d (1-9).
func (gv *givens) remove(cell, d int) {
	b, bit := cell/27, uint32(1)<<(cell%27)
	gv.x[d-1][b] &^= bit
	gv.taken[b] &^= bit
	gv.out[d-1] = ruledOut(gv.x[d-1])
}

// initFrom sets up the root state of gv, as init does of its puzzle.
func (st *state) initFrom(gv *givens) {
	st.unsolved = [3]uint32{bandMask, bandMask, bandMask}
	st.solved = [3]uint32{}
	for d := range gv.x {
		for b, x := range gv.x[d] {
			st.f[d*3+b] = bandMask&^(gv.taken[b]|gv.out[d][b]) | x
			st.seen[d*3+b] = 0
		}
	}
}

// nonZero is 1 when x is not 0, 0 when it is, without a branch.
func nonZero(x uint32) uint32 { return (x | -x) >> 31 }

// place fixes digit d in the cell bit of band b on d's own board; the
// propagation carries it to the other digits and bands.
func (st *state) place(d, b int, bit uint32) {
	p := bits.TrailingZeros32(bit)
	st.f[d*3+b] &= ^peersInBand[p] | bit
}

// propagate applies band constraints and singles until nothing changes.
// It returns false on a contradiction.
func (st *state) propagate() bool {
	for {
		for changed := true; changed; {
			changed = false
			for d := 0; d < 9; d++ {
				i := d * 3
				_ = st.f[i+2]
				_ = st.seen[i+2]
				if (st.f[i]^st.seen[i])|(st.f[i+1]^st.seen[i+1])|(st.f[i+2]^st.seen[i+2]) == 0 {
					continue
				}
				changed = true
				// The three bands, unrolled by hand: with constant band
				// numbers the compiler drops the index arithmetic and the
				// bounds checks, about 10% of the solver's time. Each block
				// applies the band rule, locks columns in the other two
				// bands (a column alone in its stack holds the digit for
				// this band's box; two shared with another band close to
				// the third), and fixes the rows left with one cell.
				// Band 0.
				if x := st.f[i+0]; x != st.seen[i+0] {
					x &= minirowsAllowed[minirowsOf(x)&511]
					if x == 0 {
						return false
					}
					c := (x | x>>9 | x>>18) & 0x1ff
					y1, y2 := st.f[i+1], st.f[i+2]
					c1 := (y1 | y1>>9 | y1>>18) & 0x1ff
					c2 := (y2 | y2>>9 | y2>>18) & 0x1ff
					st.f[i+1] = y1 & columnsLocked[c] & columnsLocked2[c|c2]
					st.f[i+2] = y2 & columnsLocked[c] & columnsLocked2[c|c1]
					st.seen[i+0] = x
					rows := singleRow[x&0x1ff] | singleRow[x>>9&0x1ff]<<1 | singleRow[x>>18&0x1ff]<<2
					if rows &^= st.solved[0] >> uint(i) & 7; rows != 0 {
						st.solved[0] |= rows << uint(i)
						cells := x & rowsMask[rows&7]
						st.unsolved[0] &^= cells
						st.clearCells(0, cells)
					}
					st.f[i+0] = x
				}
				// Band 1.
				if x := st.f[i+1]; x != st.seen[i+1] {
					x &= minirowsAllowed[minirowsOf(x)&511]
					if x == 0 {
						return false
					}
					c := (x | x>>9 | x>>18) & 0x1ff
					y1, y2 := st.f[i+0], st.f[i+2]
					c1 := (y1 | y1>>9 | y1>>18) & 0x1ff
					c2 := (y2 | y2>>9 | y2>>18) & 0x1ff
					st.f[i+0] = y1 & columnsLocked[c] & columnsLocked2[c|c2]
					st.f[i+2] = y2 & columnsLocked[c] & columnsLocked2[c|c1]
					st.seen[i+1] = x
					rows := singleRow[x&0x1ff] | singleRow[x>>9&0x1ff]<<1 | singleRow[x>>18&0x1ff]<<2
					if rows &^= st.solved[1] >> uint(i) & 7; rows != 0 {
						st.solved[1] |= rows << uint(i)
						cells := x & rowsMask[rows&7]
						st.unsolved[1] &^= cells
						st.clearCells(1, cells)
					}
					st.f[i+1] = x
				}
				// Band 2.
				if x := st.f[i+2]; x != st.seen[i+2] {
					x &= minirowsAllowed[minirowsOf(x)&511]
					if x == 0 {
						return false
					}
					c := (x | x>>9 | x>>18) & 0x1ff
					y1, y2 := st.f[i+0], st.f[i+1]
					c1 := (y1 | y1>>9 | y1>>18) & 0x1ff
					c2 := (y2 | y2>>9 | y2>>18) & 0x1ff
					st.f[i+0] = y1 & columnsLocked[c] & columnsLocked2[c|c2]
					st.f[i+1] = y2 & columnsLocked[c] & columnsLocked2[c|c1]
					st.seen[i+2] = x
					rows := singleRow[x&0x1ff] | singleRow[x>>9&0x1ff]<<1 | singleRow[x>>18&0x1ff]<<2
					if rows &^= st.solved[2] >> uint(i) & 7; rows != 0 {
						st.solved[2] |= rows << uint(i)
						cells := x & rowsMask[rows&7]
						st.unsolved[2] &^= cells
						st.clearCells(2, cells)
					}
					st.f[i+2] = x
				}
			}
		}
		// Naked singles: count each unsolved cell's candidates bit-sliced.
		found := false
		for b := 0; b < 3; b++ {
			u := st.unsolved[b]
			if u == 0 {
				st.pairs[b] = 0
				continue
			}
			var one, two, three uint32
			for d := 0; d < 9; d++ {
				m := st.f[d*3+b]
				three |= two & m
				two |= one & m
				one |= m
			}
			if u&^one != 0 {
				return false // a cell with no candidate left
			}
			// Cells with two candidates, for guessCell when this round
			// turns out to be the last.
			st.pairs[b] = u & two &^ three
			singles := u & one &^ two
			for singles != 0 {
				bit := singles & -singles
				singles ^= bit
				for d := 0; d < 9; d++ {
					if st.f[d*3+b]&bit != 0 {
						st.place(d, b, bit)
						found = true
						break
					}
				}
			}
		}
		if !found {
			return true
		}
	}
}

// clearCells takes the fixed cells off every digit's board of band b.
func (st *state) clearCells(b int, cells uint32) {
	f := &st.f
	f[b] &^= cells
	f[b+3] &^= cells
	f[b+6] &^= cells
	f[b+9] &^= cells
	f[b+12] &^= cells
	f[b+15] &^= cells
	f[b+18] &^= cells
	f[b+21] &^= cells
	f[(b+24)%27] &^= cells
}

// guessCell picks where to branch: of the cells with two candidates, the
// one with the most unsolved cells in its row, box and column, so that
// either choice fixes much; without such a cell, the first with the fewest
// candidates. It returns the band, the cell's bit and the lowest candidate
// digit. (The choice halves the guesses on the hardest puzzles.)
func (st *state) guessCell() (int, uint32, int) {
	pb, pbit, pscore := -1, uint32(0), -1
	for b := 0; b < 3; b++ {
		for pair := st.pairs[b]; pair != 0; {
			bit := pair & -pair
			pair ^= bit
			p := bits.TrailingZeros32(bit)
			col := uint32(0x40201) << uint(p%9)
			score := bits.OnesCount32(st.unsolved[b]&peersInBand[p]) +
				bits.OnesCount32(st.unsolved[otherBand[b][0]]&col) +
				bits.OnesCount32(st.unsolved[otherBand[b][1]]&col)
			if score > pscore {
				pb, pbit, pscore = b, bit, score
			}
		}
	}
	if pb >= 0 {
		return pb, pbit, st.lowestDigit(pb, pbit)
	}
	// No cell with two candidates: take the first with the fewest.
	bestB, bestBit, bestN := -1, uint32(0), 10
	for b := 0; b < 3; b++ {
		for rest := st.unsolved[b]; rest != 0; {
			bit := rest & -rest
			rest ^= bit
			n := 0
			for d := 0; d < 9; d++ {
				if st.f[d*3+b]&bit != 0 {
					n++
				}
			}
			if n < bestN {
				bestB, bestBit, bestN = b, bit, n
			}
		}
	}
	return bestB, bestBit, st.lowestDigit(bestB, bestBit)
}

func (st *state) randomDigit(b int, bit uint32, rng *rand.Rand) int {
	var ds [9]int
	n := 0
	for d := 0; d < 9; d++ {
		if st.f[d*3+b]&bit != 0 {
			ds[n] = d
			n++
		}
	}
	return ds[rng.IntN(n)]
}

func (st *state) lowestDigit(b int, bit uint32) int {
	for d := 0; d < 9; d++ {
		if st.f[d*3+b]&bit != 0 {
			return d
		}
	}
	return 0
}

// grid reads the solution off a fully solved state.
func (st *state) grid() Grid {
	var g Grid
	for i, x := range st.f {
		d, b := i/3, i%3
		for x != 0 {
			p := bits.TrailingZeros32(x)
			x &= x - 1
			g[b*27+p] = uint8(d + 1)
		}
	}
	return g
}

// minirowsOf maps a band board to 9 bits: bit r*3+k says row r has a
// candidate in box k.
func minirowsOf(x uint32) uint32 {
	return uint32(minirowBits[x&0x1ff]) | uint32(minirowBits[x>>9&0x1ff])<<3 | uint32(minirowBits[x>>18&0x1ff])<<6
}

// Tables, computed once when the package loads and only read afterwards.
var (
	// minirowBits[row] has bit k set when the 9-bit row has a candidate in box k.
	minirowBits [512]uint8
	// minirowsAllowed[m] is the band mask of the minirows of m (see
	// minirowsOf) that belong to some placement of the digit once per row
	// and once per box; 0 when there is none.
	minirowsAllowed [512]uint32
	// singleRow[row] is 1 when the 9-bit row has exactly one cell.
	singleRow [512]uint32
	// columnsLocked[c] clears, from the other bands, the columns of the
	// 9-bit column set c that are alone in their stack.
	columnsLocked [512]uint32
	// columnsLocked2[c] clears the columns of c that are one or two in
	// their stack: two bands' columns there, closed to the third band.
	columnsLocked2 [512]uint32
	otherBand      = [3][2]int{{1, 2}, {0, 2}, {0, 1}}
	// boxesMask[k] covers the boxes of a band named by the 3-bit set k.
	boxesMask [8]uint32
	// rowsMask[r] covers the rows of a band named by the 3-bit set r.
	rowsMask [8]uint32
	// peersInBand[p] covers the cells of a band that share a row, column or
	// box with cell p of that band, p included.
	peersInBand [27]uint32
)

func init() {
	for row := 0; row < 512; row++ {
		var m uint8
		for k := 0; k < 3; k++ {
			if row>>(3*k)&7 != 0 {
				m |= 1 << k
			}
		}
		minirowBits[row] = m
		if bits.OnesCount(uint(row)) == 1 {
			singleRow[row] = 1
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := 0; m < 512; m++ {
		var keep uint32
		for _, p := range perms {
			if m>>(0*3+p[0])&1 == 0 || m>>(1*3+p[1])&1 == 0 || m>>(2*3+p[2])&1 == 0 {
				continue
			}
			for r := 0; r < 3; r++ {
				keep |= 7 << (r*9 + 3*p[r])
			}
		}
		minirowsAllowed[m] = keep
	}
	for c := 0; c < 512; c++ {
		var one, two uint32
		for k := 0; k < 3; k++ {
			g := uint32(c>>(3*k)) & 7
			switch bits.OnesCount32(g) {
			case 1:
				one |= g << (3 * k)
				two |= g << (3 * k)
			case 2:
				two |= g << (3 * k)
			}
		}
		columnsLocked[c] = ^(one | one<<9 | one<<18) & bandMask
		columnsLocked2[c] = ^(two | two<<9 | two<<18) & bandMask
	}
	for r := 0; r < 8; r++ {
		for i := 0; i < 3; i++ {
			if r>>i&1 != 0 {
				rowsMask[r] |= 0x1ff << (9 * i)
				boxesMask[r] |= 7<<(3*i) | 7<<(9+3*i) | 7<<(18+3*i)
			}
		}
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		var m uint32
		for q := 0; q < 27; q++ {
			qr, qc := q/9, q%9
			if qr == r || qc == c || qc/3 == c/3 {
				m |= 1 << q
			}
		}
		peersInBand[p] = m
	}
}
