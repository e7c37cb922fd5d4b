package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// What a build asks of the archive beyond Insert, Reserve and AddBook.

// ReserveIDs reserves for holder those of the archived puzzles ids that
// nobody else holds and that are not placed (unless reprints), in one
// transaction, and reports which of ids the holder holds now (those it
// held already included, their leases renewed); with reprints a placed
// puzzle may be reserved, but never one of an exclusive outlet. A build
// calls it for the candidates it has just archived: one that another
// build holds, or that a book printed, is not its to use. In PostgreSQL
// a puzzle another transaction is reserving at this moment is passed by,
// not waited for: it is not the holder's.
func (s *DB) ReserveIDs(ctx context.Context, holder string, ids []string, reprints bool) (map[string]bool, error) {
	if holder == "" {
		return nil, fmt.Errorf("store: reserve: no holder")
	}
	mine := map[string]bool{}
	err := s.write(ctx, func(tx *txn) error {
		clear(mine)
		now := s.Now()
		take, err := s.taker(ctx, tx, holder, now)
		if err != nil {
			return err
		}
		defer take.Close()
		free, err := tx.PrepareContext(ctx, "SELECT p.id FROM puzzles p WHERE p.id = ? AND NOT EXISTS ("+placedSQL(reprints, "p.id")+")"+s.d.skipLocked())
		if err != nil {
			return err
		}
		defer free.Close()
		// In PostgreSQL free's answer on the placements is as of the
		// statement's start, and the lock it takes comes after: a build
		// that placed the puzzle and committed in between has freed both
		// its lock and its reservation, and the puzzle looks free. Asked
		// again once the lock is held, it cannot be placed unseen.
		placed, err := tx.PrepareContext(ctx, "SELECT EXISTS ("+placedSQL(reprints, "?")+")")
		if err != nil {
			return err
		}
		defer placed.Close()
		for _, id := range ids {
			k, err := key(id)
			if err != nil {
				return err
			}
			var got int64
			err = free.QueryRowContext(ctx, k).Scan(&got)
			if errors.Is(err, sql.ErrNoRows) {
				continue // placed, or another is reserving it right now
			}
			if err != nil {
				return err
			}
			var gone bool
			if err := placed.QueryRowContext(ctx, k).Scan(&gone); err != nil {
				return err
			}
			if gone {
				continue
			}
			if mine[id], err = take.reserve(ctx, k); err != nil {
				return fmt.Errorf("reserve %s: %w", id, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: reserve: %w", err)
	}
	return mine, nil
}

// Holder is a run that holds reservations: its name, the host and process
// that reserved for it, and when its lease ends (RFC 3339).
type Holder struct {
	Name    string
	Host    string
	PID     int
	Expires string
}

// Holders lists who holds reservations, so that a build can free those of
// builds that died (a kill leaves its reservations behind) on its own host
// at once, without waiting for their leases to end.
func (s *DB) Holders(ctx context.Context) ([]Holder, error) {
	return list(ctx, s, "holders", "SELECT holder, host, pid, max(expires) FROM reservations GROUP BY holder, host, pid ORDER BY holder",
		func(rows *sql.Rows) (h Holder, err error) {
			err = rows.Scan(&h.Name, &h.Host, &h.PID, &h.Expires)
			return h, err
		})
}

// addCandidates records what a book's sections weighed.
func addCandidates(ctx context.Context, tx *txn, book int64, cands []Candidate) error {
	if len(cands) == 0 {
		return nil
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO candidates (book_id, section, puzzle_id, metric, value, low, high, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, c := range cands {
		k, err := key(c.PuzzleID)
		if err != nil {
			return err
		}
		if _, err := ins.ExecContext(ctx, book, c.Section, k, c.Metric, c.Value, c.Low, c.High, c.Outcome); err != nil {
			return fmt.Errorf("candidate %s: %w", c.PuzzleID, err)
		}
	}
	return nil
}

// BookByChecksum finds the book whose PDF has the SHA-256 sum (hex), with
// its manifest and candidates; ErrNotFound when there is none. A build asks
// it to tell a book it finished already from a file to replace.
func (s *DB) BookByChecksum(ctx context.Context, sum string) (Book, error) {
	return s.book(ctx, "output_checksum = ?", sum, "checksum "+sum)
}

// Book is the ledger's book id, with its manifest and candidates;
// ErrNotFound when there is none.
func (s *DB) Book(ctx context.Context, id int64) (Book, error) {
	return s.book(ctx, "id = ?", id, fmt.Sprint(id))
}

// book is the last book cond selects (on books), named what in errors.
func (s *DB) book(ctx context.Context, cond string, arg any, what string) (Book, error) {
	var b Book
	var manifest string
	err := s.db.QueryRowContext(ctx, `SELECT id, title, spec_checksum, seed, output_checksum, output, manifest
		FROM books WHERE `+cond+` ORDER BY id DESC LIMIT 1`, arg).
		Scan(&b.ID, &b.Title, &b.SpecChecksum, &b.Seed, &b.OutputChecksum, &b.Output, &manifest)
	if errors.Is(err, sql.ErrNoRows) {
		return Book{}, fmt.Errorf("store: book %s: %w", what, ErrNotFound)
	}
	if err != nil {
		return Book{}, fmt.Errorf("store: book: %w", s.describe(err))
	}
	b.Manifest = []byte(manifest)
	if b.Candidates, err = s.candidates(ctx, b.ID); err != nil {
		return Book{}, err
	}
	return b, nil
}

// candidates lists what the book's sections weighed, by section and then
// in the order they were recorded (Book.Candidates).
func (s *DB) candidates(ctx context.Context, book int64) ([]Candidate, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT section, puzzle_id, metric, value, low, high, outcome
		FROM candidates WHERE book_id = ? ORDER BY section, rowid`, book)
	if err != nil {
		return nil, fmt.Errorf("store: candidates: %w", s.describe(err))
	}
	defer rows.Close()
	var out []Candidate
	for rows.Next() {
		var c Candidate
		var k int64
		var low, high sql.NullFloat64
		if err := rows.Scan(&c.Section, &k, &c.Metric, &c.Value, &low, &high, &c.Outcome); err != nil {
			return nil, err
		}
		c.PuzzleID = idOf(k)
		if low.Valid {
			c.Low = &low.Float64
		}
		if high.Valid {
			c.High = &high.Float64
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
