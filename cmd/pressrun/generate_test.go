package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// generated is one row of generate's TSV output, read by column name.
type generated struct {
	index    int
	puzzle   engine.Grid
	solution engine.Grid
	clues    int
	symmetry engine.Symmetry
}

func parseGenerateTSV(t *testing.T, out string) []generated {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	col := map[string]int{}
	for i, name := range strings.Split(lines[0], "\t") {
		col[name] = i
	}
	for _, name := range []string{"index", "puzzle", "solution", "clues", "symmetry"} {
		if _, ok := col[name]; !ok {
			t.Fatalf("header %q has no column %q", lines[0], name)
		}
	}
	var rows []generated
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) != len(col) {
			t.Fatalf("row %q has %d fields, want %d", line, len(f), len(col))
		}
		var g generated
		var err error
		if g.index, err = strconv.Atoi(f[col["index"]]); err != nil {
			t.Fatalf("row %q: index: %v", line, err)
		}
		if g.puzzle, err = engine.Parse(f[col["puzzle"]]); err != nil {
			t.Fatalf("row %q: puzzle: %v", line, err)
		}
		if g.solution, err = engine.Parse(f[col["solution"]]); err != nil {
			t.Fatalf("row %q: solution: %v", line, err)
		}
		if g.clues, err = strconv.Atoi(f[col["clues"]]); err != nil {
			t.Fatalf("row %q: clues: %v", line, err)
		}
		if g.symmetry, err = engine.ParseSymmetry(f[col["symmetry"]]); err != nil {
			t.Fatalf("row %q: symmetry: %v", line, err)
		}
		rows = append(rows, g)
	}
	return rows
}

// checkPuzzles checks what every generated puzzle promises: a unique
// solution equal to the solution column, the clue count, the symmetry
// named in the symmetry column (want, unless want is SymmetryRandom) and
// minimality.
func checkPuzzles(t *testing.T, rows []generated, n int, want engine.Symmetry, minimal bool) {
	t.Helper()
	if len(rows) != n {
		t.Fatalf("got %d puzzles, want %d", len(rows), n)
	}
	var s engine.Solver
	for i, g := range rows {
		if g.index != i {
			t.Errorf("row %d has index %d", i, g.index)
		}
		sol, count := s.Solve(g.puzzle)
		if count != 1 {
			t.Errorf("puzzle %d %s has %d solutions, want 1", i, g.puzzle, count)
			continue
		}
		if sol != g.solution {
			t.Errorf("puzzle %d: solution column %s, solver says %s", i, g.solution, sol)
		}
		if g.clues != g.puzzle.Clues() {
			t.Errorf("puzzle %d: clues column %d, puzzle has %d", i, g.clues, g.puzzle.Clues())
		}
		if g.symmetry == engine.SymmetryRandom || (want != engine.SymmetryRandom && g.symmetry != want) {
			t.Errorf("puzzle %d: symmetry column %s, want %s", i, g.symmetry, want)
		}
		if !g.puzzle.HasSymmetry(g.symmetry) {
			t.Errorf("puzzle %d %s is not %s symmetric", i, g.puzzle, g.symmetry)
		}
		if minimal && !s.Minimal(g.puzzle, g.symmetry) {
			t.Errorf("puzzle %d %s is not minimal under %s", i, g.puzzle, g.symmetry)
		}
	}
}

func TestGenerateSameForAnyWorkers(t *testing.T) {
	const n = 60
	args := []string{"generate", "-n", strconv.Itoa(n), "--seed", "42", "--symmetry", "rot180", "--format", "tsv"}
	one := pressrun(t, "", append(args, "--workers", "1")...)
	four := pressrun(t, "", append(args, "--workers", "4")...)
	if one.code != 0 || one.stderr != "" {
		t.Fatalf("--workers 1: exit %d, stderr %q", one.code, one.stderr)
	}
	if four.stdout != one.stdout {
		t.Fatalf("--workers 4 output differs from --workers 1 for the same seed\n1:\n%s\n4:\n%s", one.stdout, four.stdout)
	}
	rows := parseGenerateTSV(t, one.stdout)
	checkPuzzles(t, rows, n, engine.Rot180, true)
	seen := map[engine.Grid]bool{}
	for _, g := range rows {
		if seen[g.puzzle] {
			t.Errorf("puzzle %s made twice", g.puzzle)
		}
		seen[g.puzzle] = true
	}

	other := pressrun(t, "", "generate", "-n", strconv.Itoa(n), "--seed", "43", "--symmetry", "rot180", "--format", "tsv")
	if other.stdout == one.stdout {
		t.Error("seeds 42 and 43 gave the same puzzles")
	}
}

func TestGenerateFormats(t *testing.T) {
	tsv := pressrun(t, "", "generate", "-n", "5", "--seed", "7", "--format", "tsv")
	line := pressrun(t, "", "generate", "-n", "5", "--seed", "7")
	js := pressrun(t, "", "generate", "-n", "5", "--seed", "7", "--format", "json")
	rows := parseGenerateTSV(t, tsv.stdout)
	checkPuzzles(t, rows, 5, engine.SymmetryNone, true)

	lines := strings.Split(strings.TrimSuffix(line.stdout, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("--format line printed %d lines, want 5:\n%s", len(lines), line.stdout)
	}
	for i, l := range lines {
		if l != rows[i].puzzle.String() {
			t.Errorf("--format line puzzle %d: %q, tsv has %q", i, l, rows[i].puzzle)
		}
	}

	jsLines := strings.Split(strings.TrimSuffix(js.stdout, "\n"), "\n")
	if len(jsLines) != 5 {
		t.Fatalf("--format json printed %d lines, want 5", len(jsLines))
	}
	for i, l := range jsLines {
		var v struct {
			Index    int    `json:"index"`
			Puzzle   string `json:"puzzle"`
			Solution string `json:"solution"`
			Clues    int    `json:"clues"`
			Symmetry string `json:"symmetry"`
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("json line %d %q: %v", i, l, err)
		}
		r := rows[i]
		if v.Index != r.index || v.Puzzle != r.puzzle.String() || v.Solution != r.solution.String() || v.Clues != r.clues || v.Symmetry != r.symmetry.String() {
			t.Errorf("json line %d %q differs from tsv row %+v", i, l, r)
		}
	}
}

func TestGenerateRandomSymmetry(t *testing.T) {
	r := pressrun(t, "", "generate", "-n", "30", "--seed", "5", "--symmetry", "random", "--format", "tsv")
	rows := parseGenerateTSV(t, r.stdout)
	checkPuzzles(t, rows, 30, engine.SymmetryRandom, true)
	used := map[engine.Symmetry]bool{}
	for _, g := range rows {
		used[g.symmetry] = true
	}
	if len(used) < 3 {
		t.Errorf("--symmetry random used only %v in 30 puzzles", used)
	}
}

func TestGeneratePattern(t *testing.T) {
	text, err := os.ReadFile("testdata/pattern.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.ParsePattern(string(text))
	if err != nil {
		t.Fatal(err)
	}
	r := pressrun(t, "", "generate", "-n", "10", "--seed", "9", "--pattern", "testdata/pattern.txt", "--symmetry", "rot180", "--format", "tsv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows := parseGenerateTSV(t, r.stdout)
	checkPuzzles(t, rows, 10, engine.Rot180, false)
	for _, g := range rows {
		for cell, v := range g.puzzle {
			if v != 0 && !p[cell] {
				t.Errorf("puzzle %d %s has a given at %s, outside the pattern", g.index, g.puzzle, engine.CellName(cell))
			}
		}
	}
}

func TestGenerateClueRange(t *testing.T) {
	r := pressrun(t, "", "generate", "-n", "20", "--seed", "11", "--minimal=false", "--clues", "30-32", "--format", "tsv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows := parseGenerateTSV(t, r.stdout)
	checkPuzzles(t, rows, 20, engine.SymmetryNone, false)
	for _, g := range rows {
		if g.clues < 30 || g.clues > 32 {
			t.Errorf("puzzle %d has %d clues, want 30-32", g.index, g.clues)
		}
	}
}

func TestGenerateRandomSeedIsReported(t *testing.T) {
	r := pressrun(t, "", "generate", "-n", "3")
	m := regexp.MustCompile(`^pressrun: seed (\d+)\n$`).FindStringSubmatch(r.stderr)
	if r.code != 0 || m == nil {
		t.Fatalf("exit %d, stderr %q, want exit 0 and pressrun: seed N", r.code, r.stderr)
	}
	again := pressrun(t, "", "generate", "-n", "3", "--seed", m[1])
	if again.stdout != r.stdout {
		t.Errorf("--seed %s did not repeat the run:\n%s\nthen:\n%s", m[1], r.stdout, again.stdout)
	}
	if again.stderr != "" {
		t.Errorf("with --seed, stderr %q, want nothing", again.stderr)
	}
}

// closedPipe is a stdout whose reader has gone away after limit bytes.
type closedPipe struct {
	limit  int
	writes atomic.Int64
}

func (p *closedPipe) Write(b []byte) (int, error) {
	p.writes.Add(1)
	if p.limit <= 0 {
		return 0, syscall.EPIPE
	}
	n := min(len(b), p.limit)
	p.limit -= n
	if n < len(b) {
		return n, syscall.EPIPE
	}
	return n, nil
}

func TestGenerateClosedPipeEndsQuietly(t *testing.T) {
	// A million puzzles would take minutes: the run must stop at the first
	// failed write (after the 64 KiB buffer fills), quietly and with exit 0.
	out := &closedPipe{limit: 1000}
	var stderr strings.Builder
	start := time.Now()
	err := run(context.Background(), []string{"generate", "-n", "1000000", "--seed", "1"}, strings.NewReader(""), out, &stderr)
	if err != nil || stderr.String() != "" {
		t.Fatalf("run: %v, stderr %q; want nil and nothing", err, stderr.String())
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v to notice the closed pipe", d)
	}
	if w := out.writes.Load(); w != 1 {
		t.Errorf("%d writes to the closed pipe, want 1", w)
	}
}

// TestGenerateInterrupted stops a long generate as Ctrl-C and SIGTERM do
// (interruptible in main.go): exit 130 or 143, as shells report a signal,
// the puzzles made before the stop as whole lines, and a message that says
// so with their number.
func TestGenerateInterrupted(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
		says string
	}{
		{syscall.SIGINT, 130, "pressrun: generate: interrupted (Ctrl-C); kept: the "},
		{syscall.SIGTERM, 143, "pressrun: generate: stopped by SIGTERM; kept: the "},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(100*time.Millisecond, func() { cancel(&interrupted{sig: tc.sig}) })
		start := time.Now()
		r := pressrunCtx(t, ctx, "", "generate", "-n", "1000000", "--seed", "1")
		cancel(nil)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v to stop after the interrupt", d)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		want := fmt.Sprintf("%s%d lines already written to standard output, each complete\n", tc.says, len(lines))
		if r.code != tc.code || r.stderr != want {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.sig, r.code, r.stderr, tc.code, want)
		}
		// What was printed is whole lines: the puzzles made before the stop.
		for _, l := range lines {
			if len(l) != 81 {
				t.Fatalf("partial line %q after the interrupt", l)
			}
		}
	}
}

// TestGenerateUniqueByQQWing has an independent solver, QQWing (installed
// by .ci/run), confirm that generated puzzles have one solution each, so
// the check does not rest on pressrun's own solver alone.
func TestGenerateUniqueByQQWing(t *testing.T) {
	qqwing, err := exec.LookPath("qqwing")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("qqwing not installed: .ci/run should have installed it")
		}
		skips.Skip(t, skips.NoQQWing)
	}
	const n = 100
	r := pressrun(t, "", "generate", "-n", strconv.Itoa(n), "--seed", "17", "--symmetry", "random")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	cmd := exec.Command(qqwing, "--solve", "--count-solutions", "--nosolution")
	cmd.Stdin = strings.NewReader(r.stdout)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("qqwing: %v", err)
	}
	if got := strings.Count(string(out), "The solution to the puzzle is unique."); got != n {
		t.Errorf("qqwing finds %d of %d puzzles unique:\n%s", got, n, out)
	}
}

// TestGenerateLevel makes puzzles at every default level: each is unique
// and rates in its level when rated again from scratch, and the output
// is the same on one and on three workers.
func TestGenerateLevel(t *testing.T) {
	for _, lv := range level.Default().Names() {
		args := []string{"generate", "--level", lv, "-n", "4", "--seed", "7", "--format", "tsv"}
		one := pressrun(t, "", append(args, "--workers", "1")...)
		three := pressrun(t, "", append(args, "--workers", "3")...)
		if one.code != 0 || one.stdout != three.stdout {
			t.Fatalf("%s: exit %d; 1 and 3 workers differ:\n%s\n%s%s", lv, one.code, one.stdout, three.stdout, one.stderr)
		}
		lines := strings.Split(strings.TrimSpace(one.stdout), "\n")
		header := strings.Split(lines[0], "\t")
		if len(lines) != 5 || header[5] != "level" || header[len(header)-1] != "techniques" {
			t.Fatalf("%s: output\n%s", lv, one.stdout)
		}
		var s engine.Solver
		for _, l := range lines[1:] {
			f := strings.Split(l, "\t")
			g := engine.MustParse(f[1])
			if n, _ := s.CountSolutions(g, 2); n != 1 {
				t.Errorf("%s: %s has %d solutions", lv, f[1], n)
			}
			r, err := rate.Rate(g, level.Default())
			if err != nil || r.Level != lv || f[5] != lv {
				t.Errorf("%s: %s printed as %s, rates %s (er %v, %v)", lv, f[1], f[5], r.Level, r.ER, err)
			}
		}
	}
	for _, bad := range [][]string{
		{"generate", "--level", "fiendish"},
		{"generate", "--level", "easy", "--clues", "36-45", "--minimal"},
		{"generate", "--level", "hard", "--pattern", "testdata/pattern.txt"},
	} {
		if r := pressrun(t, "", bad...); r.code != 2 || !strings.Contains(r.stderr, "--") {
			t.Errorf("%v: exit %d, %s", bad, r.code, r.stderr)
		}
	}
}

// TestGenerateLevelClues: --level easy --clues 36-45 prints puzzles with
// 36-45 givens, each unique and rated easy from scratch, the same on one
// and on two workers.
func TestGenerateLevelClues(t *testing.T) {
	args := []string{"generate", "--level", "easy", "--clues", "36-45", "-n", "8", "--seed", "7", "--format", "tsv"}
	one := pressrun(t, "", append(args, "--workers", "1")...)
	two := pressrun(t, "", append(args, "--workers", "2")...)
	if one.code != 0 || one.stdout != two.stdout {
		t.Fatalf("exit %d; 1 and 2 workers differ:\n%s\n%s%s", one.code, one.stdout, two.stdout, one.stderr)
	}
	lines := strings.Split(strings.TrimSpace(one.stdout), "\n")
	if len(lines) != 9 {
		t.Fatalf("output\n%s", one.stdout)
	}
	var s engine.Solver
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		g := engine.MustParse(f[1])
		n, _ := s.CountSolutions(g, 2)
		r, err := rate.Rate(g, level.Default())
		if n != 1 || err != nil || r.Level != "easy" || g.Clues() < 36 || g.Clues() > 45 || f[3] != strconv.Itoa(g.Clues()) {
			t.Errorf("%s: %d solutions, %d givens (printed %s), rated %s (%v)", f[1], n, g.Clues(), f[3], r.Level, err)
		}
	}
}
