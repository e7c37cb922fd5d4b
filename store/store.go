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
	"sort"
	"strconv"
	"strings"
	"time"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver, "sqlite3"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// applicationID marks a SQLite file as a pressrun archive ('prss').
const applicationID = 1886549363

// Errors Open reports; check them with errors.Is.
var (
	ErrNotArchive = errors.New("not a pressrun archive")
	ErrNewer      = errors.New("archive written by a newer pressrun")
)

// DB is an open archive. It is safe for concurrent use.
type DB struct {
	db   *sql.DB
	path string
	// Now is the clock for every time the archive records; tests set it.
	Now func() time.Time
}

// Open opens the archive at path, creating it if it does not exist, and
// migrates it to the newest schema. A file that is not SQLite, or a SQLite
// file that is not a pressrun archive, is refused and left as it is; so is
// an archive from a newer pressrun.
func Open(path string) (*DB, error) {
	exists, err := checkHeader(path)
	if err != nil {
		return nil, err
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
	db, err := sql.Open("sqlite3", "file:"+url.PathEscape(path)+"?"+q.Encode())
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

// checkHeader refuses a non-empty file that does not start like a SQLite
// database, before SQLite can touch it; it reports whether there is a
// non-empty file.
func checkHeader(path string) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if n == 0 && (err == io.EOF || err == nil) {
		return false, nil // an empty file: a new archive
	}
	if n < 16 || !bytes.Equal(head, []byte("SQLite format 3\x00")) {
		return false, fmt.Errorf("store: %s: %w (not a SQLite database)", path, ErrNotArchive)
	}
	return true, nil
}

// checkOwner opens an existing database read-only and refuses it unless it
// is a pressrun archive or holds no tables yet.
func checkOwner(path string) error {
	db, err := sql.Open("sqlite3", "file:"+url.PathEscape(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	defer db.Close()
	// One statement, so one read transaction: read apart, another process
	// creating the archive could commit its tables between the two.
	var app, tables int
	err = db.QueryRow("SELECT (SELECT application_id FROM pragma_application_id), (SELECT count(*) FROM sqlite_master WHERE type = 'table')").Scan(&app, &tables)
	if err != nil {
		return fmt.Errorf("store: %s: %w", path, describe(err))
	}
	if tables > 0 && app != applicationID {
		return fmt.Errorf("store: %s: %w (a SQLite database of another program)", path, ErrNotArchive)
	}
	return nil
}

// check makes sure the settings took.
func (s *DB) check() error {
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		return fmt.Errorf("store: %s: %w", s.path, describe(err))
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

// describe turns SQLite's terse messages about damaged files into ones a
// person can act on.
func describe(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "file is not a database"):
		return fmt.Errorf("%w (not a SQLite database)", ErrNotArchive)
	case strings.Contains(msg, "malformed"):
		return fmt.Errorf("the archive is damaged (%v); restore it from a backup or run sqlite3's .recover on a copy", err)
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
		return fmt.Errorf("store: %s: %w", s.path, describe(err))
	}
	if have > len(ms) {
		return fmt.Errorf("store: %s: %w (schema %d; this pressrun knows up to %d)", s.path, ErrNewer, have, len(ms))
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
		return describe(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return describe(err)
	}
	return describe(tx.Commit())
}

// now is the clock's time as the archive stores it.
func (s *DB) now() string { return s.Now().UTC().Format(time.RFC3339) }
