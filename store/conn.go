package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// The store's SQL is written once, with SQLite's ? placeholders, in the
// subset both backends understand; pool and txn run it on either, numbering
// the placeholders ($1, $2, ...) for PostgreSQL.

// pool is the archive's connections.
type pool struct {
	*sql.DB
	numbered bool // PostgreSQL: ? becomes $n
}

// txn is one transaction on the archive.
type txn struct {
	*sql.Tx
	numbered bool
	d        dialect
}

func (p *pool) text(q string) string { return bind(q, p.numbered) }
func (t *txn) text(q string) string  { return bind(q, t.numbered) }

func (p *pool) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return p.DB.ExecContext(ctx, p.text(q), args...)
}

func (p *pool) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return p.DB.QueryContext(ctx, p.text(q), args...)
}

func (p *pool) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return p.DB.QueryRowContext(ctx, p.text(q), args...)
}

func (p *pool) QueryRow(q string, args ...any) *sql.Row {
	return p.QueryRowContext(context.Background(), q, args...)
}

func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, t.text(q), args...)
}

func (t *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.Tx.QueryContext(ctx, t.text(q), args...)
}

func (t *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, t.text(q), args...)
}

func (t *txn) PrepareContext(ctx context.Context, q string) (*sql.Stmt, error) {
	return t.Tx.PrepareContext(ctx, t.text(q))
}

func (t *txn) Exec(q string, args ...any) (sql.Result, error) {
	return t.ExecContext(context.Background(), q, args...)
}

func (t *txn) QueryRow(q string, args ...any) *sql.Row {
	return t.QueryRowContext(context.Background(), q, args...)
}

// querier is what reads: the pool, or a transaction.
type querier interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...any) *sql.Row
}

// bind numbers q's ? placeholders $1, $2, ... when numbered; a ? inside a
// quoted string or name is left alone.
func bind(q string, numbered bool) string {
	if !numbered || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
