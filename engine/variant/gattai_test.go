package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestGattaiKinds: each built-in gattai has the cells and houses its
// drawing has: samurai 369 cells and 131 houses (five grids' 27, less the
// four shared boxes), twin 153 and 53, sohei 288 and 104, flower 189 and
// 87 (its grids share whole rows and columns). Every house has nine
// cells, every cell lies in a row, a column and a box of each of its
// grids, and a cell two grids share has the peers of both. The sheet's
// moves that keep the cells are the symmetries a generator may keep.
func TestGattaiKinds(t *testing.T) {
	want := map[string][2]int{"samurai": {369, 131}, "twin": {153, 53}, "sohei": {288, 104}, "flower": {189, 87}}
	for _, name := range GattaiKinds() {
		v, err := Gattai(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]int{v.Cells(), len(v.Houses())}; got != want[name] {
			t.Errorf("%s: %d cells and %d houses, want %d and %d", name, got[0], got[1], want[name][0], want[name][1])
		}
		for h, cells := range v.Houses() {
			if len(cells) != 9 {
				t.Fatalf("%s: house %d has %d cells", name, h, len(cells))
			}
		}
		for c := range v.Cells() {
			if n := len(v.cellHouses[c]); n < 3 {
				t.Fatalf("%s: %s is in %d houses", name, v.CellName(c), n)
			}
		}
	}
	// Samurai: the middle grid's top left cell is the top left grid's
	// r7c7, in its row 7 and column 7 and the middle grid's row 1 and
	// column 1: 8+8 row peers, 8+8 column peers, and the rest of its box.
	v, _ := Gattai("samurai")
	c, ok := v.Sheet.Cell(6, 6)
	if !ok || v.CellName(c) != "r7c7" {
		t.Fatalf("sheet r7c7 is cell %d (%v), named %s", c, ok, v.CellName(c))
	}
	if got := len(v.Peers(c)); got != 14+14+4 {
		t.Errorf("samurai r7c7 has %d peers, want 32", got)
	}
	if _, ok := v.Sheet.Cell(0, 9); ok {
		t.Error("samurai r1c10 exists: it lies outside every grid")
	}
	// The symmetries a pattern of givens may have: every move of the
	// square but for a twin, whose two grids a quarter turn or a mirror
	// takes off the sheet's grids.
	all := []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"}
	for _, name := range GattaiKinds() {
		g, _ := Gattai(name)
		want := all
		if name == "twin" {
			want = []string{"none", "rot180", "diagonal", "antidiagonal"}
		}
		if got := g.Allowed(); !slices.Equal(got, want) {
			t.Errorf("%s allows %v, want %v", name, got, want)
		}
	}
	// A samurai made with rot180: its givens are their own turn.
	p, _, err := Generate(v, "rot180", rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	sh := v.Sheet
	for c, x := range p {
		r, col := sh.At[c]/sh.Cols, sh.At[c]%sh.Cols
		if o, _ := sh.Cell(sh.Rows-1-r, sh.Cols-1-col); (x == 0) != (p[o] == 0) {
			t.Fatalf("rot180 samurai: %s and %s differ", v.CellName(c), v.CellName(o))
		}
	}
}

// TestNewGattaiRefuses: grids off each other's boxes, grids that do not
// join, one grid alone, two at one place, a sheet not square: each an
// error naming it.
func TestNewGattaiRefuses(t *testing.T) {
	for _, tc := range []struct {
		grids [][2]int
		want  string
	}{
		{[][2]int{{0, 0}, {4, 6}}, "not on the boxes"},
		{[][2]int{{0, 0}, {9, 9}}, "do not all join"},
		{[][2]int{{0, 0}}, "1 grids"},
		{[][2]int{{0, 0}, {0, 0}}, "two grids"},
		{[][2]int{{0, 0}, {0, 6}}, "9x15 sheet"},
	} {
		_, err := NewGattai("test", tc.grids)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("grids %v: error %v, want one saying %q", tc.grids, err, tc.want)
		}
	}
}

// TestGattaiLines: a gattai's line is its sheet, '-' where no cell is;
// it reads back, as do its cells alone; a digit where no cell is, or a
// line of the wrong length, is refused naming the place.
func TestGattaiLines(t *testing.T) {
	v, _ := Gattai("twin")
	g := make(Grid, v.Cells())
	for c := range g {
		g[c] = uint8(c%9 + 1)
	}
	g[5] = 0
	line := v.Format(g)
	if len(line) != 15*15 || line[9] != '-' || line[5] != '.' || strings.Count(line, "-") != 15*15-153 {
		t.Fatalf("twin line %q", line)
	}
	back, err := v.Parse(line)
	if err != nil || !slices.Equal(back, g) {
		t.Fatalf("read back: %v, same %v", err, slices.Equal(back, g))
	}
	var cells strings.Builder
	for _, ch := range line {
		if ch != '-' {
			cells.WriteRune(ch)
		}
	}
	if back, err := v.Parse(cells.String()); err != nil || !slices.Equal(back, g) {
		t.Fatalf("cells alone: %v", err)
	}
	bad := []byte(line)
	bad[9] = '3'
	if _, err := v.Parse(string(bad)); err == nil || !strings.Contains(err.Error(), "column 10") || !strings.Contains(err.Error(), "r1c10") {
		t.Errorf("a digit where no cell is: %v", err)
	}
	if _, err := v.Parse(line[1:]); err == nil || !strings.Contains(err.Error(), "224 characters") {
		t.Errorf("a short line: %v", err)
	}
}

// TestGattaiSolve: the exact solver fills every gattai (each house then
// holds every digit once), and a samurai dug to a minimal puzzle of one
// solution has one by a plain count written apart from the solver and
// the model (plainGattaiCount), and two once a given is taken away.
func TestGattaiSolve(t *testing.T) {
	for _, name := range GattaiKinds() {
		v, _ := Gattai(name)
		rng := rand.New(rand.NewPCG(1, 2))
		start := time.Now()
		sol, err := NewSolver(v).Random(rng)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for h, cells := range v.Houses() {
			seen := uint32(0)
			for _, c := range cells {
				seen |= 1 << sol[c]
			}
			if seen != 0b1111111110 {
				t.Fatalf("%s: house %d of the filled grid holds %b", name, h, seen)
			}
		}
		t.Logf("%s filled in %v", name, time.Since(start))
	}
	v, _ := Gattai("samurai")
	start := time.Now()
	puzzle, sol, err := Generate(v, "none", rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	givens := 0
	for c, x := range puzzle {
		if x != 0 {
			givens++
			if x != sol[c] {
				t.Fatal("a given differs from the solution")
			}
		}
	}
	if n, _ := NewSolver(v).Count(puzzle, 2); n != 1 {
		t.Fatalf("the samurai dug has %d solutions", n)
	}
	grids := [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}
	if n := plainGattaiCount(v.Format(puzzle), 21, grids); n != 1 {
		t.Fatalf("the samurai dug has %d solutions by the plain count", n)
	}
	// One given less than a minimal puzzle: two solutions, both ways.
	for c, x := range puzzle {
		if x != 0 {
			puzzle[c] = 0
			break
		}
	}
	if n, _ := NewSolver(v).Count(puzzle, 2); n != 2 {
		t.Fatalf("a given less: %d solutions", n)
	}
	if n := plainGattaiCount(v.Format(puzzle), 21, grids); n != 2 {
		t.Fatalf("a given less: %d solutions by the plain count", n)
	}
	t.Logf("a samurai of %d givens dug in %v", givens, time.Since(start))
}

// plainGattaiCount counts, up to 2, the solutions of a gattai's line
// (formatSheet's: the sheet row by row, '-' where no cell is) whose grids'
// top left corners are at grids on a sheet cols wide: a check written
// apart from the Variant and its solvers, from the grids alone. Each
// grid's rows, columns and 3x3 boxes hold every digit once; the search
// fills the open cell of fewest candidates first, of those one in the
// most houses (a corner grid's cells first, it wanders for minutes).
func plainGattaiCount(line string, cols int, grids [][2]int) int {
	var houses [][]int
	for _, o := range grids {
		for i := range 9 {
			var row, col, box []int
			for j := range 9 {
				row = append(row, (o[0]+i)*cols+o[1]+j)
				col = append(col, (o[0]+j)*cols+o[1]+i)
				box = append(box, (o[0]+i/3*3+j/3)*cols+o[1]+i%3*3+j%3)
			}
			houses = append(houses, row, col, box)
		}
	}
	in := make([][]int, len(line)) // each place's houses
	used := make([]uint16, len(houses))
	for h, cells := range houses {
		for _, p := range cells {
			in[p] = append(in[p], h)
			if d := line[p]; d >= '1' && d <= '9' {
				if used[h]&(1<<(d-'0')) != 0 {
					return 0
				}
				used[h] |= 1 << (d - '0')
			}
		}
	}
	var open []int
	for p := range len(line) {
		if line[p] == '.' {
			open = append(open, p)
		}
	}
	var count func(left []int) int
	count = func(left []int) int {
		if len(left) == 0 {
			return 1
		}
		best, bestOpts := 0, uint16(0)
		for i, p := range left {
			taken := uint16(0)
			for _, h := range in[p] {
				taken |= used[h]
			}
			opts := 0b1111111110 &^ taken
			k, bk := bits.OnesCount16(opts), bits.OnesCount16(bestOpts)
			if i == 0 || k < bk || k == bk && len(in[p]) > len(in[left[best]]) {
				best, bestOpts = i, opts
			}
		}
		p := left[best]
		left[0], left[best] = left[best], left[0]
		n := 0
		for d := 1; d <= 9 && n < 2; d++ {
			if bestOpts&(1<<d) == 0 {
				continue
			}
			for _, h := range in[p] {
				used[h] |= 1 << d
			}
			n += count(left[1:])
			for _, h := range in[p] {
				used[h] &^= 1 << d
			}
		}
		left[0], left[best] = left[best], left[0]
		return min(n, 2)
	}
	return count(open)
}

// TestGattaiCanonical: for each gattai, copies of a puzzle moved by
// random moves of its group, digits relabelled, have its canonical form,
// and the form is its own; a copy with two rows of different bands
// swapped (a move that keeps the cells but breaks the boxes, outside the
// group; rows of its canonical sheet, canonSheet) has another. Every random move is in the group by its
// definition (Contains), the row swap is not.
func TestGattaiCanonical(t *testing.T) {
	for i, name := range GattaiKinds() {
		v, _ := Gattai(name)
		G := GroupOf(v)
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		puzzle, _, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, form, tf := G.Canonical(puzzle)
		took := time.Since(start)
		if !slices.Equal(v.Move(tf, puzzle), form) {
			t.Fatalf("%s: the move Canonical returns does not make the form", name)
		}
		if _, again, _ := G.Canonical(form); !slices.Equal(again, form) {
			t.Fatalf("%s: the form's form differs", name)
		}
		// A grid lacking a digit: the move still relabels every digit.
		lacking := slices.Clone(puzzle)
		for c, x := range lacking {
			if x == 4 {
				lacking[c] = 0
			}
		}
		if _, f, m := G.Canonical(lacking); !m.validOn(v.Sheet.canon.Rows, 9) || !slices.Equal(v.Move(m, lacking), f) {
			t.Fatalf("%s: a grid without 4s: the move %v", name, m.Symbols)
		}
		for k := range 20 {
			m := G.Random(rng)
			if !G.Contains(m) {
				t.Fatalf("%s: a random move is not in the group: %+v", name, m)
			}
			if _, got, _ := G.Canonical(v.Move(m, puzzle)); !slices.Equal(got, form) {
				t.Fatalf("%s: copy %d moved by %+v has another form", name, k, m)
			}
		}
		// The moves are of the canonical sheet (canonSheet): its first
		// row and the first row of another band over the same columns.
		cs := v.Sheet.canon
		n := cs.Rows
		swap := Identity(n)
		a, b := 0, gattaiBox
		for ; b < n; b++ {
			same := true
			for c := range cs.Cols {
				same = same && (cs.cellAt[a*cs.Cols+c] < 0) == (cs.cellAt[b*cs.Cols+c] < 0)
			}
			if same {
				break
			}
		}
		swap.Rows[a], swap.Rows[b] = uint8(b), uint8(a)
		if _, ok := v.sheetImage(swap); !ok {
			t.Fatalf("%s: the row swap takes cells off the grids", name)
		}
		if G.Contains(swap) {
			t.Fatalf("%s: a swap of rows of two bands is in the group", name)
		}
		if _, got, _ := G.Canonical(v.Move(swap, puzzle)); slices.Equal(got, form) {
			t.Errorf("%s: the copy with two rows swapped across bands has the same form", name)
		}
		t.Logf("%s: %d moves of the cells, %d givens, canonical form in %v", name, G.Moves(), puzzle.Clues(), took)
	}
}

// TestGattaiReader: a gattai's puzzles read back in each form pressrun
// writes lines in: the line alone, its key and the line, TSV with a
// variant column, and JSON; its key is its kind's name, which FromKey
// knows. A line of another kind's key is refused naming both kinds.
func TestGattaiReader(t *testing.T) {
	v, _ := Gattai("sohei")
	if k, err := FromKey(v.Key()); err != nil || k.Key() != "sohei" || k.Cells() != v.Cells() {
		t.Fatalf("FromKey(%q): %v", v.Key(), err)
	}
	p, _, err := Generate(v, "none", rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatal(err)
	}
	line := v.Format(p)
	for _, text := range []string{
		line + "\n",
		"sohei " + line + "\n",
		"variant\tpuzzle\nsohei\t" + line + "\n",
		`{"variant": "sohei", "puzzle": "` + line + `"}` + "\n",
	} {
		got, g, _, err := NewReader(strings.NewReader(text), v).Next()
		if err != nil || got.Key() != "sohei" || !slices.Equal(g, p) {
			t.Fatalf("%.40q...: %v", text, err)
		}
	}
	if _, _, _, err := NewReader(strings.NewReader("samurai "+line+"\n"), v).Next(); err == nil || !strings.Contains(err.Error(), "a samurai puzzle, not sohei") {
		t.Errorf("a samurai key on a sohei reader: %v", err)
	}
}

// TestGattaiLocalMoves: a grid's band (or stack) that shares no box with
// another grid can be reordered in that grid alone, and the puzzle it
// makes is the same puzzle (its houses onto houses): swapping two rows of
// such a band within its grid's columns, or two columns of such a stack
// within its grid's rows, gives a grid of one solution and the same
// canonical form, for every such band of every built-in gattai. (A
// samurai's corner grids have two such bands and two such stacks each;
// the sheet-wide moves alone would have missed them.)
func TestGattaiLocalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, kind := range GattaiKinds() {
		v, err := Gattai(kind)
		if err != nil {
			t.Fatal(err)
		}
		G := GroupOf(v)
		p, _, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		_, want, _ := G.Canonical(p)
		sh := v.Sheet
		s := NewSolver(v)
		tried := 0
		for g, o := range sh.Grids {
			for axis := range 2 {
				for b := range gattaiBox {
					free := true // the band's boxes in no other grid
					for j := range gattaiBox {
						r, c := o[0]+b*gattaiBox, o[1]+j*gattaiBox
						if axis == 1 {
							r, c = o[0]+j*gattaiBox, o[1]+b*gattaiBox
						}
						for h, q := range sh.Grids {
							free = free && (h == g || r < q[0] || r >= q[0]+gattaiSide || c < q[1] || c >= q[1]+gattaiSide)
						}
					}
					if !free {
						continue
					}
					q := slices.Clone(p)
					for j := range gattaiSide {
						r1, c1, r2, c2 := o[0]+b*gattaiBox, o[1]+j, o[0]+b*gattaiBox+1, o[1]+j
						if axis == 1 {
							r1, c1, r2, c2 = o[0]+j, o[1]+b*gattaiBox, o[0]+j, o[1]+b*gattaiBox+1
						}
						x, _ := sh.Cell(r1, c1)
						y, _ := sh.Cell(r2, c2)
						q[x], q[y] = p[y], p[x]
					}
					if n, _ := s.Count(q, 2); n != 1 {
						t.Fatalf("%s grid %d band %d (axis %d): the moved copy has %d solutions", kind, g+1, b+1, axis, n)
					}
					if _, got, _ := G.Canonical(q); !slices.Equal(got, want) {
						t.Errorf("%s: grid %d's %s %d reordered alone: another canonical form", kind, g+1, [2]string{"band", "stack"}[axis], b+1)
					}
					tried++
				}
			}
		}
		t.Logf("%s: %d free bands and stacks", kind, tried)
	}
}
