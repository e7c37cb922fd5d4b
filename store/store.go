// Package store is pressrun's archive: a SQLite file holding every puzzle
// pressrun made or imported, its ratings, where it came from, and every
// place it was published, so that nothing is printed twice.
//
// # Schema
//
// The schema lives in the numbered migrations under migrations/ (embedded in
// the binary) and is recorded in the table schema_migrations and in
// PRAGMA user_version. In short:
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
//     section, ordinal, page. A placed puzzle is never selected again unless
//     a request allows reprints.
//   - reservations: puzzles taken by a build that has not finished.
//
// Ask it with sqlite3, for example:
//
//	sqlite3 pressrun.db "SELECT level, count(*), avg(er) FROM puzzles GROUP BY level"
//
// Every write is one transaction, begun IMMEDIATE so that two processes on
// one archive wait for each other (busy timeout) instead of failing.
package store

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3" // the SQLite driver, "sqlite3"
)

//go:embed migrations/*.sql
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
	// file, or an empty one.
	Create
)

// Errors Open and the archive's methods report about the file itself,
// inside a *FileError; check them with errors.Is.
var (
	ErrNoArchive  = errors.New("no archive")             // no file, or an empty one (Create makes one there)
	ErrNotArchive = errors.New("not a pressrun archive") // a file of something else; it is left as it is
	ErrNewer      = errors.New("archive written by a newer pressrun")
	ErrOlder      = errors.New("archive written by an older pressrun") // ReadOnly cannot upgrade it
	ErrReadOnly   = errors.New("read-only")                            // this process may not write the archive or its folder
	ErrDamaged    = errors.New("damaged")                              // SQLite finds the file corrupt
	ErrUnreadable = errors.New("unreadable here")                      // ReadOnly would have to create a file beside it
)

// FileError is a problem with the archive file rather than with a
// request: Err is one of the errors above, or, when a new archive cannot
// be made, fs.ErrPermission or fs.ErrNotExist (its folder).
type FileError struct {
	Path   string
	Err    error
	Detail string // what was found, in words, or SQLite's message
}

func (e *FileError) Error() string {
	var msg string
	switch e.Err {
	case ErrNoArchive:
		msg = "no archive at " + e.Path
	case ErrReadOnly, ErrDamaged, ErrUnreadable:
		msg = fmt.Sprintf("the archive %s is %v", e.Path, e.Err)
	case ErrNotArchive, ErrNewer, ErrOlder:
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
	db   *sql.DB
	path string
	// Now is the clock for every time the archive records; tests set it.
	Now func() time.Time
}

// Open opens the archive at path as mode allows, upgrading it to the
// newest schema unless mode is ReadOnly. A file that is not SQLite, or a
// SQLite file that is not a pressrun archive, is refused and left as it
// is; so is an archive from a newer pressrun. Errors about the file are
// *FileError.
func Open(path string, mode Mode) (*DB, error) {
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
	s := &DB{db: db, path: path, Now: time.Now}
	if err := s.check(); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the archive.
func (s *DB) Close() error { return s.db.Close() }

// Path is the archive's file name.
func (s *DB) Path() string { return s.path }

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
		return false, CheckCreate(path)
	case err != nil:
		return false, fmt.Errorf("store: %w", err)
	case st.IsDir():
		return false, &FileError{Path: path, Err: ErrNotArchive, Detail: "a folder"}
	case st.Size() == 0:
		if mode != Create {
			return false, &FileError{Path: path, Err: ErrNoArchive, Detail: "an empty file"}
		}
		return false, CheckCreate(path)
	}
	if err := checkHeader(path); err != nil {
		return false, err
	}
	if mode != ReadOnly && !canWriteArchive(path) {
		return false, &FileError{Path: path, Err: ErrReadOnly}
	}
	return true, nil
}

// CheckCreate reports why Open(path, Create) could not make an archive
// where there is none: the folder is missing, or this process may not
// write there (or write the empty file at path). SQLite's own message
// would name the file, and the wrong cause.
func CheckCreate(path string) error {
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

// checkOwner opens an existing database read-only and refuses it unless it
// is a pressrun archive or holds no tables yet (another process is
// creating it).
func checkOwner(path string) error {
	db, err := sql.Open("sqlite3", "file:"+url.PathEscape(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	defer db.Close()
	s := &DB{db: db, path: path}
	h, err := s.header()
	if err != nil {
		return err
	}
	if h.tables > 0 && h.app != applicationID {
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a SQLite database of another program"}
	}
	return nil
}

// header is what tells a pressrun archive and its schema.
type header struct{ app, tables, version int }

func (s *DB) header() (header, error) {
	// One statement, so one read transaction: read apart, another process
	// creating the archive could commit its tables between them.
	var h header
	err := s.db.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT count(*) FROM sqlite_master WHERE type = 'table'),
		(SELECT user_version FROM pragma_user_version)`).Scan(&h.app, &h.tables, &h.version)
	if err != nil {
		return h, fmt.Errorf("store: %s: %w", s.path, s.describe(err))
	}
	return h, nil
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
	s := &DB{db: db, path: path, Now: time.Now}
	h, err := s.header()
	if err == nil {
		err = checkSchema(path, h)
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

// checkSchema refuses, for reading, a database that is not a pressrun
// archive of this pressrun's schema.
func checkSchema(path string, h header) error {
	switch {
	case h.app != applicationID && h.tables > 0:
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a SQLite database of another program"}
	case h.app != applicationID:
		return &FileError{Path: path, Err: ErrNotArchive, Detail: "a SQLite database with no tables"}
	case h.version > SchemaVersion():
		return &FileError{Path: path, Err: ErrNewer, Detail: fmt.Sprintf("schema %d; this pressrun knows up to %d", h.version, SchemaVersion())}
	case h.version < SchemaVersion():
		return &FileError{Path: path, Err: ErrOlder, Detail: fmt.Sprintf("schema %d; this pressrun reads %d", h.version, SchemaVersion())}
	}
	return nil
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

// describe turns SQLite's errors about the file into *FileError, which
// a person can act on.
func (s *DB) describe(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case sqlite3.ErrNotADB:
		return &FileError{Path: s.path, Err: ErrNotArchive, Detail: "not a SQLite database"}
	case sqlite3.ErrCorrupt:
		return &FileError{Path: s.path, Err: ErrDamaged, Detail: se.Error()}
	case sqlite3.ErrReadonly:
		return &FileError{Path: s.path, Err: ErrReadOnly, Detail: se.Error()}
	}
	return err
}

type migration struct {
	version int
	name    string
	sql     string
}

func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("store: migration %s has no number", e.Name())
		}
		text, err := migrationFiles.ReadFile("migrations/" + e.Name())
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
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate applies the migrations the archive has not seen, each in its own
// transaction, and refuses an archive from a newer pressrun.
func (s *DB) migrate() error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	var have int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		return fmt.Errorf("store: %s: %w", s.path, s.describe(err))
	}
	if have > len(ms) {
		return &FileError{Path: s.path, Err: ErrNewer, Detail: fmt.Sprintf("schema %d; this pressrun knows up to %d", have, len(ms))}
	}
	for _, m := range ms[have:] {
		err := s.write(context.Background(), func(tx *sql.Tx) error {
			// Another process may have migrated the archive since the
			// version was read: look again under the write lock, which the
			// IMMEDIATE transaction holds, so each migration runs once.
			var now int
			if err := tx.QueryRow("PRAGMA user_version").Scan(&now); err != nil {
				return err
			}
			if now >= m.version {
				return nil
			}
			if _, err := tx.Exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)"); err != nil {
				return err
			}
			if _, err := tx.Exec(m.sql); err != nil {
				return err
			}
			if strings.Contains(m.sql, "writable_schema") {
				// SQLite's way of dropping a constraint in place edits
				// the schema's text; the schema version must then go up
				// so that connections parse it again.
				var v int
				if err := tx.QueryRow("PRAGMA schema_version").Scan(&v); err != nil {
					return err
				}
				if _, err := tx.Exec(fmt.Sprintf("PRAGMA schema_version = %d", v+1)); err != nil {
					return err
				}
			}
			if _, err := tx.Exec("INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)", m.version, m.name, s.now()); err != nil {
				return err
			}
			_, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", m.version))
			return err
		})
		if err != nil {
			return fmt.Errorf("store: %s: migration %s: %w", s.path, m.name, err)
		}
	}
	return nil
}

// write runs f in one IMMEDIATE transaction: begin, f, commit, or roll
// back on any error.
func (s *DB) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.describe(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return s.describe(err)
	}
	return s.describe(tx.Commit())
}

// now is the clock's time as the archive stores it.
func (s *DB) now() string { return s.Now().UTC().Format(time.RFC3339) }
