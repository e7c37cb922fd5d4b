package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Filter selects archived puzzles. Zero fields do not filter. Every value
// goes to SQLite as a bound parameter, never into the SQL text.
type Filter struct {
	Variant            string // the kind: classic, 6x6, x, jigsaw, ...; "": every kind
	Level              string
	ERMin, ERMax       *float64
	ScoreMin, ScoreMax *int
	CluesMin, CluesMax *int
	Published          *bool  // true: in the ledger; false: never placed
	Book               *int64 // placed in this book
	Outlet             string // placed in a daily issue of this outlet
	From, To           time.Time
	Symmetry           string
	// Techniques, when set, selects the puzzles whose solve has a step of
	// one of these techniques (rate.Ratings.Techniques' keys).
	Techniques []string
	IDPrefix   string
	Source     string
	Unrated    bool   // only puzzles without a current rating
	RaterNot   string // only puzzles not rated by this rater (unrated ones too)
	// VariantRaterNot, when set, is RaterNot for the puzzles of variants
	// (RaterNot then holds for classic ones only): each kind has its
	// rater.
	VariantRaterNot string
	Order           string // one of Orders; default "id"
	Descending      bool
	Limit           int // 0: no limit
	Offset          int
}

// Orders maps the names Filter.Order accepts to their SQL.
var Orders = map[string]string{
	"id":      "p.id",
	"created": "p.created",
	"clues":   "p.clues",
	"level":   "p.level",
	"er":      "p.er",
	"ep":      "p.ep",
	"ed":      "p.ed",
	"score":   "p.score",
	"wnef":    "p.wnef",
	"gc":      "p.gc",
}

// where builds the WHERE clause and its arguments.
func (f *Filter) where() (string, []any, error) {
	conds, args, err := f.conds()
	if err != nil || len(conds) == 0 {
		return "", args, err
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// conds are the conditions of the WHERE clause, on puzzles p, and their
// arguments.
func (f *Filter) conds() ([]string, []any, error) {
	var conds []string
	var args []any
	add := func(cond string, a ...any) {
		conds = append(conds, cond)
		args = append(args, a...)
	}
	if f.Variant != "" {
		add("p.variant = ?", f.Variant)
	}
	if f.Level != "" {
		add("p.level = ?", f.Level)
	}
	if f.ERMin != nil {
		add("p.er >= ?", *f.ERMin)
	}
	if f.ERMax != nil {
		add("p.er <= ?", *f.ERMax)
	}
	if f.ScoreMin != nil {
		add("p.score >= ?", *f.ScoreMin)
	}
	if f.ScoreMax != nil {
		add("p.score <= ?", *f.ScoreMax)
	}
	if f.CluesMin != nil {
		add("p.clues >= ?", *f.CluesMin)
	}
	if f.CluesMax != nil {
		add("p.clues <= ?", *f.CluesMax)
	}
	if f.Published != nil {
		if *f.Published {
			add("EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id)")
		} else {
			add("NOT EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id)")
		}
	}
	if f.Book != nil {
		add("EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = p.id AND l.book_id = ?)", *f.Book)
	}
	if f.Outlet != "" {
		add("EXISTS (SELECT 1 FROM placements l JOIN daily_issues d ON d.id = l.issue_id WHERE l.puzzle_id = p.id AND d.outlet = ?)", f.Outlet)
	}
	if !f.From.IsZero() {
		add("p.created >= ?", f.From.UTC().Format(time.RFC3339))
	}
	if !f.To.IsZero() {
		add("p.created < ?", f.To.UTC().Format(time.RFC3339))
	}
	if f.Symmetry != "" {
		add("p.symmetry = ?", f.Symmetry)
	}
	if len(f.Techniques) > 0 {
		cond, a := techniquesCond(f.Techniques)
		add(cond, a...)
	}
	if f.IDPrefix != "" {
		lo, hi, err := prefixRange(f.IDPrefix)
		if err != nil {
			return nil, nil, err
		}
		add("p.id BETWEEN ? AND ?", lo, hi)
	}
	if f.Source != "" {
		add("(p.source = ? OR p.label = ?)", f.Source, f.Source)
	}
	if f.Unrated {
		add("p.rater IS NULL")
	}
	switch {
	case f.RaterNot != "" && f.VariantRaterNot != "":
		add("(p.rater IS NULL OR p.rater <> CASE WHEN p.variant = 'classic' THEN ? ELSE ? END)", f.RaterNot, f.VariantRaterNot)
	case f.RaterNot != "":
		add("(p.rater IS NULL OR p.rater <> ?)", f.RaterNot)
	}
	return conds, args, nil
}

const fromPuzzles = ` FROM puzzles p`

// Query returns the puzzles the filter selects, with their current ratings.
func (s *DB) Query(ctx context.Context, f Filter) ([]Puzzle, error) {
	var out []Puzzle
	err := s.Each(ctx, f, func(p Puzzle) error {
		out = append(out, p)
		return nil
	})
	return out, err
}

// Each calls fn for every puzzle the filter selects, in order, without
// holding them all in memory; an error from fn stops it.
func (s *DB) Each(ctx context.Context, f Filter, fn func(Puzzle) error) error {
	w, args, err := f.where()
	if err != nil {
		return err
	}
	order := "p.id"
	if f.Order != "" {
		col, ok := Orders[f.Order]
		if !ok {
			return fmt.Errorf("store: cannot order by %q", f.Order)
		}
		order = col
	}
	// Ties go by id, which the (level, er) index carries, so a query by
	// level ordered by er walks the index and stops at the LIMIT.
	tie := "p.id"
	dir := ""
	if f.Descending {
		dir = " DESC"
	}
	q := "SELECT " + puzzleColumns + fromPuzzles + w + " ORDER BY " + order + dir + ", " + tie + dir
	if f.Limit > 0 {
		q += " LIMIT ?"
		args = append(args, f.Limit)
		if f.Offset > 0 {
			q += " OFFSET ?"
			args = append(args, f.Offset)
		}
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("store: query: %w", s.describe(err))
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return fmt.Errorf("store: query: %w", err)
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: query: %w", s.describe(err))
	}
	return nil
}

// Count returns how many puzzles the filter selects (Limit and Offset aside).
func (s *DB) Count(ctx context.Context, f Filter) (int, error) {
	w, args, err := f.where()
	if err != nil {
		return 0, err
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*)"+fromPuzzles+w, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count: %w", s.describe(err))
	}
	return n, nil
}

// prefixRange turns an id prefix into the range of stored keys it covers.
// A prefix fixes the top bits, so the range never straddles the sign.
func prefixRange(prefix string) (int64, int64, error) {
	p := strings.ToLower(prefix)
	if len(p) > 16 || strings.Trim(p, "0123456789abcdef") != "" {
		return 0, 0, fmt.Errorf("store: id prefix %q: want up to 16 hex digits", prefix)
	}
	lo, _ := strconv.ParseUint(p+strings.Repeat("0", 16-len(p)), 16, 64)
	hi, _ := strconv.ParseUint(p+strings.Repeat("f", 16-len(p)), 16, 64)
	return int64(lo), int64(hi), nil
}
