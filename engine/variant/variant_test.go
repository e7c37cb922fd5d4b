package variant

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// every is each variant the package builds without a layout, and a 9x9
// and a 6x6 jigsaw.
func every(t testing.TB) []*Variant {
	t.Helper()
	var out []*Variant
	for _, n := range Sizes {
		v, err := Sized(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	out = append(out, X(), Windoku(), jigsaw9(t), jigsaw6(t))
	return out
}

// jigsaw9 is a 9x9 jigsaw layout (each digit a region), found by moving
// cells between the boxes of classic at random and keeping a layout the
// solver can fill (not every layout of connected regions has a solution).
func jigsaw9(t testing.TB) *Variant {
	return layout(t, 9, ""+
		"000112222"+
		"000011222"+
		"001111122"+
		"333344555"+
		"334445555"+
		"333444455"+
		"666777778"+
		"667787788"+
		"666688888")
}

// jigsaw6 is a 6x6 jigsaw layout.
func jigsaw6(t testing.TB) *Variant {
	return layout(t, 6, ""+
		"000013"+
		"001113"+
		"222113"+
		"242553"+
		"442553"+
		"444553")
}

func layout(t testing.TB, n int, s string) *Variant {
	t.Helper()
	l := make([]int, len(s))
	for i := range s {
		l[i] = int(s[i] - '0')
	}
	v, err := Jigsaw(n, l)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestHouses: every variant has 3n houses and its extras, each of n
// different cells, and each cell's peers are the cells it shares one
// with: 20 in classic, 12 in 6x6, 39 in 16x16, more on X's diagonals.
func TestHouses(t *testing.T) {
	for _, v := range every(t) {
		n := v.Size
		if got, want := len(v.Houses()), 3*n+len(v.Extra); got != want {
			t.Errorf("%s: %d houses, want %d", v.Name, got, want)
		}
		for i, h := range v.Houses() {
			s := slices.Clone(h)
			slices.Sort(s)
			if len(slices.Compact(s)) != n {
				t.Errorf("%s: house %d %v has not %d different cells", v.Name, i, h, n)
			}
		}
	}
	for _, tt := range []struct {
		v     *Variant
		cell  int
		peers int
	}{{must(Sized(9)), 40, 20}, {must(Sized(6)), 0, 12}, {must(Sized(16)), 100, 39}, {X(), 40, 32}, {X(), 1, 20}, {Windoku(), 10, 23}} {
		if got := len(tt.v.Peers(tt.cell)); got != tt.peers {
			t.Errorf("%s: %s has %d peers, want %d", tt.v.Name, tt.v.CellName(tt.cell), got, tt.peers)
		}
	}
}

// TestVariantRefuses: the constructors name what is wrong.
func TestVariantRefuses(t *testing.T) {
	bad := func(s string) []int {
		l := make([]int, len(s))
		for i := range s {
			l[i] = int(s[i] - '0')
		}
		return l
	}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"size 7", func() error { _, err := Sized(7); return err }(), "no 7x7 sudoku"},
		{"name", func() error { _, err := Named("killer"); return err }(), `"killer"`},
		{"short layout", func() error { _, err := Jigsaw(4, bad("0011")); return err }(), "has 4 cells, not 16"},
		{"region size", func() error { _, err := Jigsaw(4, bad("0000011122223333")); return err }(), "region 0 has 5 cells"},
		{"disjoint", func() error { _, err := Jigsaw(4, bad("0110100122332233")); return err }(), "not joined"},
	} {
		if !errors.Is(tt.err, ErrVariant) || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrVariant saying %q", tt.name, tt.err, tt.want)
		}
	}
	for _, name := range []string{"classic", "9x9", "4x4", "6x6", "8x8", "12x12", "16x16", "x", "windoku", "hyper"} {
		if _, err := Named(name); err != nil {
			t.Errorf("Named(%q): %v", name, err)
		}
	}
}

// TestLineForms: a grid written in the default form reads back the same
// for every size; 16x16 reads in 0-F, 1-9A-G (any case) and A-P; a wrong
// length or symbol is refused at its column.
func TestLineForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range every(t) {
		p, sol, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range []Grid{p, sol} {
			back, err := v.Parse(v.Format(g))
			if err != nil || !slices.Equal(back, g) {
				t.Errorf("%s: %s read back as %v, %v", v.Name, v.Format(g), back, err)
			}
		}
	}
	v := must(Sized(16))
	_, sol, _ := Generate(v, "none", rng)
	for _, s := range []Symbols{Hex, OneToG, Letters, Symbols(strings.ToLower(string(OneToG)))} {
		back, err := v.Parse(v.FormatWith(sol, s))
		if err != nil || !slices.Equal(back, sol) {
			t.Errorf("16x16 in %s: %v", s, err)
		}
	}
	var pe *ParseError
	if _, err := v.Parse("123"); !errors.As(err, &pe) || !strings.Contains(err.Error(), "want 256") {
		t.Errorf("short line: %v", err)
	}
	six := must(Sized(6))
	if _, err := six.Parse("12345." + strings.Repeat(".", 29) + "7"); !errors.As(err, &pe) || pe.Column != 36 {
		t.Errorf("7 in a 6x6: %v", err)
	}
}

// TestSolverAgainstCover: the solver's counts agree with the plain exact
// cover count on generated puzzles of every variant, on the same puzzles
// with givens taken away (several solutions) and with a given changed
// (often none).
func TestSolverAgainstCover(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range every(t) {
		s := NewSolver(v)
		p, _, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		cases := []Grid{p}
		fewer := slices.Clone(p)
		for _, c := range rng.Perm(len(p)) {
			if fewer[c] != 0 && fewer.Clues() > p.Clues()-3 {
				fewer[c] = 0
			}
		}
		changed := slices.Clone(p)
		for c := range changed {
			if changed[c] != 0 {
				changed[c] = changed[c]%uint8(v.Size) + 1
				break
			}
		}
		cases = append(cases, fewer, changed)
		for i, g := range cases {
			got, _ := s.Count(g, 5)
			if want := coverCount(v, g, 5); got != want {
				t.Errorf("%s case %d %s: solver counts %d, exact cover %d", v.Name, i, v.Format(g), got, want)
			}
		}
	}
}

// TestClassicAgrees: on classic puzzles of the engine's samples the
// variant solver gives the classic engine's count and solution.
func TestClassicAgrees(t *testing.T) {
	v := must(Sized(9))
	s := NewSolver(v)
	for _, file := range []string{"../testdata/top1465-sample.txt", "../testdata/multi-solution-sample.txt"} {
		ps := readClassic(t, file)
		for _, p := range ps {
			wantN, wantSol := engine.CountSolutions(p, 2)
			g := Grid(p[:])
			n, sol := s.Count(g, 2)
			if n != wantN || (n == 1 && v.Format(sol) != wantSol.String()) {
				t.Errorf("%s: %d solutions, classic engine %d", p, n, wantN)
			}
		}
	}
}

func readClassic(t *testing.T, path string) []engine.Grid {
	t.Helper()
	var out []engine.Grid
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := engine.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no puzzles", path)
	}
	return out
}

// TestGenerate: for every variant and symmetry the geometry allows (on
// 12x12 and 16x16 none and rot180), the puzzles have one solution by the
// plain exact cover, their givens are the solution's, no orbit of givens
// can go (minimal up to the symmetry), the pattern has the symmetry, and
// a seed gives the same
// puzzle again.
func TestGenerate(t *testing.T) {
	for _, v := range every(t) {
		syms := v.Allowed()
		if v.Size > 9 { // a minimal 12x12 or 16x16 takes a second or so
			syms = []string{"none", "rot180"}
		}
		for _, sym := range syms {
			rng := rand.New(rand.NewPCG(7, uint64(v.Size)))
			p, sol, err := Generate(v, sym, rng)
			if err != nil {
				t.Fatal(err)
			}
			if v.Size <= 9 || sym == "none" { // the plain check takes seconds on 16x16
				if n := coverCount(v, p, 2); n != 1 {
					t.Errorf("%s %s: %s has %d solutions by exact cover", v.Name, sym, v.Format(p), n)
				}
			}
			if c := v.Conflicts(sol); len(c) > 0 || slices.Contains(sol, 0) {
				t.Errorf("%s: solution %s breaks a house %v", v.Name, v.Format(sol), c)
			}
			s := NewSolver(v)
			orbits, _ := Orbits(v.Size, sym)
			for _, orbit := range orbits {
				if p[orbit[0]] == 0 {
					for _, c := range orbit {
						if p[c] != 0 {
							t.Fatalf("%s %s: orbit %v half given", v.Name, sym, orbit)
						}
					}
					continue
				}
				q := slices.Clone(p)
				for _, c := range orbit {
					if q[c] != sol[c] {
						t.Fatalf("%s: given %s is not the solution's", v.Name, v.CellName(c))
					}
					q[c] = 0
				}
				if s.Unique(q) {
					t.Errorf("%s %s: %s is not minimal: orbit %v can go", v.Name, sym, v.Format(p), orbit)
				}
			}
			again, _, _ := Generate(v, sym, rand.New(rand.NewPCG(7, uint64(v.Size))))
			if !slices.Equal(again, p) {
				t.Errorf("%s %s: the same seed made another puzzle", v.Name, sym)
			}
		}
	}
}

// TestKeys: every variant's key gives the same variant back, a jigsaw's
// with its layout, and the kinds are named as specs name them.
func TestKeys(t *testing.T) {
	for _, v := range every(t) {
		back, err := FromKey(v.Key())
		if err != nil {
			t.Fatalf("%s: FromKey(%q): %v", v.Name, v.Key(), err)
		}
		if back.Key() != v.Key() || !slices.Equal(back.Regions, v.Regions) || len(back.Houses()) != len(v.Houses()) {
			t.Errorf("%s: key %q gives back %q", v.Name, v.Key(), back.Key())
		}
	}
	if k := jigsaw6(t).Key(); !strings.HasPrefix(k, "jigsaw-6x6:") || len(k) != len("jigsaw-6x6:")+36 {
		t.Errorf("6x6 jigsaw key %q", k)
	}
	for _, bad := range []string{"jigsaw:123", "jigsaw-5x6:1", "jigsaw:" + strings.Repeat("1", 81), "kakuro"} {
		if _, err := FromKey(bad); !errors.Is(err, ErrVariant) {
			t.Errorf("FromKey(%q): %v, want ErrVariant", bad, err)
		}
	}
}

// TestLabels: the print styles of every size, and the refusals.
func TestLabels(t *testing.T) {
	for _, c := range []struct {
		style string
		n     int
		want  string
	}{
		{"", 16, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"},
		{"1-16", 16, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"},
		{"0-F", 16, "0 1 2 3 4 5 6 7 8 9 A B C D E F"},
		{"A-P", 16, "A B C D E F G H I J K L M N O P"},
		{"A-L", 12, "A B C D E F G H I J K L"},
		{"", 6, "1 2 3 4 5 6"},
		{"1-6", 6, "1 2 3 4 5 6"},
	} {
		got, err := Labels(c.style, c.n)
		if err != nil || strings.Join(got, " ") != c.want {
			t.Errorf("Labels(%q, %d) = %v, %v; want %s", c.style, c.n, got, err, c.want)
		}
	}
	for _, c := range []struct {
		style string
		n     int
	}{{"0-F", 12}, {"A-F", 6}, {"1-9", 16}, {"A-P", 9}, {"hex", 16}} {
		if _, err := Labels(c.style, c.n); !errors.Is(err, ErrVariant) {
			t.Errorf("Labels(%q, %d): %v, want ErrVariant", c.style, c.n, err)
		}
	}
}

// TestKind: every kind names itself, the other names map onto kinds.
func TestKind(t *testing.T) {
	for _, k := range Kinds {
		if got, err := Kind(k); err != nil || got != k {
			t.Errorf("Kind(%q) = %q, %v", k, got, err)
		}
	}
	for name, want := range map[string]string{"9x9": "classic", "Hyper": "windoku", "X": "x", "JIGSAW": "jigsaw", "16X16": "16x16", "5x5": "", "jigsaw-5x5": "", "kakuro": ""} {
		got, err := Kind(name)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("Kind(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
}

// TestPretty: classic's is the engine's, character for character; a 6x6's
// has its 2x3 boxes.
func TestPretty(t *testing.T) {
	g := engine.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if got, want := Classic().Pretty(Grid(g[:])), g.Pretty(); got != want {
		t.Errorf("classic:\n%s\nwant\n%s", got, want)
	}
	six := must(Sized(6))
	want := "" +
		"1 2 3 | 4 5 6\n" +
		"4 5 6 | 1 2 3\n" +
		"------+------\n" +
		"2 3 1 | 5 6 4\n" +
		"5 6 4 | 2 3 1\n" +
		"------+------\n" +
		"3 1 2 | 6 4 5\n" +
		"6 4 5 | 3 1 .\n"
	if got := six.Pretty(mustParse(t, six, "12345645612323156456423131264564531.")); got != want {
		t.Errorf("6x6:\n%s\nwant\n%s", got, want)
	}
}

func mustParse(t *testing.T, v *Variant, line string) Grid {
	t.Helper()
	g, err := v.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
