package pipeline

import (
	"context"
	"fmt"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
	"github.com/pressrun/pressrun/templates"
)

// addHints gives each puzzle of a section at level its hints for the
// appendix, when the spec's hints: names the level: the first steps of
// its solve past singles, as many as hints.per-puzzle asks
// (logic.Hints; a variant's from the variant rater, vlogic.Hints), in
// the book's language, on the build's workers.
func (b *builder) addHints(ctx context.Context, level string, sec *templates.Section) error {
	h := b.spec.Hints
	if !h.Has(level) {
		return nil
	}
	return b.eachHints(ctx, sec, func(kit *VariantKit, p *templates.Puzzle) ([]string, error) {
		if p.Variant != nil && p.Variant.Name != "classic" {
			// The texts name the symbols as the grid prints them.
			labels, err := variant.Labels(p.Symbols, p.Variant.Size)
			if err != nil {
				return nil, err
			}
			res, err := kit.SolveIn(p.Variant, p.Givens, b.spec.Words, labels)
			return vlogic.Hints(res, h.PerPuzzle), err
		}
		hs, err := logic.HintsIn(engine.Grid(p.Givens), h.PerPuzzle, b.spec.Scale, b.spec.Words)
		texts := make([]string, len(hs))
		for k, hint := range hs {
			texts[k] = hint.Text
		}
		return texts, err
	})
}

// eachHints sets each puzzle's hints of sec to what hints says of it, on
// the build's workers (each with a kit of its own), in order.
func (b *builder) eachHints(ctx context.Context, sec *templates.Section, hints func(kit *VariantKit, p *templates.Puzzle) ([]string, error)) error {
	type result struct {
		texts []string
		err   error
	}
	i := 0
	return OrderedRange(ctx, b.opts.Workers, 0, len(sec.Puzzles), func() func(int) result {
		kit := NewVariantKit()
		return func(j int) result {
			texts, err := hints(kit, &sec.Puzzles[j])
			return result{texts, err}
		}
	}, func(r result) error {
		p := &sec.Puzzles[i]
		i++
		if r.err != nil {
			return fmt.Errorf("hints for puzzle %s: %w", p.ID, r.err)
		}
		p.Hints = r.texts
		return nil
	})
}
