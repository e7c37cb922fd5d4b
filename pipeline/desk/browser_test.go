package desk

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// noChromium is why the browser tests skip outside CI.
const noChromium = "Chromium not installed: the desk's browser tests need it (apt-get install chromium)"

// browser is a headless Chromium driven over the DevTools protocol
// (chromedp), for the duration of the test. PRESSRUN_SCREENSHOTS=DIR
// keeps a screenshot of each page the tests look at in DIR.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal(noChromium)
		}
		skips.Skip(t, noChromium)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1280, 1000))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return ctx
}

// run runs one action in the browser, failing the test on an error.
func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// do runs the steps in the browser, failing the test on an error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// until waits for the JavaScript predicate to hold.
func until(predicate string, within time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(within))
}

// screenshot keeps the page as DIR/name.png when PRESSRUN_SCREENSHOTS is
// set.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("PRESSRUN_SCREENSHOTS")
	if dir == "" {
		return
	}
	png := run(t, ctx, chromedp.FullScreenshot(100) /* 100: PNG */)
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// loaded waits until every image the selector matches has loaded (the
// desk's SVG grids, the pages drawn small).
func loaded(sel string) chromedp.Action[chromedp.Void] {
	return until(fmt.Sprintf(`[...document.querySelectorAll(%q)].length > 0 && [...document.querySelectorAll(%q)].every(i => i.complete && i.naturalWidth > 0)`, sel, sel),
		30*time.Second)
}

// TestBrowserArchive searches the archive in a real browser and opens a
// puzzle: its grid drawn, the solution behind a click.
func TestBrowserArchive(t *testing.T) {
	ctx := browser(t)
	db, _ := archive(t, 20)
	srv := httptest.NewServer(newDesk(t, Config{DB: db}))
	defer srv.Close()
	do(t, ctx,
		chromedp.Navigate(srv.URL+"/puzzles"),
		chromedp.SetValue(chromedp.CSS(`select[name=level]`), "easy"),
		chromedp.SetValue(chromedp.CSS(`select[name=order]`), "er"),
		chromedp.Click(chromedp.CSS(`form.search button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`table.puzzles[data-query*="level=easy"]`)),
	)
	rows := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("table.puzzles tbody tr").length`))
	screenshot(t, ctx, "archive")
	do(t, ctx,
		chromedp.Click(chromedp.CSS(`table.puzzles tbody tr a`)),
		chromedp.WaitVisible(chromedp.CSS(`.puzzle > figure img`)),
		loaded(`.puzzle > figure img`),
		chromedp.Click(chromedp.CSS(`details summary`)),
		loaded(`details img`),
	)
	heading := run(t, ctx, chromedp.Text(chromedp.CSS(`h1`)))
	open := run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("details").open`))
	screenshot(t, ctx, "puzzle")
	ps, _ := db.Query(context.Background(), store.Filter{Level: "easy"})
	if rows != len(ps) || !strings.HasPrefix(heading, "Puzzle ") || !open {
		t.Fatalf("%d rows (want %d easy), heading %q, solution shown %v", rows, len(ps), heading, open)
	}
}

// TestBrowserBuild edits a spec in a real browser: an error typed shows
// at its line, the fix clears it, the build's progress reaches 100%, and
// the book's pages open.
func TestBrowserBuild(t *testing.T) {
	ctx := browser(t)
	pdfcheck.NeedTools(t, "pdftoppm")
	db, _ := archive(t, 2)
	specs := t.TempDir()
	os.WriteFile(filepath.Join(specs, "small.yaml"), []byte(smallSpec), 0o644)
	d, err := New(Config{DB: db, SpecsDir: specs, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	broken := strings.Replace(smallSpec, "count: 4\n  - level: medium", "count: 0\n  - level: medium", 1)
	set := func(text string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const t = document.getElementById("text"); t.value = %q; t.dispatchEvent(new Event("input")); })()`, text))
	}
	do(t, ctx,
		chromedp.Navigate(srv.URL+"/build/small.yaml"),
		chromedp.WaitVisible(chromedp.ID(`text`)),
		set(broken),
		until(`document.querySelector("#problems li").textContent.includes("line 9")`, 20*time.Second),
	)
	problem := run(t, ctx, chromedp.Text(chromedp.CSS(`#problems li`)))
	bad := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#gutter li.bad")].map(l => l.dataset.line).join(",")`))
	screenshot(t, ctx, "spec-error")
	do(t, ctx,
		set(smallSpec),
		until(`document.querySelector("#problems li").textContent === "none" && document.querySelectorAll("#plan tbody tr").length === 2`, 20*time.Second),
		chromedp.Click(chromedp.ID(`build`)),
		chromedp.WaitVisible(chromedp.ID(`job`)),
		until(`document.getElementById("book") !== null`, 60*time.Second),
	)
	percent := run(t, ctx, chromedp.Text(chromedp.ID(`percent`)))
	screenshot(t, ctx, "build")
	do(t, ctx,
		chromedp.Click(chromedp.ID(`book`)),
		chromedp.WaitVisible(chromedp.CSS(`.pages-grid`)),
		chromedp.ScrollIntoView(chromedp.CSS(`.pages-grid`)),
		loaded(`.pages-grid img`),
	)
	pages := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".pages-grid img").length`))
	screenshot(t, ctx, "book")
	if !strings.Contains(problem, "sections[0].count: must be at least 1") || bad != "9" || percent != "100" || pages == 0 {
		t.Fatalf("problem %q at lines %q, progress %s%%, %d pages drawn", problem, bad, percent, pages)
	}

	// The book in the list, the archive's counts with it, the plots.
	do(t, ctx, chromedp.Navigate(srv.URL+"/books"), chromedp.WaitVisible(chromedp.CSS(`table.counts`)))
	books := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('table.counts a[href^="/books/"]').length`))
	screenshot(t, ctx, "books")
	do(t, ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`table.counts`)))
	published := run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("table.counts tbody tr td:last-child")].reduce((n, td) => n + (parseInt(td.textContent) || 0), 0)`))
	screenshot(t, ctx, "overview")
	do(t, ctx, chromedp.Navigate(srv.URL+"/stats"), loaded(`img[src^="/stats/"]`))
	plots := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('img[src^="/stats/"]').length`))
	screenshot(t, ctx, "stats")
	if books != 1 || published != 8 || plots != 3 {
		t.Fatalf("%d books listed, %d puzzles published in the overview (want the book's 8), %d plots drawn", books, published, plots)
	}
}

// TestBrowserReplace opens an outlet's month in a real browser, opens a
// day, replaces it with a reason, and sees the new puzzle and the
// ledger's entry.
func TestBrowserReplace(t *testing.T) {
	ctx := browser(t)
	d, db, _ := dailyDesk(t, archive)
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	before, _ := db.Issues(context.Background(), "The Morning Star", "2026-12-09", "2026-12-09")
	old := before[0].Puzzles[0].Puzzle.ID
	do(t, ctx,
		chromedp.Navigate(srv.URL+"/outlets/The%20Morning%20Star/2026-12"),
		loaded(`table.calendar img`),
	)
	days := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("table.calendar img").length`))
	screenshot(t, ctx, "month")
	do(t, ctx,
		chromedp.Click(chromedp.CSS(`a.day[href$="2026-12-09"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form.replace`)),
		chromedp.SetValue(chromedp.CSS(`input[name=why]`), "a reader found a typo"),
		chromedp.SetValue(chromedp.CSS(`input[name=by]`), "Ann"),
		chromedp.Click(chromedp.ID(`replace`)),
		chromedp.WaitVisible(chromedp.CSS(`table.ledger`)),
		loaded(`.issue img`),
	)
	shown := run(t, ctx, chromedp.Evaluate[string](`document.querySelector(".issue figcaption a").textContent`))
	entry := run(t, ctx, chromedp.Text(chromedp.CSS(`table.ledger tbody tr`)))
	screenshot(t, ctx, "day-replaced")
	if days != 3 || shown == old[:8] || !strings.Contains(entry, old[:8]) || !strings.Contains(entry, "a reader found a typo") || !strings.Contains(entry, "Ann") {
		t.Fatalf("%d days drawn; the day shows %s (was %s); the ledger says %q", days, shown, old[:8], entry)
	}

	// The outlets, and a bad request's page: its message and hint.
	do(t, ctx, chromedp.Navigate(srv.URL+"/outlets"), chromedp.WaitVisible(chromedp.CSS(`table.counts`)))
	outlets := run(t, ctx, chromedp.Text(chromedp.CSS(`table.counts tbody`)))
	screenshot(t, ctx, "outlets")
	do(t, ctx, chromedp.Navigate(srv.URL+"/outlets/The%20Morning%20Star/2026-13"), chromedp.WaitVisible(chromedp.ID(`message`)))
	message := run(t, ctx, chromedp.Text(chromedp.ID(`message`)))
	screenshot(t, ctx, "error")
	if !strings.Contains(outlets, "The Morning Star") || !strings.Contains(message, "2026-13") {
		t.Fatalf("outlets %q; the error page says %q", outlets, message)
	}
}
