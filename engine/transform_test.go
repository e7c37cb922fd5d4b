package engine

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// wikiSolution is the solution of the example puzzle on Wikipedia's Sudoku
// page: a full grid with no automorphism.
const wikiSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

func mustParseTransform(t *testing.T, s string) Transform {
	t.Helper()
	tr, err := ParseTransform(s)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestTransformApply checks each kind of move against the definition written
// out cell by cell.
func TestTransformApply(t *testing.T) {
	g := MustParse(wikiSolution)
	cell := func(g Grid, r, c int) uint8 { return g[r*9+c] }
	cases := []struct {
		transform string
		want      func(r, c int) uint8
	}{
		{"r123456789c123456789d123456789", func(r, c int) uint8 { return cell(g, r, c) }},
		{"tr123456789c123456789d123456789", func(r, c int) uint8 { return cell(g, c, r) }},
		{"r456123789c123456789d123456789", func(r, c int) uint8 { return cell(g, [9]int{3, 4, 5, 0, 1, 2, 6, 7, 8}[r], c) }},
		{"r213456789c123456789d123456789", func(r, c int) uint8 { return cell(g, [9]int{1, 0, 2, 3, 4, 5, 6, 7, 8}[r], c) }},
		{"r123456789c789123456d123456789", func(r, c int) uint8 { return cell(g, r, (c+6)%9) }},
		{"r123456789c132456789d123456789", func(r, c int) uint8 { return cell(g, r, [9]int{0, 2, 1, 3, 4, 5, 6, 7, 8}[c]) }},
		{"r123456789c123456789d234567891", func(r, c int) uint8 { return cell(g, r, c)%9 + 1 }},
		// Transposition comes first: rows and columns are those of the
		// transposed grid.
		{"tr213456789c123456789d123456789", func(r, c int) uint8 { return cell(g, c, [9]int{1, 0, 2, 3, 4, 5, 6, 7, 8}[r]) }},
	}
	for _, tc := range cases {
		h := mustParseTransform(t, tc.transform).Apply(g)
		for i := range h {
			if want := tc.want(i/9, i%9); h[i] != want {
				t.Errorf("%s: %s = %d, want %d", tc.transform, CellName(i), h[i], want)
				break
			}
		}
	}
}

func TestTransformKeepsEmptyCells(t *testing.T) {
	p := MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 100; i++ {
		h := RandomTransform(rng).Apply(p)
		if h.Clues() != p.Clues() || !h.Valid() {
			t.Fatalf("transformed puzzle %v has %d clues (want %d), valid %v", h, h.Clues(), p.Clues(), h.Valid())
		}
	}
}

func TestTransformZeroIsIdentity(t *testing.T) {
	g := MustParse(wikiSolution)
	if Identity() != (Transform{}) {
		t.Error("Identity() is not the zero Transform")
	}
	if h := (Transform{}).Apply(g); h != g {
		t.Errorf("zero Transform changed the grid:\n%v\n%v", g, h)
	}
	if s := Identity().String(); s != "r123456789c123456789d123456789" {
		t.Errorf("Identity().String() = %q", s)
	}
}

func TestTransformLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	grids := []Grid{
		MustParse(wikiSolution),
		MustParse(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
	}
	for i := 0; i < 500; i++ {
		a, b, c := RandomTransform(rng), RandomTransform(rng), RandomTransform(rng)
		for _, g := range grids {
			if !a.Apply(g).Valid() {
				t.Fatalf("%v made an invalid grid of %v", a, g)
			}
			if h := a.Invert().Apply(a.Apply(g)); h != g {
				t.Fatalf("%v: Invert does not undo Apply:\n%v\n%v", a, g, h)
			}
			if got, want := a.Compose(b).Apply(g), a.Apply(b.Apply(g)); got != want {
				t.Fatalf("%v.Compose(%v): %v, want %v", a, b, got, want)
			}
		}
		if got := a.Compose(a.Invert()); got != Identity() {
			t.Fatalf("%v composed with its inverse is %v", a, got)
		}
		if got := a.Invert().Compose(a); got != Identity() {
			t.Fatalf("the inverse of %v composed with it is %v", a, got)
		}
		if got := a.Invert().Invert(); got != a {
			t.Fatalf("%v inverted twice is %v", a, got)
		}
		if x, y := a.Compose(b.Compose(c)), a.Compose(b).Compose(c); x != y {
			t.Fatalf("Compose is not associative: %v, %v", x, y)
		}
		if a.Compose(Identity()) != a || Identity().Compose(a) != a {
			t.Fatalf("the identity changes %v", a)
		}
	}
}

// TestRandomTransformUniform checks that each part of a random transform
// takes every value about equally often.
func TestRandomTransformUniform(t *testing.T) {
	const n = 18000
	rng := rand.New(rand.NewPCG(3, 3))
	var transposed int
	var firstRow, firstCol, one [9]int
	var bands [9]int // first band * 3 + second band
	for i := 0; i < n; i++ {
		tr := RandomTransform(rng)
		rows, cols, digits := tr.maps()
		if tr.transpose {
			transposed++
		}
		firstRow[rows[0]]++
		firstCol[cols[0]]++
		one[digits[1]-1]++
		bands[rows[0]/3*3+rows[3]/3]++
	}
	near := func(name string, got, want int) {
		// 5 standard deviations of a count that is at most n/2.
		if d := got - want; d*d > 25*want {
			t.Errorf("%s: %d, want about %d", name, got, want)
		}
	}
	near("transposed", transposed, n/2)
	for v := 0; v < 9; v++ {
		near("first row from row "+string(rune('1'+v)), firstRow[v], n/9)
		near("first column from column "+string(rune('1'+v)), firstCol[v], n/9)
		near("digit 1 becomes "+string(rune('1'+v)), one[v], n/9)
	}
	for b, c := range bands {
		if b/3 == b%3 {
			if c != 0 {
				t.Errorf("rows 1 and 4 come from the same band %d times", c)
			}
			continue
		}
		near("bands "+string(rune('1'+b/3))+", "+string(rune('1'+b%3)), c, n/6)
	}
}

func TestTransformText(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 200; i++ {
		tr := RandomTransform(rng)
		s := tr.String()
		back, err := ParseTransform(s)
		if err != nil || back != tr {
			t.Fatalf("ParseTransform(%q) = %v, %v; want %v", s, back, err, tr)
		}
		data, err := json.Marshal(tr)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON Transform
		if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != tr {
			t.Fatalf("json round trip of %s: %v, %v", data, fromJSON, err)
		}
	}

	tr := mustParseTransform(t, "tr213456789c132456789d912345678")
	if s := tr.String(); s != "tr213456789c132456789d912345678" {
		t.Errorf("String() = %q", s)
	}
	data, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"transpose":true,"rows":"213456789","cols":"132456789","digits":"912345678"}`; string(data) != want {
		t.Errorf("json: %s, want %s", data, want)
	}
	// Inside other values the transform is an object, by value or pointer.
	data, err = json.Marshal(struct {
		T  Transform
		P  *Transform
		Ts []Transform
	}{tr, &tr, []Transform{Identity()}})
	if err != nil || !strings.Contains(string(data), `"T":{"transpose":true`) || !strings.Contains(string(data), `"P":{"transpose":true`) {
		t.Errorf("json in a struct: %s, %v", data, err)
	}
	var noTranspose Transform
	if err := json.Unmarshal([]byte(`{"rows":"213456789","cols":"132456789","digits":"912345678"}`), &noTranspose); err != nil {
		t.Errorf("transpose left out: %v", err)
	} else if got := noTranspose.String(); got != "r213456789c132456789d912345678" {
		t.Errorf("transpose left out: %v", got)
	}
}

func TestTransformTextErrors(t *testing.T) {
	bad := []string{
		"",
		"r123456789c123456789",
		"r123456789c123456789d12345678",
		"r123456789c123456789d1234567890",
		"x123456789c123456789d123456789",
		"Tr123456789c123456789d123456789",
		"r123456789d123456789c123456789",
		"r113456789c123456789d123456789", // a row twice
		"r124356789c123456789d123456789", // rows 3 and 4 swap bands
		"r123456789c123456798d123456789", // fine: columns 8 and 9 in one stack
		"r123456789c123456789d123456780",
		"r123456789c12345678.d123456789",
		"r123456789c123457689d123456789", // column 7 into stack 2
	}
	for _, s := range bad {
		_, err := ParseTransform(s)
		if s == "r123456789c123456798d123456789" {
			if err != nil {
				t.Errorf("ParseTransform(%q): %v", s, err)
			}
			continue
		}
		if !errors.Is(err, ErrTransform) {
			t.Errorf("ParseTransform(%q): error %v, want one wrapping ErrTransform", s, err)
		}
	}
	badJSON := []string{
		`{"rows":"123456789","cols":"123456789"}`,
		`{"rows":"124356789","cols":"123456789","digits":"123456789"}`,
		`{"rows":"123456789","cols":"123456789","digits":"123456789","extra":1}`,
		`{"rows":123456789,"cols":"123456789","digits":"123456789"}`,
		`"r123456789c123456789d123456789"`,
	}
	for _, s := range badJSON {
		var tr Transform
		if err := json.Unmarshal([]byte(s), &tr); !errors.Is(err, ErrTransform) {
			t.Errorf("json.Unmarshal(%s): %v, %v; want an error wrapping ErrTransform", s, tr, err)
		}
	}
	tr := mustParseTransform(t, "tr213456789c132456789d912345678")
	if err := json.Unmarshal([]byte("null"), &tr); err != nil || tr.String() != "tr213456789c132456789d912345678" {
		t.Errorf("json null: %v, %v; want no change", tr, err)
	}
}

// FuzzParseTransform holds ParseTransform to one rule: a transform that
// prints as its input, or an error wrapping ErrTransform, never both.
func FuzzParseTransform(f *testing.F) {
	for _, s := range []string{
		"r123456789c123456789d123456789",
		"tr213456789c132456789d912345678",
		"r124356789c123456789d123456789",
		"tr987654321c321654987d192837465",
	} {
		f.Add(s)
	}
	g := MustParse(wikiSolution)
	f.Fuzz(func(t *testing.T, s string) {
		tr, err := ParseTransform(s)
		if err != nil {
			if tr != (Transform{}) || !errors.Is(err, ErrTransform) {
				t.Fatalf("ParseTransform(%q) = %v, %v", s, tr, err)
			}
			return
		}
		if tr.String() != s {
			t.Fatalf("ParseTransform(%q) prints as %q", s, tr)
		}
		if h := tr.Apply(g); !h.Valid() || !h.Full() {
			t.Fatalf("%v makes an invalid grid %v", tr, h)
		}
	})
}
