package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// KillerOptions say what GenerateKiller makes. The zero value asks for a
// killer whose cages were drawn as published killers' are, made unique,
// with its single-cell cages merged away where uniqueness allows.
type KillerOptions struct {
	// MaxCage is the most cells a cage may have; 0 means 6 on 9x9 and 4
	// on 6x6 (published 9x9 killers have 2 to 6 cells in 98% of their
	// cages).
	MaxCage int
	// Givens is the number of cells given as digits besides the cages;
	// 0, as in most published killers, gives none.
	Givens int
	// Minimal asks for a killer in which no two neighbouring cages can be
	// merged (the merged cage joined, its digits different, of at most
	// MaxCage cells) with the puzzle keeping one solution and Keep
	// accepting it.
	Minimal bool
	// Cages, without Minimal, is the number of cages at which merging
	// stops; 0 means as many as the layout first drawn had, before
	// the splits that made it unique. Merging also stops when no merge
	// can be kept, and uniqueness or Keep may leave more cages.
	Cages int
	// Keep, when not nil, must accept every puzzle the generator keeps:
	// the layout first drawn is split until Keep accepts it, and a merge
	// is kept only when Keep accepts the merged puzzle (which has one
	// solution by then, given so that Keep need not find it again). A
	// level's rater bound goes here.
	Keep func(v *Variant, givens, solution Grid) bool
}

// publishedCageSizes counts the cages of each size, 0 to 8 cells, in
// the 63 published 9x9 killers of testdata (killer-published.jsonl and
// killer-tarek.txt; TestKillerCageSizes measures them again). The layouts
// GenerateKiller draws take their sizes from it, up to MaxCage.
var publishedCageSizes = [...]int{0, 0, 897, 437, 273, 93, 45, 21, 3}

// GenerateKiller makes a killer sudoku of side n (9, or 6 with 2x3
// boxes) with exactly one solution: a solution grid drawn by rng; a cage
// layout of connected cages with different digits, their sizes drawn
// from the published killers' spread (publishedCageSizes) up to MaxCage;
// the sums read from the solution; while the puzzle has another
// solution, a cage holding a cell where the two differ is split; then
// neighbouring cages are merged in an order drawn by rng (single-cell
// cages first: they are givens in disguise, and published killers have
// almost none), a merge kept when the puzzle keeps one solution and
// opts.Keep accepts it, until opts.Cages or, with Minimal, until no merge
// can be kept (without either, at the drawn layout's number of cages).
// The Generated puzzle holds the givens (none unless
// opts.Givens), its Variant the cages. Same rng state, same puzzle.
//
// Every merge tried costs one uniqueness check by the exact solver,
// about twenty for a minimal 9x9 (BenchmarkGenerateKiller); a minimal
// 9x9 takes about 0.15 s on this project's 2-core machines, with a tail
// of seconds where a check meets a hard layout (level's
// BenchmarkKillerLevels).
// It fails wrapping ErrVariant for a side other than 9 or 6, ErrOptions
// for MaxCage or Givens out of range, and ErrNoPuzzle when Keep refuses
// even the layout split to single cells.
func GenerateKiller(n int, opts KillerOptions, rng *rand.Rand) (Generated, error) {
	g, _, err := generateKiller(n, opts, rng)
	return g, err
}

// killerStats are what one GenerateKiller call did, for benchmarks.
type killerStats struct {
	checks, splits, merges int
}

func generateKiller(n int, opts KillerOptions, rng *rand.Rand) (Generated, killerStats, error) {
	var st killerStats
	if n != 9 && n != 6 {
		return Generated{}, st, fmt.Errorf("%w: a killer of side %d (want 9 or 6)", ErrVariant, n)
	}
	if opts.MaxCage == 0 {
		opts.MaxCage = 6
		if n == 6 {
			opts.MaxCage = 4
		}
	}
	if opts.MaxCage < 1 || opts.MaxCage > n {
		return Generated{}, st, fmt.Errorf("%w: cages of at most %d cells (want 1 to %d)", ErrOptions, opts.MaxCage, n)
	}
	if opts.Givens < 0 || opts.Givens > n*n {
		return Generated{}, st, fmt.Errorf("%w: %d givens (want 0 to %d)", ErrOptions, opts.Givens, n*n)
	}
	// One solver serves the whole call: the checks below only change its
	// cages (Solver.Reset).
	s := NewSolver(must(Sized(n)))
	solution, err := s.Random(rng)
	if err != nil {
		return Generated{}, st, err
	}
	givens := make(Grid, n*n)
	for _, c := range rng.Perm(n * n)[:opts.Givens] {
		givens[c] = solution[c]
	}
	l := drawCages(n, solution, opts.MaxCage, rng)
	target := opts.Cages
	if target == 0 {
		// Merge back what the splits below cut, so that the sizes stay
		// spread as drawn.
		target = len(l.live)
	}

	// Split until the puzzle has one solution: a split only takes
	// solutions away, and all single cells would be the solution itself.
	var v *Variant
	for {
		v = l.variant()
		s.Reset(v)
		k, other := s.Count(givens, 2)
		st.checks++
		if k == 1 {
			break
		}
		if slices.Equal(other, solution) {
			// The search's first solution is the drawn one: draw others
			// until one differs (with two solutions, half of them do).
			for range 20 {
				if g, err := s.Random(rng); err == nil && !slices.Equal(g, solution) && agrees(g, givens) {
					other = g
					break
				}
			}
		}
		l.split(l.differing(solution, other, rng), rng)
		st.splits++
	}
	// Split until Keep accepts: splits keep the one solution.
	for opts.Keep != nil && !opts.Keep(v, givens, solution) {
		big := l.largest(rng)
		if big < 0 {
			return Generated{}, st, fmt.Errorf("%w: Keep refuses the %s split to single cells", ErrNoPuzzle, v.Name)
		}
		l.split(big, rng)
		st.splits++
		v = l.variant()
	}

	failed := map[[2]int]bool{}
	for opts.Minimal || len(l.live) > target {
		pairs := l.mergeable(opts.MaxCage, failed)
		if len(pairs) == 0 {
			break
		}
		p := pairs[rng.IntN(len(pairs))]
		w := l.mergedVariant(p[0], p[1])
		st.checks++
		s.Reset(w)
		if s.Unique(givens) && (opts.Keep == nil || opts.Keep(w, givens, solution)) {
			l.merge(p[0], p[1])
			v = w
			st.merges++
			continue
		}
		// A merge that fails stays failed: later merges only add
		// solutions (and make the puzzle harder for Keep).
		failed[p] = true
	}
	return Generated{Variant: v, Puzzle: givens, Solution: solution}, st, nil
}

// agrees reports whether the full grid g holds every given of givens.
func agrees(g, givens Grid) bool {
	for c, x := range givens {
		if x != 0 && g[c] != x {
			return false
		}
	}
	return true
}

// cageLayout is a killer's cages while GenerateKiller works on them:
// cells[id] is cage id's cells (nil once merged or split away), live the
// ids in use in increasing order, owner each cell's cage id.
type cageLayout struct {
	n        int
	solution Grid
	cells    [][]int
	live     []int
	owner    []int
}

// drawCages draws a layout of connected cages with different digits of
// solution: from a free cell with the fewest free neighbours (so that few
// cells are left enclosed), a cage grows through random free neighbours
// holding a digit it lacks, to a size drawn from publishedCageSizes up
// to maxCage; a cell left alone afterwards joins the smallest
// neighbouring cage that can take it.
func drawCages(n int, solution Grid, maxCage int, rng *rand.Rand) *cageLayout {
	l := &cageLayout{n: n, solution: solution, owner: make([]int, n*n)}
	for c := range l.owner {
		l.owner[c] = -1
	}
	total := 0
	for k := 1; k <= maxCage && k < len(publishedCageSizes); k++ {
		total += publishedCageSizes[k]
	}
	free := func(c int) int {
		k := 0
		for _, nb := range neighbours(n, c) {
			if l.owner[nb] < 0 {
				k++
			}
		}
		return k
	}
	for {
		var starts []int
		least := 5
		for c, o := range l.owner {
			if o >= 0 {
				continue
			}
			switch f := free(c); {
			case f < least:
				least, starts = f, append(starts[:0], c)
			case f == least:
				starts = append(starts, c)
			}
		}
		if len(starts) == 0 {
			break
		}
		size, draw := 1, rng.IntN(max(total, 1))
		for k := 1; k <= maxCage && k < len(publishedCageSizes); k++ {
			if draw < publishedCageSizes[k] {
				size = k
				break
			}
			draw -= publishedCageSizes[k]
		}
		id := l.add([]int{starts[rng.IntN(len(starts))]})
		for len(l.cells[id]) < size {
			var grow []int
			for _, c := range l.cells[id] {
				for _, nb := range neighbours(n, c) {
					if l.owner[nb] < 0 && !slices.Contains(grow, nb) && !l.holds(id, solution[nb]) {
						grow = append(grow, nb)
					}
				}
			}
			if len(grow) == 0 {
				break
			}
			c := grow[rng.IntN(len(grow))]
			l.cells[id] = append(l.cells[id], c)
			l.owner[c] = id
		}
	}
	for _, id := range slices.Clone(l.live) {
		if len(l.cells[id]) != 1 {
			continue
		}
		best := -1
		for _, nb := range neighbours(n, l.cells[id][0]) {
			o := l.owner[nb]
			if o != id && len(l.cells[o]) < maxCage && !l.holds(o, solution[l.cells[id][0]]) &&
				(best < 0 || len(l.cells[o]) < len(l.cells[best])) {
				best = o
			}
		}
		if best >= 0 {
			l.merge(best, id)
		}
	}
	return l
}

// add makes a new cage of cells and returns its id.
func (l *cageLayout) add(cells []int) int {
	id := len(l.cells)
	l.cells = append(l.cells, cells)
	l.live = append(l.live, id)
	for _, c := range cells {
		l.owner[c] = id
	}
	return id
}

// remove takes cage id out of the layout (its cells keep their owner
// until another cage takes them).
func (l *cageLayout) remove(id int) {
	l.cells[id] = nil
	l.live = slices.DeleteFunc(l.live, func(x int) bool { return x == id })
}

// holds reports whether cage id holds digit x in the solution.
func (l *cageLayout) holds(id int, x uint8) bool {
	return slices.ContainsFunc(l.cells[id], func(c int) bool { return l.solution[c] == x })
}

// merge joins cages a and b into a new cage.
func (l *cageLayout) merge(a, b int) int {
	cells := append(slices.Clone(l.cells[a]), l.cells[b]...)
	l.remove(a)
	l.remove(b)
	return l.add(cells)
}

// split cuts cage id in two joined parts when it can: the first half of
// a breadth-first walk from a random cell, and the rest, itself cut into
// its joined pieces when the walk's half divides it.
func (l *cageLayout) split(id int, rng *rand.Rand) {
	cells := l.cells[id]
	if len(cells) < 2 {
		return
	}
	in := func(c int, set []int) bool { return slices.Contains(set, c) }
	start := cells[rng.IntN(len(cells))]
	order := []int{start}
	for i := 0; i < len(order); i++ {
		for _, nb := range neighbours(l.n, order[i]) {
			if in(nb, cells) && !in(nb, order) {
				order = append(order, nb)
			}
		}
	}
	half := (len(cells) + 1) / 2
	l.remove(id)
	l.add(slices.Clone(order[:half]))
	rest := slices.Clone(order[half:])
	for len(rest) > 0 {
		piece := []int{rest[0]}
		for i := 0; i < len(piece); i++ {
			for _, nb := range neighbours(l.n, piece[i]) {
				if in(nb, rest) && !in(nb, piece) {
					piece = append(piece, nb)
				}
			}
		}
		rest = slices.DeleteFunc(rest, func(c int) bool { return in(c, piece) })
		l.add(piece)
	}
}

// differing is a cage to split to take other, a second solution, away:
// one of the largest cages holding a cell where other and the solution
// differ (largest so that splits leave few single cells). -1 when none
// has two cells, which cannot be while other is a solution.
func (l *cageLayout) differing(solution, other Grid, rng *rand.Rand) int {
	var ids []int
	most := 1
	for c := range solution {
		id := l.owner[c]
		if other[c] == solution[c] || slices.Contains(ids, id) {
			continue
		}
		switch k := len(l.cells[id]); {
		case k > most:
			most, ids = k, append(ids[:0], id)
		case k == most && k > 1:
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return l.largest(rng)
	}
	return ids[rng.IntN(len(ids))]
}

// largest is one of the largest cages, drawn by rng; -1 when every cage
// has one cell.
func (l *cageLayout) largest(rng *rand.Rand) int {
	var ids []int
	most := 1
	for _, id := range l.live {
		switch k := len(l.cells[id]); {
		case k > most:
			most, ids = k, append(ids[:0], id)
		case k == most && k > 1:
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return -1
	}
	return ids[rng.IntN(len(ids))]
}

// mergeable are the pairs of neighbouring cages, lower id first, whose
// merged cage would have at most maxCage cells and different digits and
// that have not failed; the pairs with a single-cell cage alone when
// there are any.
func (l *cageLayout) mergeable(maxCage int, failed map[[2]int]bool) [][2]int {
	var pairs, singles [][2]int
	for _, a := range l.live {
		var digits uint32
		for _, c := range l.cells[a] {
			digits |= 1 << l.solution[c]
		}
		var seen []int
		for _, c := range l.cells[a] {
			for _, nb := range neighbours(l.n, c) {
				b := l.owner[nb]
				if b <= a || slices.Contains(seen, b) {
					continue
				}
				seen = append(seen, b)
				p := [2]int{a, b}
				if failed[p] || len(l.cells[a])+len(l.cells[b]) > maxCage ||
					slices.ContainsFunc(l.cells[b], func(c int) bool { return digits&(1<<l.solution[c]) != 0 }) {
					continue
				}
				pairs = append(pairs, p)
				if len(l.cells[a]) == 1 || len(l.cells[b]) == 1 {
					singles = append(singles, p)
				}
			}
		}
	}
	if len(singles) > 0 {
		return singles
	}
	return pairs
}

// cages are the layout's cages with their sums.
func (l *cageLayout) cages(skip ...int) []Cage {
	out := make([]Cage, 0, len(l.live))
	for _, id := range l.live {
		if slices.Contains(skip, id) {
			continue
		}
		out = append(out, l.cage(l.cells[id]))
	}
	return out
}

// cage is the cage of cells with its sum from the solution.
func (l *cageLayout) cage(cells []int) Cage {
	sum := 0
	for _, c := range cells {
		sum += int(l.solution[c])
	}
	return Cage{Sum: sum, Cells: cells}
}

// variant is the killer of the layout.
func (l *cageLayout) variant() *Variant {
	return must(Killer(l.n, l.cages()))
}

// mergedVariant is the killer of the layout with cages a and b merged.
func (l *cageLayout) mergedVariant(a, b int) *Variant {
	cages := append(l.cages(a, b), l.cage(append(slices.Clone(l.cells[a]), l.cells[b]...)))
	return must(Killer(l.n, cages))
}
