package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// Issue is a newspaper's daily issue as the ledger keeps it: an outlet's
// puzzles of one date.
type Issue struct {
	ID        int64
	Outlet    string
	Date      string        // YYYY-MM-DD
	Exclusive bool          // its puzzles appear nowhere else
	Reprints  bool          // its puzzles may have been placed before (never when Exclusive)
	Puzzles   []IssuePuzzle // the current ones, by slot
	Withdrawn []IssuePuzzle // those replaced, in the order they were
}

// IssuePuzzle is one puzzle of an issue.
type IssuePuzzle struct {
	Slot      int    // 1-based: the day's first puzzle, second, ...
	Level     string // the level the rotation asked for
	Puzzle    Puzzle
	Withdrawn string // when it was replaced (RFC 3339); empty while current
	Why       string // why it was replaced
	By        string // who replaced it
}

// Withdrawal is why and by whom a day's puzzles are withdrawn.
type Withdrawal struct {
	Why string // the reason, as the desk or --why gives it
	By  string // who: the name the desk's user gives, or the user running pressrun
}

// ErrIssueExists is AddIssues asked to record an issue the ledger has.
var ErrIssueExists = errors.New("the ledger has this issue already")

// AddIssues records daily issues and the place of each of their puzzles
// in one transaction, and frees the puzzles' reservations. An issue the
// ledger has already (the same outlet and date) is an ErrIssueExists, and
// then nothing is recorded. It sets each issue's ID.
func (s *DB) AddIssues(ctx context.Context, issues []Issue) error {
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		ins, err := tx.PrepareContext(ctx, "INSERT INTO daily_issues (outlet, date, exclusive, created) VALUES (?, ?, ?, ?) ON CONFLICT (outlet, date) DO NOTHING RETURNING id")
		if err != nil {
			return err
		}
		defer ins.Close()
		for i := range issues {
			is := &issues[i]
			err := ins.QueryRowContext(ctx, is.Outlet, is.Date, is.Exclusive, now).Scan(&is.ID)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%s %s: %w", is.Outlet, is.Date, ErrIssueExists)
			}
			if err != nil {
				return err
			}
			if err := place(ctx, tx, "issue_id", is.ID, issuePlaces(is.Puzzles), is.Reprints && !is.Exclusive, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: add issues: %w", err)
	}
	return nil
}

func issuePlaces(ps []IssuePuzzle) []Placement {
	out := make([]Placement, len(ps))
	for i, p := range ps {
		out[i] = Placement{PuzzleID: p.Puzzle.ID, Section: p.Level, Ordinal: p.Slot}
	}
	return out
}

// ReplaceIssue withdraws the current puzzles of the outlet's issue of
// date, recording why and by whom, and places puzzles in it instead, in one
// transaction; reprints says they may have been placed before (as
// Issue.Reprints). The withdrawn puzzles stay in the ledger: they were
// printed, and are never printed again.
func (s *DB) ReplaceIssue(ctx context.Context, outlet, date string, w Withdrawal, puzzles []IssuePuzzle, reprints bool) error {
	now := s.now()
	err := s.write(ctx, func(tx *txn) error {
		var id int64
		var exclusive bool
		err := tx.QueryRowContext(ctx, "SELECT id, exclusive FROM daily_issues WHERE outlet = ? AND date = ?", outlet, date).Scan(&id, &exclusive)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%s %s: %w", outlet, date, ErrNotFound)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE placements SET withdrawn = ?, why = ?, withdrawn_by = ? WHERE issue_id = ? AND withdrawn IS NULL", now, w.Why, w.By, id); err != nil {
			return err
		}
		return place(ctx, tx, "issue_id", id, issuePlaces(puzzles), reprints && !exclusive, now)
	})
	if err != nil {
		return fmt.Errorf("store: replace issue: %w", err)
	}
	return nil
}

// Issues returns the outlet's issues dated from to to (YYYY-MM-DD, both
// included), by date, with their puzzles.
func (s *DB) Issues(ctx context.Context, outlet, from, to string) ([]Issue, error) {
	return s.issues(ctx, "d.outlet = ? AND d.date BETWEEN ? AND ?", outlet, from, to)
}

// IssueBefore returns the outlet's last issue dated before date, or
// ErrNotFound.
func (s *DB) IssueBefore(ctx context.Context, outlet, date string) (Issue, error) {
	is, err := s.issues(ctx, "d.id = (SELECT id FROM daily_issues WHERE outlet = ? AND date < ? ORDER BY date DESC LIMIT 1)", outlet, date)
	if err != nil {
		return Issue{}, err
	}
	if len(is) == 0 {
		return Issue{}, fmt.Errorf("store: %s before %s: %w", outlet, date, ErrNotFound)
	}
	return is[0], nil
}

// issues reads the issues cond selects (on daily_issues d) and their
// puzzles.
func (s *DB) issues(ctx context.Context, cond string, args ...any) ([]Issue, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT d.id, d.outlet, d.date, d.exclusive, l.ordinal, l.section, l.withdrawn, l.why, l.withdrawn_by, `+puzzleColumns+`
		FROM daily_issues d JOIN placements l ON l.issue_id = d.id JOIN puzzles p ON p.id = l.puzzle_id
		WHERE `+cond+` ORDER BY d.date, d.id, l.withdrawn IS NOT NULL, l.withdrawn, l.ordinal, l.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: issues: %w", s.describe(err))
	}
	defer rows.Close()
	var out []Issue
	for rows.Next() {
		var is Issue
		var ip IssuePuzzle
		var withdrawn sql.NullString
		dst := []any{&is.ID, &is.Outlet, &is.Date, &is.Exclusive, &ip.Slot, &ip.Level, &withdrawn, &ip.Why, &ip.By}
		p, err := scanPuzzleAfter(rows, dst...)
		if err != nil {
			return nil, fmt.Errorf("store: issues: %w", err)
		}
		ip.Puzzle, ip.Withdrawn = p, withdrawn.String
		if len(out) == 0 || out[len(out)-1].ID != is.ID {
			out = append(out, is)
		}
		last := &out[len(out)-1]
		if withdrawn.Valid {
			last.Withdrawn = append(last.Withdrawn, ip)
		} else {
			last.Puzzles = append(last.Puzzles, ip)
		}
	}
	return out, rows.Err()
}

// RanIn reports which of ids the outlet has placed in any of its issues,
// withdrawn ones included: an outlet never runs a puzzle twice.
func (s *DB) RanIn(ctx context.Context, outlet string, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for chunk := range slices.Chunk(ids, 500) {
		args := []any{outlet}
		for _, id := range chunk {
			k, err := key(id)
			if err != nil {
				return nil, fmt.Errorf("store: ran in: %w", err)
			}
			args = append(args, k)
		}
		rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT l.puzzle_id FROM placements l JOIN daily_issues d ON d.id = l.issue_id
			WHERE d.outlet = ? AND l.puzzle_id IN `+placeholders(len(chunk)), args...)
		if err != nil {
			return nil, fmt.Errorf("store: ran in: %w", s.describe(err))
		}
		for rows.Next() {
			var k int64
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, err
			}
			out[idOf(k)] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
