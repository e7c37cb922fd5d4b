// Package store is pressrun's archive: every puzzle pressrun made or
// imported, its ratings, where it came from, and every place it was
// published, so that nothing is printed twice. It lives in a SQLite file
// (the default, embedded: nothing to install) or in a PostgreSQL database
// that a publishing house's desks and machines share; Open tells them by
// the location, a file path or a postgres:// URL, and every method works
// the same on both.
//
// # Schema
//
// The schema lives in the numbered migrations under migrations/ (embedded in
// the binary); a step whose SQL must differ on PostgreSQL has its own file
// of the same name under migrations/postgres/. The steps applied are
// recorded in the table schema_migrations (and, in SQLite, in PRAGMA
// user_version). In short:
//
//   - puzzles: id (16 hex digits of the SHA-256 of the canonical form, the
//     canonical key: an isomorphic copy is never stored twice), givens,
//     solution, canonical, clues, symmetry, source ('generate' or
//     'import'), label, the pressrun version, the seed and job of a
//     generated puzzle, created; and its current ratings: every column
//     `pressrun rate` prints (level, er, ep, ed, score, wnef, callcount,
//     gc, rreduction, inferences, guesses, backtracks, techniques as JSON)
//     with the rater version, NULL until rated.
//   - rating_history: the ratings of older raters. Re-rating with a newer
//     rater (Rerate) moves the current ratings here and writes the new ones
//     on the puzzle.
//   - books (title, spec checksum, seed, output checksum), daily_issues
//     (outlet, date), and placements, the ledger: puzzle, book or issue,
//     section, ordinal, page. The database itself keeps the ledger's
//     promises, however many processes race: a puzzle is placed once (a
//     unique index over the placements that are not reprints), and an
//     exclusive outlet's puzzle is never reprinted (a trigger).
//   - reservations: puzzles taken by a build that has not finished, held
//     as leases: a holder (host and process) and an expiry, renewed while
//     the holder works, so that a dead machine's puzzles come free.
//
// Ask it with sqlite3 or psql, for example:
//
//	sqlite3 pressrun.db "SELECT level, count(*), avg(er) FROM puzzles GROUP BY level"
//
// Every write is one transaction. In SQLite it is begun IMMEDIATE, so that
// two processes on one archive wait for each other (busy timeout) instead
// of failing; in PostgreSQL, reservations lock the puzzles they take with
// FOR UPDATE SKIP LOCKED, so that workers pass each other by.
package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// applicationID marks a SQLite file as a pressrun archive ('prss').
const applicationID = 1886549363

// Mode says what Open may do to the archive.
type Mode int

const (
	// ReadOnly opens an existing archive and writes nothing: not the file,
	// not its folder (no -wal or -shm file is left behind), so that it
	// works on a read-only file, in a read-only folder, and on an archive
	// another user writes to. An archive of an older schema is upgraded
	// first when it can be written, else refused (ErrOlder).
	ReadOnly Mode = iota
	// ReadWrite opens an existing archive to write to it, upgrading it to
	// the newest schema.
	ReadWrite
	// Create is ReadWrite that makes the archive where there is none: no
	// file, or an empty one; in PostgreSQL, a database with no tables.
	Create
)

// Errors Open and the archive's methods report about the archive itself,
// inside a *FileError; check them with errors.Is.
var (
	ErrNoArchive   = errors.New("no archive")             // no file, or an empty one (Create makes one there)
	ErrNotArchive  = errors.New("not a pressrun archive") // a file or database of something else; it is left as it is
	ErrNewer       = errors.New("archive written by a newer pressrun")
	ErrOlder       = errors.New("archive written by an older pressrun") // ReadOnly cannot upgrade it
	ErrReadOnly    = errors.New("read-only")                            // this process may not write the archive or its folder
	ErrDamaged     = errors.New("damaged")                              // SQLite finds the file corrupt
	ErrUnreadable  = errors.New("unreadable here")                      // ReadOnly would have to create a file beside it
	ErrLocation    = errors.New("not an archive location")              // a postgres:// URL that does not parse
	ErrUnreachable = errors.New("unreachable")                          // no PostgreSQL server answers there
	ErrDenied      = errors.New("refused the login")                    // the server refused the user or password
)

// FileError is a problem with the archive rather than with a request: Err
// is one of the errors above, or, when a new archive cannot be made,
// fs.ErrPermission or fs.ErrNotExist (its folder).
type FileError struct {
	Path   string // the file, or the URL without its password
	Err    error
	Detail string // what was found, in words, or the database's message
}

func (e *FileError) Error() string {
	var msg string
	switch e.Err {
	case ErrNoArchive:
		msg = "no archive at " + e.Path
	case ErrReadOnly, ErrDamaged, ErrUnreadable, ErrUnreachable:
		msg = fmt.Sprintf("the archive %s is %v", e.Path, e.Err)
	case ErrDenied:
		msg = fmt.Sprintf("the archive %s %v", e.Path, e.Err)
	case ErrNotArchive, ErrNewer, ErrOlder, ErrLocation:
		msg = fmt.Sprintf("%s: %v", e.Path, e.Err)
	default: // a new archive cannot be made; Detail says why
		return fmt.Sprintf("cannot create the archive %s: %s", e.Path, e.Detail)
	}
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

func (e *FileError) Unwrap() error { return e.Err }

// DB is an open archive. It is safe for concurrent use.
type DB struct {
	db   *pool
	path string // the location Open was given; for PostgreSQL, without its password
	d    dialect
	// Now is the clock for every time the archive records; tests set it.
	Now func() time.Time
	// Lease is how long a reservation holds without being renewed
	// (Renew): past it, another holder may take the puzzle. Open sets
	// DefaultLease.
	Lease time.Duration
}

// DefaultLease is how long a reservation holds unless renewed.
const DefaultLease = 2 * time.Minute

// dialect is what a backend does its own way: how it tells a pressrun
// archive and its schema, how migrations take turns, which of its errors
// are about the archive itself, and how a reservation passes by the rows
// another holds.
type dialect interface {
	// name is the backend's name for messages.
	name() string
	// header reads what tells a pressrun archive and its schema.
	header(ctx context.Context, db *pool) (header, error)
	// lockSchema makes tx the only migration running; version then reads
	// the schema version under that lock.
	lockSchema(ctx context.Context, tx *txn) error
	version(ctx context.Context, tx *txn) (int, error)
	// migrated records, after a migration's SQL, that the schema is at m.
	migrated(ctx context.Context, tx *txn, m migration) error
	// describe turns the backend's errors about the archive into
	// *FileError.
	describe(path string, err error) error
	// skipLocked is the clause that locks the puzzles a reservation
	// selects and passes by those other transactions lock ("" where
	// writes take turns anyway).
	skipLocked() string
	// placedTwice says whether err is the ledger refusing a placement:
	// a second first placement (placements_once) or a reprint of an
	// exclusive outlet's puzzle (placements_exclusive).
	placedTwice(err error) bool
	// copied brings what a copy wrote into t up to date: PostgreSQL's
	// identity sequences go past the keys copied.
	copied(ctx context.Context, tx *txn, t table) error
	// retry says whether a transaction that failed with err may be run
	// again (a deadlock the server broke).
	retry(err error) bool
	// flush moves what the archive has written to its log into its main
	// store, where the backend keeps such a log for closing to empty.
	flush(ctx context.Context, db *pool) error
}

// Open opens the archive at location as mode allows, upgrading it to the
// newest schema unless mode is ReadOnly. A location starting postgres://
// or postgresql:// is a PostgreSQL database (the URL may leave out what
// libpq's environment variables give: PGHOST, PGUSER, PGPASSWORD, ...);
// anything else is a SQLite file's path. A file or database that is not a
// pressrun archive is refused and left as it is; so is an archive from a
// newer pressrun. Errors about the archive are *FileError.
func Open(location string, mode Mode) (*DB, error) {
	if IsURL(location) {
		return openPostgres(location, mode)
	}
	return openSQLite(location, mode)
}

// IsURL reports whether location names a PostgreSQL database rather than
// a SQLite file.
func IsURL(location string) bool {
	l := strings.ToLower(location)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Close closes the archive.
func (s *DB) Close() error { return s.db.Close() }

// Flush does now what closing the archive would: SQLite's write-ahead
// log is copied into the archive's file and emptied (a daily year's
// thousand puzzles took 50 ms there at the close, most of it waiting for
// the disk), so that a run may flush while it does other work and close
// at once. PostgreSQL has nothing to do. The archive stays open.
func (s *DB) Flush(ctx context.Context) error {
	if err := s.d.flush(ctx, s.db); err != nil {
		return fmt.Errorf("store: flush %s: %w", s.path, s.describe(err))
	}
	return nil
}

// Path is the archive's file name, or its URL without the password.
func (s *DB) Path() string { return s.path }

// Backend is "SQLite" or "PostgreSQL".
func (s *DB) Backend() string { return s.d.name() }

// CheckCreate reports why Open(location, Create) could not make an
// archive where there is none: the folder is missing, or this process may
// not write there (or write the empty file at path). SQLite's own message
// would name the file, and the wrong cause. A PostgreSQL location has
// nothing to check before connecting.
func CheckCreate(location string) error {
	if IsURL(location) {
		return nil
	}
	return checkCreateFile(location)
}

// header is what tells a pressrun archive and its schema: the
// application's mark, the number of tables, the schema version.
type header struct{ app, tables, version int }

// checkSchema refuses, for reading, a database that is not a pressrun
// archive of this pressrun's schema.
func checkSchema(path, backend string, h header) error {
	switch {
	case h.app != applicationID && h.tables > 0:
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a " + backend + " database of another program"}
	case h.app != applicationID:
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a " + backend + " database with no tables"}
	case h.version > SchemaVersion():
		return &FileError{Path: path, Err: ErrNewer, Detail: fmt.Sprintf("schema %d; this pressrun knows up to %d", h.version, SchemaVersion())}
	case h.version < SchemaVersion():
		return &FileError{Path: path, Err: ErrOlder, Detail: fmt.Sprintf("schema %d; this pressrun reads %d", h.version, SchemaVersion())}
	}
	return nil
}

// describe turns the backend's errors about the archive into *FileError,
// which a person can act on.
func (s *DB) describe(err error) error {
	if err == nil {
		return nil
	}
	return s.d.describe(s.path, err)
}

type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the schema's steps for a backend: the shared file of
// each number, or the backend's own file of the same name in dir
// (migrations/postgres) where its SQL must differ.
func migrations(dir string) ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("store: migration %s has no number", e.Name())
		}
		file := "migrations/" + e.Name()
		if dir != "" {
			if _, err := fs.Stat(migrationFiles, "migrations/"+dir+"/"+e.Name()); err == nil {
				file = "migrations/" + dir + "/" + e.Name()
			}
		}
		text, err := migrationFiles.ReadFile(file)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{v, e.Name(), string(text)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migrations are not numbered 1, 2, 3...: %s", m.name)
		}
	}
	return out, nil
}

// SchemaVersion is the newest schema this pressrun knows.
func SchemaVersion() int {
	ms, err := migrations("")
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate applies the migrations the archive has not seen (it is at
// have), each in its own transaction, and refuses an archive from a newer
// pressrun.
func (s *DB) migrate(have int, dir string) error {
	ms, err := migrations(dir)
	if err != nil {
		return err
	}
	if have > len(ms) {
		return &FileError{Path: s.path, Err: ErrNewer, Detail: fmt.Sprintf("schema %d; this pressrun knows up to %d", have, len(ms))}
	}
	for _, m := range ms[have:] {
		ctx := context.Background()
		err := s.write(ctx, func(tx *txn) error {
			// Another process may have migrated the archive since the
			// version was read: look again under the migration lock, so
			// each migration runs once.
			if err := s.d.lockSchema(ctx, tx); err != nil {
				return err
			}
			now, err := s.d.version(ctx, tx)
			if err != nil {
				return err
			}
			if now >= m.version {
				return nil
			}
			// The migration's text goes as it is: it is not one of the
			// store's queries, whose placeholders are numbered.
			if _, err := tx.Tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			if err := s.d.migrated(ctx, tx, m); err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)", m.version, m.name, s.now())
			return err
		})
		if err != nil {
			return fmt.Errorf("store: %s: migration %s: %w", s.path, m.name, err)
		}
	}
	return nil
}

// write runs f in one transaction: begin, f, commit, or roll back on any
// error. A transaction the server broke off to end a deadlock runs again.
func (s *DB) write(ctx context.Context, f func(tx *txn) error) error {
	for try := 0; ; try++ {
		err := s.writeOnce(ctx, f)
		if err == nil || try == 4 || !s.d.retry(err) {
			return err
		}
	}
}

func (s *DB) writeOnce(ctx context.Context, f func(tx *txn) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.describe(err)
	}
	defer tx.Rollback()
	t := &txn{Tx: tx, numbered: s.db.numbered, d: s.d}
	if err := f(t); err != nil {
		return ended(ctx, s.describe(err))
	}
	return ended(ctx, s.describe(tx.Commit()))
}

// ended is err, wrapping ctx's error when ctx has ended: database/sql
// rolls a transaction back and closes its statements when its context
// ends, and a statement used after that fails with "sql: statement is
// closed", which says nothing of the interruption a caller must tell
// from a failure (a build stopped by Ctrl-C exits 130, not 1).
func ended(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
		return fmt.Errorf("%w: %w", ctx.Err(), err)
	}
	return err
}

// now is the clock's time as the archive stores it.
func (s *DB) now() string { return stamp(s.Now()) }

// stamp is t as the archive stores times: RFC 3339 in UTC, to the second,
// so that they sort as text.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
