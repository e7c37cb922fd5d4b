package configs

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
)

// Kind is what puzzles a book's section or a day of a rotation has:
// classic 9x9 (the zero Kind, made by package engine) or a variant of
// engine/variant. A spec names it with variant: (a kind variant.Named,
// variant.JigsawSize or variant.KillerSize knows: 4x4, 6x6, 8x8, 12x12,
// 16x16, x, windoku, jigsaw, jigsaw-6x6, killer, killer-6x6), a jigsaw's
// fixed regions with layout: and the printed symbols with symbols:.
type Kind struct {
	// Name is the variant's kind as its Key begins ("6x6", "16x16", "x",
	// "windoku", "jigsaw", "jigsaw-6x6", "killer"); "" for classic.
	Name string
	// Variant is the geometry every puzzle of the kind has: nil for
	// classic (package engine's), for a jigsaw without layout: and for a
	// killer, whose puzzles each get a layout (regions, cages) of their
	// own.
	Variant *variant.Variant
	// Symbols is how the symbols are printed, a style variant.Labels
	// reads ("0-F", "A-P"); "" for numbers, the default.
	Symbols string
}

// kindNames are the kinds a spec may name, as a problem lists them.
const kindNames = "classic, 4x4, 6x6, 8x8, 12x12, 16x16, x, windoku, jigsaw, jigsaw-6x6, killer or killer-6x6"

// String is the kind's name, "classic" for classic.
func (k Kind) String() string {
	if k.Name == "" {
		return "classic"
	}
	return k.Name
}

// IsClassic reports whether the kind is classic 9x9, made by package
// engine and never through the general variant path.
func (k Kind) IsClassic() bool { return k.Name == "" }

// IsJigsaw reports whether the kind's regions are a jigsaw's.
func (k Kind) IsJigsaw() bool {
	_, err := variant.JigsawSize(k.Name)
	return err == nil
}

// IsKiller reports whether the kind's puzzles are killers: cages with
// sums, each puzzle its own.
func (k Kind) IsKiller() bool {
	_, err := variant.KillerSize(k.Name)
	return err == nil
}

// Side is the grid's side: 9 for classic, 16 for 16x16.
func (k Kind) Side() int {
	switch {
	case k.Variant != nil:
		return k.Variant.Size
	case k.Name == "":
		return 9
	}
	n, _ := variant.LaidOut(k.Name)
	return n
}

// parseKind reads a kind's name, in any case: classic (or 9x9) is the
// zero Kind.
func parseKind(name string) (Kind, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "classic" || name == "9x9" {
		return Kind{}, nil
	}
	if _, ok := variant.LaidOut(name); ok {
		return Kind{Name: name}, nil
	}
	v, err := variant.Named(name)
	if err != nil {
		return Kind{}, fmt.Errorf("%q: want %s", name, kindNames)
	}
	return Kind{Name: v.Name, Variant: v}, nil
}

// geometry is a variant of the kind for what depends only on its
// geometry's kind and size (level.For): the kind's own, a killer's
// without cages (variant.ForKind), or for a jigsaw without a layout one
// whose regions are its rows.
func (k Kind) geometry() *variant.Variant {
	if k.Variant != nil {
		return k.Variant
	}
	if k.Name == "" {
		return variant.Classic()
	}
	if k.IsKiller() {
		v, err := variant.ForKind(k.Name)
		if err != nil {
			panic(err) // IsKiller: a kind variant.KillerSize knows
		}
		return v
	}
	n := k.Side()
	rows := make([]int, n*n)
	for c := range rows {
		rows[c] = c / n
	}
	v, err := variant.Jigsaw(n, rows)
	if err != nil {
		panic(err) // rows are n regions of n joined cells
	}
	return v
}

// layoutRefusal says why no jigsaw layout pressrun makes of side n has
// the symmetry sym (variant.LayoutSymmetries), "" when one can. A quarter
// turn moves the cells in fours, and a region in fours, pairs (each then
// kept by a half turn) or alone (kept by the quarter turn): on an odd
// side the centre cell's region is kept, so n is 1 + 4k; on a 6x6 the
// centre's four cells lie in a pair of regions or in four, and a region
// kept by a half turn that does not hold all the centre needs 7 cells to
// reach round it.
func layoutRefusal(n int, sym engine.Symmetry) string {
	switch {
	case slices.Contains(variant.LayoutSymmetries(n), sym.String()):
		return ""
	case sym == engine.Rot90 && n%4 == 3:
		return fmt.Sprintf("no %dx%d jigsaw layout has rot90 symmetry: the centre cell's region turns onto itself, so it has 1 + 4k cells, not %d", n, n, n)
	case sym == engine.Rot90 && n == 6:
		return "no 6x6 jigsaw layout has rot90 symmetry: a quarter turn swaps two regions that a half turn keeps, and such a region needs 7 cells to reach round the centre"
	}
	return fmt.Sprintf("the %dx%d jigsaw layouts pressrun makes have no %s symmetry (give a layout: that has it)", n, n, sym)
}

// Allows reports whether the kind's puzzles may have the clue-pattern
// symmetry sym: the symmetry's move must map every house of the geometry
// onto a house (a 6x6's 2x3 boxes turn into 3x2 shapes under rot90, which
// are no houses), and a jigsaw without a layout gets a generated one with
// the symmetry (generatedLayoutSymmetries, less rot90 on a 6x6). Random is allowed: a puzzle
// draws one of Symmetries.
func (k Kind) Allows(sym engine.Symmetry) bool {
	return sym == engine.SymmetryRandom || k.refusal(sym) == ""
}

// Symmetries are the symmetries the kind allows, none first; random draws
// from them.
func (k Kind) Symmetries() []engine.Symmetry {
	var out []engine.Symmetry
	for s := engine.SymmetryNone; s < engine.SymmetryRandom; s++ {
		if k.refusal(s) == "" {
			out = append(out, s)
		}
	}
	return out
}

// refusal says why the kind's puzzles cannot have the symmetry sym, ""
// when they can.
func (k Kind) refusal(sym engine.Symmetry) string {
	if k.IsClassic() || sym == engine.SymmetryNone || sym == engine.SymmetryRandom {
		return ""
	}
	if k.IsKiller() {
		return "a killer's givens, if any, and its cages are drawn without symmetry"
	}
	if k.Variant == nil { // a jigsaw whose puzzles get generated layouts
		return layoutRefusal(k.Side(), sym)
	}
	v := k.Variant
	switch {
	case v.Allows(sym.String()):
		return ""
	case v.IsJigsaw():
		return fmt.Sprintf("%s does not map this layout's regions onto regions", sym)
	case len(v.Extra) > 0 && boxesAllow(v, sym):
		return fmt.Sprintf("%s does not map the %s's extra houses onto houses", sym, v.Name)
	}
	return fmt.Sprintf("%s does not map the %s's %dx%d boxes onto boxes", sym, v.Name, v.BoxRows, v.BoxCols)
}

// boxesAllow reports whether the plain grid of v's side and boxes allows
// sym: whether a refusal is the extra houses'.
func boxesAllow(v *variant.Variant, sym engine.Symmetry) bool {
	plain, err := variant.Sized(v.Size)
	return err == nil && plain.Allows(sym.String())
}

// symmetryList writes symmetries as "none, rot180 or mirror".
func symmetryList(syms []engine.Symmetry, last string) string {
	names := make([]string, len(syms))
	for i, s := range syms {
		names[i] = s.String()
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + last + " " + names[len(names)-1]
}

// kindReader collects a section's or a day's kind fields as the mapping
// meets them, in any order; kind builds the Kind once all are read.
type kindReader struct {
	variant, layout, symbols *yaml.Node
}

// keys adds the kind's fields to a mapping's keys.
func (kr *kindReader) keys(keys map[string]func(*yaml.Node, string)) map[string]func(*yaml.Node, string) {
	keys["variant"] = func(v *yaml.Node, _ string) { kr.variant = v }
	keys["layout"] = func(v *yaml.Node, _ string) { kr.layout = v }
	keys["symbols"] = func(v *yaml.Node, _ string) { kr.symbols = v }
	return keys
}

// kind reads the fields kr collected under field ("sections[2]"): the
// variant (default classic), a jigsaw's layout and the symbols' style.
// ok is false when the variant itself is wrong, so that what depends on
// it (levels, symmetry, clues) is not checked against the wrong geometry.
func (r *specReader) kind(kr kindReader, field string) (k Kind, ok bool) {
	if kr.variant != nil {
		f := field + ".variant"
		name := r.text(kr.variant, f)
		if kr.variant.Kind != yaml.ScalarNode {
			return Kind{}, false
		}
		var err error
		if k, err = parseKind(name); err != nil {
			r.fail(kr.variant, f, "%v", err)
			return Kind{}, false
		}
	}
	if n := kr.layout; n != nil {
		f := field + ".layout"
		text := strings.Join(strings.Fields(r.text(n, f)), "")
		switch {
		case n.Kind != yaml.ScalarNode:
		case !k.IsJigsaw() && kr.variant == nil:
			r.fail(n, f, "only a jigsaw has a layout, and without variant: the puzzles are classic (give variant: jigsaw or jigsaw-6x6)")
		case !k.IsJigsaw():
			r.fail(n, f, "only a jigsaw has a layout; a %s has boxes", k)
		default:
			v, err := variant.ParseLayout(k.Side(), text)
			if err != nil {
				r.fail(n, f, "%s", strings.TrimPrefix(err.Error(), variant.ErrVariant.Error()+": "))
			} else {
				k.Variant = v
			}
		}
	}
	if n := kr.symbols; n != nil {
		f := field + ".symbols"
		style := r.text(n, f)
		side := k.Side()
		if _, err := variant.Labels(style, side); n.Kind == yaml.ScalarNode && err != nil {
			why := ""
			if side <= 9 {
				why = " (letters and 0-9A-F are for 12x12 and 16x16)"
			}
			r.fail(n, f, "%q: a %dx%d grid's symbols are %s%s", style, side, side, variant.LabelStyles(side), why)
		} else if style != fmt.Sprintf("1-%d", side) {
			k.Symbols = style // numbers, the default, stay ""
		}
	}
	return k, true
}

// ladders are a spec's level ladders by kind: the classic one and those
// it gives for other kinds (by Kind.String); a kind without one has
// level.For's.
type ladders struct {
	classic level.Ladder
	given   map[string]level.Ladder
	// bad are the kinds whose given ladder had problems: their levels are
	// not checked, the built-in ladder stands in.
	bad map[string]bool
}

// of is the kind's ladder, and whether its levels are to be checked.
func (l ladders) of(k Kind) (level.Ladder, bool) {
	return ladderOf(l.classic, l.given, k), !l.bad[k.String()]
}

// ladderOf is the ladder of kind k: classic's, the one given for the
// kind, or level.For's.
func ladderOf(classic level.Ladder, given map[string]level.Ladder, k Kind) level.Ladder {
	if k.IsClassic() {
		return classic
	}
	if l, ok := given[k.Name]; ok {
		return l
	}
	return level.For(k.geometry())
}

// levelOn reads a level's name on the kind's ladder, in the ladder's
// spelling; ok false means the ladder had problems, so the name is not
// checked. A variant's problem names the variant: "evil" is no 4x4's.
func (r *specReader) levelOn(n *yaml.Node, field string, k Kind, ls ladders) string {
	ladder, ok := ls.of(k)
	if k.IsClassic() {
		return r.levelOf(n, field, ladder, ok)
	}
	name := r.text(n, field)
	if n.Kind == yaml.ScalarNode && ok {
		if lv, found := ladder.Find(name); found {
			return lv.Name
		}
		r.fail(n, field, "no level %q for %s puzzles; the %s ladder has %s", name, k, k, strings.Join(ladder.Names(), ", "))
	}
	return name
}
