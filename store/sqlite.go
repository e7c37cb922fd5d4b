package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3" // the SQLite driver, "sqlite3"
)

// The embedded backend: an archive in a SQLite file.

// sqlite is SQLite's dialect.
type sqlite struct{}

func newSQLite(db *sql.DB, path string) *DB {
	return &DB{db: &pool{DB: db}, path: path, d: sqlite{}, Now: time.Now, Lease: DefaultLease}
}

func (sqlite) name() string { return "SQLite" }

func (sqlite) header(ctx context.Context, db *pool) (header, error) {
	// One statement, so one read transaction: read apart, another process
	// creating the archive could commit its tables between them.
	var h header
	err := db.QueryRowContext(ctx, `SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT count(*) FROM sqlite_master WHERE type = 'table'),
		(SELECT user_version FROM pragma_user_version)`).Scan(&h.app, &h.tables, &h.version)
	return h, err
}

// header reads the archive's header, its errors said as FileError.
func (s *DB) header() (header, error) {
	h, err := s.d.header(context.Background(), s.db)
	if err != nil {
		return h, fmt.Errorf("store: %s: %w", s.path, s.describe(err))
	}
	return h, nil
}

// lockSchema has nothing to do: every write transaction is IMMEDIATE,
// holding the file's write lock from its start.
func (sqlite) lockSchema(ctx context.Context, tx *txn) error {
	_, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)")
	return err
}

func (sqlite) version(ctx context.Context, tx *txn) (int, error) {
	var v int
	err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

func (sqlite) migrated(ctx context.Context, tx *txn, m migration) error {
	if strings.Contains(m.sql, "writable_schema") {
		// SQLite's way of dropping a constraint in place edits the
		// schema's text; the schema version must then go up so that
		// connections parse it again.
		var v int
		if err := tx.QueryRowContext(ctx, "PRAGMA schema_version").Scan(&v); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA schema_version = %d", v+1)); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version))
	return err
}

func (sqlite) describe(path string, err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case sqlite3.ErrNotADB:
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "not a SQLite database"}
	case sqlite3.ErrCorrupt:
		return &FileError{Path: path, Err: ErrDamaged, Detail: se.Error()}
	case sqlite3.ErrReadonly:
		return &FileError{Path: path, Err: ErrReadOnly, Detail: se.Error()}
	}
	return err
}

// skipLocked is empty: SQLite's writers take turns, one at a time.
func (sqlite) skipLocked() string { return "" }

func (sqlite) retry(error) bool { return false }

// flush checkpoints the write-ahead log and truncates it.
func (sqlite) flush(ctx context.Context, db *pool) error {
	_, err := db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

// copied has nothing to do: SQLite's next rowid follows the greatest.
func (sqlite) copied(context.Context, *txn, table) error { return nil }

func (sqlite) placedTwice(err error) bool {
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrConstraint {
		return false
	}
	msg := se.Error()
	return strings.Contains(msg, "placements_exclusive") || strings.Contains(msg, "placements.puzzle_id")
}

// openSQLite opens the SQLite archive at path (Open).
func openSQLite(path string, mode Mode) (*DB, error) {
	exists, err := look(path, mode)
	if err != nil {
		return nil, err
	}
	if mode == ReadOnly {
		return openRead(path)
	}
	if exists {
		// Look before touching: turning on WAL would rewrite the header of
		// another program's database.
		if err := checkOwner(path); err != nil {
			return nil, err
		}
	}
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_busy_timeout", "10000")
	q.Set("_foreign_keys", "on")
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	q.Set("_cache_size", "-65536") // 64 MiB: inserts land at random keys
	dsn := "file:" + url.PathEscape(path) + "?" + q.Encode()
	// Two processes creating one archive at once: turning on WAL takes a
	// lock that SQLite's busy timeout does not wait for, so the loser gets
	// "database is locked" at once. It tries again for as long as the busy
	// timeout would have waited.
	for try := 0; ; try++ {
		s, err := openWrite(path, dsn)
		var se sqlite3.Error
		if err == nil || try == 100 || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy && se.Code != sqlite3.ErrLocked {
			return s, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// openWrite opens the archive at path through dsn, checks it and brings
// its schema up to date.
func openWrite(path, dsn string) (*DB, error) {
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := newSQLite(db, path)
	if err := s.check(); err != nil {
		db.Close()
		return nil, err
	}
	h, err := s.header()
	if err == nil {
		err = s.migrate(h.version, "")
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// look checks what is at path before SQLite may touch it, and reports
// whether there is an archive to open (a non-empty file). Where there is
// none, only Create goes on, and only where it can create the file. A
// non-empty file that does not start like a SQLite database is refused;
// an existing archive must be writable unless mode is ReadOnly.
func look(path string, mode Mode) (bool, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if mode != Create {
			return false, &FileError{Path: path, Err: ErrNoArchive}
		}
		return false, checkCreateFile(path)
	case err != nil:
		return false, fmt.Errorf("store: %w", err)
	case st.IsDir():
		return false, &FileError{Path: path, Err: ErrNotArchive, Detail: "a folder"}
	case st.Size() == 0:
		if mode != Create {
			return false, &FileError{Path: path, Err: ErrNoArchive, Detail: "an empty file"}
		}
		return false, checkCreateFile(path)
	}
	if err := checkHeader(path); err != nil {
		return false, err
	}
	if mode != ReadOnly && !canWriteArchive(path) {
		return false, &FileError{Path: path, Err: ErrReadOnly}
	}
	return true, nil
}

// checkCreateFile is CheckCreate for a file.
func checkCreateFile(path string) error {
	if _, err := os.Stat(path); err == nil && !writable(path) {
		return &FileError{Path: path, Err: fs.ErrPermission, Detail: "permission denied on the file"}
	}
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); err != nil {
		return &FileError{Path: path, Err: fs.ErrNotExist, Detail: "no folder " + dir}
	}
	if !writable(dir) {
		return &FileError{Path: path, Err: fs.ErrPermission, Detail: "permission denied on the folder " + dir}
	}
	return nil
}

// canWriteArchive reports whether this process may write the archive at
// path: the file, and its folder for the -wal and -shm files SQLite makes
// beside it (unless both are there and writable already).
func canWriteArchive(path string) bool {
	if !writable(path) {
		return false
	}
	return writable(filepath.Dir(path)) || writable(path+"-wal") && writable(path+"-shm")
}

// checkHeader refuses a file that does not start like a SQLite database,
// before SQLite can touch it.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	head := make([]byte, 16)
	if n, _ := io.ReadFull(f, head); n < 16 || !bytes.Equal(head, []byte("SQLite format 3\x00")) {
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "not a SQLite database"}
	}
	return nil
}

// checkOwner opens an existing database, without changing its settings,
// and refuses it unless it is a pressrun archive or holds no tables yet
// (another process is creating it). It opens it for writing (look made
// sure it may), not read-only: a process killed in a write leaves a hot
// journal, which SQLite rolls back on the first read, and a read-only
// connection cannot (it says "attempt to write a readonly database").
func checkOwner(path string) error {
	db, err := sql.Open("sqlite3", "file:"+url.PathEscape(path)+"?mode=rw")
	if err != nil {
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	defer db.Close()
	s := newSQLite(db, path)
	h, err := s.header()
	if err != nil {
		return err
	}
	if h.tables > 0 && h.app != applicationID {
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a SQLite database of another program"}
	}
	return nil
}

// openRead opens an existing archive for ReadOnly (see readDSN), and
// refuses anything but a pressrun archive of this schema; an older one
// that can be written is upgraded first.
func openRead(path string) (*DB, error) {
	dsn, err := readDSN(path)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := newSQLite(db, path)
	h, err := s.header()
	if err == nil {
		err = checkSchema(path, "SQLite", h)
	}
	if errors.Is(err, ErrOlder) && canWriteArchive(path) {
		db.Close()
		up, err := Open(path, ReadWrite)
		if err != nil {
			return nil, err
		}
		up.Close()
		return openRead(path)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// readDSN is how ReadOnly reaches an archive without writing anything,
// chosen by what this process may write:
//
//   - the file and its folder: an ordinary connection on which SQLite
//     refuses every write (query_only). It shares the -wal and -shm files
//     with writers like any other and removes them on close when it is
//     the last; a mode=ro connection would leave them behind.
//   - not both, and a -shm file is there: mode=ro, which reads the
//     write-ahead log through the existing -shm file, read-only if need be.
//   - no -shm file and no -wal file (or an empty one): nobody has the
//     archive open to write (a writer keeps both files while it works), so
//     the file holds all of it; immutable=1 reads it without the locks and
//     files SQLite could not create. mode=ro would try to create them, and
//     fail in a read-only folder or leave files another user's writer
//     cannot open. A writer that starts meanwhile can make this read fail,
//     never the archive.
//   - a -wal file with data and no -shm file: SQLite cannot read the log
//     without creating the -shm file, which this process may not do.
func readDSN(path string) (string, error) {
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	wal, walErr := os.Stat(path + "-wal")
	_, shmErr := os.Stat(path + "-shm")
	switch {
	case writable(path) && writable(filepath.Dir(path)):
		q.Set("mode", "rw")
		q.Set("_query_only", "1")
	case shmErr == nil:
		q.Set("mode", "ro")
	case walErr != nil || wal.Size() == 0:
		q.Set("mode", "ro")
		q.Set("immutable", "1")
	default:
		return "", &FileError{Path: path, Err: ErrUnreadable, Detail: "its write-ahead log " + path + "-wal needs a -shm file beside it, which this process may not create"}
	}
	return "file:" + url.PathEscape(path) + "?" + q.Encode(), nil
}

// check makes sure the settings took.
func (s *DB) check() error {
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		return fmt.Errorf("store: %s: %w", s.path, s.describe(err))
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("store: %s: journal mode is %s, want wal", s.path, mode)
	}
	var fk int
	if err := s.db.QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		return fmt.Errorf("store: %s: foreign keys are off", s.path)
	}
	return nil
}
