package configs

import (
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
)

// The variety examples load, with the kinds, ladders and page counts they
// say.
func TestVarietyExamples(t *testing.T) {
	b, err := LoadBook("variety-book.yaml")
	if err != nil {
		t.Fatal(err)
	}
	type sec struct {
		kind, level     string
		count, per, sol int
		sym             engine.Symmetry
	}
	want := []sec{
		{"6x6", "easy", 24, 0, 0, engine.Rot180}, {"classic", "medium", 24, 0, 0, engine.Rot180},
		{"x", "medium", 16, 2, 0, engine.Rot90}, {"windoku", "hard", 16, 2, 0, engine.Mirror},
		{"jigsaw", "medium", 16, 2, 0, engine.Rot180}, {"killer", "medium", 12, 2, 0, engine.SymmetryNone},
		{"16x16", "easy", 12, 1, 4, engine.Rot180},
	}
	var got []sec
	for _, s := range b.Sections {
		got = append(got, sec{s.Kind.String(), s.Level, s.Count, s.PerPage, s.SolutionsPerPage, s.Symmetry})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sections\n%v, want\n%v", got, want)
	}
	if k := b.Sections[5].Kind; k.Variant != nil || !k.IsKiller() || k.Side() != 9 {
		t.Errorf("killer kind %+v: want no fixed cages", k)
	}
	if !b.Layout.Combinations || b.Layout.TintCages {
		t.Errorf("layout %+v: want the combinations page, untinted cages", b.Layout)
	}
	if k := b.Sections[6].Kind; k.Variant == nil || k.Variant.Size != 16 || k.Symbols != "" || k.Side() != 16 {
		t.Errorf("16x16 kind %+v", k)
	}
	if k := b.Sections[4].Kind; k.Variant != nil || !k.IsJigsaw() || k.Side() != 9 {
		t.Errorf("jigsaw kind %+v: want no fixed layout", k)
	}
	if !b.Sections[1].Kind.IsClassic() || b.Sections[1].Kind != (Kind{}) {
		t.Errorf("classic section's kind %+v", b.Sections[1].Kind)
	}
	if b.Ladders != nil || !reflect.DeepEqual(b.LadderOf(b.Sections[0].Kind).Names(), []string{"easy", "medium", "hard"}) {
		t.Errorf("ladders %v, 6x6's %v", b.Ladders, b.LadderOf(b.Sections[0].Kind).Names())
	}
	if b.Lines["sections[5].per-page"] == 0 || b.Lines["sections[5].variant"] == 0 {
		t.Errorf("lines %v", b.Lines)
	}

	big, err := LoadBook("super-sudoku-16x16.yaml")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range big.Sections {
		total += s.Count
		if s.Kind.String() != "16x16" || big.LadderOf(s.Kind).Index(s.Level) < 0 {
			t.Errorf("section %+v", s)
		}
	}
	if total != 100 || big.Page.Trim != "8.5x11" || big.Layout.PerPage != 1 || !reflect.DeepEqual(big.Ladders["16x16"], level.For(must(variant.Sized(16)))) {
		t.Errorf("16x16 book: %d puzzles, trim %s, per-page %d, ladders %v", total, big.Page.Trim, big.Layout.PerPage, big.Ladders)
	}

	d, err := LoadDaily("daily-variety.yaml")
	if err != nil {
		t.Fatal(err)
	}
	o := d.Outlets[0]
	if o.Rotation[time.Wednesday][0] != "medium" || o.Kind(time.Wednesday, 0).String() != "x" ||
		o.Rotation[time.Saturday][0] != "hard" || o.Kind(time.Saturday, 0).String() != "16x16" ||
		!reflect.DeepEqual(o.Rotation[time.Sunday], []string{"evil", "medium"}) ||
		!o.Kind(time.Sunday, 0).IsClassic() || o.Kind(time.Sunday, 1).String() != "6x6" ||
		o.Kinds[time.Monday] != nil || !o.Kind(time.Monday, 0).IsClassic() {
		t.Errorf("rotation %v, kinds %+v", o.Rotation, o.Kinds)
	}
}

func must(v *variant.Variant, err error) *variant.Variant {
	if err != nil {
		panic(err)
	}
	return v
}

// levels-16x16.yaml is the built-in 16x16 ladder, word for word, and says
// so on its variant: line; LoadLevels, for classic ladders, refuses it.
func TestLevels16x16IsBuiltIn(t *testing.T) {
	k, got, err := LoadLevelsFor("levels-16x16.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if k.String() != "16x16" || !reflect.DeepEqual(got, level.For(must(variant.Sized(16)))) {
		t.Fatalf("%s ladder\n%+v\nlevel.For(16x16):\n%+v", k, got, level.For(must(variant.Sized(16))))
	}
	if _, err := LoadLevels("levels-16x16.yaml"); err == nil || err.Error() != "levels-16x16.yaml:8: variant: a ladder for 16x16 puzzles; want one for classic (no variant: line)" {
		t.Errorf("LoadLevels: %v", err)
	}
	if k, _, err := LoadLevelsFor("levels.yaml"); err != nil || !k.IsClassic() {
		t.Errorf("levels.yaml: %v %v", k, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"variant: 17x17\nlevels: [{name: a, rules: ['er <= 1']}]\n", `l.yaml:1: variant: "17x17": want classic, 4x4, 6x6, 8x8, 12x12, 16x16, x, windoku, jigsaw, jigsaw-6x6, killer or killer-6x6`},
		{"variant: [x]\nlevels: [{name: a, rules: ['er <= 1']}]\n", `l.yaml:1: variant: want a kind: classic, 4x4`},
		{"variant: x\nlevels: []\n", `l.yaml: levels: want at least one level`},
		{"variant: x\nvariants: y\n", `l.yaml:2: unknown field "variants" (a levels file has variant: and levels:`},
	} {
		_, _, err := ParseLevelsFor("l.yaml", []byte(tc.text))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
	k, ladder, err := ParseLevelsFor("l.yaml", []byte("variant: Jigsaw-6x6\nlevels: [{name: a, rules: ['er <= 1']}]\n"))
	if err != nil || k.Name != "jigsaw-6x6" || k.Variant != nil || len(ladder) != 1 {
		t.Errorf("jigsaw-6x6 ladder: %+v %v %v", k, ladder, err)
	}
}

// Every problem of a section's kind, alone, at its line and field.
func TestKindProblems(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("l6.yaml", "variant: 6x6\nlevels: [{name: tiny, rules: ['er <= 9']}]\n")
	write("l16.yaml", "variant: 16x16\nlevels: [{name: giant, rules: ['er <= 9']}]\n")
	write("bad.yaml", "variant: 16x16\nlevels: [{name: giant, rule: ['er <= 9']}]\n")
	s := "sections:\n  - "
	for _, tc := range []struct{ spec, want string }{
		{s + "{level: evil, count: 1, variant: 4x4}\n",
			`s.yaml:2: sections[0].level: no level "evil" for 4x4 puzzles; the 4x4 ladder has easy`},
		{s + "{level: expert, count: 1, variant: 6x6}\n",
			`s.yaml:2: sections[0].level: no level "expert" for 6x6 puzzles; the 6x6 ladder has easy, medium, hard`},
		{s + "{count: 1, variant: 16x16}\n",
			`s.yaml:2: sections[0].level: want a level (easy, medium, hard, expert, evil)`},
		{s + "{level: hard, count: 1, variant: 17x17}\n",
			`s.yaml:2: sections[0].variant: "17x17": want classic, 4x4, 6x6, 8x8, 12x12, 16x16, x, windoku, jigsaw, jigsaw-6x6, killer or killer-6x6`},
		{s + "{level: hard, count: 1, variant: [x]}\n", `s.yaml:2: sections[0].variant: want text`},
		{s + "{level: hard, count: 1, variant: 6x6, symmetry: rot90}\n",
			`s.yaml:2: sections[0].symmetry: rot90 does not map the 6x6's 2x3 boxes onto boxes; 6x6 puzzles allow none, rot180, mirror, flip or random`},
		{s + "{level: hard, count: 1, variant: 12x12, symmetry: antidiagonal}\n",
			`s.yaml:2: sections[0].symmetry: antidiagonal does not map the 12x12's 3x4 boxes onto boxes; 12x12 puzzles allow none, rot180, mirror, flip or random`},
		{s + "{level: hard, count: 1, variant: jigsaw-6x6, symmetry: diagonal}\n",
			`s.yaml:2: sections[0].symmetry: the 6x6 jigsaw layouts pressrun makes have no diagonal symmetry (give a layout: that has it); jigsaw-6x6 puzzles allow none, rot180, mirror, flip or random`},
		{s + "{level: hard, count: 1, variant: jigsaw-6x6, symmetry: rot90}\n",
			`s.yaml:2: sections[0].symmetry: no 6x6 jigsaw layout has rot90 symmetry: a quarter turn swaps two regions that a half turn keeps, and such a region needs 7 cells to reach round the centre; jigsaw-6x6 puzzles allow none, rot180, mirror, flip or random`},
		{"sections:\n  - level: hard\n    count: 1\n    variant: jigsaw-6x6\n    symmetry: rot90\n    layout: |\n      111222\n      111222\n      333444\n      333444\n      555666\n      555666\n",
			`s.yaml:5: sections[0].symmetry: rot90 does not map this layout's regions onto regions; this layout allows none, rot180, mirror, flip or random`},
		{s + "{level: hard, count: 1, variant: jigsaw-6x6, layout: 112233}\n",
			`s.yaml:2: sections[0].layout: a 6x6 jigsaw's layout has 6 characters, not 36`},
		{s + "{level: hard, count: 1, variant: jigsaw-6x6, layout: '111222 111222 333444 333444 555666 555667'}\n",
			`s.yaml:2: sections[0].layout: layout character 36, '7', is not a region of a 6x6 jigsaw (123456)`},
		{s + "{level: hard, count: 1, variant: jigsaw-6x6, layout: '111222 111222 333444 333444 555666 555665'}\n",
			`s.yaml:2: sections[0].layout: region 4 has 7 cells, not 6`},
		{s + "{level: hard, count: 1, variant: 6x6, layout: '111222'}\n",
			`s.yaml:2: sections[0].layout: only a jigsaw has a layout; a 6x6 has boxes`},
		{s + "{level: hard, count: 1, layout: '111222'}\n",
			`s.yaml:2: sections[0].layout: only a jigsaw has a layout, and without variant: the puzzles are classic (give variant: jigsaw or jigsaw-6x6)`},
		{s + "{level: hard, count: 1, variant: 16x16, symbols: 0-9}\n",
			`s.yaml:2: sections[0].symbols: "0-9": a 16x16 grid's symbols are 1-16, 0-F or A-P`},
		{s + "{level: hard, count: 1, variant: 6x6, symbols: A-F}\n",
			`s.yaml:2: sections[0].symbols: "A-F": a 6x6 grid's symbols are 1-6 (letters and 0-9A-F are for 12x12 and 16x16)`},
		{s + "{level: hard, count: 1, symbols: 1-16}\n",
			`s.yaml:2: sections[0].symbols: "1-16": a 9x9 grid's symbols are 1-9 (letters and 0-9A-F are for 12x12 and 16x16)`},
		{s + "{level: hard, count: 1, variant: 16x16, clues: 10-300}\n",
			`s.yaml:2: sections[0].clues: 10-300: a 16x16 puzzle with one solution has 15 to 256 givens`},
		{s + "{level: hard, count: 1, variant: 16x16, symmetry: rot90, clues: 50-51}\n",
			`s.yaml:2: sections[0].clues: no puzzle with rot90 symmetry has 50-51 givens (its cells come in groups of 4)`},
		{s + "{level: hard, count: 1, variant: 6x6, per-page: 0}\n", `s.yaml:2: sections[0].per-page: must be at least 1`},
		{s + "{level: hard, count: 1, variant: 6x6, size: 6}\n",
			`s.yaml:2: sections[0].size: unknown field; want one of allow-guess, clues, count, layout, level, minimal, order, per-page, require, solutions-per-page, symbols, symmetry, technique, title, variant`},
		// The ladders a spec gives per kind.
		{"levels: {6x6: l6.yaml}\n" + s + "{level: easy, count: 1, variant: 6x6}\n",
			`s.yaml:3: sections[0].level: no level "easy" for 6x6 puzzles; the 6x6 ladder has tiny`},
		{"levels: l6.yaml\n" + s + "{level: tiny, count: 1}\n",
			`s.yaml:3: sections[0].level: no level "tiny"; the ladder has easy, medium, hard, expert, evil`},
		{"levels: {16x16: l6.yaml}\n" + s + "{level: easy, count: 1}\n",
			`s.yaml:1: levels.16x16: l6.yaml is a ladder for 6x6 puzzles (its variant: line), not 16x16`},
		{"levels: {17x17: l6.yaml}\n" + s + "{level: easy, count: 1}\n",
			`s.yaml:1: levels.17x17: unknown kind "17x17": want classic, 4x4`},
		{"levels: {classic: l6.yaml, 9x9: l6.yaml}\n" + s + "{level: easy, count: 1}\n",
			"s.yaml:1: levels.classic: l6.yaml is a ladder for 6x6 puzzles (its variant: line), not classic\n" +
				"s.yaml:1: levels.9x9: set twice (a kind has one ladder)"},
		{"levels: {16x16: []}\n" + s + "{level: giant, count: 1, variant: 16x16}\n",
			`s.yaml:1: levels.16x16: want a list of levels (name:, rules:, description:) or a levels file's name`},
		{"levels: {16x16: [{name: giant}]}\n" + s + "{level: giant, count: 1, variant: 16x16}\n",
			`s.yaml:1: levels.16x16[0].rules: want at least one rule`},
		{"levels: {16x16: bad.yaml}\n" + s + "{level: nothing, count: 1, variant: 16x16}\n",
			`bad.yaml:2: unknown field "rule"`},
	} {
		_, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(tc.spec))
		got := ""
		if err != nil {
			got = strings.ReplaceAll(err.Error(), dir+"/", "")
		}
		if !errors.Is(err, ErrSpec) || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\n got %q\nwant %q", tc.spec, got, tc.want)
		}
	}
	// The ladders given: a file that says its variant is that kind's, the
	// inline ones under their kinds; a kind without one has level.For's.
	b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte("levels: l16.yaml\n"+s+"{level: giant, count: 1, variant: 16x16}\n  - {level: evil, count: 1}\n"))
	if err != nil || len(b.Ladders) != 1 || b.Ladders["16x16"][0].Name != "giant" || len(b.Ladder) != 5 {
		t.Fatalf("%v: %+v", err, b)
	}
	b, err = ParseBook(filepath.Join(dir, "s.yaml"), []byte("levels: {6x6: [{name: small, rules: ['er <= 9']}], classic: l16.yaml}\n"+
		s+"{level: small, count: 1, variant: 6x6}\n  - {level: hard, count: 1, variant: 8x8}\n"))
	if err == nil || !strings.Contains(err.Error(), "levels.classic: l16.yaml is a ladder for 16x16 puzzles") {
		t.Fatalf("classic: l16.yaml: %v", err)
	}
	b, err = ParseBook(filepath.Join(dir, "s.yaml"), []byte("levels: {6x6: [{name: small, rules: ['er <= 9']}], classic: [{name: one, rules: ['er > 0']}]}\n"+
		s+"{level: small, count: 1, variant: 6x6}\n  - {level: hard, count: 1, variant: 8x8}\n  - {level: one, count: 1}\n"))
	if err != nil || b.LadderOf(b.Sections[0].Kind)[0].Name != "small" || !reflect.DeepEqual(b.LadderOf(b.Sections[1].Kind), level.For(must(variant.Sized(8)))) ||
		!reflect.DeepEqual(b.Ladder.Names(), []string{"one"}) {
		t.Fatalf("%v: %+v", err, b)
	}
	// A ladder with problems is not used to check its kind's levels.
	_, err = ParseBook(filepath.Join(dir, "s.yaml"), []byte("levels: {16x16: bad.yaml}\n"+s+"{level: nothing, count: 1, variant: 16x16}\n"))
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 {
		t.Fatalf("bad ladder: %v", err)
	}
}

// A section's kind, symbols and layout as the spec writes them: any case,
// symbols in the default style kept as "" (numbers), a layout on one line
// or a row a line.
func TestSectionKinds(t *testing.T) {
	spec := `sections:
  - {level: Hard, count: 1, variant: 16X16, symbols: 0-F}
  - {level: hard, count: 1, variant: 16x16, symbols: 1-16}
  - {level: hard, count: 1, variant: hyper, symmetry: diagonal}
  - {level: medium, count: 1, variant: 9x9, symbols: 1-9}
  - level: hard
    count: 1
    variant: jigsaw-6x6
    symmetry: mirror
    layout: |
      111222
      111222
      333444
      333444
      555666
      555666
  - {level: easy, count: 1, variant: jigsaw-4x4, symmetry: rot90, layout: 1112412244324333}
  - {level: easy, count: 1, variant: 12x12, symbols: A-L, clues: 60-80}
`
	b, err := ParseBook(filepath.Join(t.TempDir(), "s.yaml"), []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, symbols, level, key string }{
		{"16x16", "0-F", "hard", "16x16"}, {"16x16", "", "hard", "16x16"}, {"windoku", "", "hard", "windoku"},
		{"", "", "medium", "classic"}, {"jigsaw-6x6", "", "hard", "jigsaw-6x6:111222111222333444333444555666555666"},
		{"jigsaw-4x4", "", "easy", "jigsaw-4x4:1112412244324333"}, {"12x12", "A-L", "easy", "12x12"},
	}
	for i, s := range b.Sections {
		k := s.Kind
		key := "classic"
		if k.Variant != nil {
			key = k.Variant.Key()
		}
		if k.Name != want[i].name || k.Symbols != want[i].symbols || s.Level != want[i].level || key != want[i].key {
			t.Errorf("sections[%d]: %+v (key %s), want %+v", i, s, key, want[i])
		}
	}
	// Minimal: a variant's levels are dug to their bound on er, so its
	// puzzles are minimal only when minimal: true asks.
	for i, s := range b.Sections {
		if s.Minimal {
			t.Errorf("sections[%d] (%s %s) minimal without minimal: true", i, s.Kind, s.Level)
		}
	}
	if b.Sections[6].CluesMin != 60 {
		t.Errorf("sections[6] clues %d-%d", b.Sections[6].CluesMin, b.Sections[6].CluesMax)
	}
}

// Each kind allows the symmetries whose moves map its houses onto houses:
// all of them on square boxes and the 9x9 variants, the half turn and the
// mirrors on oblong boxes, a fixed jigsaw layout its own.
func TestKindSymmetries(t *testing.T) {
	all := []engine.Symmetry{engine.SymmetryNone, engine.Rot180, engine.Rot90, engine.Mirror, engine.Flip, engine.Diagonal, engine.Antidiagonal}
	oblong := []engine.Symmetry{engine.SymmetryNone, engine.Rot180, engine.Mirror, engine.Flip}
	for _, tc := range []struct {
		name, layout string
		want         []engine.Symmetry
	}{
		{"classic", "", all}, {"4x4", "", all}, {"6x6", "", oblong}, {"8x8", "", oblong}, {"12x12", "", oblong},
		{"16x16", "", all}, {"x", "", all}, {"windoku", "", all},
		{"jigsaw", "", all}, {"jigsaw-6x6", "", oblong},
		{"jigsaw-6x6", "111222111222333444333444555666555666", oblong},
		// A pinwheel: each region turns into the next under a quarter turn.
		{"jigsaw-4x4", "1112412244324333", []engine.Symmetry{engine.SymmetryNone, engine.Rot180, engine.Rot90}},
		// Rows for regions: the quarter turn maps them onto the columns,
		// which are houses too, so every move keeps the houses.
		{"jigsaw-6x6", "111111222222333333444444555555666666", all},
		// Boxes as a jigsaw: a jigsaw of classic's boxes has all of them.
		{"jigsaw", "111222333111222333111222333444555666444555666444555666777888999777888999777888999", all},
	} {
		k, err := parseKind(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if tc.layout != "" {
			if k.Variant, err = variant.ParseLayout(k.Side(), tc.layout); err != nil {
				t.Fatal(err)
			}
		}
		if got := k.Symmetries(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %s: %v, want %v", tc.name, tc.layout, got, tc.want)
		}
		if !k.Allows(engine.SymmetryRandom) {
			t.Errorf("%s: random refused", tc.name)
		}
	}
}

// layoutRefusal's quarter turns against a search of every layout: a
// layout of side n with rot90 symmetry exists (4, 5 and 8) or not (6 and
// 7); a side whose layouts have none is refused with the reason, and a
// side pressrun's generator allows (variant.LayoutSymmetries) has some.
// n up to 8, so that a region is a uint64 of cells.
func TestLayoutRefusalRot90(t *testing.T) {
	for n := 4; n <= 8; n++ {
		found := rot90Layout(n)
		why := layoutRefusal(n, engine.Rot90)
		if why == "" && !found {
			t.Errorf("%dx%d: rot90 allowed, but no layout has it", n, n)
		}
		if !found && !strings.HasPrefix(why, "no ") {
			t.Errorf("%dx%d: no layout has rot90, refused as %q", n, n, why)
		}
	}
}

// rot90Layout searches for a jigsaw layout of side n that a quarter turn
// maps onto itself: every region of n joined cells, with the regions it
// turns into, covering the grid once.
func rot90Layout(n int) bool {
	turn := func(set uint64) uint64 {
		var out uint64
		for s := set; s != 0; s &= s - 1 {
			c := bits.TrailingZeros64(s)
			out |= 1 << ((c%n)*n + n - 1 - c/n)
		}
		return out
	}
	// Every joined set of n cells, grown a cell at a time, by its first cell.
	grow := map[uint64]bool{}
	for c := range n * n {
		grow[1<<c] = true
	}
	for size := 1; size < n; size++ {
		next := map[uint64]bool{}
		for set := range grow {
			for s := set; s != 0; s &= s - 1 {
				c := bits.TrailingZeros64(s)
				r, col := c/n, c%n
				for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if rr, cc := r+d[0], col+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n && set&(1<<(rr*n+cc)) == 0 {
						next[set|1<<(rr*n+cc)] = true
					}
				}
			}
		}
		grow = next
	}
	byFirst := map[int][]uint64{}
	for set := range grow {
		first := bits.TrailingZeros64(set)
		byFirst[first] = append(byFirst[first], set)
	}
	full := uint64(1)<<(n*n) - 1
	if n*n == 64 {
		full = ^uint64(0)
	}
	var search func(covered uint64) bool
	search = func(covered uint64) bool {
		if covered == full {
			return true
		}
		first := bits.TrailingZeros64(^covered)
	next:
		for _, region := range byFirst[first] {
			var add uint64
			for i, r := 0, region; i < 4; i, r = i+1, turn(r) {
				switch {
				case r&add == r: // turned onto one already placed
				case r&(covered|add) != 0:
					continue next
				default:
					add |= r
				}
			}
			if search(covered | add) {
				return true
			}
		}
		return false
	}
	return search(0)
}

// The daily rotation's kinds: a weekday a level:, variant:, symbols:
// mapping, repeated per-day times, or in a list beside plain levels; each
// problem at its line.
func TestDailyKinds(t *testing.T) {
	dir := t.TempDir()
	spec := `outlets:
  - name: Variety
    per-day: 2
    rotation:
      wed: {level: Medium, variant: X}
      sat: {level: hard, variant: 16x16, symbols: A-P}
      sun: [evil, {level: easy, variant: jigsaw-6x6}]
`
	d, err := ParseDaily(filepath.Join(dir, "d.yaml"), []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	o := d.Outlets[0]
	if !reflect.DeepEqual(o.Rotation[time.Wednesday], []string{"medium", "medium"}) || len(o.Kinds[time.Wednesday]) != 2 ||
		o.Kind(time.Wednesday, 1).String() != "x" || o.Kind(time.Saturday, 0).Symbols != "A-P" ||
		!reflect.DeepEqual(o.Rotation[time.Sunday], []string{"evil", "easy"}) || o.Kind(time.Sunday, 1).String() != "jigsaw-6x6" ||
		o.Kinds[time.Friday] != nil || !reflect.DeepEqual(o.Rotation[time.Friday], []string{"hard", "hard"}) || o.Kind(time.Friday, 5) != (Kind{}) {
		t.Errorf("rotation %v\nkinds %+v", o.Rotation, o.Kinds)
	}
	bad := `outlets:
  - name: X
    rotation:
      mon: {level: evil, variant: 4x4}
      tue: {level: hard, variant: 17x17}
      wed: {variant: 6x6}
      thu: [easy, {level: hard, variant: 6x6, symbols: 0-5}]
      fri: {level: hard, variant: 16x16, layout: '1234'}
      sat: {level: hard, variant: jigsaw, symmetry: rot90}
levels: {16x16: [{name: giant, rules: ['er > 0']}]}
`
	_, err = ParseDaily(filepath.Join(dir, "d.yaml"), []byte(bad))
	want := []string{
		`d.yaml:4: outlets[0].rotation.monday.level: no level "evil" for 4x4 puzzles; the 4x4 ladder has easy`,
		`d.yaml:5: outlets[0].rotation.tuesday.variant: "17x17": want classic, 4x4, 6x6, 8x8, 12x12, 16x16, x, windoku, jigsaw, jigsaw-6x6, killer or killer-6x6`,
		`d.yaml:6: outlets[0].rotation.wednesday.level: want a level (easy, medium, hard)`,
		`d.yaml:7: outlets[0].rotation.thursday[1].symbols: "0-5": a 6x6 grid's symbols are 1-6 (letters and 0-9A-F are for 12x12 and 16x16)`,
		`d.yaml:8: outlets[0].rotation.friday.layout: only a jigsaw has a layout; a 16x16 has boxes`,
		`d.yaml:8: outlets[0].rotation.friday.level: no level "hard" for 16x16 puzzles; the 16x16 ladder has giant`,
		`d.yaml:9: outlets[0].rotation.saturday.symmetry: unknown field; want one of layout, level, symbols, variant`,
	}
	if err == nil || strings.ReplaceAll(err.Error(), dir+"/", "") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%v\nwant:\n%s", err, strings.Join(want, "\n"))
	}
}
