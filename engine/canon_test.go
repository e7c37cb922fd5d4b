package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// lineOrders lists the 1,296 orders of nine rows (or columns) that keep
// bands (stacks) together, each as the source line of lines 0-8.
func lineOrders() [][9]int {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out [][9]int
	for _, bands := range perms {
		for _, w0 := range perms {
			for _, w1 := range perms {
				for _, w2 := range perms {
					within := [3][3]int{w0, w1, w2}
					var p [9]int
					for i := range p {
						p[i] = 3*bands[i/3] + within[i/3][i%3]
					}
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// bruteCanonical is the definition of Canonical computed the slow way, for
// tests: it moves the cells of g by each of the 2 * 1296 * 1296 transforms
// without relabelling, numbers each result's digits in the order they first
// appear, and keeps the smallest by pattern (empty before given, cell by
// cell), then by digits.
func bruteCanonical(g Grid) Grid {
	var gt Grid
	for i := range gt {
		gt[i] = g[i%9*9+i/9]
	}
	orders := lineOrders()
	var best Grid
	first := true
	for _, s := range []Grid{g, gt} {
		for _, rows := range orders {
			for _, cols := range orders {
				// Compare the patterns first: most transforms lose within a
				// few cells.
				cmp := 0
				for i := 0; i < 81 && cmp == 0 && !first; i++ {
					given, bestGiven := s[rows[i/9]*9+cols[i%9]] != 0, best[i] != 0
					switch {
					case given && !bestGiven:
						cmp = 1
					case !given && bestGiven:
						cmp = -1
					}
				}
				if cmp > 0 {
					continue
				}
				var h Grid
				var label [10]uint8
				next := uint8(1)
				for i := range h {
					v := s[rows[i/9]*9+cols[i%9]]
					if v != 0 && label[v] == 0 {
						label[v] = next
						next++
					}
					h[i] = label[v]
					// With the same pattern, stop at the first digit
					// larger than the best's.
					if cmp == 0 && !first && h[i] != best[i] {
						if h[i] > best[i] {
							break
						}
						cmp = -1
					}
				}
				if first || cmp < 0 {
					best, first = h, false
				}
			}
		}
	}
	return best
}

// symmetricGrid is the full grid 123456789/456789123/789123456/234567891/...
// whose pattern and digits have many automorphisms.
func symmetricGrid() Grid {
	var g Grid
	for i := range g {
		r, c := i/9, i%9
		g[i] = uint8((r*3+r/3+c)%9 + 1)
	}
	return g
}

// keep returns the cells of g for which in says yes, the others empty.
func keep(g Grid, in func(r, c int) bool) Grid {
	var h Grid
	for i := range h {
		if in(i/9, i%9) {
			h[i] = g[i]
		}
	}
	return h
}

// canonCase is a grid for the brute-force comparison; the quick ones run
// even with -short.
type canonCase struct {
	name  string
	grid  Grid
	quick bool
}

func canonCases() []canonCase {
	sym := symmetricGrid()
	wiki := MustParse(wikiSolution)
	rng := rand.New(rand.NewPCG(5, 5))
	rot180 := keep(wiki, func(r, c int) bool {
		// A fixed pattern that is its own 180-degree rotation.
		i := r*9 + c
		if i > 40 {
			i = 80 - i
		}
		return i%7 == 0 || i%5 == 1
	})
	return []canonCase{
		{"royle17 line 1", MustParse(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."), true},
		{"patminlex source comment", MustParse("................12.....1345..6.74..1.7.8.6.348.4312.76.8..25.635..6.7.2.6.2138.57"), true},
		{"full grid", wiki, true},
		{"symmetric full grid", sym, true},
		{"one given", keep(sym, func(r, c int) bool { return r == 4 && c == 4 }), true},
		{"royle17 line 7", MustParse(".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5......."), false},
		{"top1465 line 1", MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"), false},
		{"top1465 line 2", MustParse("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."), false},
		{"unbiased line 1", MustParse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."), false},
		{"hardest line 1", MustParse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"), false},
		{"multi-solution line 1", MustParse("8.........95.......76.........426798...571243...893165......916....3.487....1.532"), false},
		{"rot180 pattern", rot180, false},
		{"rot180 pattern, transformed", RandomTransform(rng).Apply(rot180), false},
		{"diagonals of the symmetric grid", keep(sym, func(r, c int) bool { return r%3 == c%3 }), false},
		{"box centres", keep(sym, func(r, c int) bool { return r%3 == 1 && c%3 == 1 }), false},
		{"one band", keep(sym, func(r, c int) bool { return r < 3 }), false},
		{"one box", keep(wiki, func(r, c int) bool { return r < 3 && c < 3 }), false},
		{"row and column", keep(sym, func(r, c int) bool { return r == 4 || c == 4 }), false},
		{"corners", keep(sym, func(r, c int) bool { return (r == 0 || r == 8) && (c == 0 || c == 8) }), false},
		{"full but one cell", keep(sym, func(r, c int) bool { return r != 4 || c != 4 }), false},
		{"full but one box", keep(wiki, func(r, c int) bool { return r/3 != 1 || c/3 != 1 }), false},
		{"two givens", keep(wiki, func(r, c int) bool { return r == 2 && c > 6 }), false},
		{"full grid, transformed", RandomTransform(rng).Apply(wiki), false},
	}
}

func TestCanonicalMatchesBruteForce(t *testing.T) {
	for _, tc := range canonCases() {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.quick && testing.Short() {
				skips.Skip(t, skips.Short, "slow brute force")
			}
			t.Parallel()
			form, tr := Canonical(tc.grid)
			if want := bruteCanonical(tc.grid); form != want {
				t.Errorf("Canonical(%v)\n = %v\nwant %v", tc.grid, form, want)
			}
			if got := tr.Apply(tc.grid); got != form {
				t.Errorf("the transform %v makes %v, not the form %v", tr, got, form)
			}
		})
	}
}

func TestCanonicalEmptyGrid(t *testing.T) {
	form, tr := Canonical(Grid{})
	if form != (Grid{}) || tr.Apply(Grid{}) != form {
		t.Errorf("Canonical(empty) = %v, %v", form, tr)
	}
}

// TestCanonicalPatminlexExample checks the one output of dobrichev's
// patminlex we have, a puzzle quoted in its source: it is its own form. The
// plain minlex form (digits compared cell by cell, no pattern first) of the
// same puzzle differs, so this tells the two definitions apart.
func TestCanonicalPatminlexExample(t *testing.T) {
	p := MustParse("................12.....1345..6.74..1.7.8.6.348.4312.76.8..25.635..6.7.2.6.2138.57")
	if form, _ := Canonical(p); form != p {
		t.Errorf("Canonical(%v) = %v, want itself", p, form)
	}
	plain := MustParse("................12.....1345..5.67.2..26318.578..2.5.63.48132.76.6.7.4..17...86.34")
	if form, _ := Canonical(plain); form != p {
		t.Errorf("Canonical(%v) = %v, want %v", plain, form, p)
	}
}

// TestCanonicalInvariant checks the properties of a canonical form on every
// sample puzzle: a transform of the puzzle has the same form, the form is
// its own form, and the transform returned makes it.
func TestCanonicalInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	var grids []Grid
	for _, name := range []string{"royle17", "top1465", "unbiased", "hardest", "multi-solution"} {
		grids = append(grids, readPuzzles(t, "testdata/"+name+"-sample.txt")...)
	}
	for _, tc := range canonCases() {
		grids = append(grids, tc.grid)
	}
	for _, p := range grids {
		form, tr := Canonical(p)
		if got := tr.Apply(p); got != form {
			t.Fatalf("Canonical(%v): the transform %v makes %v, not the form %v", p, tr, got, form)
		}
		if again, _ := Canonical(form); again != form {
			t.Fatalf("Canonical(%v) = %v, but its form is %v", p, form, again)
		}
		if form.Clues() != p.Clues() || form.Valid() != p.Valid() {
			t.Fatalf("Canonical(%v) = %v changes the clues or validity", p, form)
		}
		for i := 0; i < 5; i++ {
			u := RandomTransform(rng)
			q := u.Apply(p)
			qForm, qt := Canonical(q)
			if qForm != form {
				t.Fatalf("Canonical(%v) = %v, but the same puzzle moved by %v, %v, has the form %v", p, form, u, q, qForm)
			}
			// Both transforms lead to the form, so this one maps p to q.
			if got := qt.Invert().Compose(tr).Apply(p); got != q {
				t.Fatalf("%v: composed transforms make %v, want %v", p, got, q)
			}
		}
	}
}

// distinctForms counts the canonical forms of puzzles and returns the lines
// (0-based) of the first puzzle that repeats a form and of its twin.
func distinctForms(puzzles []Grid) (n int, dup [2]int) {
	seen := make(map[Grid]int, len(puzzles))
	dup = [2]int{-1, -1}
	for i, p := range puzzles {
		form, _ := Canonical(p)
		if j, ok := seen[form]; ok {
			if dup[0] < 0 {
				dup = [2]int{j, i}
			}
			continue
		}
		seen[form] = i
	}
	return len(seen), dup
}

func TestCanonicalTop1465(t *testing.T) {
	puzzles := readPuzzles(t, sharedData+"/top1465.txt")
	n, dup := distinctForms(puzzles)
	if len(puzzles) != 1465 || n != 1464 {
		t.Fatalf("%d puzzles, %d forms; want 1465 and 1464", len(puzzles), n)
	}
	// The isomorphic pair: the two transforms map one onto the other.
	a, b := puzzles[dup[0]], puzzles[dup[1]]
	_, ta := Canonical(a)
	_, tb := Canonical(b)
	if got := tb.Invert().Compose(ta).Apply(a); got != b {
		t.Errorf("lines %d and %d: %v maps %v to %v", dup[0]+1, dup[1]+1, tb.Invert().Compose(ta), a, got)
	}
	t.Logf("isomorphic pair: lines %d and %d", dup[0]+1, dup[1]+1)
}

func TestCanonicalRoyle17(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short, "49,158 puzzles")
	}
	puzzles := readPuzzles(t, sharedData+"/royle17.txt")
	if n, dup := distinctForms(puzzles); len(puzzles) != 49158 || n != 49158 {
		t.Fatalf("%d puzzles, %d forms (lines %d and %d share one); want 49158 of each", len(puzzles), n, dup[0]+1, dup[1]+1)
	}
}

// FuzzCanonical checks the canonical form of any valid grid: the transform
// returned makes it, it is its own form, and a transform of the grid (drawn
// from the fuzzer's seed) has the same form.
func FuzzCanonical(f *testing.F) {
	for _, tc := range canonCases() {
		f.Add(tc.grid.String(), uint64(1))
	}
	f.Fuzz(func(t *testing.T, line string, seed uint64) {
		g, err := Parse(line)
		if err != nil {
			return
		}
		form, tr := Canonical(g)
		if tr.Apply(g) != form {
			t.Fatalf("Canonical(%v): %v does not make %v", g, tr, form)
		}
		if again, _ := Canonical(form); again != form {
			t.Fatalf("Canonical(%v) = %v, whose form is %v", g, form, again)
		}
		u := RandomTransform(rand.New(rand.NewPCG(seed, seed)))
		if other, _ := Canonical(u.Apply(g)); other != form {
			t.Fatalf("Canonical(%v) = %v, but moved by %v it has the form %v", g, form, u, other)
		}
	})
}

func BenchmarkCanonical(b *testing.B) {
	sets := []struct{ name, path string }{
		{"royle17", sharedData + "/royle17.txt"},
		{"top1465", sharedData + "/top1465.txt"},
		{"royle17-sample", "testdata/royle17-sample.txt"},
		{"top1465-sample", "testdata/top1465-sample.txt"},
		{"unbiased-sample", "testdata/unbiased-sample.txt"},
		{"hardest-sample", "testdata/hardest-sample.txt"},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			puzzles := readPuzzles(b, set.path)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				Canonical(puzzles[i%len(puzzles)])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
	b.Run("full-grid", func(b *testing.B) {
		g := MustParse(wikiSolution)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			Canonical(g)
		}
	})
}

func ExampleCanonical() {
	p := MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	form, t := Canonical(p)
	fmt.Println(form)
	fmt.Println(t.Apply(p) == form)
	// Output:
	// ........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..
	// true
}
