package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

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
	// Techniques, when set, takes only puzzles whose solve has a step of
	// one of these techniques (rate.Ratings.Techniques' keys).
	Techniques []string
}

// Reserve takes up to r.Count puzzles that are neither placed (unless
// r.Reprints) nor held by anyone, and reserves them for r.Holder, in one
// transaction: two builds on one archive never get the same puzzle, and
// in PostgreSQL they do not wait for each other (a puzzle another is
// reserving at the same moment is passed by). The reservations are
// leases of s.Lease (see Renew). It returns the puzzles in id order;
// fewer than asked means the archive has no more.
func (s *DB) Reserve(ctx context.Context, r Reservation) ([]Puzzle, error) {
	if r.Holder == "" {
		return nil, fmt.Errorf("store: reserve: no holder")
	}
	var out []Puzzle
	err := s.write(ctx, func(tx *txn) error {
		out = out[:0]
		now := s.Now()
		take, err := s.taker(ctx, tx, r.Holder, now)
		if err != nil {
			return err
		}
		defer take.Close()
		return s.scanFree(ctx, tx, r, stamp(now), s.d.skipLocked(), func(p Puzzle) (bool, error) {
			k, _ := key(p.ID)
			got, err := take.reserve(ctx, k)
			if err != nil {
				return false, fmt.Errorf("reserve %s: %w", p.ID, err)
			}
			if got {
				out = append(out, p)
			}
			return len(out) < r.Count, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("store: reserve: %w", err)
	}
	return out, nil
}

// taker reserves puzzles for a holder within one transaction.
type taker struct {
	ins  *sql.Stmt
	args []any // holder, host, pid, created, expires, now
}

// taker prepares the reservation of puzzles for holder, leased from now
// for s.Lease, recording this process's host and id. A puzzle already
// reserved is taken only when its lease has expired; one this holder
// holds has its lease renewed.
func (s *DB) taker(ctx context.Context, tx *txn, holder string, now time.Time) (*taker, error) {
	ins, err := tx.PrepareContext(ctx, `INSERT INTO reservations (puzzle_id, holder, host, pid, created, expires) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (puzzle_id) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid,
			created = excluded.created, expires = excluded.expires
		WHERE reservations.expires <= ? OR reservations.holder = excluded.holder
		RETURNING puzzle_id`)
	if err != nil {
		return nil, err
	}
	host, _ := os.Hostname()
	return &taker{ins: ins, args: []any{holder, host, os.Getpid(), stamp(now), stamp(now.Add(s.Lease)), stamp(now)}}, nil
}

// reserve reserves the puzzle k and reports whether the holder holds it
// now.
func (t *taker) reserve(ctx context.Context, k int64) (bool, error) {
	var got int64
	err := t.ins.QueryRowContext(ctx, append([]any{k}, t.args...)...).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (t *taker) Close() error { return t.ins.Close() }

// scanFree calls take with the puzzles r may take, in id order: rated,
// neither held (a lease that has not expired at now) nor (unless
// r.Reprints) placed, meeting r's level, rules and test; until take says
// stop or there are no more. lock, appended to the query, locks the rows
// read (Reserve's skipLocked); they are read a page at a time, so that a
// reservation locks little more than it takes.
func (s *DB) scanFree(ctx context.Context, q querier, r Reservation, now, lock string, take func(Puzzle) (bool, error)) error {
	conds := []string{"NOT EXISTS (SELECT 1 FROM reservations v WHERE v.puzzle_id = p.id AND v.expires > ?)", "p.rater IS NOT NULL"}
	args := []any{now}
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
			return fmt.Errorf("the archive has no rating column %q", rule.Column)
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
	if len(r.Techniques) > 0 {
		cond, a := techniquesCond(r.Techniques)
		conds, args = append(conds, cond), append(args, a...)
	}
	if len(r.Exclude) > 0 {
		conds = append(conds, "p.id NOT IN "+placeholders(len(r.Exclude)))
		for _, id := range r.Exclude {
			k, err := key(id)
			if err != nil {
				return err
			}
			args = append(args, k)
		}
	}
	query := "SELECT " + puzzleColumns + fromPuzzles + " WHERE " + strings.Join(conds, " AND ") + " AND p.id > ? ORDER BY p.id LIMIT ?" + lock
	// A page: what is asked for, and more where a test may refuse.
	page := r.Count
	if r.Accept != nil {
		page = max(4*page, 256)
	}
	if page <= 0 {
		return nil
	}
	after := int64(math.MinInt64)
	for {
		rows, err := q.QueryContext(ctx, query, append(args, after, page)...)
		if err != nil {
			return err
		}
		var ps []Puzzle
		for rows.Next() {
			p, err := scanPuzzle(rows)
			if err != nil {
				rows.Close()
				return err
			}
			ps = append(ps, p)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, p := range ps {
			if r.Accept != nil && !r.Accept(p) {
				continue
			}
			more, err := take(p)
			if err != nil {
				return err
			}
			if !more {
				return nil
			}
		}
		if len(ps) < page {
			return nil
		}
		after, _ = key(ps[len(ps)-1].ID)
	}
}

// techniqueLike is the LIKE pattern of a puzzle's techniques (a JSON
// object of keys and counts) with a step of technique key: its key
// quoted, then its count. A key is letters, digits and hyphens
// (logic.Technique.Key), none of LIKE's wildcards.
func techniqueLike(key string) string { return `%"` + key + `":%` }

// techniquesCond is the condition on puzzles p that their solve has a
// step of one of the techniques keys, and its arguments.
func techniquesCond(keys []string) (string, []any) {
	var ors []string
	var args []any
	for _, k := range keys {
		ors = append(ors, "p.techniques LIKE ?")
		args = append(args, techniqueLike(k))
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}

// Available counts the puzzles a Reserve of r would take now, up to
// r.Count, without taking them.
func (s *DB) Available(ctx context.Context, r Reservation) (int, error) {
	n := 0
	err := s.scanFree(ctx, s.db, r, s.now(), "", func(Puzzle) (bool, error) {
		n++
		return n < r.Count, nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: available: %w", s.describe(err))
	}
	return n, nil
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
	return s.change(ctx, "release", "DELETE FROM reservations WHERE holder = ?", holder)
}

// Renew extends the lease of every reservation holder holds to s.Lease
// from now, and returns how many it holds. A holder that works longer than
// a lease renews it every so often (a third of the lease, say); one whose
// lease ran out may find some of its puzzles taken by another (fewer
// than it reserved).
func (s *DB) Renew(ctx context.Context, holder string) (int, error) {
	return s.change(ctx, "renew", "UPDATE reservations SET expires = ? WHERE holder = ?", stamp(s.Now().Add(s.Lease)), holder)
}

// change runs one statement in a transaction of its own and returns the
// rows it changed; what names it in an error.
func (s *DB) change(ctx context.Context, what, query string, args ...any) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: %s: %w", what, err)
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
	// Reprints says the book may print puzzles placed before (never an
	// exclusive outlet's); without it the ledger refuses any.
	Reprints bool
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
	err := s.write(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, "INSERT INTO books (title, spec_checksum, seed, output_checksum, output, manifest, created) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
			b.Title, b.SpecChecksum, b.Seed, b.OutputChecksum, b.Output, string(b.Manifest), now).Scan(&id)
		if err != nil {
			return err
		}
		if err := addCandidates(ctx, tx, id, b.Candidates); err != nil {
			return err
		}
		return place(ctx, tx, "book_id", id, places, b.Reprints, now)
	})
	if err != nil {
		return 0, fmt.Errorf("store: add book %q: %w", b.Title, err)
	}
	return id, nil
}

// place writes the ledger rows of a book or issue and frees the puzzles'
// reservations. column is a constant of this file, never user input. A
// placement is a reprint when reprints are allowed and the puzzle was
// placed before; the database refuses a second placement that is not (the
// schema's placements_once), and a reprint of an exclusive outlet's
// puzzle (placements_exclusive): ErrPlaced.
func place(ctx context.Context, tx *txn, column string, owner int64, places []Placement, reprints bool, now string) error {
	ins, err := tx.PrepareContext(ctx, "INSERT INTO placements (puzzle_id, "+column+`, section, ordinal, page, created, reprint)
		VALUES (?, ?, ?, ?, ?, ?, CASE WHEN ? THEN EXISTS (SELECT 1 FROM placements l WHERE l.puzzle_id = ?) ELSE FALSE END)`)
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
		if _, err := ins.ExecContext(ctx, k, owner, p.Section, p.Ordinal, page, now, reprints, k); err != nil {
			if tx.d.placedTwice(err) {
				err = ErrPlaced
			}
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
	By        string // who replaced it
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
