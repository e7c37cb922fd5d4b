package store

import (
	"context"
	"fmt"
)

// Stats is what `pressrun archive stats` prints.
type Stats struct {
	Levels  []LevelCount
	Books   []BookCount
	Outlets []OutletCount
	ER      []Bin // er in steps of 1.0
	Score   []Bin // score in bands
	Months  []Bin // puzzles archived each month (YYYY-MM), by month
}

// LevelCount counts the puzzles of a variant's level ("" for unrated).
type LevelCount struct {
	Variant                string // the kind: classic, 6x6, ...
	Level                  string
	Unpublished, Published int
	// Stock is how many of the unpublished ones nobody holds: what stock
	// workers fill and builds take (Stock).
	Stock int
}

// BookCount is a book and how many puzzles it placed.
type BookCount struct {
	ID      int64
	Title   string
	Puzzles int
	Created string
}

// OutletCount is a newspaper outlet, its issues and puzzles.
type OutletCount struct {
	Outlet          string
	Issues, Puzzles int
}

// Bin is one bar of a histogram.
type Bin struct {
	Label string
	Count int
}

// Stats counts the archive's puzzles of the kind (classic, 6x6, ...; ""
// every kind), and its books and outlets.
func (s *DB) Stats(ctx context.Context, kind string) (Stats, error) {
	var st Stats
	where, args := "", []any{}
	if kind != "" {
		where, args = " AND variant = ?", []any{kind}
	}
	q := func(query string, scan func(rows interface{ Scan(...any) error }) error) error {
		rows, err := s.db.QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("store: stats: %w", s.describe(err))
		}
		defer rows.Close()
		for rows.Next() {
			if err := scan(rows); err != nil {
				return fmt.Errorf("store: stats: %w", err)
			}
		}
		return rows.Err()
	}
	// Classic first, then the kinds by name; each kind's levels from the
	// easiest.
	err := q(`SELECT p.variant, coalesce(p.level, ''),
			sum(CASE WHEN EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id) THEN 0 ELSE 1 END),
			sum(CASE WHEN EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id) THEN 1 ELSE 0 END)
		FROM puzzles p WHERE 1 = 1`+where+` GROUP BY 1, 2 ORDER BY p.variant <> 'classic', p.variant, min(coalesce(p.er, 99))`, func(r interface{ Scan(...any) error }) error {
		var l LevelCount
		err := r.Scan(&l.Variant, &l.Level, &l.Unpublished, &l.Published)
		st.Levels = append(st.Levels, l)
		return err
	})
	if err != nil {
		return st, err
	}
	stock, err := s.Stock(ctx)
	if err != nil {
		return st, err
	}
	for _, c := range stock {
		for i := range st.Levels {
			if l := &st.Levels[i]; l.Variant == c.Variant && l.Level == c.Level {
				l.Stock = c.Count
			}
		}
	}
	if st.Books, err = s.Books(ctx); err != nil {
		return st, err
	}
	if st.Outlets, err = s.Outlets(ctx); err != nil {
		return st, err
	}
	// er's whole part: SQLite's CAST truncates, PostgreSQL's rounds, and
	// the CASE takes the rounding back.
	err = q(`SELECT CASE WHEN CAST(er AS INTEGER) > er THEN CAST(er AS INTEGER) - 1 ELSE CAST(er AS INTEGER) END, count(*) FROM puzzles WHERE rater IS NOT NULL`+where+` GROUP BY 1 ORDER BY 1`,
		func(r interface{ Scan(...any) error }) error {
			var lo, n int
			err := r.Scan(&lo, &n)
			st.ER = append(st.ER, Bin{fmt.Sprintf("%d.0-%d.9", lo, lo), n})
			return err
		})
	if err != nil {
		return st, err
	}
	err = q(`SELECT substr(created, 1, 7), count(*) FROM puzzles WHERE 1 = 1`+where+` GROUP BY 1 ORDER BY 1`,
		func(r interface{ Scan(...any) error }) error {
			var b Bin
			err := r.Scan(&b.Label, &b.Count)
			st.Months = append(st.Months, b)
			return err
		})
	if err != nil {
		return st, err
	}
	bands := []int{0, 100, 200, 500, 1000, 2000, 5000, 10000}
	err = q(`SELECT CASE WHEN score < 100 THEN 0 WHEN score < 200 THEN 1 WHEN score < 500 THEN 2
			WHEN score < 1000 THEN 3 WHEN score < 2000 THEN 4 WHEN score < 5000 THEN 5 WHEN score < 10000 THEN 6 ELSE 7 END,
			count(*) FROM puzzles WHERE rater IS NOT NULL`+where+` GROUP BY 1 ORDER BY 1`,
		func(r interface{ Scan(...any) error }) error {
			var band, n int
			err := r.Scan(&band, &n)
			label := fmt.Sprintf("%d+", bands[band])
			if band+1 < len(bands) {
				label = fmt.Sprintf("%d-%d", bands[band], bands[band+1]-1)
			}
			st.Score = append(st.Score, Bin{label, n})
			return err
		})
	return st, err
}
