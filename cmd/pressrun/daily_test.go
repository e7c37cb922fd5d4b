package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// writeDailySpec writes a daily spec of two exclusive outlets into dir,
// with extra lines under files:.
func writeDailySpec(t *testing.T, dir, files string) string {
	t.Helper()
	text := `seed: 11
output: out
outlets:
  - name: The Morning Star
  - name: Harbour Evening News
    rotation: {saturday: hard, sunday: expert}
files:
  formats: [pdf, svg, png]
  dpi: 100
` + files
	path := filepath.Join(dir, "daily.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func dailyOK(t *testing.T, args ...string) result {
	t.Helper()
	r := pressrun(t, "", append([]string{"daily"}, args...)...)
	if r.code != 0 {
		t.Fatalf("daily %v: exit %d\n%s", args, r.code, r.stderr)
	}
	return r
}

// dayRecord is the part of a day's JSON record the tests read.
type dayRecord struct {
	Date    string `json:"date"`
	Weekday string `json:"weekday"`
	Outlet  string `json:"outlet"`
	Puzzles []struct {
		Slot      int            `json:"slot"`
		Level     string         `json:"level"`
		Puzzle    string         `json:"puzzle"`
		Solution  string         `json:"solution"`
		ArchiveID string         `json:"archive_id"`
		Ratings   map[string]any `json:"ratings"`
	} `json:"puzzles"`
	Withdrawn []struct {
		ArchiveID string `json:"archive_id"`
		Why       string `json:"why"`
	} `json:"withdrawn"`
	Files struct {
		Puzzle           []string `json:"puzzle"`
		Solution         []string `json:"solution"`
		PreviousSolution []string `json:"previous_solution"`
		Record           string   `json:"record"`
	} `json:"files"`
}

func readFeed(t *testing.T, name string) []dayRecord {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []dayRecord
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// checksums are the SHA-256 of every file under dir, by its name there.
func checksums(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// byDay is each outlet's puzzle of each date, from a feed.
func byDay(records []dayRecord) map[string]string {
	out := map[string]string{}
	for _, r := range records {
		for _, p := range r.Puzzles {
			out[r.Outlet+" "+r.Date] += p.Puzzle
		}
	}
	return out
}

// Four weeks for two exclusive outlets: each day at its weekday's level
// and rated in it, one solution each, no puzzle shared or repeated
// (isomorphs included); a second run makes nothing and writes the same
// bytes; a range made in two runs gives the same puzzles and files; a
// replacement is recorded and changes only its day and the next day's
// previous solution.
func TestDailyFourWeeks(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "")
	out := filepath.Join(dir, "out")
	r := dailyOK(t, spec, "--from", "2026-12-01", "--days", "28")
	if !strings.Contains(r.stderr, "56 puzzles, 0 from the ledger, 56 new") ||
		!strings.Contains(r.stderr, "warning: The Morning Star 2026-12-01: no issue before it in the ledger, so no previous solution beside it") {
		t.Errorf("summary:\n%s", r.stderr)
	}
	feed := filepath.Join(out, "feed-2026-12-01-to-2026-12-28.json")
	records := readFeed(t, feed)
	if len(records) != 56 {
		t.Fatalf("%d days in the feed, want 56", len(records))
	}
	d, err := configs.LoadDaily(spec)
	if err != nil {
		t.Fatal(err)
	}
	ladder := level.Default()
	ids := map[string]string{}
	var solver engine.Solver
	for _, rec := range records {
		date, _ := time.Parse(time.DateOnly, rec.Date)
		o := d.Outlets[0]
		if rec.Outlet != o.Name {
			o = d.Outlets[1]
		}
		if len(rec.Puzzles) != 1 || rec.Weekday != date.Weekday().String() {
			t.Fatalf("%s %s: %d puzzles, weekday %s", rec.Outlet, rec.Date, len(rec.Puzzles), rec.Weekday)
		}
		p := rec.Puzzles[0]
		g := engine.MustParse(p.Puzzle)
		rt, err := rate.Rate(g, ladder)
		if err != nil {
			t.Fatal(err)
		}
		if want := o.Rotation[date.Weekday()][0]; p.Level != want || rt.Level != want || p.Ratings["level"] != want {
			t.Errorf("%s %s (%s): level %s, rates %s (er %g), want %s", rec.Outlet, rec.Date, rec.Weekday, p.Level, rt.Level, rt.ER, want)
		}
		if n, _ := solver.CountSolutions(g, 2); n != 1 {
			t.Errorf("%s %s: %d solutions", rec.Outlet, rec.Date, n)
		}
		canon, _ := engine.Canonical(g)
		id := store.PuzzleID(canon.String())
		if first, ok := ids[id]; ok || id != p.ArchiveID {
			t.Errorf("%s %s: puzzle %s (record %s) also runs %s", rec.Outlet, rec.Date, id, p.ArchiveID, first)
		}
		ids[id] = rec.Outlet + " " + rec.Date
		for _, name := range append(append(rec.Files.Puzzle, rec.Files.Solution...), rec.Files.Record) {
			if _, err := os.Stat(filepath.Join(out, name)); err != nil {
				t.Errorf("%s %s: %v", rec.Outlet, rec.Date, err)
			}
		}
		if len(rec.Files.Puzzle) != 3 || (rec.Date != "2026-12-01") != (len(rec.Files.PreviousSolution) == 3) {
			t.Errorf("%s %s: files %+v", rec.Outlet, rec.Date, rec.Files)
		}
	}
	first := checksums(t, out)

	// Again: nothing new, the same bytes.
	r = dailyOK(t, spec, "--from", "2026-12-01", "--days", "28")
	if !strings.Contains(r.stderr, "56 puzzles, 56 from the ledger, 0 new") || strings.Contains(r.stderr, "candidates made") {
		t.Errorf("second run's summary:\n%s", r.stderr)
	}
	again := checksums(t, out)
	if len(again) != len(first) {
		t.Errorf("%d files, then %d", len(first), len(again))
	}
	for name, sum := range first {
		if again[name] != sum {
			t.Errorf("%s changed on the second run", name)
		}
	}

	// The same range in two runs, on an empty archive: the same puzzles,
	// and the same files for each day.
	split := t.TempDir()
	spec2 := writeDailySpec(t, split, "")
	dailyOK(t, spec2, "--from", "2026-12-01", "--days", "14")
	dailyOK(t, spec2, "--from", "2026-12-15", "--days", "14")
	halves := append(readFeed(t, filepath.Join(split, "out", "feed-2026-12-01-to-2026-12-14.json")),
		readFeed(t, filepath.Join(split, "out", "feed-2026-12-15-to-2026-12-28.json"))...)
	whole, parts := byDay(records), byDay(halves)
	if len(parts) != len(whole) {
		t.Fatalf("%d days in two runs, %d in one", len(parts), len(whole))
	}
	for day, p := range whole {
		if parts[day] != p {
			t.Errorf("%s: one run made %s, two runs %s", day, p, parts[day])
		}
	}
	splitSums := checksums(t, filepath.Join(split, "out"))
	for name, sum := range first {
		if !strings.HasPrefix(name, "feed-") && !strings.HasPrefix(name, "proof-") && name != ".pressrun-drawn.json" && splitSums[name] != sum {
			t.Errorf("%s: not the same file when the range is made in two runs", name)
		}
	}

	// A replacement: the day's puzzle changes, the old one is withdrawn
	// with the reason, the next day's previous solution follows, nothing
	// else changes. With --outlet the batch files are that outlet's; the
	// run of the whole batch after it writes the batch's again.
	r = dailyOK(t, spec, "--from", "2026-12-01", "--days", "28", "--replace", "2026-12-05", "--outlet", "The Morning Star", "--why", "reader found a typo")
	if !strings.Contains(r.stderr, "replaced The Morning Star 2026-12-05") || !strings.Contains(r.stderr, "hint: ") {
		t.Errorf("replacement's summary:\n%s", r.stderr)
	}
	dailyOK(t, "--quiet", spec, "--from", "2026-12-01", "--days", "28")
	replaced := readFeed(t, feed)
	after := checksums(t, out)
	for i, rec := range replaced {
		old := records[i]
		changed := rec.Puzzles[0].Puzzle != old.Puzzles[0].Puzzle
		if want := rec.Outlet == "The Morning Star" && rec.Date == "2026-12-05"; changed != want {
			t.Errorf("%s %s: puzzle changed %v, want %v", rec.Outlet, rec.Date, changed, want)
		}
		if changed {
			if len(rec.Withdrawn) != 1 || rec.Withdrawn[0].ArchiveID != old.Puzzles[0].ArchiveID || rec.Withdrawn[0].Why != "reader found a typo" {
				t.Errorf("replaced day's record: withdrawn %+v", rec.Withdrawn)
			}
			if ids[rec.Puzzles[0].ArchiveID] != "" {
				t.Errorf("the replacement %s runs elsewhere: %s", rec.Puzzles[0].ArchiveID, ids[rec.Puzzles[0].ArchiveID])
			}
		}
	}
	for name, sum := range first {
		moved := after[name] != sum
		want := strings.HasPrefix(name, "feed-") || strings.HasPrefix(name, "proof-") || name == ".pressrun-drawn.json" ||
			strings.HasPrefix(name, "the-morning-star/2026-12-05-") && !strings.Contains(name, "previous-solution") ||
			strings.HasPrefix(name, "the-morning-star/2026-12-06-previous-solution") || name == "the-morning-star/2026-12-06-record.json"
		if moved != want {
			t.Errorf("%s: changed %v by the replacement, want %v", name, moved, want)
		}
	}
	db, err := store.Open(filepath.Join(dir, "pressrun.db"), store.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	is, err := db.Issues(context.Background(), "The Morning Star", "2026-12-05", "2026-12-05")
	if err != nil || len(is) != 1 || len(is[0].Withdrawn) != 1 || is[0].Withdrawn[0].Why != "reader found a typo" ||
		is[0].Withdrawn[0].Puzzle.ID != records[4].Puzzles[0].ArchiveID { // the feed: an outlet's days in order
		t.Errorf("the ledger after the replacement: %+v %v", is, err)
	}
}

// A re-run draws only what changed: files found as an earlier run drew
// them are kept, not drawn again; a file edited since, a file removed and
// a new label are drawn, to the bytes a first run writes. A previous
// solution is the day before's solution file, linked, not a second copy.
func TestDailyRerunDrawsWhatChanged(t *testing.T) {
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "")
	out := filepath.Join(dir, "out")
	args := []string{spec, "--from", "2027-02-01", "--days", "7", "--outlet", "the-morning-star"}
	r := dailyOK(t, args...)
	if strings.Contains(r.stderr, "not drawn again") {
		t.Errorf("a first run found files drawn before:\n%s", r.stderr)
	}
	first := checksums(t, out)
	sol, _ := os.Stat(filepath.Join(out, "the-morning-star", "2027-02-03-solution.png"))
	prev, _ := os.Stat(filepath.Join(out, "the-morning-star", "2027-02-04-previous-solution.png"))
	if !os.SameFile(sol, prev) {
		t.Error("the previous solution is not the day before's solution file")
	}

	// 7 days of 3 puzzle and 3 solution files, 6 of 3 previous solutions.
	r = dailyOK(t, args...)
	if !strings.Contains(r.stderr, "(60 of them found as drawn before, not drawn again)") {
		t.Errorf("a re-run's summary:\n%s", r.stderr)
	}
	edited := filepath.Join(out, "the-morning-star", "2027-02-02-puzzle.png")
	data, _ := os.ReadFile(edited)
	data[len(data)/2] ^= 0xff
	if err := os.WriteFile(edited, data, 0o644); err != nil {
		t.Fatal(err)
	}
	removed := filepath.Join(out, "the-morning-star", "2027-02-05-solution.svg")
	if err := os.Remove(removed); err != nil {
		t.Fatal(err)
	}
	r = dailyOK(t, args...)
	// The removed solution and the next day's previous solution, its link,
	// are drawn again with the edited puzzle: 3 files.
	if !strings.Contains(r.stderr, "(57 of them found as drawn before, not drawn again)") {
		t.Errorf("after an edit and a removal, the summary:\n%s", r.stderr)
	}
	for name, sum := range checksums(t, out) {
		if first[name] != sum {
			t.Errorf("%s: not the first run's bytes", name)
		}
	}

	// Another label: every file with it (the puzzles', 7 days of 3) is
	// drawn again.
	spec = writeDailySpec(t, dir, "  label: \"{date:Mon 2 Jan}\"\n")
	r = dailyOK(t, args...)
	if !strings.Contains(r.stderr, "(39 of them found as drawn before, not drawn again)") {
		t.Errorf("after a new label, the summary:\n%s", r.stderr)
	}
	if after := checksums(t, out); after["the-morning-star/2027-02-02-puzzle.pdf"] == first["the-morning-star/2027-02-02-puzzle.pdf"] {
		t.Error("a new label, the same puzzle file")
	}
}

// The files a layout desk places: each day's PDF, read back by poppler,
// has the givens (and the solution file the solution) in the right cells;
// each PNG is the column wide at the spec's dpi, and says that dpi.
func TestDailyFiles(t *testing.T) {
	pdfcheck.NeedTools(t, "pdftotext")
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "  column: 60mm\n")
	dailyOK(t, "--quiet", spec, "--from", "2027-03-01", "--days", "7", "--outlet", "harbour-evening-news")
	records := readFeed(t, filepath.Join(dir, "out", "feed-harbour-evening-news-2027-03-01-to-2027-03-07.json"))
	if len(records) != 7 {
		t.Fatalf("%d days, want 7", len(records))
	}
	wantPx := int(math.Ceil(60 / 25.4 * 100))
	for _, rec := range records {
		p := rec.Puzzles[0]
		givens, solution := engine.MustParse(p.Puzzle), engine.MustParse(p.Solution)
		sq, err := templates.SingleGrid(templates.Single{Puzzle: templates.Puzzle{Givens: givens[:], Solution: solution[:]}, ColumnMM: 60})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []engine.Grid{givens, solution} {
			name := filepath.Join(dir, "out", []string{rec.Files.Puzzle[0], rec.Files.Solution[0]}[i])
			if !strings.HasSuffix(name, ".pdf") {
				t.Fatalf("%s: the first format is pdf", name)
			}
			pages, sizes := pdfcheck.PageWords(t, name)
			if len(pages) != 1 || math.Abs(sizes[0][0]-60*72/25.4) > 0.1 {
				t.Fatalf("%s: %d pages, %v pt", name, len(pages), sizes)
			}
			g, err := pdfcheck.ReadGrid(pages[0], sq)
			if err != nil || g != want {
				t.Errorf("%s: read %s (%v), want %s", name, g, err, want)
			}
		}
		for _, name := range append(rec.Files.Puzzle[2:], rec.Files.Solution[2]) {
			f, err := os.Open(filepath.Join(dir, "out", name))
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(f)
			f.Close()
			if err != nil || cfg.Width != wantPx {
				t.Errorf("%s: %d px wide (%v), want %d (60 mm at 100 dpi)", name, cfg.Width, err, wantPx)
			}
			data, _ := os.ReadFile(filepath.Join(dir, "out", name))
			if dpi := pngDPI(data); dpi != 100 {
				t.Errorf("%s: says %d dpi, want 100", name, dpi)
			}
		}
	}
}

// pngDPI is the resolution a PNG's pHYs chunk gives, 0 without one.
func pngDPI(data []byte) int {
	for i := 8; i+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[i:]))
		if string(data[i+4:i+8]) == "pHYs" && n == 9 && data[i+16] == 1 {
			return int(math.Round(float64(binary.BigEndian.Uint32(data[i+8:])) * 0.0254))
		}
		i += 12 + n
	}
	return 0
}

// The daily command's messages: a spec's every problem at its line, the
// flags' mistakes with a hint, and the plan of --dry-run (on an archive
// that does not exist, which it does not make).
func TestDailyGolden(t *testing.T) {
	spec := "testdata/daily/daily.yaml"
	tests := []struct {
		name string
		args []string
	}{
		{"daily-every-problem", []string{"daily", "--from", "2026-12-01", "--days", "7", "testdata/daily/daily-every-problem.yaml"}},
		{"daily-missing-glyph", []string{"daily", "--from", "2026-12-01", "--days", "7", "testdata/daily/daily-missing-glyph.yaml"}},
		{"daily-missing-spec", []string{"daily", "--month", "2026-12", "testdata/specs/no-such.yaml"}},
		{"daily-no-range", []string{"daily", spec}},
		{"daily-month-and-from", []string{"daily", "--month", "2026-12", "--from", "2026-12-01", spec}},
		{"daily-bad-month", []string{"daily", "--month", "December", spec}},
		{"daily-bad-days", []string{"daily", "--from", "2026-12-01", "--days", "0", spec}},
		{"daily-unknown-outlet", []string{"daily", "--month", "2026-12", "--outlet", "The Evening Star", spec}},
		{"daily-replace-without-why", []string{"daily", "--month", "2026-12", "--replace", "2026-12-05", spec}},
		{"daily-why-without-replace", []string{"daily", "--month", "2026-12", "--why", "typo", spec}},
		{"daily-replace-outside", []string{"daily", "--month", "2026-12", "--replace", "2027-01-05", "--why", "typo", spec}},
		{"daily-replace-which-outlet", []string{"daily", "--month", "2026-12", "--replace", "2026-12-05", "--why", "typo", spec}},
		{"daily-dry-run", []string{"daily", "--dry-run", "--month", "2026-12", "--archive", "testdata/never-made.db", spec}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, pressrun(t, "", tt.args...))
		})
	}
	if _, err := os.Stat("testdata/never-made.db"); err == nil {
		t.Error("--dry-run made the archive")
	}
}

// The same spec and seed give the same bytes on any number of workers.
func TestDailyWorkers(t *testing.T) {
	var sums []map[string]string
	for _, w := range []string{"1", "3"} {
		dir := t.TempDir()
		spec := writeDailySpec(t, dir, "")
		dailyOK(t, "--quiet", "--workers", w, spec, "--from", "2026-12-24", "--days", "5")
		sums = append(sums, checksums(t, filepath.Join(dir, "out")))
	}
	if len(sums[0]) != 98 {
		t.Errorf("%d files, want 98 (2 outlets: 5 days of 3 puzzle, 3 solution and a record files, 4 of them 3 previous solutions; 3 batch files; the record of drawings)", len(sums[0]))
	}
	for name, sum := range sums[0] {
		if sums[1][name] != sum {
			t.Errorf("%s differs between 1 and 3 workers", name)
		}
	}
}

// Stopped (Ctrl-C, or killed) at any point, a run leaves no file in the
// output folder half-written, and an archive whose ledger the next run
// completes: every day in it once. Ctrl-C leaves no file at all; a kill
// leaves its temporary files, which the next run removes, and, when it
// lands while the files are renamed into place (one rename each, so a
// batch cannot appear at once), some files under their final names: each
// of those must be whole, the same bytes the completed run writes.
func TestDailyStopped(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	dir := t.TempDir()
	spec := writeDailySpec(t, dir, "")
	out := filepath.Join(dir, "out")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))
	args := []string{"daily", "--quiet", spec, "--from", "2027-01-01", "--days", "60"}
	whole := map[string]string{} // a kill's final-named files and their sums
	for round := 0; round < 4; round++ {
		sig := syscall.SIGKILL
		if round%2 == 0 {
			sig = syscall.SIGINT
		}
		// From the fence samples (the first second) to the files (after
		// the third).
		code, stderr := stopAfter(t, time.Duration(100+rng.IntN(4000))*time.Millisecond, sig, args...)
		var issues int
		rawQuery(filepath.Join(dir, "pressrun.db"), "SELECT count(*) FROM daily_issues", &issues)
		t.Logf("round %d: %v, exit %d, %d issues in the ledger", round, sig, code, issues)
		if code == 0 {
			os.RemoveAll(out) // it finished first: start again from the ledger alone
			continue
		}
		if sig == syscall.SIGINT && (code != 130 || !strings.Contains(stderr, "interrupted (Ctrl-C); kept: every puzzle made so far")) {
			t.Errorf("after Ctrl-C: exit %d, stderr %q", code, stderr)
		}
		// Nothing under a final name; a kill leaves its temporary files,
		// which the next run removes (checked at the end), Ctrl-C none.
		if _, err := os.Stat(out); err == nil {
			for name, sum := range checksums(t, out) {
				temp := strings.HasPrefix(filepath.Base(name), ".") && strings.HasSuffix(name, ".tmp")
				switch {
				case sig == syscall.SIGINT:
					t.Errorf("after %v, %s left (and perhaps more)", sig, name)
				case !temp:
					// Killed among the renames: checked whole below, and
					// taken away so that the next rounds start clean.
					whole[name] = sum
					os.Remove(filepath.Join(out, name))
				}
			}
		}
	}
	dailyOK(t, args[1:]...)
	final := checksums(t, out)
	for name, sum := range whole {
		if final[name] != sum {
			t.Errorf("a kill left %s under its final name, not as the completed run writes it", name)
		}
	}
	if len(whole) > 0 {
		t.Logf("%d files a kill left under their final names, each whole", len(whole))
	}
	records := readFeed(t, filepath.Join(out, "feed-2027-01-01-to-2027-03-01.json"))
	if len(records) != 120 {
		t.Fatalf("%d days in the feed, want 120", len(records))
	}
	var check string
	var issues, dates int
	raw := func(q string, dst ...any) {
		t.Helper()
		if err := rawQuery(filepath.Join(dir, "pressrun.db"), q, dst...); err != nil {
			t.Fatal(err)
		}
	}
	raw("PRAGMA integrity_check", &check)
	raw("SELECT count(*), count(DISTINCT outlet || date) FROM daily_issues", &issues, &dates)
	if check != "ok" || issues != 120 || dates != 120 {
		t.Fatalf("integrity %s, %d issues for %d outlet days, want 120", check, issues, dates)
	}
	var left []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".tmp") {
			left = append(left, path)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// EPS, made by rsvg-convert from the SVG: an EPS of the column's size,
// dated with the puzzle's date, the same bytes on a second run.
func TestDailyEPS(t *testing.T) {
	if _, err := exec.LookPath("rsvg-convert"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("rsvg-convert not installed (.ci/run installs librsvg2-bin)")
		}
		skips.Skip(t, "rsvg-convert not installed (apt-get install librsvg2-bin)")
	}
	var sums []map[string]string
	for range 2 {
		dir := t.TempDir()
		spec := writeDailySpec(t, dir, "")
		data, _ := os.ReadFile(spec)
		os.WriteFile(spec, []byte(strings.Replace(string(data), "[pdf, svg, png]", "[eps]", 1)), 0o644)
		dailyOK(t, "--quiet", spec, "--from", "2026-12-31", "--days", "2", "--outlet", "the-morning-star")
		name := filepath.Join(dir, "out", "the-morning-star", "2027-01-01-puzzle.eps")
		eps, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		// 80 mm is 226.77 pt.
		for _, want := range []string{"%!PS-Adobe-3.0 EPSF-3.0\n", "\n%%CreationDate: 2027-01-01\n", "\n%%BoundingBox: 0 0 227 "} {
			if !strings.Contains(string(eps), want) {
				t.Errorf("%s has no %q", name, want)
			}
		}
		sums = append(sums, checksums(t, filepath.Join(dir, "out")))
	}
	for name, sum := range sums[0] {
		if sums[1][name] != sum {
			t.Errorf("%s: not the same bytes twice", name)
		}
	}
}
