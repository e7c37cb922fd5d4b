package desk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/store/pgtest"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// TestMain says in one line which tests skipped and why, and stops the
// PostgreSQL server the tests started.
func TestMain(m *testing.M) { pgtest.Main(m) }

// sample is 300 uniformly sampled minimal puzzles of unbiased-minimal.txt
// (t-dillon/tdoku's data, BSD-2-Clause), quick to rate.
const sample = "../../engine/testdata/unbiased-sample.txt"

// archive is an archive of the sample's first n puzzles, labelled
// "sample", and one more labelled with a script, which every page must
// show as text.
func archive(t *testing.T, n int) (*store.DB, []string) {
	t.Helper()
	return archiveAt(t, filepath.Join(t.TempDir(), "a.db"), n)
}

// archiveFunc makes a test's archive on one backend (archive, archiveAt).
type archiveFunc func(t *testing.T, n int) (*store.DB, []string)

// eachBackend runs test on an archive on SQLite and on PostgreSQL
// (store/pgtest's throwaway server; skipped without PostgreSQL, but not
// under CI).
func eachBackend(t *testing.T, test func(t *testing.T, archive archiveFunc)) {
	t.Run("sqlite", func(t *testing.T) { test(t, archive) })
	t.Run("postgres", func(t *testing.T) {
		test(t, func(t *testing.T, n int) (*store.DB, []string) { return archiveAt(t, pgtest.URL(t), n) })
	})
}

// locations are where archiveAt opened each test's archive (a
// PostgreSQL URL with its password, which DB.Path leaves out), for the
// desks that build into it.
var locations sync.Map

// locationOf is where archiveAt opened db.
func locationOf(db *store.DB) string {
	l, _ := locations.Load(db)
	return l.(string)
}

// archiveAt is archive at location, a file or a postgres:// URL.
func archiveAt(t *testing.T, location string, n int) (*store.DB, []string) {
	t.Helper()
	dir := t.TempDir()
	b, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	first := filepath.Join(dir, "sample.txt")
	os.WriteFile(first, []byte(strings.Join(lines[:n], "\n")+"\n"), 0o644)
	evil := filepath.Join(dir, "evil.txt")
	os.WriteFile(evil, []byte(lines[n]+"\n"), 0o644)
	path := location
	ctx := context.Background()
	if _, err := pipeline.Import(ctx, pipeline.ImportConfig{Archive: path, Files: []string{first}, Label: "sample", Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if st, err := pipeline.Import(ctx, pipeline.ImportConfig{Archive: path, Files: []string{evil}, Label: "<script>alert(1)</script>", Version: "test"}); err != nil || st.Added != 1 {
		t.Fatalf("%+v %v", st, err)
	}
	db, err := store.Open(path, store.ReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	locations.Store(db, location)
	ps, err := db.Query(ctx, store.Filter{})
	if err != nil || len(ps) != n+1 {
		t.Fatalf("archive holds %d puzzles (%v), want %d", len(ps), err, n+1)
	}
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return db, ids
}

// get asks h for the page at target and returns its status and body.
func get(t *testing.T, h http.Handler, target string, header ...string) (int, string, http.Header) {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Body.String(), w.Header()
}

// waitJob waits (at most a minute) for the desk's job id to finish, and
// returns its state then.
func waitJob(t *testing.T, d *Desk, id int) jobState {
	t.Helper()
	d.jobs.mu.Lock()
	j := d.jobs.byID[id]
	d.jobs.mu.Unlock()
	if j == nil {
		t.Fatalf("no job %d", id)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if st := j.state(); st.Done {
			return st
		}
	}
	return j.state()
}

// wantStatus asks h for each page and wants its status.
func wantStatus(t *testing.T, h http.Handler, want map[string]int) {
	t.Helper()
	for target, status := range want {
		if code, body, _ := get(t, h, target); code != status {
			t.Errorf("%s: %d, want %d\n%.300s", target, code, status, body)
		}
	}
}

func newDesk(t *testing.T, cfg Config) http.Handler {
	t.Helper()
	d, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d.Handler()
}

func TestPages(t *testing.T) { eachBackend(t, testPages) }

func testPages(t *testing.T, archive archiveFunc) {
	db, ids := archive(t, 30)
	var logged bytes.Buffer
	h := newDesk(t, Config{DB: db, Log: newLog(&logged)})

	code, body, _ := get(t, h, "/")
	if code != http.StatusOK || !strings.Contains(body, "31 puzzles, 31 not yet published") {
		t.Fatalf("overview: %d\n%s", code, body)
	}

	// The archive: every puzzle listed, the script shown as text.
	code, body, _ = get(t, h, "/puzzles")
	if code != http.StatusOK {
		t.Fatalf("/puzzles: %d\n%s", code, body)
	}
	for _, id := range ids {
		if !strings.Contains(body, `href="/puzzles/`+id+`"`) {
			t.Errorf("/puzzles does not link %s", id)
		}
	}
	if strings.Contains(body, "<script>") || !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("/puzzles does not escape the label:\n%s", body)
	}

	// A filter: only the puzzles of one level, ordered by er.
	want, err := db.Query(context.Background(), store.Filter{Level: "easy", Order: "er"})
	if err != nil || len(want) == 0 {
		t.Fatalf("no easy puzzle to look for (%v)", err)
	}
	code, body, _ = get(t, h, "/puzzles?level=easy&order=er")
	if code != http.StatusOK || strings.Count(body, `<tr><td><a href="/puzzles/`) != len(want) {
		t.Fatalf("/puzzles?level=easy: %d, %d rows, want %d\n%s", code, strings.Count(body, `<tr><td><a href="/puzzles/`), len(want), body)
	}
	last := -1
	for _, p := range want {
		at := strings.Index(body, p.ID)
		if at < last {
			t.Fatalf("/puzzles?level=easy&order=er lists %s out of er order", p.ID)
		}
		last = at
	}

	// The technique filter: the puzzles whose solve has a pointing step
	// (the archive's techniques, in SQL), as the store finds them.
	want, err = db.Query(context.Background(), store.Filter{Techniques: []string{"pointing"}})
	if err != nil || len(want) == 0 || len(want) == 31 {
		t.Fatalf("%d puzzles with pointing of 31 (%v): the filter has nothing to tell apart", len(want), err)
	}
	code, body, _ = get(t, h, "/puzzles?technique=pointing")
	if code != http.StatusOK || strings.Count(body, `<tr><td><a href="/puzzles/`) != len(want) || !strings.Contains(body, `<option selected>pointing</option>`) {
		t.Fatalf("/puzzles?technique=pointing: %d, %d rows, want %d\n%s", code, strings.Count(body, `<tr><td><a href="/puzzles/`), len(want), body)
	}
	for _, p := range want {
		if p.Ratings.Techniques["pointing"] == 0 {
			t.Errorf("%s has no pointing step: %v", p.ID, p.Ratings.Techniques)
		}
	}
	if code, body, _ = get(t, h, "/puzzles?technique=x-wingg"); code != http.StatusBadRequest || !strings.Contains(body, `technique: no technique`) {
		t.Fatalf("/puzzles?technique=x-wingg: %d\n%s", code, body)
	}

	// A bad filter names its parameter.
	code, body, _ = get(t, h, "/puzzles?er=hard")
	if code != http.StatusBadRequest || !strings.Contains(body, `er: &#34;hard&#34; is not a number`) {
		t.Fatalf("/puzzles?er=hard: %d\n%s", code, body)
	}

	// A puzzle's page: its ratings, its steps, its grid.
	p, err := db.Get(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	code, body, _ = get(t, h, "/puzzles/"+p.ID[:6])
	if code != http.StatusOK || !strings.Contains(body, p.Line(p.Givens)) || !strings.Contains(body, "<th>er</th>") ||
		!strings.Contains(body, `<ol class="steps">`) || !strings.Contains(body, "hidden single") {
		t.Fatalf("/puzzles/%s: %d\n%s", p.ID[:6], code, body)
	}
	for _, file := range []string{"puzzle.svg", "solution.svg"} {
		code, body, hdr := get(t, h, "/puzzles/"+p.ID+"/"+file)
		if code != http.StatusOK || hdr.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(body, "<?xml") {
			t.Fatalf("%s: %d %q", file, code, hdr.Get("Content-Type"))
		}
	}
	// Re-rated, its history shows the old rating, then the new one.
	newer := *p.Ratings
	newer.Rater, newer.Level, newer.ER = "newer rater", "medium", 2.5
	if err := db.Rerate(context.Background(), map[string]store.Ratings{p.ID: newer}); err != nil {
		t.Fatal(err)
	}
	_, body, _ = get(t, h, "/puzzles/"+p.ID)
	old := strings.Index(body, "re-rated: the rating of "+p.Ratings.Rater+" replaced</li>")
	now := strings.Index(body, "rated Medium by newer rater, er 2.5")
	if !strings.Contains(body, "archived (") || old < 0 || now < old {
		t.Fatalf("the re-rated puzzle's history:\n%s", body)
	}
	wantStatus(t, h, map[string]int{
		"/puzzles/" + p.ID + "/x.svg": http.StatusNotFound,
		"/puzzles/zzzz":               http.StatusNotFound,
		"/puzzles/0000000000000000":   http.StatusNotFound,
		"/nowhere":                    http.StatusNotFound,
	})
	if n := strings.Count(logged.String(), "\n"); n < 8 {
		t.Errorf("the log has %d lines:\n%s", n, logged.String())
	}
}

func TestPaging(t *testing.T) {
	db, _ := archive(t, PageSize+5)
	h := newDesk(t, Config{DB: db})
	_, body, _ := get(t, h, "/puzzles?order=id")
	if n := strings.Count(body, `<tr><td><a href="/puzzles/`); n != PageSize || !strings.Contains(body, `rel="next" href="/puzzles?order=id&amp;page=2"`) {
		t.Fatalf("page 1: %d rows\n%s", n, body)
	}
	_, body, _ = get(t, h, "/puzzles?order=id&page=2")
	if n := strings.Count(body, `<tr><td><a href="/puzzles/`); n != 6 || strings.Contains(body, `rel="next"`) || !strings.Contains(body, `rel="prev"`) {
		t.Fatalf("page 2: %d rows\n%s", n, body)
	}
	if code, _, _ := get(t, h, "/puzzles?page=0"); code != http.StatusBadRequest {
		t.Fatalf("page=0: %d", code)
	}
}

// TestGuards holds the desk's promises against bad requests: a token
// asked of everyone when set, no write on a read-only desk, no write
// from another site, no body past MaxBody, no file outside the served
// ones.
func TestGuards(t *testing.T) {
	db, _ := archive(t, 2)
	h := newDesk(t, Config{DB: db, Token: "s3cret"})
	if code, body, _ := get(t, h, "/"); code != http.StatusUnauthorized || !strings.Contains(body, "asks for its token") {
		t.Fatalf("no token: %d\n%s", code, body)
	}
	if code, _, _ := get(t, h, "/", "Authorization", "Bearer wrong"); code != http.StatusUnauthorized {
		t.Fatalf("wrong token: %d", code)
	}
	if code, _, _ := get(t, h, "/", "Authorization", "Bearer s3cret"); code != http.StatusOK {
		t.Fatalf("bearer token: %d", code)
	}
	code, _, hdr := get(t, h, "/puzzles?level=easy&token=s3cret")
	if code != http.StatusSeeOther || hdr.Get("Location") != "/puzzles?level=easy" || !strings.Contains(hdr.Get("Set-Cookie"), tokenCookie+"=s3cret") ||
		!strings.Contains(hdr.Get("Set-Cookie"), "HttpOnly") {
		t.Fatalf("link with the token: %d %v", code, hdr)
	}
	if code, _, _ := get(t, h, "/", "Cookie", tokenCookie+"=s3cret"); code != http.StatusOK {
		t.Fatalf("cookie: %d", code)
	}

	post := func(h http.Handler, body io.Reader, header ...string) int {
		r := httptest.NewRequest(http.MethodPost, "/puzzles", body)
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	open := newDesk(t, Config{DB: db})
	if code := post(open, strings.NewReader("x=1"), "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
		t.Errorf("cross-site post: %d", code)
	}
	if code := post(open, strings.NewReader("x=1"), "Origin", "http://evil.example"); code != http.StatusForbidden {
		t.Errorf("post from another origin: %d", code)
	}
	big := strings.NewReader(strings.Repeat("x", MaxBody+1))
	if code := post(open, big, "Content-Length", "1048577"); code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized post: %d", code)
	}
	readOnly := newDesk(t, Config{DB: db, ReadOnly: true})
	if code := post(readOnly, strings.NewReader("x=1")); code != http.StatusForbidden {
		t.Errorf("post to a read-only desk: %d", code)
	}
	for _, target := range []string{"/static/../../go.mod", "/static/..%2f..%2fdesk.go", "/static/%2e%2e/pages.go", "/puzzles/..%2f..%2fgo.mod/puzzle.svg"} {
		code, body, _ := get(t, open, target)
		if code == http.StatusOK || strings.Contains(body, "package desk") || strings.Contains(body, "module ") {
			t.Errorf("%s: %d\n%.200s", target, code, body)
		}
	}
	if code, body, _ := get(t, open, "/static/desk.css"); code != http.StatusOK || !strings.Contains(body, "body {") {
		t.Errorf("/static/desk.css: %d", code)
	}
}

func newLog(w io.Writer) *log.Logger { return log.New(w, "", 0) }

// TestCalendar: an outlet's month shows each day's puzzle with its
// level, a day its puzzles and those withdrawn with the reason.
func TestCalendar(t *testing.T) { eachBackend(t, testCalendar) }

func testCalendar(t *testing.T, archive archiveFunc) {
	db, ids := archive(t, 6)
	ctx := context.Background()
	var issues []store.Issue
	for i, date := range []string{"2026-12-01", "2026-12-02", "2026-12-31"} {
		p, err := db.Get(ctx, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		issues = append(issues, store.Issue{Outlet: "The Morning Star", Date: date, Puzzles: []store.IssuePuzzle{{Slot: 1, Level: "easy", Puzzle: p}}})
	}
	if err := db.AddIssues(ctx, issues); err != nil {
		t.Fatal(err)
	}
	p, _ := db.Get(ctx, ids[4])
	if err := db.ReplaceIssue(ctx, "The Morning Star", "2026-12-02", store.Withdrawal{Why: "a reader's <b>typo</b>", By: "Ann <i>"}, []store.IssuePuzzle{{Slot: 1, Level: "easy", Puzzle: p}}, false); err != nil {
		t.Fatal(err)
	}
	h := newDesk(t, Config{DB: db})
	code, body, _ := get(t, h, "/outlets")
	if code != http.StatusOK || !strings.Contains(body, `href="/outlets/The%20Morning%20Star/`) {
		t.Fatalf("/outlets: %d\n%s", code, body)
	}
	code, body, _ = get(t, h, "/outlets/the%20morning%20star/2026-12")
	if code != http.StatusOK || !strings.Contains(body, "December 2026") {
		t.Fatalf("month: %d\n%s", code, body)
	}
	for _, id := range []string{ids[0], ids[2], ids[4]} {
		if !strings.Contains(body, `src="/puzzles/`+id+`/puzzle.svg"`) {
			t.Errorf("the month does not show %s", id)
		}
	}
	if strings.Contains(body, ids[1]) || strings.Count(body, `class="replaced"`) != 1 || strings.Count(body, "<tr>") != 6 {
		t.Errorf("the month shows the withdrawn puzzle, or not one replaced day, or not 5 weeks:\n%s", body)
	}
	if !strings.Contains(body, `rel="prev" href="/outlets/The%20Morning%20Star/2026-11"`) {
		t.Errorf("no link to November:\n%s", body)
	}
	code, body, _ = get(t, h, "/outlets/The%20Morning%20Star/2026-12-02")
	if code != http.StatusOK || !strings.Contains(body, ids[4]) || !strings.Contains(body, ids[1][:8]) ||
		!strings.Contains(body, "a reader&#39;s &lt;b&gt;typo&lt;/b&gt;") || !strings.Contains(body, "<td>Ann &lt;i&gt;</td>") || !strings.Contains(body, "Wednesday 2 December 2026") {
		t.Fatalf("day: %d\n%s", code, body)
	}
	wantStatus(t, h, map[string]int{
		"/outlets/Nobody/2026-12":               http.StatusNotFound,
		"/outlets/The%20Morning%20Star/xx":      http.StatusNotFound,
		"/outlets/The%20Morning%20Star/2026-13": http.StatusNotFound,
	})
}

// TestBooks builds a small book into the archive and checks its page:
// the sections' fences, the files beside the PDF served by name, the
// PDF's pages drawn by pdftoppm.
func TestBooks(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "small.yaml")
	os.WriteFile(spec, []byte(`title: "A <script>small</script> book"
page:
  trim: 6x9
seed: 7
archive: a.db
output: small.pdf
sections:
  - level: easy
    count: 4
  - level: medium
    count: 4
`), 0o644)
	b, err := configs.LoadBook(spec)
	if err != nil {
		t.Fatal(err)
	}
	date := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	lay, err := pipeline.CheckBook(b, date, "test")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Build(context.Background(), b, lay, pipeline.BuildOptions{Seed: 7, Date: date, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(dir, "a.db"), store.ReadWrite)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	h := newDesk(t, Config{DB: db})
	code, body, _ := get(t, h, "/books")
	if code != http.StatusOK || !strings.Contains(body, `<a href="/books/1">A &lt;script&gt;small&lt;/script&gt; book</a>`) {
		t.Fatalf("/books: %d\n%s", code, body)
	}
	code, body, _ = get(t, h, "/books/1")
	if code != http.StatusOK || strings.Count(body, "<tr><td>") != 2 || !strings.Contains(body, `href="/files/books/1/book.pdf"`) ||
		!strings.Contains(body, `href="/files/books/1/report.png"`) || strings.Contains(body, "<script>") {
		t.Fatalf("/books/1: %d\n%s", code, body)
	}
	pdf, _ := os.ReadFile(filepath.Join(dir, "small.pdf"))
	for name, want := range map[string][]byte{"book.pdf": pdf, "manifest.json": []byte(`"title": "A \u003cscript\u003esmall\u003c/script\u003e book"`), "report.png": []byte("\x89PNG")} {
		code, got, hdr := get(t, h, "/files/books/1/"+name)
		if code != http.StatusOK || !strings.Contains(got, string(want)) {
			t.Errorf("%s: %d %s", name, code, hdr.Get("Content-Type"))
		}
	}
	// With the spec's folder, the page links the spec and shows it, and
	// says when it has been edited since the book.
	withSpecs := newDesk(t, Config{DB: db, SpecsDir: dir})
	if _, body, _ := get(t, withSpecs, "/books/1"); !strings.Contains(body, `<a href="/build/small.yaml">small.yaml</a>, unchanged since`) ||
		!strings.Contains(body, `title: &#34;A &lt;script&gt;small&lt;/script&gt; book&#34;`) {
		t.Fatalf("/books/1 with the specs' folder:\n%s", body)
	}
	text, _ := os.ReadFile(spec)
	os.WriteFile(spec, append(text, "# edited\n"...), 0o644)
	if _, body, _ := get(t, withSpecs, "/books/1"); !strings.Contains(body, "which has been edited since") {
		t.Fatalf("/books/1 after an edit of its spec:\n%s", body)
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if !strings.Contains(body, `id="nodraw"`) {
			t.Errorf("/books/1 without pdftoppm does not say why it draws no page:\n%s", body)
		}
	}
	pdfcheck.NeedTools(t, "pdftoppm")
	if !strings.Contains(body, `src="/files/books/1/page-1.png"`) {
		t.Fatalf("/books/1 draws no page:\n%s", body)
	}
	code, png, hdr := get(t, h, "/files/books/1/page-1.png")
	if code != http.StatusOK || hdr.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
		t.Fatalf("page-1.png: %d %s", code, hdr.Get("Content-Type"))
	}
	wantStatus(t, h, map[string]int{
		"/books/2":                           http.StatusNotFound,
		"/books/x":                           http.StatusNotFound,
		"/files/books/1/page-1.png?dpi=110":  http.StatusOK,
		"/files/books/1/page-1.png?dpi=9999": http.StatusBadRequest,
		"/files/books/1/page-0.png":          http.StatusNotFound,
		"/files/books/1/page-99999.png":      http.StatusNotFound,
		"/files/books/1/..%2fsmall.yaml":     http.StatusNotFound,
		"/files/books/1/a.db":                http.StatusNotFound,
	})
}

func TestStats(t *testing.T) {
	db, _ := archive(t, 12)
	h := newDesk(t, Config{DB: db})
	code, body, _ := get(t, h, "/stats")
	month := time.Now().UTC().Format("2006-01")
	if code != http.StatusOK || !strings.Contains(body, ">"+month+"</a></td><td class=\"n\">13</td>") {
		t.Fatalf("/stats: %d\n%s", code, body)
	}
	for _, name := range []string{"er.svg", "score.svg", "months.svg"} {
		code, svg, hdr := get(t, h, "/stats/"+name)
		if code != http.StatusOK || hdr.Get("Content-Type") != "image/svg+xml" || !strings.Contains(svg, "<svg") || !strings.Contains(svg, "puzzles") {
			t.Errorf("%s: %d %.200s", name, code, svg)
		}
	}
	if code, _, _ := get(t, h, "/stats/x.svg"); code != http.StatusNotFound {
		t.Errorf("/stats/x.svg: %d", code)
	}
}

// smallSpec is a book of two short sections, quick to build.
const smallSpec = `title: Small
page:
  trim: 6x9
seed: 7
archive: elsewhere.db
output: small.pdf
sections:
  - level: easy
    count: 4
  - level: medium
    count: 4
`

// TestBuildFromDesk edits, checks and builds a spec from the desk: the
// problems at their lines, the files a spec names kept inside the
// folder, one build of a spec at a time, the book recorded in the
// desk's archive.
func TestBuildFromDesk(t *testing.T) { eachBackend(t, testBuildFromDesk) }

func testBuildFromDesk(t *testing.T, archive archiveFunc) {
	db, _ := archive(t, 2)
	specs := t.TempDir()
	os.WriteFile(filepath.Join(specs, "small.yaml"), []byte(smallSpec), 0o644)
	d, err := New(Config{DB: db, Archive: locationOf(db), SpecsDir: specs, Version: "test", Now: func() time.Time { return time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	h := d.Handler()
	code, body, _ := get(t, h, "/build")
	if code != http.StatusOK || !strings.Contains(body, `href="/build/small.yaml"`) {
		t.Fatalf("/build: %d\n%s", code, body)
	}
	code, body, _ = get(t, h, "/build/small.yaml")
	if code != http.StatusOK || !strings.Contains(body, "<textarea") || !strings.Contains(body, `<li class="none">none</li>`) ||
		!strings.Contains(body, `<td>Medium</td><td>classic</td><td>medium</td><td>4</td>`) {
		t.Fatalf("/build/small.yaml: %d\n%s", code, body)
	}

	check := func(text string) string {
		r := httptest.NewRequest(http.MethodPost, "/build/small.yaml/check", strings.NewReader(text))
		r.Header.Set("Content-Type", "text/plain")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("check: %d %s", w.Code, w.Body.String())
		}
		return w.Body.String()
	}
	for text, want := range map[string]string{
		strings.Replace(smallSpec, "count: 4\n  - level: medium", "count: 0\n  - level: medium", 1): `{"line":9,"field":"sections[0].count"`,
		strings.Replace(smallSpec, "small.pdf", "../small.pdf", 1):                                  `{"line":6,"field":"output","msg":"`,
		strings.Replace(smallSpec, "small.pdf", "/tmp/small.pdf", 1):                                `{"line":6,"field":"output","msg":"/tmp/small.pdf is outside`,
		smallSpec + "levels: /etc/passwd\n":                                                         `{"line":12,"field":"levels","msg":"/etc/passwd is outside`,
		strings.Replace(smallSpec, "trim: 6x9", "trim: 6x9\n  font: ../../fonts/x.ttf", 1):          `"field":"page.font","msg":"`,
	} {
		if got := check(text); !strings.Contains(got, want) {
			t.Errorf("check of\n%s\ngave %s, want %s", text, got, want)
		}
	}

	post := func(target string, form url.Values) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	// Save a new spec; then build it, twice at once: one build runs.
	w := post("/build/second.yaml", url.Values{"text": {strings.Replace(smallSpec, "small.pdf", "second.pdf", 1)}, "action": {"save"}})
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/build/second.yaml?saved=1" {
		t.Fatalf("save: %d %v", w.Code, w.Header())
	}
	if b, err := os.ReadFile(filepath.Join(specs, "second.yaml")); err != nil || !strings.Contains(string(b), "second.pdf") {
		t.Fatalf("saved: %q %v", b, err)
	}
	w = post("/build/small.yaml", url.Values{"text": {smallSpec}, "action": {"build"}})
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/jobs/1" {
		t.Fatalf("build: %d %v\n%s", w.Code, w.Header(), w.Body.String())
	}
	if again := post("/build/small.yaml", url.Values{"text": {smallSpec}, "action": {"build"}}); again.Code != http.StatusConflict &&
		again.Header().Get("Location") != "/jobs/2" {
		t.Fatalf("a second build at once: %d %v", again.Code, again.Header())
	}
	st := waitJob(t, d, 1)
	if !st.Done || st.Error != "" || st.Book != 1 || st.Percent != 100 {
		t.Fatalf("the build: %+v", st)
	}
	if _, err := os.Stat(filepath.Join(specs, "small.pdf")); err != nil {
		t.Fatalf("no PDF in the folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(specs, "elsewhere.db")); err == nil {
		t.Fatal("the build wrote the spec's archive, not the desk's")
	}
	if b, err := db.Book(context.Background(), 1); err != nil || b.Title != "Small" {
		t.Fatalf("the desk's archive has no book: %v", err)
	}
	code, body, _ = get(t, h, "/jobs/1")
	if code != http.StatusOK || !strings.Contains(body, `<a href="/books/1" id="book">`) {
		t.Fatalf("/jobs/1: %d\n%s", code, body)
	}
	code, body, _ = get(t, h, "/jobs/1/events")
	if code != http.StatusOK || !strings.HasPrefix(body, "data: {") || !strings.Contains(body, `"done":true`) {
		t.Fatalf("/jobs/1/events: %d\n%s", code, body)
	}

	// Names that are paths, and specs too big, are refused.
	wantStatus(t, h, map[string]int{
		"/build/..%2fx.yaml":  http.StatusNotFound,
		"/build/x.txt":        http.StatusNotFound,
		"/build/.hidden.yaml": http.StatusNotFound,
		"/jobs/9":             http.StatusNotFound,
	})
	if w := post("/build/big.yaml", url.Values{"text": {strings.Repeat("#", MaxSpec+1)}, "action": {"save"}}); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a spec past MaxSpec: %d", w.Code)
	}
	if _, err := os.Stat(filepath.Join(specs, "big.yaml")); err == nil {
		t.Error("the oversized spec was saved")
	}
	noSpecs := newDesk(t, Config{DB: db})
	if code, body, _ := get(t, noSpecs, "/build"); code != http.StatusNotFound || !strings.Contains(body, "--specs") {
		t.Errorf("/build without --specs: %d\n%s", code, body)
	}
}

// dailySpec is a newspaper of one outlet with easy puzzles on weekdays,
// its files (SVG only) in the desk's folder.
const dailySpec = `seed: 11
archive: elsewhere.db
output: daily
outlets:
  - name: The Morning Star
    rotation:
      monday: easy
      tuesday: easy
      wednesday: easy
    per-day: 1
    exclusive: true
files:
  formats: [svg]
  name: "{outlet}/{date}-{kind}{slot}.{ext}"
`

// dailyDesk is a desk whose folder holds dailySpec, with the outlet's
// issues of Monday 7 to Wednesday 9 December 2026 made in its archive.
func dailyDesk(t *testing.T, archive archiveFunc) (*Desk, *store.DB, string) {
	t.Helper()
	db, _ := archive(t, 2)
	specs := t.TempDir()
	path := filepath.Join(specs, "daily.yaml")
	os.WriteFile(path, []byte(dailySpec), 0o644)
	spec, err := configs.LoadDaily(path)
	if err != nil {
		t.Fatal(err)
	}
	spec.Archive = locationOf(db)
	lay, err := pipeline.CheckDaily(spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Daily(context.Background(), spec, lay, pipeline.DailyOptions{Seed: 11, From: time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), Days: 3, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	d, err := New(Config{DB: db, Archive: locationOf(db), SpecsDir: specs, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d, db, specs
}

// TestReplaceDay replaces a day from the desk, as daily --replace does:
// the puzzle withdrawn with why and by whom, a new one placed, the day's
// file written again.
func TestReplaceDay(t *testing.T) { eachBackend(t, testReplaceDay) }

func testReplaceDay(t *testing.T, archive archiveFunc) {
	d, db, specs := dailyDesk(t, archive)
	h := d.Handler()
	ctx := context.Background()
	before, err := db.Issues(ctx, "The Morning Star", "2026-12-08", "2026-12-08")
	if err != nil || len(before) != 1 {
		t.Fatalf("the day before: %v %v", before, err)
	}
	old := before[0].Puzzles[0].Puzzle.ID
	code, body, _ := get(t, h, "/outlets/The%20Morning%20Star/2026-12-08")
	if code != http.StatusOK || !strings.Contains(body, `action="/outlets/The%20Morning%20Star/2026-12-08/replace"`) {
		t.Fatalf("day page: %d\n%s", code, body)
	}
	file := filepath.Join(specs, "daily", "the-morning-star", "2026-12-08-puzzle.svg")
	svgBefore, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	post := func(form url.Values) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, "/outlets/The%20Morning%20Star/2026-12-08/replace", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	if w := post(url.Values{"why": {"a typo"}}); w.Code != http.StatusBadRequest {
		t.Fatalf("without a name: %d", w.Code)
	}
	w := post(url.Values{"why": {"a reader found a typo"}, "by": {"Ann"}})
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/outlets/The%20Morning%20Star/2026-12-08" {
		t.Fatalf("replace: %d %v\n%s", w.Code, w.Header(), w.Body.String())
	}
	after, err := db.Issues(ctx, "The Morning Star", "2026-12-08", "2026-12-08")
	if err != nil || len(after) != 1 || len(after[0].Puzzles) != 1 || after[0].Puzzles[0].Puzzle.ID == old ||
		len(after[0].Withdrawn) != 1 || after[0].Withdrawn[0].Puzzle.ID != old || after[0].Withdrawn[0].Why != "a reader found a typo" || after[0].Withdrawn[0].By != "Ann" {
		t.Fatalf("the day after: %+v %v", after, err)
	}
	// The old puzzle's history says where it was placed and why and by
	// whom it was withdrawn, in that order.
	_, page, _ := get(t, h, "/puzzles/"+old)
	placed := strings.Index(page, "placed in The Morning Star of 2026-12-08</li>")
	withdrawn := strings.Index(page, "withdrawn from The Morning Star of 2026-12-08: a reader found a typo (by Ann)</li>")
	if placed < 0 || withdrawn < placed || !strings.Contains(page, `<ol class="history" id="history">`) {
		t.Fatalf("the withdrawn puzzle's history:\n%s", page)
	}
	if svgAfter, err := os.ReadFile(file); err != nil || bytes.Equal(svgAfter, svgBefore) {
		t.Fatalf("the day's file was not written again (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(specs, "elsewhere.db")); err == nil {
		t.Fatal("the replacement wrote the spec's archive, not the desk's")
	}
	// Days the ledger has not, and outlets no spec of the folder has, are
	// refused.
	if w := post(url.Values{"why": {"x"}, "by": {"Ann"}}); w.Code != http.StatusSeeOther {
		t.Fatalf("a second replacement: %d", w.Code)
	}
	r := httptest.NewRequest(http.MethodPost, "/outlets/The%20Morning%20Star/2026-12-20/replace", strings.NewReader("why=x&by=y"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != http.StatusNotFound {
		t.Fatalf("a day never made: %d\n%s", rec.Code, rec.Body.String())
	}
}

// TestManyUsers has eight desk users read every kind of page over real
// HTTP while one builds a book and another replaces a day, on one
// archive: every page answers, the build and the replacement are in the
// ledger.
func TestManyUsers(t *testing.T) { eachBackend(t, testManyUsers) }

func testManyUsers(t *testing.T, archive archiveFunc) {
	d, db, specs := dailyDesk(t, archive)
	os.WriteFile(filepath.Join(specs, "small.yaml"), []byte(smallSpec), 0o644)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	ctx := context.Background()
	ps, err := db.Query(ctx, store.Filter{Limit: 1})
	if err != nil || len(ps) == 0 {
		t.Fatal(err)
	}
	pages := []string{"/", "/puzzles", "/puzzles?level=easy&order=er", "/puzzles/" + ps[0].ID, "/puzzles/" + ps[0].ID + "/puzzle.svg",
		"/outlets", "/outlets/The%20Morning%20Star/2026-12", "/outlets/The%20Morning%20Star/2026-12-07", "/stats", "/stats/er.svg",
		"/books", "/build", "/build/small.yaml"}
	errs := make(chan error, 100)
	var wg sync.WaitGroup
	for u := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				target := pages[(u+i)%len(pages)]
				resp, err := http.Get(srv.URL + target)
				if err != nil {
					errs <- err
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("user %d: %s: %d", u, target, resp.StatusCode)
				}
			}
		}()
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, post := range []struct{ target, form string }{
		{"/build/small.yaml", url.Values{"text": {smallSpec}, "action": {"build"}}.Encode()},
		{"/outlets/The%20Morning%20Star/2026-12-08/replace", "why=a+typo&by=Bo"},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := noRedirect.Post(srv.URL+post.target, "application/x-www-form-urlencoded", strings.NewReader(post.form))
			if err != nil {
				errs <- err
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther {
				errs <- fmt.Errorf("POST %s: %d", post.target, resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if bs, _ := db.Books(ctx); len(bs) == 1 {
			break
		}
	}
	if bs, err := db.Books(ctx); err != nil || len(bs) != 1 || bs[0].Puzzles != 8 {
		t.Fatalf("books after the build: %+v %v", bs, err)
	}
	if is, err := db.Issues(ctx, "The Morning Star", "2026-12-08", "2026-12-08"); err != nil || len(is) != 1 || len(is[0].Withdrawn) != 1 || is[0].Withdrawn[0].By != "Bo" {
		t.Fatalf("the replaced day: %+v %v", is, err)
	}
}

// TestDailyFromDesk checks and runs a daily spec from the desk over a
// range: its plan per outlet, its problems at their lines, the issues
// recorded and the files written.
func TestDailyFromDesk(t *testing.T) {
	d, db, specs := dailyDesk(t, archive)
	h := d.Handler()
	code, body, _ := get(t, h, "/build/daily.yaml?from=2026-12-14&days=3")
	if code != http.StatusOK || !strings.Contains(body, `id="from" value="2026-12-14"`) ||
		!strings.Contains(body, "<tr><td>The Morning Star</td><td>true</td><td>3</td><td>3</td><td>0</td><td>3</td></tr>") {
		t.Fatalf("daily.yaml: %d\n%s", code, body)
	}
	r := httptest.NewRequest(http.MethodPost, "/build/daily.yaml/check?from=2026-12-07&days=3", strings.NewReader(strings.Replace(dailySpec, "per-day: 1", "per-day: 0", 1)))
	r.Header.Set("Content-Type", "text/plain")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if !strings.Contains(w.Body.String(), `"line":10,"field":"outlets[0].per-day"`) {
		t.Fatalf("check of a bad daily spec: %s", w.Body.String())
	}
	form := url.Values{"text": {dailySpec}, "action": {"build"}, "from": {"2026-12-14"}, "days": {"3"}}
	r = httptest.NewRequest(http.MethodPost, "/build/daily.yaml", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/jobs/1" {
		t.Fatalf("run: %d %v\n%s", w.Code, w.Header(), w.Body.String())
	}
	st := waitJob(t, d, 1)
	if !st.Done || st.Error != "" || st.Percent != 100 || len(st.Months) != 1 || st.Months[0] != "/outlets/The%20Morning%20Star/2026-12" {
		t.Fatalf("the run: %+v", st)
	}
	is, err := db.Issues(context.Background(), "The Morning Star", "2026-12-14", "2026-12-16")
	if err != nil || len(is) != 3 {
		t.Fatalf("issues: %d %v", len(is), err)
	}
	if _, err := os.Stat(filepath.Join(specs, "daily", "the-morning-star", "2026-12-16-puzzle.svg")); err != nil {
		t.Fatalf("no file for the 16th: %v", err)
	}
	code, body, _ = get(t, h, "/jobs/1")
	if code != http.StatusOK || !strings.Contains(body, `<a href="/outlets/The%20Morning%20Star/2026-12" class="month">`) {
		t.Fatalf("/jobs/1: %d\n%s", code, body)
	}
	wantStatus(t, h, map[string]int{"/build/daily.yaml?days=400": http.StatusBadRequest, "/build/daily.yaml?from=x": http.StatusBadRequest})
}
