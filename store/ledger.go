package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// Reservation asks for unpublished puzzles to build with.
type Reservation struct {
	Holder       string // who holds them (a build's id); Release frees them
	Count        int
	Variant      string // the kind (6x6, x, jigsaw, ...); "": classic
	Level        string
	ERMin, ERMax *float64
	Reprints     bool     // also puzzles already placed (never an exclusive outlet's)
	Exclude      []string // ids not to take (already in the build)
	// Rules, when set, narrow the selection in SQL: each is a rating
	// column of the archive (one of rate.Columns, or "level") with
	// Min < value <= Max. Accept, when set, has the last word on each
	// puzzle the query finds, for what SQL cannot say (the first level of
	// a ladder whose rules hold).
	Rules  []level.Rule
	Accept func(Puzzle) bool
}

// Reserve takes up to r.Count puzzles that are neither placed (unless
// r.Reprints) nor reserved by anyone, and reserves them for r.Holder, in one
// transaction: two builds on one archive never get the same puzzle. It
// returns them in id order; fewer than asked means the archive has no more.
func (s *DB) Reserve(ctx context.Context, r Reservation) ([]Puzzle, error) {
	if r.Holder == "" {
		return nil, fmt.Errorf("store: reserve: no holder")
	}
	var out []Puzzle
	now := s.now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if out, err = free(ctx, tx, r); err != nil {
			return err
		}
		ins, err := tx.PrepareContext(ctx, "INSERT INTO reservations (puzzle_id, holder, created) VALUES (?, ?, ?)")
		if err != nil {
			return err
		}
		defer ins.Close()
		for _, p := range out {
			k, _ := key(p.ID)
			if _, err := ins.ExecContext(ctx, k, r.Holder, now); err != nil {
				return fmt.Errorf("reserve %s: %w", p.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: reserve: %w", err)
	}
	return out, nil
}

// free selects up to r.Count puzzles r may take: rated, neither reserved
// nor (unless r.Reprints) placed, meeting r's level, rules and test.
func free(ctx context.Context, tx interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, r Reservation) ([]Puzzle, error) {
	conds := []string{"NOT EXISTS (SELECT 1 FROM reservations v WHERE v.puzzle_id = p.id)", "p.rater IS NOT NULL"}
	var args []any
	conds = append(conds, "NOT EXISTS ("+placedSQL(r.Reprints, "p.id")+")", "p.variant = ?")
	args = append(args, cmp.Or(r.Variant, "classic"))
	if r.Level != "" {
		conds = append(conds, "p.level = ?")
		args = append(args, r.Level)
	}
	if r.ERMin != nil {
		conds = append(conds, "p.er >= ?")
		args = append(args, *r.ERMin)
	}
	if r.ERMax != nil {
		conds = append(conds, "p.er <= ?")
		args = append(args, *r.ERMax)
	}
	for _, rule := range r.Rules {
		if !slices.Contains(rate.Columns, rule.Column) {
			return nil, fmt.Errorf("the archive has no rating column %q", rule.Column)
		}
		if rule.Min != nil {
			conds = append(conds, "p."+rule.Column+" > ?")
			args = append(args, *rule.Min)
		}
		if rule.Max != nil {
			conds = append(conds, "p."+rule.Column+" <= ?")
			args = append(args, *rule.Max)
		}
	}
	if len(r.Exclude) > 0 {
		conds = append(conds, "p.id NOT IN "+placeholders(len(r.Exclude)))
		for _, id := range r.Exclude {
			k, err := key(id)
			if err != nil {
				return nil, err
			}
			args = append(args, k)
		}
	}
	limit := ""
	if r.Accept == nil {
		limit = " LIMIT ?"
		args = append(args, r.Count)
	}
	rows, err := tx.QueryContext(ctx, "SELECT "+puzzleColumns+fromPuzzles+" WHERE "+strings.Join(conds, " AND ")+" ORDER BY p.id"+limit, args...)
	if err != nil {
		return nil, err
	}
	var out []Puzzle
	for len(out) < r.Count && rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		if r.Accept == nil || r.Accept(p) {
			out = append(out, p)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// Available counts the puzzles a Reserve of r would take now, up to
// r.Count, without taking them.
func (s *DB) Available(ctx context.Context, r Reservation) (int, error) {
	ps, err := free(ctx, s.db, r)
	if err != nil {
		return 0, fmt.Errorf("store: available: %w", s.describe(err))
	}
	return len(ps), nil
}

// placedSQL selects the placements that keep the puzzle (an SQL
// expression, a constant of this package) from being placed again: any,
// or with reprints those in an exclusive outlet's daily issues.
func placedSQL(reprints bool, puzzle string) string {
	if !reprints {
		return "SELECT 1 FROM placements l WHERE l.puzzle_id = " + puzzle
	}
	return "SELECT 1 FROM placements l JOIN daily_issues d ON d.id = l.issue_id WHERE l.puzzle_id = " + puzzle + " AND d.exclusive"
}

// Release frees every puzzle holder reserved and did not place; it returns
// how many.
func (s *DB) Release(ctx context.Context, holder string) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "DELETE FROM reservations WHERE holder = ?", holder)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: release: %w", err)
	}
	return int(n), nil
}

// Placement is one puzzle's place in a book or a daily issue.
type Placement struct {
	PuzzleID string
	Section  string
	Ordinal  int // its number in the book or issue
	Page     int // 0 when there is no page
}

// Book is a published book.
type Book struct {
	ID             int64
	Title          string
	SpecChecksum   string
	Seed           int64
	OutputChecksum string
	Output         string // the PDF's path as the build named it
	Manifest       []byte // the manifest the build wrote beside the PDF
	// Candidates are every puzzle the build's sections weighed, with the
	// fence and the outcome; AddBook records them, Get reads them back.
	Candidates []Candidate
}

// Candidate is one puzzle a section of a book weighed against its fence.
type Candidate struct {
	Section   int // 1-based
	PuzzleID  string
	Metric    string
	Value     float64
	Low, High *float64 // the fence; nil where open
	Outcome   string   // "kept", "spare", "below fence", "above fence"
}

// AddBook records a published book and the place of each of its puzzles in
// one transaction, and frees their reservations. It returns the book's id.
func (s *DB) AddBook(ctx context.Context, b Book, places []Placement) (int64, error) {
	var id int64
	now := s.now()
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO books (title, spec_checksum, seed, output_checksum, output, manifest, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
			b.Title, b.SpecChecksum, b.Seed, b.OutputChecksum, b.Output, string(b.Manifest), now)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := addCandidates(ctx, tx, id, b.Candidates); err != nil {
			return err
		}
		return place(ctx, tx, "book_id", id, places, now)
	})
	if err != nil {
		return 0, fmt.Errorf("store: add book %q: %w", b.Title, err)
	}
	return id, nil
}

// place writes the ledger rows of a book or issue and frees the puzzles'
// reservations. column is a constant of this file, never user input.
func place(ctx context.Context, tx *sql.Tx, column string, owner int64, places []Placement, now string) error {
	ins, err := tx.PrepareContext(ctx, "INSERT INTO placements (puzzle_id, "+column+", section, ordinal, page, created) VALUES (?, ?, ?, ?, ?, ?)")
	if err != nil {
		return err
	}
	defer ins.Close()
	free, err := tx.PrepareContext(ctx, "DELETE FROM reservations WHERE puzzle_id = ?")
	if err != nil {
		return err
	}
	defer free.Close()
	for _, p := range places {
		k, err := key(p.PuzzleID)
		if err != nil {
			return err
		}
		var page any
		if p.Page > 0 {
			page = p.Page
		}
		if _, err := ins.ExecContext(ctx, k, owner, p.Section, p.Ordinal, page, now); err != nil {
			return fmt.Errorf("place %s: %w", p.PuzzleID, err)
		}
		if _, err := free.ExecContext(ctx, k); err != nil {
			return err
		}
	}
	return nil
}

// Publication is one place a puzzle was published.
type Publication struct {
	Book      *Book  // nil for a daily issue
	Outlet    string // daily issue
	Date      string // the date, or the day the book was recorded (YYYY-MM-DD)
	Section   string
	Ordinal   int
	Page      int
	Created   string
	Withdrawn string // a daily puzzle replaced: when (RFC 3339); empty while current
	Why       string // why it was replaced
}

// Publications lists every place the puzzle id was published.
func (s *DB) Publications(ctx context.Context, id string) ([]Publication, error) {
	k, err := key(id)
	if err != nil {
		return nil, fmt.Errorf("store: publications: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, "SELECT "+publicationColumns+fromPlacements+" WHERE l.puzzle_id = ? ORDER BY l.created, l.id", k)
	if err != nil {
		return nil, fmt.Errorf("store: publications: %w", s.describe(err))
	}
	defer rows.Close()
	var out []Publication
	for rows.Next() {
		dst, pub := publicationDest()
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		out = append(out, pub())
	}
	return out, rows.Err()
}
