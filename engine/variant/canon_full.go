package variant

// fullSearch finds the canonical form of a full grid whose rows (and
// columns, when the transposition is a move) each hold every symbol,
// under a product group. Its pattern decides nothing, so the form is the
// smallest relabelled grid, and the search uses what a full grid gives:
// whatever the first row and the column order, the first row reads
// 1, 2, ..., n, so each symbol's label is the place of its column. The
// second row then decides the column order: its place c shows the label
// of the symbol there, the place given to the column that symbol has in
// the first row, and the smallest choice puts that column at the first
// free place its stack allows, so the search only branches on which
// column comes at a place nobody has claimed. Once the columns are
// ordered every label is known and the other rows are the smallest each
// band allows. It tries every orientation, first row and second row.
type fullSearch struct {
	n, h, w int
	orients int
	cells   [2][]uint8
	pos     [2][]uint8 // pos[o][r*(n+1)+x]: the column of symbol x in row r

	o, r0, r1 int
	rows      [MaxSize]uint8
	sym       [MaxSize + 1]uint8 // the labels, once the columns are ordered

	best  []uint8 // the smallest grid so far, valid up to valid
	valid int

	bestO    int
	bestRows [MaxSize]uint8
	bestCols [MaxSize]uint8
	bestSym  [MaxSize + 1]uint8
}

// qstate is a partial column order: the source column of each place,
// the place of each source column (-1 for none), which source stack
// each stack of the form takes and back, and how many places of each
// stack of the form are taken (always its first ones).
type qstate struct {
	q, qinv    [MaxSize]int8
	tmap, smap [maxStacks]int8
	fill       [maxStacks]uint8
}

func newFullSearch(G *Group, g Grid) *fullSearch {
	n := G.n
	f := &fullSearch{n: n, h: G.h, w: G.w, best: make([]uint8, n*n)}
	for o, s := range G.orientations(g) {
		f.orients = o + 1
		f.cells[o] = s
		f.pos[o] = make([]uint8, n*(n+1))
		for i, x := range s {
			f.pos[o][i/n*(n+1)+int(x)] = uint8(i % n)
		}
	}
	return f
}

func (f *fullSearch) run() Transform {
	n, h := f.n, f.h
	for c := range n {
		f.best[c] = uint8(c + 1)
	}
	f.valid = n
	for f.o = 0; f.o < f.orients; f.o++ {
		for f.r0 = 0; f.r0 < n; f.r0++ {
			f.rows[0] = uint8(f.r0)
			for f.r1 = 0; f.r1 < n; f.r1++ {
				if f.r1 == f.r0 || (h > 1) != (f.r1/h == f.r0/h) {
					continue // the second row is in the first's band when bands have two rows or more
				}
				f.rows[1] = uint8(f.r1)
				var st qstate
				for i := range st.q {
					st.q[i], st.qinv[i] = -1, -1
				}
				for i := range st.tmap {
					st.tmap[i], st.smap[i] = -1, -1
				}
				f.second(0, st)
			}
		}
	}
	return Transform{
		Transpose: f.bestO == 1,
		Rows:      append([]uint8(nil), f.bestRows[:n]...),
		Cols:      append([]uint8(nil), f.bestCols[:n]...),
		Symbols:   append([]uint8(nil), f.bestSym[:n+1]...),
	}
}

// keep compares the value v at cell idx of the form with the best so
// far: false when it is larger (drop the branch); when it is smaller, or
// nothing is known there yet, it becomes the best's.
func (f *fullSearch) keep(idx int, v uint8) bool {
	if idx < f.valid {
		if v > f.best[idx] {
			return false
		}
		if v == f.best[idx] {
			return true
		}
	}
	f.best[idx] = v
	f.valid = idx + 1
	return true
}

// second places place c of the second row.
func (f *fullSearch) second(c int, st qstate) {
	n, w := f.n, f.w
	if c == n {
		for x := 1; x <= n; x++ {
			f.sym[x] = uint8(st.qinv[f.pos[f.o][f.r0*(n+1)+x]] + 1)
		}
		f.rest(2, 1<<f.r0|1<<f.r1, &st)
		return
	}
	idx := n + c
	if st.q[c] >= 0 {
		if v := f.claim(&st, int(st.q[c])); f.keep(idx, v) {
			f.second(c+1, st)
		}
		return
	}
	t := c / w
	var kids [MaxSize]qstate
	var vals [MaxSize]uint8
	k := 0
	least := uint8(255)
	for j := range n {
		s := j / w
		if st.qinv[j] >= 0 || (st.tmap[t] >= 0 && int(st.tmap[t]) != s) || (st.tmap[t] < 0 && st.smap[s] >= 0) {
			continue
		}
		kid := st
		if kid.tmap[t] < 0 {
			kid.tmap[t], kid.smap[s] = int8(s), int8(t)
		}
		kid.q[c], kid.qinv[j] = int8(j), int8(c)
		kid.fill[t]++
		vals[k] = f.claim(&kid, j)
		kids[k] = kid
		least = min(least, vals[k])
		k++
	}
	if !f.keep(idx, least) {
		return
	}
	for i := range k {
		if vals[i] == least {
			f.second(c+1, kids[i])
		}
	}
}

// claim is the label of the second row's symbol in source column j: the
// place of that symbol's column in the first row, which it takes now
// (the first free place its stack allows) if it has none yet.
func (f *fullSearch) claim(st *qstate, j int) uint8 {
	n, w := f.n, f.w
	x := int(f.pos[f.o][f.r0*(n+1)+int(f.cells[f.o][f.r1*n+j])])
	if st.qinv[x] < 0 {
		s := x / w
		t := int(st.smap[s])
		if t < 0 {
			for t = 0; st.tmap[t] >= 0; t++ {
			}
			st.tmap[t], st.smap[s] = int8(s), int8(t)
		}
		p := t*w + int(st.fill[t])
		st.fill[t]++
		st.q[p], st.qinv[x] = int8(x), int8(p)
	}
	return uint8(st.qinv[x] + 1)
}

// rest places rows k and on, every label known: each the smallest row
// the bands allow (ties, which only a grid with two equal rows has, are
// all tried).
func (f *fullSearch) rest(k int, used uint16, st *qstate) {
	n, h := f.n, f.h
	if k == n {
		f.bestO, f.bestRows, f.bestSym = f.o, f.rows, f.sym
		for c := range n {
			f.bestCols[c] = uint8(st.q[c])
		}
		return
	}
	var free uint16
	band := uint16(1)<<h - 1
	if k%h == 0 {
		for b := 0; b < n/h; b++ {
			if used>>(b*h)&band == 0 {
				free |= band << (b * h)
			}
		}
	} else {
		free = band << (int(f.rows[k-1]) / h * h) &^ used
	}
	cells := f.cells[f.o]
	var rows [MaxSize][MaxSize]uint8
	var srcs [MaxSize]int
	m, least := 0, -1
	for ; free != 0; free &= free - 1 {
		sr := 0
		for free>>sr&1 == 0 {
			sr++
		}
		for c := range n {
			rows[m][c] = f.sym[cells[sr*n+int(st.q[c])]]
		}
		srcs[m] = sr
		if least < 0 || string(rows[m][:n]) < string(rows[least][:n]) {
			least = m
		}
		m++
	}
	for c := range n {
		if !f.keep(k*n+c, rows[least][c]) {
			return
		}
	}
	for i := range m {
		if rows[i] == rows[least] {
			f.rows[k] = uint8(srcs[i])
			f.rest(k+1, used|1<<srcs[i], st)
		}
	}
}
