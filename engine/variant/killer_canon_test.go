package variant

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// testKillers are the killers of testdata: the 17 of killer-tarek.txt and
// the 46 published ones of killer-published.jsonl, with their solutions.
func testKillers(tb testing.TB) []killerPuzzle {
	tb.Helper()
	ps := readKillers(tb)
	data, err := os.ReadFile("testdata/killer-published.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		v, _, err := ParseKillerJSON(line)
		if err != nil {
			tb.Fatal(err)
		}
		var rec struct{ Solution string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			tb.Fatal(err)
		}
		sol, err := v.Parse(rec.Solution)
		if err != nil {
			tb.Fatal(err)
		}
		ps = append(ps, killerPuzzle{v, sol})
	}
	return ps
}

// squareMoves are the moves of the square of side n as Transforms (the
// digits kept), by name: for a 6x6 only those its 2x3 boxes allow (no
// transposition, so no quarter turn).
func squareMoves(n int, transpose bool) map[string]Transform {
	rev := make([]uint8, n)
	for i := range n {
		rev[i] = uint8(n - 1 - i)
	}
	move := func(t, rows, cols bool) Transform {
		u := Identity(n)
		u.Transpose = t
		if rows {
			u.Rows = slices.Clone(rev)
		}
		if cols {
			u.Cols = slices.Clone(rev)
		}
		return u
	}
	out := map[string]Transform{
		"identity": move(false, false, false), "rot180": move(false, true, true),
		"flip": move(false, true, false), "mirror": move(false, false, true),
	}
	if transpose {
		out["transpose"] = move(true, false, false)
		out["rot90"] = move(true, false, true)
		out["rot270"] = move(true, true, false)
		out["antitranspose"] = move(true, true, true)
	}
	return out
}

// someGivens are k cells of the solution, drawn by rng, the rest empty.
func someGivens(sol Grid, k int, rng *rand.Rand) Grid {
	g := make(Grid, len(sol))
	for _, c := range rng.Perm(len(sol))[:k] {
		g[c] = sol[c]
	}
	return g
}

// canonKillers are the testdata killers and random ones of sides 9 and
// 6 (randomKiller).
func canonKillers(t *testing.T, rng *rand.Rand) []killerPuzzle {
	ps := testKillers(t)
	for i := range 20 {
		ps = append(ps, randomKiller(t, []int{9, 6}[i%2], rng))
	}
	return ps
}

// TestKillerCanonicalMoves: for every testdata killer and random ones,
// with no givens and with some, the form is the returned move's (which
// is in the group, keeps the digits and carries the solution onto one of
// the canonical killer), canonicalising it again changes nothing, and
// copies turned, reflected and transposed, and moved by random moves of
// the group, the givens with the cells, have the same form and key.
func TestKillerCanonicalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	counts := map[uint64]int{}
	for _, p := range canonKillers(t, rng) {
		v, n := p.v, p.v.Size
		G := GroupOf(v)
		counts[G.Moves()]++
		square := squareMoves(n, n == 9)
		if G.Moves() < uint64(len(square)) {
			t.Fatalf("%s: %d moves, fewer than the square's %d", v.Key(), G.Moves(), len(square))
		}
		for _, g := range []Grid{make(Grid, n*n), someGivens(p.solution, n+2, rng)} {
			cv, form, tr := G.Canonical(g)
			if !slices.Equal(tr.Symbols, Identity(n).Symbols) || !G.Contains(tr) || !slices.Equal(tr.Apply(g), form) {
				t.Fatalf("%s: the form %s is not the move %v's", v.Key(), v.Format(form), tr)
			}
			if w, err := tr.ApplyVariant(v); err != nil || w.Key() != cv.Key() {
				t.Fatalf("%s: the canonical killer %s is not the move's (%v)", v.Key(), cv.Key(), err)
			}
			if !cagesHold(cv, tr.Apply(p.solution)) {
				t.Fatalf("%s: the moved solution does not fit the canonical cages %s", v.Key(), cv.Key())
			}
			cv2, again := Canonical(cv, form)
			if cv2.Key() != cv.Key() || !slices.Equal(again, form) {
				t.Fatalf("%s: the form %s %s has the form %s %s", v.Key(), cv.Key(), v.Format(form), cv2.Key(), v.Format(again))
			}
			check := func(name string, u Transform) {
				t.Helper()
				if !G.Contains(u) {
					t.Fatalf("%s: %s %v is not in the group", v.Key(), name, u)
				}
				w, err := u.ApplyVariant(v)
				if err != nil {
					t.Fatalf("%s: %s: %v", v.Key(), name, err)
				}
				cw, other := Canonical(w, u.Apply(g))
				if cw.Key() != cv.Key() || !slices.Equal(other, form) {
					t.Fatalf("%s %s, %s: form %s %s, want %s %s", v.Key(), v.Format(g), name, cw.Key(), v.Format(other), cv.Key(), v.Format(form))
				}
			}
			for name, u := range square {
				check(name, u)
			}
			for i := range 5 {
				check(fmt.Sprintf("random move %d", i), G.Random(rng))
			}
		}
	}
	t.Logf("moves per killer: %v", counts)
}

// productMoves lists every move of the band and stack product of side
// n (the digits kept), the slow way (plainOrders).
func productMoves(v *Variant) []Transform {
	ts := []bool{false}
	if v.BoxRows == v.BoxCols {
		ts = append(ts, true)
	}
	var out []Transform
	for _, tr := range ts {
		for _, rows := range plainOrders(v.Size, v.BoxRows) {
			for _, cols := range plainOrders(v.Size, v.BoxCols) {
				out = append(out, Transform{Transpose: tr, Rows: rows, Cols: cols, Symbols: Identity(v.Size).Symbols})
			}
		}
	}
	return out
}

// listedMoves are the keys of G's listed killer moves.
func listedMoves(G *Group) map[string]bool {
	seen := map[string]bool{}
	for _, o := range G.killer.orients {
		for _, p := range o.pairs {
			seen[fmt.Sprint(o.transpose, o.rows[p[0]], o.cols[p[1]])] = true
		}
	}
	return seen
}

// plainKillerCode is the order the canonical form is the least in,
// written plainly: cell by cell, the cage's number as the cages first
// appear and, at a cage's first cell, its sum; then the givens.
func plainKillerCode(v *Variant, g Grid) string {
	var b strings.Builder
	label := map[int]int{}
	for c := range v.Cells() {
		i := v.CageOf(c)
		if _, ok := label[i]; !ok {
			label[i] = len(label) + 1
			fmt.Fprintf(&b, "%c%c", rune(label[i]), rune(v.Cages[i].Sum))
			continue
		}
		fmt.Fprintf(&b, "%c%c", rune(label[i]), rune(0))
	}
	for _, x := range g {
		b.WriteRune(rune(x))
	}
	return b.String()
}

// TestKillerGroupDefinition: a killer's moves are exactly the moves of
// its band and stack product whose moved cages Killer accepts (each
// joined edge to edge): over the whole product of random 6x6 killers,
// where the form is also the least by brute force, and over random
// product moves, the square's and row swaps of 9x9 ones. A move that
// splits a cage is neither listed nor Contained, and ApplyVariant
// refuses it.
func TestKillerGroupDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	agree := func(v *Variant, G *Group, listed map[string]bool, u Transform) bool {
		t.Helper()
		_, err := u.ApplyVariant(v)
		in := err == nil
		if G.Contains(u) != in || listed[fmt.Sprint(u.Transpose, u.Rows, u.Cols)] != in {
			t.Fatalf("%s: move %v: cages kept %v (%v), Contains %v, listed %v", v.Key(), u, in, err, G.Contains(u), !in)
		}
		return in
	}
	for range 8 {
		p := randomKiller(t, 6, rng)
		v := p.v
		G := GroupOf(v)
		listed := listedMoves(G)
		if uint64(len(listed)) != G.Moves() {
			t.Fatalf("%s: %d moves listed, Moves says %d", v.Key(), len(listed), G.Moves())
		}
		// The form by brute force: the least plain code over every move
		// that keeps the cages.
		g := someGivens(p.solution, 8, rng)
		valid, least, leastKey := 0, "", ""
		for _, u := range productMoves(v) {
			if !agree(v, G, listed, u) {
				continue
			}
			valid++
			w, _ := u.ApplyVariant(v)
			if code := plainKillerCode(w, u.Apply(g)); valid == 1 || code < least {
				least, leastKey = code, w.Key()
			}
		}
		if uint64(valid) != G.Moves() {
			t.Fatalf("%s: %d moves keep the cages, %d listed", v.Key(), valid, G.Moves())
		}
		if cv, form := Canonical(v, g); plainKillerCode(cv, form) != least || cv.Key() != leastKey {
			t.Fatalf("%s: the form %s is not the least by brute force, %s", v.Key(), cv.Key(), leastKey)
		}
	}
	product := GroupOf(Classic())
	ps := readKillers(t)[:4]
	ps = append(ps, randomKiller(t, 9, rng), randomKiller(t, 9, rng))
	for _, p := range ps {
		v := p.v
		G := GroupOf(v)
		listed := listedMoves(G)
		splits := 0
		for a := range 9 {
			for b := a + 1; b < a/3*3+3; b++ {
				u := Identity(9)
				u.Rows[a], u.Rows[b] = u.Rows[b], u.Rows[a]
				if !agree(v, G, listed, u) {
					splits++
				}
			}
		}
		if splits == 0 {
			t.Errorf("%s: no row swap splits a cage", v.Key())
		}
		for range 2000 {
			u := product.Random(rng)
			u.Symbols = Identity(9).Symbols
			agree(v, G, listed, u)
		}
	}
}

// TestKillerCanonicalDistinct: the testdata killers are different
// puzzles with different forms; merging two cages (of a 9x9), or relabelling the
// solution's digits and reading the sums again (x becomes n+1-x, so a
// cage of k cells sums to k(n+1) less its sum), makes another form; and
// so do givens relabelled on the same cages: the digits are never
// relabelled.
func TestKillerCanonicalDistinct(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	seen := map[string]string{}
	for _, p := range canonKillers(t, rng) {
		v, n := p.v, p.v.Size
		cv, _ := Canonical(v, make(Grid, n*n))
		if other, ok := seen[cv.Key()]; ok {
			t.Fatalf("%s and %s share the form %s", v.Key(), other, cv.Key())
		}
		seen[cv.Key()] = v.Key()

		if n == 9 { // loosenedOnce is for 9x9 killers
			if merged := loosenedOnce(v, p.solution, rng); merged != nil {
				if mv, _ := Canonical(merged, make(Grid, n*n)); mv.Key() == cv.Key() {
					t.Fatalf("%s: merging two cages keeps the form", v.Key())
				}
			}
		}

		flipped := make([]Cage, len(v.Cages))
		changed := false
		for i, c := range v.Cages {
			flipped[i] = Cage{Sum: len(c.Cells)*(n+1) - c.Sum, Cells: c.Cells}
			changed = changed || flipped[i].Sum != c.Sum
		}
		w, err := Killer(n, flipped)
		if err != nil {
			t.Fatal(err)
		}
		if fv, _ := Canonical(w, make(Grid, n*n)); changed == (fv.Key() == cv.Key()) {
			t.Fatalf("%s: sums changed %v, relabelled killer's form %s, the killer's %s", v.Key(), changed, fv.Key(), cv.Key())
		}

		// Relabelled givens on the same cages: drawn until they differ.
		g := someGivens(p.solution, n, rng)
		h := slices.Clone(g)
		for slices.Equal(g, h) {
			relabel := randomSymbols(n, rng)
			for i, x := range g {
				h[i] = relabel[x]
			}
		}
		_, fg := Canonical(v, g)
		if _, fh := Canonical(v, h); slices.Equal(fg, fh) {
			t.Fatalf("%s: givens %s relabelled to %s keep the form", v.Key(), v.Format(g), v.Format(h))
		}
	}
}

// TestKillerCanonical6x6: a 6x6 killer's moves never transpose (its 2x3
// boxes would become 3x2), so a quarter turn and the transposition are
// not in its group, while the half turn and the reflections are.
func TestKillerCanonical6x6(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	for range 10 {
		v := randomKiller(t, 6, rng).v
		G := GroupOf(v)
		for _, o := range G.killer.orients {
			if o.transpose && len(o.pairs) > 0 {
				t.Fatalf("%s: a transposing move is listed", v.Key())
			}
		}
		for name, u := range squareMoves(6, true) {
			if want := !u.Transpose; G.Contains(u) != want {
				t.Fatalf("%s: %s in the group %v, want %v", v.Key(), name, !want, want)
			}
		}
	}
}
