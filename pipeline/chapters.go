package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
	"github.com/pressrun/pressrun/templates/words"
)

// A teaching book's chapters: sections that name a technique (configs'
// Section.Technique), whose puzzles need it.

// TechniqueName is the name of the aim's techniques in the language:
// "X-wing", "X-wing or swordfish".
func TechniqueName(w *words.Words, aim *teach.Aim) string {
	var names []string
	for _, t := range aim.Techniques {
		names = append(names, techniqueWord(w, t.Name, ""))
	}
	return w.List(names, "list.or")
}

// TechniqueText is what the aim's techniques are, in plain words, in the
// language: each one's text, one after the other.
func TechniqueText(w *words.Words, aim *teach.Aim) string {
	var texts []string
	for _, t := range aim.Techniques {
		texts = append(texts, techniqueWord(w, t.Name, ".text"))
	}
	return strings.Join(texts, " ")
}

// techniqueWord is the words' technique.NAME key (with suffix), or the
// name as 'pressrun help techniques' gives it where the words have none.
func techniqueWord(w *words.Words, name, suffix string) string {
	if key := "technique." + name + suffix; words.English().Has(key) {
		return w.Text(key)
	}
	return name
}

// SectionName is a section's heading: its title, else a chapter's
// technique's name, else its level's name.
func SectionName(w *words.Words, sec configs.Section, lv level.Level) string {
	switch {
	case sec.Title != "":
		return sec.Title
	case sec.Technique != nil:
		return TechniqueName(w, sec.Technique)
	}
	return LevelName(w, lv)
}

// PlanTitle is a section's name where pressrun's messages and the desk
// print a plan (in English): its title, else a chapter's technique's
// name, else its level's, capitalised.
func PlanTitle(sec configs.Section) string {
	switch {
	case sec.Title != "":
		return sec.Title
	case sec.Technique != nil:
		return TechniqueName(words.English(), sec.Technique)
	}
	return DisplayLevel(sec.Level)
}

// SectionDescription is what a section's title page says of its puzzles:
// a chapter's technique in plain words, else its level's description.
func SectionDescription(w *words.Words, sec configs.Section, lv level.Level) string {
	if sec.Technique != nil {
		return TechniqueText(w, sec.Technique)
	}
	return LevelDescription(w, lv)
}

// meetsChapter reports whether an archived puzzle serves the chapter: its
// solve, on the spec's scale or by the variant rater, meets the aim.
func (b *builder) meetsChapter(sec configs.Section, kit *VariantKit, p store.Puzzle) bool {
	aim := sec.Technique
	if sec.Kind.IsClassic() {
		res, err := logic.SolveWith(engine.Grid(p.Givens), logic.Options{Scale: b.spec.Scale})
		return err == nil && aim.Met(aim.Judge(teach.ClassicSteps(res.Steps)))
	}
	res, err := kit.Solve(p.Geometry(), p.Givens)
	return err == nil && aim.Met(aim.Judge(teach.VariantSteps(res.Steps)))
}

// addChapterHints gives each puzzle of a chapter its hints, when the spec
// has a hints appendix: the steps of the chapter's technique in its solve,
// from the first, as many as hints.per-puzzle asks, in the book's
// language (the variant rater's for a variant), on the build's workers.
func (b *builder) addChapterHints(ctx context.Context, sec configs.Section, printed *templates.Section) error {
	h := b.spec.Hints
	if h.PerPuzzle <= 0 {
		return nil
	}
	aim := sec.Technique
	return b.eachHints(ctx, printed, func(kit *VariantKit, p *templates.Puzzle) ([]string, error) {
		var texts []string
		var techs []logic.Technique
		if p.Variant != nil && p.Variant.Name != "classic" {
			labels, err := variant.Labels(p.Symbols, p.Variant.Size)
			if err != nil {
				return nil, err
			}
			res, err := kit.SolveIn(p.Variant, p.Givens, b.spec.Words, labels)
			if err != nil {
				return nil, err
			}
			for _, s := range res.Steps {
				texts, techs = append(texts, s.Text), append(techs, s.Technique)
			}
		} else {
			g := engine.Grid(p.Givens)
			res, err := logic.SolveWith(g, logic.Options{Scale: b.spec.Scale})
			if err != nil {
				return nil, err
			}
			texts = logic.DescribeIn(g, res.Steps, b.spec.Words)
			for _, s := range res.Steps {
				techs = append(techs, s.Technique)
			}
		}
		var out []string
		for k, t := range techs {
			if aim.Has(t) && len(out) < h.PerPuzzle {
				out = append(out, texts[k])
			}
		}
		return out, nil
	})
}

// chapterExample gives a chapter its worked example: its first puzzle
// (the simplest, as the chapter is ordered) at its first step of the
// chapter's technique, with the step said in the book's language. A
// classic's, and a 9x9 variant's (X, windoku, jigsaw); the larger grids'
// candidates would print too small, and the gattai and killers have no
// chapters.
func (b *builder) chapterExample(sec configs.Section, printed *templates.Section) error {
	if len(printed.Puzzles) == 0 {
		return nil
	}
	if !sec.Kind.IsClassic() {
		return b.variantExample(sec, printed)
	}
	p := printed.Puzzles[0]
	g := engine.Grid(p.Givens)
	res, err := logic.SolveWith(g, logic.Options{Scale: b.spec.Scale})
	if err != nil {
		return fmt.Errorf("worked example of puzzle %s: %w", p.ID, err)
	}
	i := slices.IndexFunc(res.Steps, func(s logic.Step) bool { return sec.Technique.Has(s.Technique) })
	if i < 0 {
		return fmt.Errorf("worked example of puzzle %s: no step of %s", p.ID, sec.Technique.Names())
	}
	pos := logic.PositionBefore(g, res.Steps, i)
	st := res.Steps[i]
	ex := &templates.Example{Cells: pos.Cells[:], Candidates: make([]uint16, 81), Pattern: st.Cells, Digits: uint16(st.Digits),
		Text: []string{logic.DescribeIn(g, res.Steps[:i+1], b.spec.Words)[i]}}
	for c, d := range pos.Candidates {
		ex.Candidates[c] = uint16(d)
	}
	ex.House = singleHouse(st, pos)
	for _, r := range st.Remove {
		ex.Remove = append(ex.Remove, [2]int{r.Cell, r.Digit})
	}
	for _, pl := range st.Place {
		ex.Place = append(ex.Place, [2]int{pl.Cell, pl.Digit})
	}
	printed.Example = ex
	return nil
}

// singleHouse is the house a hidden single of step st was found in, in
// position pos: for a box's, its box; for a line's, the row or column
// where its digit has no other place. nil for any other step.
func singleHouse(st logic.Step, pos logic.Position) []int {
	if len(st.Place) != 1 || st.Technique != logic.HiddenSingleBox && st.Technique != logic.HiddenSingleLine {
		return nil
	}
	c, d := st.Place[0].Cell, st.Place[0].Digit
	row, col, box := make([]int, 9), make([]int, 9), make([]int, 9)
	for i := range 9 {
		row[i], col[i] = c/9*9+i, i*9+c%9
		box[i] = (c/27*3+i/3)*9 + c%9/3*3 + i%3
	}
	if st.Technique == logic.HiddenSingleBox {
		return box
	}
	only := func(h []int) bool {
		for _, e := range h {
			if e != c && pos.Cells[e] == 0 && pos.Candidates[e].Has(d) {
				return false
			}
		}
		return true
	}
	if only(row) {
		return row
	}
	return col
}

// variantExample is chapterExample for a 9x9 variant's chapter: its
// position is the givens and the digits its steps placed before, each
// open cell's candidates those its peers (the variant's houses) leave,
// less those its steps ruled out.
func (b *builder) variantExample(sec configs.Section, printed *templates.Section) error {
	p := printed.Puzzles[0]
	v := p.Variant
	if v == nil || v.Size != 9 || v.IsGattai() || v.IsKiller() {
		return nil
	}
	res, err := NewVariantKit().SolveIn(v, p.Givens, b.spec.Words, nil)
	if err != nil {
		return fmt.Errorf("worked example of puzzle %s: %w", p.ID, err)
	}
	i := slices.IndexFunc(res.Steps, func(s vlogic.Step) bool { return sec.Technique.Has(s.Technique) })
	if i < 0 {
		return fmt.Errorf("worked example of puzzle %s: no step of %s", p.ID, sec.Technique.Names())
	}
	cells := slices.Clone([]uint8(p.Givens))
	removed := map[[2]int]bool{}
	for _, s := range res.Steps[:i] {
		for _, pl := range s.Place {
			cells[pl.Cell] = uint8(pl.Symbol)
		}
		for _, r := range s.Remove {
			removed[[2]int{r.Cell, r.Symbol}] = true
		}
	}
	ex := &templates.Example{Cells: cells, Candidates: make([]uint16, len(cells)), Text: []string{res.Steps[i].Text}}
	for c := range cells {
		if cells[c] != 0 {
			continue
		}
		seen := uint16(0)
		for _, q := range v.Peers(c) {
			seen |= 1 << cells[q]
		}
		for d := 1; d <= 9; d++ {
			if seen&(1<<d) == 0 && !removed[[2]int{c, d}] {
				ex.Candidates[c] |= 1 << d
			}
		}
	}
	st := res.Steps[i]
	ex.Pattern, ex.Digits = st.Cells, uint16(st.Symbols<<1)
	for _, r := range st.Remove {
		ex.Remove = append(ex.Remove, [2]int{r.Cell, r.Symbol})
	}
	for _, pl := range st.Place {
		ex.Place = append(ex.Place, [2]int{pl.Cell, pl.Symbol})
	}
	printed.Example = ex
	return nil
}
