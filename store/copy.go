package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Copying a whole archive, ledger included, from one backend to another
// (SQLite to PostgreSQL when a desk starts sharing, and back for a copy to
// take away).

// table is one of the archive's tables as a copy reads and writes it: its
// key (the order rows are read in, and what a copy run again finds
// already there), its columns, and those that hold booleans (an integer
// in SQLite, a boolean in PostgreSQL).
type table struct {
	name    string
	key     string
	columns []string
	bools   []string
}

// tables are the archive's tables in the order a copy fills them: those a
// row refers to first. SQLite's hidden rowid is the key of the two tables
// that have no key of their own (PostgreSQL gives them a rowid column).
var tables = []table{
	{"puzzles", "n", append([]string{"n", "id", "variant", "layout", "givens", "solution", "canonical", "clues", "symmetry", "source", "label",
		"version", "seed", "job", "created"}, strings.Split(ratingColumns, ", ")...), nil},
	{"books", "id", []string{"id", "title", "spec_checksum", "seed", "output_checksum", "output", "manifest", "created"}, nil},
	{"daily_issues", "id", []string{"id", "outlet", "date", "exclusive", "created"}, []string{"exclusive"}},
	{"placements", "id", []string{"id", "puzzle_id", "book_id", "issue_id", "section", "ordinal", "page", "created", "withdrawn", "why", "reprint", "withdrawn_by"}, []string{"reprint"}},
	{"candidates", "rowid", []string{"rowid", "book_id", "section", "puzzle_id", "metric", "value", "low", "high", "outcome"}, nil},
	{"rating_history", "rowid", append(append([]string{"rowid", "puzzle_id"}, strings.Split(ratingColumns, ", ")...), "replaced"), nil},
	{"reservations", "puzzle_id", []string{"puzzle_id", "holder", "host", "pid", "created", "expires"}, nil},
}

// TableSum is a table's row count and checksum: the SHA-256 of its rows in
// key order, each value written the same way whichever backend holds it
// (a whole number as an integer, a boolean as 0 or 1, NULL apart from any
// text), so that two archives holding the same rows have the same sums.
type TableSum struct {
	Table string
	Rows  int
	Sum   string // hex
}

// CopyProgress is how far a copy has come: rows of a table done of all.
type CopyProgress struct {
	Table      string
	Done, Rows int
}

// ErrNotCopy is Copy refusing a target that holds rows the source does
// not have (another archive, or a copy the source has changed since).
var ErrNotCopy = errors.New("the target holds rows that are not the source's")

// Copy copies every row of every table of from into to, in batches of
// batch rows (one transaction each), calling progress after each. The
// target must be empty, or hold what an earlier copy of from put there: a
// copy stopped half way is taken up where it stopped, and one run again
// on a copy that is whole does nothing. Anything else is ErrNotCopy, and
// then nothing is written. It returns both archives' sums, equal when all
// is well (Copy checks, and fails when they differ).
func Copy(ctx context.Context, from, to *DB, batch int, progress func(CopyProgress)) ([]TableSum, error) {
	if batch < 1 {
		batch = 1000
	}
	// What the target holds must be the start of what the source holds,
	// table by table.
	for _, t := range tables {
		last, n, err := to.lastKey(ctx, t)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			continue
		}
		mine, err := to.sum(ctx, t, nil)
		if err != nil {
			return nil, err
		}
		theirs, err := from.sum(ctx, t, &last)
		if err != nil {
			return nil, err
		}
		if mine != theirs {
			return nil, fmt.Errorf("store: copy to %s: table %s: %w; copy into an empty archive", to.path, t.name, ErrNotCopy)
		}
	}
	for _, t := range tables {
		if err := copyTable(ctx, from, to, t, batch, progress); err != nil {
			return nil, fmt.Errorf("store: copy %s: %w", t.name, err)
		}
	}
	a, err := from.Sums(ctx)
	if err != nil {
		return nil, err
	}
	b, err := to.Sums(ctx)
	if err != nil {
		return nil, err
	}
	for i := range a {
		if a[i] != b[i] {
			return b, fmt.Errorf("store: copy: table %s differs after the copy: %d rows %s, copy %d rows %s", a[i].Table, a[i].Rows, a[i].Sum[:12], b[i].Rows, b[i].Sum[:12])
		}
	}
	return a, nil
}

// copyTable copies the rows of t that to does not hold yet, those past its
// last key, in key order, batch rows to a transaction.
func copyTable(ctx context.Context, from, to *DB, t table, batch int, progress func(CopyProgress)) error {
	after, done, err := to.lastKey(ctx, t)
	if err != nil {
		return err
	}
	var rows int
	if err := from.db.QueryRowContext(ctx, "SELECT count(*) FROM "+t.name).Scan(&rows); err != nil {
		return from.describe(err)
	}
	report := func() {
		if progress != nil {
			progress(CopyProgress{Table: t.name, Done: done, Rows: rows})
		}
	}
	report()
	cols := strings.Join(t.columns, ", ")
	read := "SELECT " + cols + " FROM " + t.name + " WHERE " + t.key + " > ? ORDER BY " + t.key + " LIMIT ?"
	// Rows go in many to a statement, as Insert's do, under both
	// backends' limits on a statement's values.
	per := max(1, min(100, 30000/len(t.columns)))
	for {
		got, err := from.readRows(ctx, read, t, after, batch)
		if err != nil {
			return err
		}
		if len(got) == 0 {
			break
		}
		err = to.write(ctx, func(tx *txn) error {
			for start := 0; start < len(got); start += per {
				chunk := got[start:min(start+per, len(got))]
				var args []any
				for _, r := range chunk {
					args = append(args, r...)
				}
				q := "INSERT INTO " + t.name + " (" + cols + ") VALUES " +
					strings.TrimSuffix(strings.Repeat(placeholders(len(t.columns))+",", len(chunk)), ",") + " ON CONFLICT DO NOTHING"
				if _, err := tx.ExecContext(ctx, q, args...); err != nil {
					return err
				}
			}
			return to.d.copied(ctx, tx, t)
		})
		if err != nil {
			return err
		}
		done += len(got)
		after = got[len(got)-1][0].(int64)
		report()
		if len(got) < batch {
			break
		}
	}
	return nil
}

// readRows reads a batch of t's rows past the key after, each value as the
// target's driver takes it: booleans as bool.
func (s *DB) readRows(ctx context.Context, query string, t table, after int64, n int) ([][]any, error) {
	rows, err := s.db.QueryContext(ctx, query, after, n)
	if err != nil {
		return nil, s.describe(err)
	}
	defer rows.Close()
	isBool := make([]bool, len(t.columns))
	for i, c := range t.columns {
		for _, b := range t.bools {
			isBool[i] = isBool[i] || b == c
		}
	}
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(t.columns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, v := range vals {
			switch x := v.(type) {
			case []byte:
				vals[i] = string(x)
			case int64:
				if isBool[i] {
					vals[i] = x != 0
				}
			}
		}
		if _, ok := vals[0].(int64); !ok {
			return nil, fmt.Errorf("%s: key %v is not an integer", t.name, vals[0])
		}
		out = append(out, vals)
	}
	return out, rows.Err()
}

// lastKey is the greatest key of t's rows, and how many there are.
func (s *DB) lastKey(ctx context.Context, t table) (int64, int, error) {
	var last *int64
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT max("+t.key+"), count(*) FROM "+t.name).Scan(&last, &n)
	if err != nil {
		return 0, 0, s.describe(err)
	}
	if last == nil {
		return math.MinInt64, 0, nil
	}
	return *last, n, nil
}

// Sums are the row count and checksum of every table of the archive.
func (s *DB) Sums(ctx context.Context) ([]TableSum, error) {
	var out []TableSum
	for _, t := range tables {
		sum, err := s.sum(ctx, t, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, sum)
	}
	return out, nil
}

// sum is t's TableSum, of the rows with keys up to upTo when it is given.
func (s *DB) sum(ctx context.Context, t table, upTo *int64) (TableSum, error) {
	q := "SELECT " + strings.Join(t.columns, ", ") + " FROM " + t.name
	var args []any
	if upTo != nil {
		q += " WHERE " + t.key + " <= ?"
		args = append(args, *upTo)
	}
	rows, err := s.db.QueryContext(ctx, q+" ORDER BY "+t.key, args...)
	if err != nil {
		return TableSum{}, fmt.Errorf("store: sum %s: %w", t.name, s.describe(err))
	}
	defer rows.Close()
	h := sha256.New()
	vals := make([]any, len(t.columns))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	n := 0
	buf := make([]byte, 0, 256)
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return TableSum{}, err
		}
		buf = buf[:0]
		for _, v := range vals {
			buf = appendValue(buf, v)
		}
		h.Write(buf)
		n++
	}
	if err := rows.Err(); err != nil {
		return TableSum{}, err
	}
	return TableSum{Table: t.name, Rows: n, Sum: hex.EncodeToString(h.Sum(nil))}, nil
}

// appendValue writes v as a checksum reads it: a type letter, the value,
// and an end, whatever the driver gave.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, 'N', 0)
	case bool:
		if x {
			return append(b, 'i', '1', 0)
		}
		return append(b, 'i', '0', 0)
	case int64:
		return append(strconv.AppendInt(append(b, 'i'), x, 10), 0)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return append(strconv.AppendInt(append(b, 'i'), int64(x), 10), 0)
		}
		return append(strconv.AppendFloat(append(b, 'f'), x, 'g', -1, 64), 0)
	case string:
		return append(append(b, 's'), x+"\x00"...)
	case []byte:
		return append(append(append(b, 's'), x...), 0)
	}
	return append(fmt.Appendf(append(b, '?'), "%v", v), 0)
}
