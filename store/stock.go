package store

import (
	"context"
)

// StockCount is how many puzzles of a kind and level the archive holds
// ready for use: rated, never placed, and held by nobody (no lease that
// has not ended).
type StockCount struct {
	Variant string
	Level   string
	Count   int
}

// Stock counts the archive's stock per variant and level, classic first,
// then the kinds by name, each kind's levels from the easiest.
//
// It counts the rated puzzles per level from the index and takes away the
// published and the held ones, found from placements and reservations,
// which are few beside the puzzles: on a million puzzles this takes a
// tenth of a second where asking every puzzle took two.
func (s *DB) Stock(ctx context.Context) ([]StockCount, error) {
	levels, err := s.levelTotals(ctx, "")
	if err != nil {
		return nil, err
	}
	return s.stock(ctx, levels)
}

// stock is Stock given the totals per level of every kind.
func (s *DB) stock(ctx context.Context, levels []levelTotal) ([]StockCount, error) {
	published, err := s.levelCounts(ctx, "stock", `SELECT p.variant, p.level, count(*) FROM puzzles p
		WHERE p.level IS NOT NULL AND p.id IN (SELECT puzzle_id FROM placements)`, "")
	if err != nil {
		return nil, err
	}
	held, err := s.levelCounts(ctx, "stock", `SELECT p.variant, p.level, count(*) FROM puzzles p
		WHERE p.level IS NOT NULL AND p.id IN (SELECT puzzle_id FROM reservations WHERE expires > ?)
			AND NOT EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id)`, "", s.now())
	if err != nil {
		return nil, err
	}
	var out []StockCount
	for _, t := range levels {
		k := levelKey{t.variant, t.level}
		if n := t.rated - published[k] - held[k]; n > 0 {
			out = append(out, StockCount{Variant: t.variant, Level: t.level, Count: n})
		}
	}
	return out, nil
}
