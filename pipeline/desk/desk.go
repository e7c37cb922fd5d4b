// Package desk is pressrun's web desk (`pressrun serve`): the archive, its
// puzzles and their ratings, served to a browser from the same archive
// the command line uses, with nothing to install but the binary.
//
// The pages are html/template files and one stylesheet embedded in the
// binary; every value from the archive goes through html/template's
// escaping. Requests that change anything are POSTs, refused when the
// desk is read-only, and checked against cross-origin forgery
// (net/http.CrossOriginProtection); a desk with a token refuses every
// request without it.
package desk

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

// Config is what a desk serves and how.
type Config struct {
	DB *store.DB // the archive, open; the caller closes it
	// Archive is where DB was opened (a file, or a postgres:// URL with
	// its password), for the builds and daily runs the desk starts; empty:
	// DB.Path(), which for PostgreSQL has no password.
	Archive string
	// Token, when set, is asked of every request: a bearer token, the
	// cookie the desk sets, or ?token= once in a link.
	Token    string
	ReadOnly bool // refuse every request that would change anything
	// SpecsDir is the folder of specs the desk builds from; every file a
	// spec names must lie inside it. Empty: no building.
	SpecsDir string
	Version  string // pressrun's version, for the books built
	Workers  int    // a build's generating goroutines; below 1: one per core
	// Printer is the printer a build's files are checked for before they
	// are written (as build --printer); nil: none.
	Printer *pipeline.Printer
	Log     *log.Logger // one line a request; nil: none
	// Now is the clock (nil: time.Now), for tests.
	Now func() time.Time
}

// Desk serves the web desk; its Handler is safe for concurrent use.
type Desk struct {
	cfg   Config
	pages *pages
	mux   *http.ServeMux

	// The archive's counts scan every puzzle: the pages that show them
	// share one count for statsFor.
	jobs jobs

	statsMu   sync.Mutex
	statsAt   time.Time
	statsLast store.Stats
}

// statsFor is how long the desk shows one count of the archive.
const statsFor = 30 * time.Second

// archiveStats is the archive's counts, at most statsFor old.
func (d *Desk) archiveStats(ctx context.Context) (store.Stats, error) {
	d.statsMu.Lock()
	defer d.statsMu.Unlock()
	if now := d.cfg.Now(); d.statsAt.IsZero() || now.Sub(d.statsAt) > statsFor || now.Before(d.statsAt) {
		st, err := d.cfg.DB.Stats(ctx, "")
		if err != nil {
			return st, err
		}
		d.statsAt, d.statsLast = now, st
	}
	return d.statsLast, nil
}

// MaxBody is the most a request body may hold: a spec or a form, never
// more (an upload past it is refused before it is read).
const MaxBody = 1 << 20

// New is a desk on cfg.DB.
func New(cfg Config) (*Desk, error) {
	if cfg.DB == nil {
		return nil, errors.New("desk: no archive")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Archive == "" {
		cfg.Archive = cfg.DB.Path()
	}
	p, err := loadPages()
	if err != nil {
		return nil, err
	}
	d := &Desk{cfg: cfg, pages: p, mux: http.NewServeMux()}
	d.jobs.byID, d.jobs.running = map[int]*job{}, map[string]*job{}
	d.jobs.ctx, d.jobs.cancel = context.WithCancel(context.Background())
	d.routes()
	return d, nil
}

// Close stops the builds under way (they keep what they archived, as an
// interrupted build does) and waits for them.
func (d *Desk) Close() {
	d.jobs.cancel()
	d.jobs.wg.Wait()
}

// routes are the desk's URLs: plain, for bookmarks and links.
func (d *Desk) routes() {
	d.mux.HandleFunc("GET /{$}", d.overview)
	d.mux.HandleFunc("GET /puzzles", d.puzzles)
	d.mux.HandleFunc("GET /puzzles/{id}", d.puzzle)
	d.mux.HandleFunc("GET /puzzles/{id}/{file}", d.puzzleFile)
	d.mux.HandleFunc("GET /books", d.books)
	d.mux.HandleFunc("GET /books/{id}", d.book)
	d.mux.HandleFunc("GET /files/books/{id}/{name}", d.bookFile)
	d.mux.HandleFunc("GET /build", d.buildList)
	d.mux.HandleFunc("GET /build/{name}", d.specPage)
	d.mux.HandleFunc("POST /build/{name}", d.specSave)
	d.mux.HandleFunc("POST /build/{name}/check", d.specCheck)
	d.mux.HandleFunc("GET /jobs/{id}", d.jobPage)
	d.mux.HandleFunc("GET /jobs/{id}/events", d.jobEvents)
	d.mux.HandleFunc("GET /stats", d.stats)
	d.mux.HandleFunc("GET /stats/{name}", d.statsPlot)
	d.mux.HandleFunc("GET /outlets", d.outlets)
	d.mux.HandleFunc("GET /outlets/{outlet}/{when}", d.outletTime)
	d.mux.HandleFunc("POST /outlets/{outlet}/{when}/replace", d.replaceDay)
	d.mux.Handle("GET /static/", http.FileServerFS(static))
}

// Handler is the desk with its guards: the request log, the token, the
// body limit, read-only and cross-origin checks.
func (d *Desk) Handler() http.Handler {
	return d.logged(d.guarded(d.mux))
}

// Serve serves the desk on addr until ctx ends, then shuts down,
// letting requests under way finish (at most 10 s).
func (d *Desk) Serve(ctx context.Context, addr string, ready func(addr string)) error {
	srv := &http.Server{Handler: d.Handler(), ReadHeaderTimeout: 10 * time.Second, BaseContext: nil}
	ln, err := listen(addr)
	if err != nil {
		return err
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	d.Close()
	if err := srv.Shutdown(stop); err != nil {
		return fmt.Errorf("desk: shut down: %w", err)
	}
	return nil
}
