package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/store/pgtest"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// TestMain lets the process tests run this test binary as pressrun itself
// (PRESSRUN_MAIN=1, the arguments in PRESSRUN_ARGS separated by the unit separator, 0x1f), the
// way os/exec's tests run their helpers.
//
// The tests allocate much and keep little, as daily does (which sets the
// same for its run): collecting at 5x the live heap rather than 2x spares
// about a tenth of the suite's CPU. GOGC, when set, says otherwise.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("PRESSRUN_MAIN") == "1" {
		ctx, stop := interruptible()
		if os.Getenv("PRESSRUN_READY") == "3" {
			// stopAfter waits for this: a Ctrl-C from now on reaches
			// pressrun's handler rather than the runtime's default, which
			// kills the process before it has started (exit -1).
			ready := os.NewFile(3, "ready")
			ready.Write([]byte{1})
			ready.Close()
		}
		err := run(ctx, strings.Split(os.Getenv("PRESSRUN_ARGS"), "\x1f"), os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(exitCode(err))
	}
	pgtest.Main(m) // says in one line which tests skipped and why, and stops the PostgreSQL cluster
}

// pressrunProcess is pressrun with args as a process of its own.
func pressrunProcess(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "PRESSRUN_MAIN=1", "PRESSRUN_ARGS="+strings.Join(args, "\x1f"))
	return cmd
}

// stopAfter runs pressrun with args as a process of its own, sends it sig
// after wait, and returns its exit status (-1 when the signal killed it;
// 0 when it finished first) and what it wrote on stderr. The wait counts
// from the moment pressrun listens for signals (on a loaded machine the
// process may take longer than the wait to get there).
func stopAfter(t *testing.T, wait time.Duration, sig os.Signal, args ...string) (int, string) {
	t.Helper()
	cmd := pressrunProcess(args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd.ExtraFiles = []*os.File{w} // fd 3 in the process
	cmd.Env = append(cmd.Env, "PRESSRUN_READY=3")
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	r.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := r.Read(make([]byte, 1)); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("pressrun %s did not start listening for signals: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	time.Sleep(wait)
	cmd.Process.Signal(sig)
	cmd.Wait()
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// writeSpec writes a small book spec into dir: sections of count puzzles
// at the levels, and extra lines at the top level.
func writeSpec(t *testing.T, dir, name string, count int, levels []string, extra string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "title: Test Book\nseed: 7\ndate: 2026-12-01\noutput: %s.pdf\n%s\nsections:\n", strings.TrimSuffix(name, ".yaml"), extra)
	for _, lv := range levels {
		fmt.Fprintf(&b, "  - level: %s\n    count: %d\n", lv, count)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readManifest(t *testing.T, path string) *pipeline.BookManifest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := pipeline.ParseManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func buildOK(t *testing.T, args ...string) result {
	t.Helper()
	// The tests' books are shorter than a printer takes: no preflight.
	r := pressrun(t, "", append([]string{"build", "--quiet", "--printer", "none"}, args...)...)
	if r.code != 0 {
		t.Fatalf("build %v: exit %d\n%s", args, r.code, r.stderr)
	}
	return r
}

var fourLevels = []string{"easy", "medium", "hard", "expert"}

// The main job on an empty archive: every puzzle rates in its section's
// level, no two are isomorphic or share a solution, the PDF prints what the
// manifest says where it says, the archive recorded the fences the manifest
// reports; a second book shares no puzzle with the first; building the
// first again does nothing.
func TestBuildBook(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "book.yaml", 8, fourLevels, "layout: {show: rating}")
	buildOK(t, spec)
	m := readManifest(t, filepath.Join(dir, "book.json"))
	if len(m.Puzzles) != 32 || len(m.Sections) != 4 {
		t.Fatalf("%d puzzles in %d sections, want 32 in 4", len(m.Puzzles), len(m.Sections))
	}
	for _, name := range []string{"book.pdf", "book-report.png", "pressrun.db"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatalf("no %s: %v", name, err)
		}
	}
	ladder := level.Default()
	ids := map[string]bool{}
	solutions := map[string]bool{}
	for _, p := range m.Puzzles {
		g := engine.MustParse(p.Puzzle)
		r, err := rate.Rate(g, ladder)
		if err != nil {
			t.Fatal(err)
		}
		want := m.Sections[p.SectionIndex-1].Level
		if r.Level != want || p.Ratings["level"] != want || p.Certificate.Solutions != 1 {
			t.Errorf("puzzle %d rates %s (er %g), in section %s; certificate %+v", p.Number, r.Level, r.ER, want, p.Certificate)
		}
		canon, _ := engine.Canonical(g)
		if id := store.PuzzleID(canon.String()); id != p.ArchiveID || ids[id] {
			t.Errorf("puzzle %d: id %s (manifest %s) twice or wrong", p.Number, id, p.ArchiveID)
		}
		ids[p.ArchiveID] = true
		if solutions[p.Solution] {
			t.Errorf("puzzle %d shares its solution", p.Number)
		}
		solutions[p.Solution] = true
	}
	pdf := filepath.Join(dir, "book.pdf")
	t.Run("pdf read back", func(t *testing.T) {
		pdfcheck.NeedTools(t, "pdftotext")
		pages, _ := pdfcheck.PageWords(t, pdf)
		printed := make([]pdfcheck.Printed, len(m.Puzzles))
		for i, p := range m.Puzzles {
			printed[i] = pdfcheck.Printed{Number: p.Number, Page: p.Page, SolutionPage: p.SolutionPage, GridPt: p.GridPt,
				SolutionGrid: p.SolutionGridPt, Puzzle: p.Puzzle, Solution: p.Solution}
		}
		if n := pdfcheck.CheckPrinted(t, printed, pages); n != 64 {
			t.Errorf("%d of 64 grids read back", n)
		}
	})

	// The fences: recomputed from what the archive recorded for the book.
	pdfBytes, _ := os.ReadFile(pdf)
	sum := sha256.Sum256(pdfBytes)
	if hex.EncodeToString(sum[:]) != m.PDFSHA256 {
		t.Fatal("the manifest's pdf_sha256 is not the PDF's")
	}
	checkFences(t, filepath.Join(dir, "pressrun.db"), m)

	// A second book on the same archive: nothing of the first.
	buildOK(t, "--output", filepath.Join(dir, "second.pdf"), spec)
	m2 := readManifest(t, filepath.Join(dir, "second.json"))
	for _, p := range m2.Puzzles {
		if ids[p.ArchiveID] || solutions[p.Solution] {
			t.Fatalf("the second book prints puzzle %s of the first", p.ArchiveID)
		}
	}

	// The first again: already built, nothing rewritten but a lost manifest.
	os.Remove(filepath.Join(dir, "book.json"))
	r := pressrun(t, "", "build", spec)
	if r.code != 0 || !strings.Contains(r.stderr, "already this spec's book") {
		t.Fatalf("rebuild: exit %d\n%s", r.code, r.stderr)
	}
	if again, _ := os.ReadFile(pdf); !bytes.Equal(again, pdfBytes) {
		t.Fatal("the rebuild rewrote the PDF")
	}
	if m3 := readManifest(t, filepath.Join(dir, "book.json")); !reflect.DeepEqual(m3, m) {
		t.Fatal("the manifest put back differs")
	}
}

// checkFences holds each section's fence in the manifest to the one
// recomputed from the candidates the archive recorded for the book, and
// every kept puzzle to it.
func checkFences(t *testing.T, archive string, m *pipeline.BookManifest) {
	t.Helper()
	db, err := store.Open(archive, store.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := db.BookByChecksum(context.Background(), m.PDFSHA256)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range m.Sections {
		var vals []float64
		kept := 0
		for _, c := range b.Candidates {
			if c.Section != s.Index {
				continue
			}
			vals = append(vals, c.Value)
			if c.Outcome == "kept" {
				kept++
				if !s.Fence.Holds(c.Value) {
					t.Errorf("section %d keeps %s at %g outside the fence", s.Index, c.PuzzleID, c.Value)
				}
			}
		}
		f := pipeline.NewFence(s.Fence.Metric, s.Fence.Kind, s.Fence.K, vals)
		if !reflect.DeepEqual(f, s.Fence) || kept != s.Count || len(vals) != s.Fence.Candidates {
			t.Errorf("section %d: manifest fence %+v, recomputed %+v; %d kept of %d", s.Index, s.Fence, f, kept, len(vals))
		}
	}
	for _, p := range m.Puzzles {
		v := p.Ratings[m.Sections[p.SectionIndex-1].Fence.Metric].(float64)
		if !m.Sections[p.SectionIndex-1].Fence.Holds(v) {
			t.Errorf("puzzle %d at %g outside its section's fence", p.Number, v)
		}
	}
}

// fence: tukey and none work, and the archive recorded them.
func TestBuildFences(t *testing.T) {
	for _, kind := range []string{"tukey", "none"} {
		dir := t.TempDir()
		spec := writeSpec(t, dir, "f.yaml", 10, []string{"hard"}, "iqr: {metric: er, fence: "+kind+", k: 1}")
		buildOK(t, spec)
		m := readManifest(t, filepath.Join(dir, "f.json"))
		f := m.Sections[0].Fence
		if f.Kind != kind || f.Metric != "er" || (kind == "none") != (f.Low == nil) {
			t.Fatalf("%s: fence %+v", kind, f)
		}
		if kind == "tukey" && (*f.Low != f.Q1-(f.Q3-f.Q1) || *f.High != f.Q3+(f.Q3-f.Q1)) {
			t.Fatalf("tukey fence %+v", f)
		}
		checkFences(t, filepath.Join(dir, "pressrun.db"), m)
	}
}

// The same spec and seed on an empty archive: the same PDF and manifest,
// byte for byte, with one worker or two.
func TestBuildDeterministic(t *testing.T) {
	var pdfs, manifests [2][]byte
	for i, workers := range []string{"1", "2"} {
		dir := t.TempDir()
		spec := writeSpec(t, dir, "d.yaml", 6, fourLevels, "")
		buildOK(t, "--workers", workers, spec)
		pdfs[i], _ = os.ReadFile(filepath.Join(dir, "d.pdf"))
		manifests[i], _ = os.ReadFile(filepath.Join(dir, "d.json"))
	}
	if !bytes.Equal(pdfs[0], pdfs[1]) || len(pdfs[0]) == 0 {
		t.Fatal("the PDFs of 1 and 2 workers differ")
	}
	if !bytes.Equal(manifests[0], manifests[1]) || len(manifests[0]) == 0 {
		t.Fatal("the manifests of 1 and 2 workers differ")
	}
}

// A beginners' section: easy puzzles with 36-45 givens, made by adding
// givens back to dug puzzles; each unique, rated easy, in the range. The
// archive's spares of an easy section without clues (23-27 givens) do not
// serve it, nor, unless minimal by chance, a section of minimal easy
// puzzles.
func TestBuildBeginnerClues(t *testing.T) {
	dir := t.TempDir()
	writeSpec(t, dir, "plain.yaml", 4, []string{"easy"}, "")
	buildOK(t, filepath.Join(dir, "plain.yaml"))
	var s engine.Solver
	for _, c := range []struct {
		name, section string
		lo, hi        int
		minimal       bool
	}{
		{"beginner", "{level: easy, count: 10, clues: 36-45}", 36, 45, false},
		{"minimal", "{level: easy, count: 3, minimal: true}", 17, 81, true},
	} {
		path := filepath.Join(dir, c.name+".yaml")
		os.WriteFile(path, []byte("seed: 3\ndate: 2026-12-01\nsections:\n  - "+c.section+"\n"), 0o644)
		buildOK(t, path)
		m := readManifest(t, filepath.Join(dir, c.name+".json"))
		if len(m.Puzzles) != m.Sections[0].Count {
			t.Fatalf("%s: %d puzzles, want %d", c.name, len(m.Puzzles), m.Sections[0].Count)
		}
		if !c.minimal && m.Sections[0].Reused != 0 {
			t.Errorf("%s: %d of the plain easy section's spares reused", c.name, m.Sections[0].Reused)
		}
		for _, p := range m.Puzzles {
			g := engine.MustParse(p.Puzzle)
			r, err := rate.Rate(g, level.Default())
			n, _ := s.CountSolutions(g, 2)
			if err != nil || r.Level != "easy" || n != 1 || g.Clues() < c.lo || g.Clues() > c.hi || s.Minimal(g, engine.SymmetryNone) != c.minimal {
				t.Errorf("%s: puzzle %d %s: %d givens, %d solutions, rated %s, minimal %v", c.name, p.Number, p.Puzzle, g.Clues(), n, r.Level, s.Minimal(g, engine.SymmetryNone))
			}
		}
	}
}

// A section that cannot be filled stops the build, names the section and
// keeps what it rated.
func TestBuildUnfillable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.yaml")
	os.WriteFile(path, []byte("seed: 1\ndate: 2026-12-01\nsections:\n  - {level: easy, count: 3}\n  - {level: evil, count: 5, clues: 40-45}\n"), 0o644)
	r := pressrun(t, "", "build", "--quiet", path)
	if r.code != 1 || !strings.Contains(r.stderr, "section 2 (Evil)") || !strings.Contains(r.stderr, "hint: widen or drop sections[1].clues (40-45): a puzzle dug with more givens is dropped, and givens added to reach 40 make it easier, so few evil puzzles fit") {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "u.pdf")); err == nil {
		t.Fatal("a PDF was written")
	}
	db, err := store.Open(filepath.Join(dir, "pressrun.db"), store.ReadOnly)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, _ := db.Count(context.Background(), store.Filter{Level: "easy"}); n < 3 {
		t.Fatalf("the easy section's %d candidates were not kept", n)
	}
}

// Every bad spec: all its problems named at their lines, exit 2, no
// archive, no output.
func TestBuildBadSpecs(t *testing.T) {
	specs, _ := filepath.Glob("testdata/specs/*.yaml")
	if len(specs) == 0 {
		t.Fatal("no specs in testdata/specs")
	}
	for _, spec := range specs {
		name := "build-" + strings.TrimSuffix(filepath.Base(spec), ".yaml")
		t.Run(name, func(t *testing.T) {
			args := []string{"build", spec}
			r := pressrun(t, "", args...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2", r.code)
			}
			golden(t, name, args, r)
			for _, left := range []string{"pressrun.db", "book.pdf", "book.json"} {
				if _, err := os.Stat(filepath.Join("testdata/specs", left)); err == nil {
					os.Remove(filepath.Join("testdata/specs", left))
					t.Fatalf("%s was written", left)
				}
			}
		})
	}
}

// kill -9 or Ctrl-C at random moments of a build, then build again: a complete book,
// a sound archive, no duplicate, no reservation and no temporary file left.
func TestBuildKilled(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	dir := t.TempDir()
	spec := writeSpec(t, dir, "k.yaml", 25, []string{"easy", "hard", "expert"}, "")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for round := 0; round < 5; round++ {
		// Ctrl-C every other round, kill -9 the others.
		sig := syscall.SIGKILL
		if round%2 == 1 {
			sig = syscall.SIGINT
		}
		code, stderr := stopAfter(t, time.Duration(20+rng.IntN(400))*time.Millisecond, sig, "build", "--quiet", "--printer", "none", spec)
		// Stopped by Ctrl-C (not finished first), the build exits 130 and
		// says what it kept.
		if sig == syscall.SIGINT && code != 0 &&
			(code != 130 || !strings.Contains(stderr, "pressrun: build: interrupted (Ctrl-C); kept: every puzzle rated so far, in ")) {
			t.Errorf("after Ctrl-C: exit %d, stderr %q; want 130 and what was kept", code, stderr)
		}
		os.Remove(filepath.Join(dir, "k.pdf")) // a finished round's book would make the next a no-op
	}
	cmd := pressrunProcess("build", "--quiet", "--printer", "none", spec)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the build after the kills: %v\n%s", err, out)
	}
	m := readManifest(t, filepath.Join(dir, "k.json"))
	if len(m.Puzzles) != 75 {
		t.Fatalf("%d puzzles, want 75", len(m.Puzzles))
	}
	var check string
	var rows, distinct, held int
	raw := func(q string, dst ...any) {
		t.Helper()
		if err := rawQuery(filepath.Join(dir, "pressrun.db"), q, dst...); err != nil {
			t.Fatal(err)
		}
	}
	raw("PRAGMA integrity_check", &check)
	raw("SELECT count(*), count(DISTINCT canonical) FROM puzzles", &rows, &distinct)
	raw("SELECT count(*) FROM reservations", &held)
	if check != "ok" || rows != distinct || held != 0 {
		t.Fatalf("integrity %s, %d rows for %d canonical forms, %d reservations left", check, rows, distinct, held)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
	t.Logf("archive after 5 interruptions and a build: %d puzzles", rows)
}

// Two builds at once on one archive that does not exist yet: both finish,
// and their books share no puzzle.
func TestBuildTwoAtOnce(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	dir := t.TempDir()
	var cmds [2]*exec.Cmd
	var outs [2]bytes.Buffer
	for i := range cmds {
		spec := writeSpec(t, dir, fmt.Sprintf("b%d.yaml", i), 12, []string{"medium", "hard"}, "archive: shared/new.db")
		cmds[i] = pressrunProcess("build", "--quiet", "--printer", "none", spec)
		cmds[i].Stdout, cmds[i].Stderr = &outs[i], &outs[i]
	}
	os.Mkdir(filepath.Join(dir, "shared"), 0o755)
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("build %d: %v\n%s", i, err, outs[i].String())
		}
	}
	seen := map[string]bool{}
	for i := range cmds {
		m := readManifest(t, filepath.Join(dir, fmt.Sprintf("b%d.json", i)))
		if len(m.Puzzles) != 24 {
			t.Fatalf("book %d has %d puzzles", i, len(m.Puzzles))
		}
		for _, p := range m.Puzzles {
			if seen[p.ArchiveID] {
				t.Fatalf("puzzle %s is in both books", p.ArchiveID)
			}
			seen[p.ArchiveID] = true
		}
	}
}

// rawQuery reads one row with the sqlite3 driver, outside the store.
func rawQuery(path, q string, dst ...any) error {
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	return db.QueryRow(q).Scan(dst...)
}

// --dry-run prints the plan and creates nothing.
func TestBuildDryRun(t *testing.T) {
	args := []string{"build", "--dry-run", "testdata/plan.yaml"}
	r := pressrun(t, "", args...)
	golden(t, "build-dry-run", args, r)
	for _, name := range []string{"testdata/never-created.db", "testdata/plan.pdf"} {
		if _, err := os.Stat(name); err == nil {
			os.Remove(name)
			t.Fatalf("the dry run created %s", name)
		}
	}
}

// init writes a spec that builds, and overwrites nothing.
func TestInit(t *testing.T) {
	name := filepath.Join(t.TempDir(), "mine.yaml")
	if r := pressrun(t, "", "init", name); r.code != 0 {
		t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
	}
	spec, err := configs.LoadBook(name)
	if err != nil || len(spec.Sections) != 4 || *spec.Seed != 2024 {
		t.Fatalf("the starter spec: %+v, %v", spec, err)
	}
	if r := pressrun(t, "", "init", name); r.code != 2 || !strings.Contains(r.stderr, "exists: not overwritten") {
		t.Fatalf("init over a file: exit %d\n%s", r.code, r.stderr)
	}
}

// The preflight: a book too short for KDP fails the build (exit 1) with
// the checklist, writes nothing and keeps its puzzles in the archive;
// long enough, with a cover, it writes the interior, the cover and the
// checklist, and the cover's page is the wrap the interior's page count
// needs. The same book passes IngramSpark's shorter minimum.
func TestBuildPreflight(t *testing.T) {
	pdfcheck.NeedTools(t, "pdfinfo")
	dir := t.TempDir()
	short := writeSpec(t, dir, "short.yaml", 5, []string{"easy", "medium"}, "layout: {per-page: 1}\n")
	r := pressrun(t, "", "build", "--quiet", short)
	if r.code != 1 || !strings.Contains(r.stderr, "pressrun: preflight: error   page count: ") ||
		!strings.Contains(r.stderr, "Amazon KDP prints 24-828") || !strings.Contains(r.stderr, "hint: fix what the errors say") {
		t.Fatalf("a short book for KDP: exit %d\n%s", r.code, r.stderr)
	}
	for _, name := range []string{"short.pdf", "short.json", "short-preflight.txt", "short-report.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written by a build that failed its preflight", name)
		}
	}
	if r := pressrun(t, "", "build", "--quiet", "--printer", "ingram", short); r.code != 0 {
		t.Fatalf("the short book for IngramSpark: exit %d\n%s", r.code, r.stderr)
	}
	if text, _ := os.ReadFile(filepath.Join(dir, "short-preflight.txt")); !strings.Contains(string(text), "preflight for IngramSpark: 0 errors") {
		t.Errorf("IngramSpark's checklist:\n%s", text)
	}

	// One puzzle a page: 24 pages and more, with a cover.
	spec := writeSpec(t, dir, "long.yaml", 12, []string{"easy", "medium"},
		"layout: {per-page: 1}\ncover: {paper: cream, blurb: Twenty-four puzzles., art: grids}\n")
	r = pressrun(t, "", "build", spec)
	if r.code != 0 || !strings.Contains(r.stderr, "pressrun: preflight for Amazon KDP: 0 errors") {
		t.Fatalf("the long book: exit %d\n%s", r.code, r.stderr)
	}
	m := readManifest(t, filepath.Join(dir, "long.json"))
	info := string(pdfcheck.Command(t, "pdfinfo", filepath.Join(dir, "long-cover.pdf")))
	// 6x9 in: 2 x 6 in + pages x 0.0025 in (cream) + 2 x 0.125 in wide, 9.25 in high.
	w := (12 + float64(m.Pages)*0.0025 + 0.25) * 72
	if want := fmt.Sprintf("Page size:       %.2f x 666 pts", w); !strings.Contains(info, want) {
		t.Errorf("a %d-page book's cover: want %q in\n%s", m.Pages, want, info)
	}
	text, err := os.ReadFile(filepath.Join(dir, "long-preflight.txt"))
	if err != nil || !strings.Contains(string(text), "cover wrap size") || !strings.Contains(string(text), "spine text             none") {
		t.Errorf("the checklist: %v\n%s", err, text)
	}
}

// scale: sukaku rates a book's puzzles on SukakuExplainer's scale: each
// rates in its level there, the manifest and the archive name the scale's
// rater, every grid prints "SkE" and its er, and how to play says what the
// number is. A classic book on the same archive then takes none of those
// puzzles: their ratings are on the other scale.
func TestBuildScale(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "book.yaml", 4, []string{"hard", "expert"}, "scale: sukaku\nlayout: {show: rating}")
	buildOK(t, spec)
	m := readManifest(t, filepath.Join(dir, "book.json"))
	if len(m.Puzzles) != 8 || m.Rater != rate.RaterOn(logic.Sukaku) {
		t.Fatalf("%d puzzles, rater %q", len(m.Puzzles), m.Rater)
	}
	ladder := level.Default()
	sukaku := map[string]bool{}
	for _, p := range m.Puzzles {
		r, err := rate.RateOn(engine.MustParse(p.Puzzle), ladder, logic.Sukaku)
		if err != nil {
			t.Fatal(err)
		}
		if want := m.Sections[p.SectionIndex-1].Level; r.Level != want || p.Certificate.Rater != m.Rater || p.Ratings["er"] != r.ER {
			t.Errorf("puzzle %d: sukaku er %g level %s, section %s; manifest er %v by %s", p.Number, r.ER, r.Level, want, p.Ratings["er"], p.Certificate.Rater)
		}
		sukaku[p.ArchiveID] = true
	}
	t.Run("pdf read back", func(t *testing.T) {
		pdfcheck.NeedTools(t, "pdftotext")
		text := strings.Join(strings.Fields(string(pdfcheck.Command(t, "pdftotext", filepath.Join(dir, "book.pdf"), "-"))), " ")
		for _, p := range m.Puzzles {
			if label := fmt.Sprintf("SkE %.1f", p.Ratings["er"]); !strings.Contains(text, label) {
				t.Errorf("puzzle %d: no %q in the PDF", p.Number, label)
			}
		}
		if regexp.MustCompile(`\bSE \d`).MatchString(text) {
			t.Errorf("a classic SE label in a sukaku book:\n%s", text)
		}
		if !strings.Contains(text, "such as SkE 4.2, is its SukakuExplainer rating") {
			t.Errorf("how to play does not explain the rating:\n%s", text)
		}
	})

	classic := writeSpec(t, dir, "classic.yaml", 4, []string{"hard", "expert"}, "layout: {show: rating}")
	buildOK(t, classic)
	m2 := readManifest(t, filepath.Join(dir, "classic.json"))
	if m2.Rater != rate.RaterOn(logic.Classic) {
		t.Fatalf("classic book's rater %q", m2.Rater)
	}
	for _, p := range m2.Puzzles {
		if sukaku[p.ArchiveID] || p.Certificate.Rater != m2.Rater {
			t.Errorf("classic book's puzzle %d (%s, by %s) comes from the sukaku book", p.Number, p.ArchiveID, p.Certificate.Rater)
		}
	}
}
