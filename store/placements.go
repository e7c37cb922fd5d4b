package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// PlacementFilter selects rows of the ledger: what was published where,
// when. Every value goes to SQLite as a bound parameter.
type PlacementFilter struct {
	// Outlets and Book say where: the daily issues of outlets of these
	// exact names, and the book with this id. Both empty: every placement.
	Outlets []string
	Book    *int64
	// From and To bound the publication date (YYYY-MM-DD), both
	// included: the issue's date, or the day the book was recorded. Empty
	// leaves that end open.
	From, To string
	// Puzzles narrows by the puzzle placed (level, er, ...); its Book,
	// Outlet, From, To, Order, Descending, Limit and Offset are not used.
	Puzzles Filter
	// Order is "" or "date" (by date, then outlet or book, then slot or
	// number), or one of Orders: that column of the puzzle, then by date.
	Order      string
	Descending bool
	Limit      int // 0: no limit
}

// PlacementRow is one placement of the ledger and the puzzle placed.
type PlacementRow struct {
	Publication
	Puzzle Puzzle
}

// publicationDate is a placement's publication date: its issue's, or the
// day its book was recorded.
const publicationDate = "coalesce(d.date, substr(b.created, 1, 10))"

// publicationColumns are the columns scanPublication reads, from
// fromPlacements.
const publicationColumns = `b.id, b.title, b.spec_checksum, b.seed, b.output_checksum, d.outlet, ` + publicationDate + `,
	l.section, l.ordinal, l.page, l.created, l.withdrawn, l.why, l.withdrawn_by`

const fromPlacements = ` FROM placements l LEFT JOIN books b ON b.id = l.book_id LEFT JOIN daily_issues d ON d.id = l.issue_id`

// publicationDest returns the destinations of publicationColumns for a
// Scan, and the function that makes the Publication of them once scanned.
func publicationDest() ([]any, func() Publication) {
	var bid, seed, page sql.NullInt64
	var title, spec, outsum, outlet, date, withdrawn sql.NullString
	var pub Publication
	dst := []any{&bid, &title, &spec, &seed, &outsum, &outlet, &date, &pub.Section, &pub.Ordinal, &page, &pub.Created, &withdrawn, &pub.Why, &pub.By}
	return dst, func() Publication {
		if bid.Valid {
			pub.Book = &Book{ID: bid.Int64, Title: title.String, SpecChecksum: spec.String, Seed: seed.Int64, OutputChecksum: outsum.String}
		}
		pub.Outlet, pub.Date, pub.Page, pub.Withdrawn = outlet.String, date.String, int(page.Int64), withdrawn.String
		return pub
	}
}

// Placements returns the ledger's rows the filter selects, with the
// puzzle of each and its current ratings, in the filter's order. A
// withdrawn placement is among them, marked.
func (s *DB) Placements(ctx context.Context, f PlacementFilter) ([]PlacementRow, error) {
	pf := f.Puzzles
	pf.Book, pf.Outlet, pf.From, pf.To = nil, "", time.Time{}, time.Time{}
	conds, args, err := pf.conds()
	if err != nil {
		return nil, fmt.Errorf("store: placements: %w", err)
	}
	var where []string
	if len(f.Outlets) > 0 {
		where = append(where, "d.outlet IN "+placeholders(len(f.Outlets)))
		for _, o := range f.Outlets {
			args = append(args, o)
		}
	}
	if f.Book != nil {
		where = append(where, "l.book_id = ?")
		args = append(args, *f.Book)
	}
	if len(where) > 0 {
		conds = append(conds, "("+strings.Join(where, " OR ")+")")
	}
	if f.From != "" {
		conds = append(conds, publicationDate+" >= ?")
		args = append(args, f.From)
	}
	if f.To != "" {
		conds = append(conds, publicationDate+" <= ?")
		args = append(args, f.To)
	}
	dir := ""
	if f.Descending {
		dir = " DESC"
	}
	order := []string{publicationDate, "d.outlet", "l.book_id", "l.ordinal", "l.id"}
	if f.Order != "" && f.Order != "date" {
		col, ok := Orders[f.Order]
		if !ok {
			return nil, fmt.Errorf("store: placements: cannot order by %q", f.Order)
		}
		order = append([]string{col}, order...)
	}
	q := "SELECT " + publicationColumns + ", " + puzzleColumns + fromPlacements + " JOIN puzzles p ON p.id = l.puzzle_id"
	if len(conds) > 0 {
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	q += " ORDER BY " + strings.Join(order, dir+", ") + dir
	if f.Limit > 0 {
		q += " LIMIT ?"
		args = append(args, f.Limit)
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: placements: %w", s.describe(err))
	}
	defer rows.Close()
	var out []PlacementRow
	for rows.Next() {
		dst, pub := publicationDest()
		p, err := scanPuzzleAfter(rows, dst...)
		if err != nil {
			return nil, fmt.Errorf("store: placements: %w", err)
		}
		out = append(out, PlacementRow{Publication: pub(), Puzzle: p})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: placements: %w", s.describe(err))
	}
	return out, nil
}

// Books lists the ledger's books by id, each with how many puzzles it
// placed.
func (s *DB) Books(ctx context.Context) ([]BookCount, error) {
	return list(ctx, s, "books", `SELECT b.id, b.title, count(l.id), b.created FROM books b LEFT JOIN placements l ON l.book_id = b.id
		GROUP BY b.id ORDER BY b.id`, func(rows *sql.Rows) (b BookCount, err error) {
		return b, rows.Scan(&b.ID, &b.Title, &b.Puzzles, &b.Created)
	})
}

// Outlets lists the outlets of the ledger's daily issues by name, each
// with how many issues and puzzles it ran (withdrawn ones included).
func (s *DB) Outlets(ctx context.Context) ([]OutletCount, error) {
	return list(ctx, s, "outlets", `SELECT d.outlet, count(DISTINCT d.id), count(l.id) FROM daily_issues d LEFT JOIN placements l ON l.issue_id = d.id
		GROUP BY d.outlet ORDER BY d.outlet`, func(rows *sql.Rows) (o OutletCount, err error) {
		return o, rows.Scan(&o.Outlet, &o.Issues, &o.Puzzles)
	})
}

// list reads every row of a query that takes no arguments.
func list[T any](ctx context.Context, s *DB, what, query string, scan func(*sql.Rows) (T, error), args ...any) ([]T, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, s.describe(err))
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, s.describe(err))
	}
	return out, nil
}
