package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// The shared backend: an archive in a PostgreSQL database, which every
// desk and machine of a publishing house reaches by one URL.

// postgres is PostgreSQL's dialect.
type postgres struct{}

// schemaMark is the comment on the table schema_migrations that tells a
// pressrun archive, as SQLite's application_id does.
const schemaMark = "pressrun archive"

// openPostgres opens the archive in the PostgreSQL database at the URL loc
// (Open). The database must exist (createdb makes it); Create makes the
// archive's tables in it when it has none.
func openPostgres(loc string, mode Mode) (*DB, error) {
	shown := redact(loc)
	cfg, err := pgx.ParseConfig(loc)
	if err != nil {
		return nil, &FileError{Path: shown, Err: ErrLocation, Detail: parseDetail(err) + "; the form is postgres://USER:PASSWORD@HOST:PORT/DATABASE"}
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 10 * time.Second
	}
	if mode == ReadOnly {
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
	}
	if cfg.RuntimeParams["application_name"] == "" {
		cfg.RuntimeParams["application_name"] = "pressrun"
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxIdleConns(8)
	s := &DB{db: &pool{DB: db, numbered: true}, path: shown, d: postgres{}, Now: time.Now, Lease: DefaultLease}
	h, err := s.d.header(context.Background(), s.db)
	if err == nil {
		err = s.checkPostgres(h, mode)
	}
	if errors.Is(err, ErrOlder) && mode == ReadOnly {
		// Upgrade it as a writer would, if this login may.
		db.Close()
		up, uerr := openPostgres(loc, ReadWrite)
		if uerr != nil {
			return nil, err
		}
		up.Close()
		return openPostgres(loc, ReadOnly)
	}
	if err == nil && mode != ReadOnly {
		err = s.migrate(h.version, "postgres")
	}
	if err != nil {
		db.Close()
		return nil, s.describe(err)
	}
	return s, nil
}

// checkPostgres refuses a database that is not a pressrun archive (or
// empty, for Create) and a schema mode cannot work with.
func (s *DB) checkPostgres(h header, mode Mode) error {
	switch {
	case h.tables > 0 && h.app != applicationID:
		return &FileError{Path: s.path, Err: ErrNotArchive, Detail: "a PostgreSQL database of another program: it has tables and no pressrun schema"}
	case h.tables == 0 && mode != Create:
		return &FileError{Path: s.path, Err: ErrNoArchive, Detail: "an empty database"}
	case h.version > SchemaVersion():
		return &FileError{Path: s.path, Err: ErrNewer, Detail: fmt.Sprintf("schema %d; this pressrun knows up to %d", h.version, SchemaVersion())}
	case mode == ReadOnly && h.version < SchemaVersion():
		return &FileError{Path: s.path, Err: ErrOlder, Detail: fmt.Sprintf("schema %d; this pressrun reads %d", h.version, SchemaVersion())}
	}
	return nil
}

func (postgres) name() string { return "PostgreSQL" }

func (postgres) header(ctx context.Context, db *pool) (header, error) {
	var h header
	var mark string
	err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()),
		coalesce(obj_description(to_regclass('schema_migrations'), 'pg_class'), '')`).Scan(&h.tables, &mark)
	if err != nil || mark != schemaMark {
		return h, err
	}
	h.app = applicationID
	err = db.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&h.version)
	return h, err
}

// lockSchema takes a lock of the transaction's (an advisory lock, keyed by
// pressrun's mark) that every migrating process asks for first, then makes
// the table of migrations and marks it as pressrun's.
func (postgres) lockSchema(ctx context.Context, tx *txn) error {
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", applicationID)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT COLLATE "C" NOT NULL, applied TEXT COLLATE "C" NOT NULL)`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "COMMENT ON TABLE schema_migrations IS '"+schemaMark+"'")
	return err
}

func (postgres) version(ctx context.Context, tx *txn) (int, error) {
	var v int
	err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&v)
	return v, err
}

// migrated has nothing to record: schema_migrations is the version.
func (postgres) migrated(context.Context, *txn, migration) error { return nil }

func (postgres) describe(path string, err error) error {
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01", "28000": // invalid_password, invalid_authorization_specification
			return &FileError{Path: path, Err: ErrDenied, Detail: pe.Message + ": check the user and password in the URL, PGPASSWORD or ~/.pgpass"}
		case "3D000": // invalid_catalog_name
			return &FileError{Path: path, Err: ErrNoArchive, Detail: pe.Message + ": createdb makes it"}
		case "25006", "42501": // read_only_sql_transaction, insufficient_privilege
			return &FileError{Path: path, Err: ErrReadOnly, Detail: pe.Message}
		}
		return err
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) || pgconn.Timeout(err) {
		return &FileError{Path: path, Err: ErrUnreachable, Detail: innermost(err) + ": is the PostgreSQL server running, and the host and port right?"}
	}
	return err
}

// copied moves t's identity sequence, if its key has one, past the
// greatest key, so that the next row the archive makes does not take a
// key the copy wrote.
func (postgres) copied(ctx context.Context, tx *txn, t table) error {
	_, err := tx.ExecContext(ctx, "SELECT setval(s, (SELECT max("+t.key+") FROM "+t.name+")) FROM pg_get_serial_sequence('"+t.name+"', '"+t.key+"') AS s WHERE s IS NOT NULL")
	return err
}

// skipLocked locks the puzzles a reservation takes, and passes by those
// another transaction has locked instead of waiting for it: workers on
// many machines reserve side by side. FOR UPDATE, because it also passes
// by a puzzle that another transaction is placing or reserving at that
// moment (the key share lock its reference to the puzzle takes): one being
// placed would otherwise look free until that commits, and be taken by a
// second build that then fails to place it (TestSharedArchiveRace found
// it, the ledger's unique index refused it).
func (postgres) skipLocked() string { return " FOR UPDATE OF p SKIP LOCKED" }

// flush has nothing to do: the server keeps its own log.
func (postgres) flush(context.Context, *pool) error { return nil }

// retry says yes to a deadlock the server broke and to a serialization
// failure: the transaction runs again from the start.
func (postgres) retry(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

func (postgres) placedTwice(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.ConstraintName == "placements_once" || strings.Contains(pe.Message, "placements_exclusive"))
}

// Shown is the archive's location as messages show it: a file's path as
// it is, a URL without its password.
func Shown(location string) string {
	if IsURL(location) {
		return redact(location)
	}
	return location
}

// redact is the URL loc without its password, for messages.
func redact(loc string) string {
	if u, err := url.Parse(loc); err == nil {
		return u.Redacted()
	}
	// Too broken to parse: drop whatever is between the scheme and an @.
	if i := strings.Index(loc, "://"); i >= 0 {
		if j := strings.LastIndex(loc, "@"); j > i {
			return loc[:i+3] + "xxxxx" + loc[j:]
		}
	}
	return loc
}

// parseDetail is pgx's reason a URL does not parse, without the URL
// itself (which may hold a password).
func parseDetail(err error) string {
	// pgx's message names the URL, its password masked, then says why.
	if _, why, ok := strings.Cut(err.Error(), "`: "); ok {
		return why
	}
	return "it does not parse"
}

// innermost is the message of the error at the bottom of err's chain: the
// connection's own words ("connect: connection refused").
func innermost(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}
