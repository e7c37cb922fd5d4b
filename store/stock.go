package store

import (
	"context"
	"database/sql"
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
func (s *DB) Stock(ctx context.Context) ([]StockCount, error) {
	return list(ctx, s, "stock", `SELECT p.variant, p.level, count(*) FROM puzzles p
		WHERE p.rater IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id)
			AND NOT EXISTS (SELECT 1 FROM reservations v WHERE v.puzzle_id = p.id AND v.expires > ?)
		GROUP BY p.variant, p.level ORDER BY p.variant <> 'classic', p.variant, min(p.er), p.level`,
		func(rows *sql.Rows) (c StockCount, err error) {
			err = rows.Scan(&c.Variant, &c.Level, &c.Count)
			return c, err
		}, s.now())
}
