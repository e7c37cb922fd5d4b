package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the output of this run")

// result is what one in-process run of pressrun gave.
type result struct {
	stdout, stderr string
	code           int
}

// pressrun runs the command line args in process, with stdin as standard
// input, and returns its output and exit status.
func pressrun(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return pressrunCtx(t, context.Background(), stdin, args...)
}

func pressrunCtx(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return result{stdout: stdout.String(), stderr: stderr.String(), code: exitCode(err)}
}

// TestGolden runs command lines whose whole output is fixed and compares it
// with testdata/NAME.golden; go test ./cmd/pressrun -update rewrites them.
func TestGolden(t *testing.T) {
	const badStdin = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n" +
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9...\n" +
		"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		// solve: unique, two or more and no solution, one-line and grid input.
		{"solve-tsv", "", []string{"solve", "testdata/solve.txt"}},
		{"solve-json", "", []string{"solve", "--format", "json", "testdata/solve.txt"}},
		{"solve-flags-after-files", "", []string{"solve", "testdata/solve.txt", "--format=json"}},
		{"solve-stdin", "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........\n", []string{"solve"}},
		{"solve-empty", "", []string{"solve"}},

		// bad input: reported as FILE:LINE, nothing printed for it, exit 2.
		{"solve-bad", "", []string{"solve", "testdata/bad.txt"}},
		{"solve-bad-keep-going", "", []string{"solve", "--keep-going", "testdata/bad.txt"}},
		{"solve-bad-stdin", badStdin, []string{"solve", "--keep-going", "-"}},
		{"solve-missing-file", "", []string{"solve", "testdata/solve.txt", "testdata/no-such-file.txt"}},
		{"solve-missing-file-keep-going", "", []string{"solve", "--keep-going", "testdata/no-such-file.txt", "testdata/solve.txt"}},
		{"solve-bad-format", "", []string{"solve", "--format", "csv"}},

		{"canon-tsv", "", []string{"canon", "testdata/solve.txt"}},
		{"canon-json", "", []string{"canon", "--format", "json", "testdata/solve.txt"}},
		{"canon-bad-keep-going", "", []string{"canon", "--keep-going", "testdata/bad.txt"}},

		// generate: every rejected flag names itself and what is allowed.
		{"generate-bad-format", "", []string{"generate", "--format", "csv"}},
		{"generate-bad-symmetry", "", []string{"generate", "--symmetry", "spiral"}},
		{"generate-bad-clues-few", "", []string{"generate", "--clues", "10-20"}},
		{"generate-bad-clues-order", "", []string{"generate", "--clues", "30-25"}},
		{"generate-bad-clues-text", "", []string{"generate", "--clues", "many"}},
		{"generate-bad-workers", "", []string{"generate", "--workers", "-1"}},
		{"generate-bad-n", "", []string{"generate", "-n", "-5"}},
		{"generate-bad-n-text", "", []string{"generate", "-n", "ten"}},
		{"generate-not-minimal-without-clues", "", []string{"generate", "--minimal=false"}},
		{"generate-missing-pattern", "", []string{"generate", "--pattern", "testdata/no-such-pattern.txt"}},
		{"generate-bad-pattern", "", []string{"generate", "--pattern", "testdata/bad-pattern.txt"}},
		{"generate-asymmetric-pattern", "", []string{"generate", "--seed", "1", "--symmetry", "rot90", "--pattern", "testdata/pattern.txt"}},
		{"generate-argument", "", []string{"generate", "10"}},
		{"generate-zero", "", []string{"generate", "-n", "0", "--seed", "1", "--format", "tsv"}},
		// generate --level with --clues: givens added back; --minimal cannot reach them.
		{"generate-level-clues", "", []string{"generate", "--level", "easy", "--clues", "36-45", "-n", "5", "--seed", "1"}},
		{"generate-level-clues-minimal", "", []string{"generate", "--level", "easy", "--clues", "36-45", "--minimal"}},
		{"generate-level-clues-unreachable", "", []string{"generate", "--level", "evil", "--clues", "40-45", "-n", "1", "--seed", "1"}},
		{"generate-level-clues-minimal-unreachable", "", []string{"generate", "--level", "easy", "--clues", "17-20", "--minimal", "-n", "1", "--seed", "1"}},
		{"generate-level-pattern", "", []string{"generate", "--level", "hard", "--pattern", "testdata/pattern.txt"}},

		// help and usage.
		{"no-arguments", "", nil},
		{"help", "", []string{"help"}},
		{"help-flag", "", []string{"--help"}},
		{"help-generate", "", []string{"help", "generate"}},
		{"help-solve", "", []string{"help", "solve"}},
		{"help-rate", "", []string{"help", "rate"}},
		{"help-archive", "", []string{"help", "archive"}},
		{"archive-help-flag", "", []string{"archive", "--help"}},
		{"archive-bare", "", []string{"archive"}},
		{"help-canon", "", []string{"help", "canon"}},
		{"generate-help-flag", "", []string{"generate", "--help"}},
		{"help-unknown", "", []string{"help", "frobnicate"}},
		{"unknown-command", "", []string{"frobnicate"}},
		{"unknown-flag", "", []string{"solve", "--frobnicate"}},
		{"flag-needs-value", "", []string{"layout", "-o"}},
		// A file that cannot be read gets the hint that fits it, not --keep-going.
		{"archive-import-missing-file", "", []string{"archive", "import", "--archive", "testdata/never-made.db", "testdata/no-such-file.txt"}},
		// Each format in a --format hint is named and said what it writes.
		{"format-hint-query", "", []string{"archive", "query", "--format", "xml", "--archive", "testdata/no-such.db"}},
		{"format-hint-stats", "", []string{"archive", "stats", "--format", "xml", "--archive", "testdata/no-such.db"}},
		{"flag-not-bool", "", []string{"solve", "--keep-going=maybe"}},
		{"workers-zero", "", []string{"rate", "--workers", "0"}},
		{"workers-negative", "", []string{"generate", "--workers=-2"}},
		// The command's name is said once, even where it is a package's.
		{"rate-levels-missing", "", []string{"rate", "--levels", "testdata/no-such-levels.yaml"}},
		{"rate-levels-bad", "", []string{"rate", "--levels", "testdata/specs/every-problem.yaml"}},
		// An unreachable level: the symmetry hint only when a symmetry is set.
		{"generate-unreachable", "", []string{"generate", "--levels", "testdata/levels-never.yaml", "--level", "never", "-n", "1", "--seed", "1"}},
		{"generate-unreachable-rot180", "", []string{"generate", "--levels", "testdata/levels-never.yaml", "--level", "never", "-n", "1", "--seed", "1", "--symmetry", "rot180"}},
		{"unknown-top-flag", "", []string{"--frobnicate"}},
		{"version-argument", "", []string{"version", "extra"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, pressrun(t, tt.stdin, tt.args...))
		})
	}
}

// golden compares a run's command line, exit status and output with
// testdata/NAME.golden; -update rewrites the file.
// elapsed matches the time a command says it took ("in 0.3s").
var elapsed = regexp.MustCompile(`\bin [0-9]+\.[0-9]s\b`)

func golden(t *testing.T, name string, args []string, r result) {
	t.Helper()
	shown := make([]string, len(args))
	for i, a := range args {
		shown[i] = a
		if a == "" || strings.ContainsAny(a, " \t\"'") {
			shown[i] = strconv.Quote(a) // as a shell would take it
		}
	}
	got := "$ pressrun " + strings.Join(shown, " ") + "\n" +
		"exit " + strconv.Itoa(r.code) + "\n" +
		"-- stdout --\n" + r.stdout +
		"-- stderr --\n" + r.stderr
	got = elapsed.ReplaceAllString(got, "in N.Ns") // timings vary from run to run
	file := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/pressrun -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd/pressrun -update rewrites it)\ngot:\n%s\nwant:\n%s", file, got, want)
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"solve", "testdata/solve.txt"}, 0},
		{[]string{"solve", "testdata/bad.txt"}, 2},
		{[]string{"solve", "--keep-going", "testdata/bad.txt"}, 2},
		{[]string{"generate", "-n", "2", "--seed", "1"}, 0},
		{[]string{"generate", "--workers", "0", "-n", "1", "--seed", "1"}, 2}, // leave it out for one per core
		{[]string{"generate", "--clues", "5"}, 2},
		{[]string{"nope"}, 2},
		{[]string{"help"}, 0},
		{[]string{"version"}, 0},
		{nil, 2},
	}
	for _, tt := range tests {
		if r := pressrun(t, "", tt.args...); r.code != tt.code {
			t.Errorf("pressrun %s: exit %d, want %d\nstderr:\n%s", strings.Join(tt.args, " "), r.code, tt.code, r.stderr)
		}
	}
}

func TestMessagesStyle(t *testing.T) {
	// Every message: lowercase after the prefix, and a usage error has a hint.
	for _, args := range [][]string{
		{"nope"},
		{"solve", "--nope"},
		{"generate", "--symmetry", "x"},
		{"generate", "--clues", "1-2"},
		{"generate", "--workers", "-3"},
		{"generate", "--format", "xml"},
	} {
		r := pressrun(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "pressrun: ") || !strings.HasPrefix(lines[1], "pressrun: hint: ") {
			t.Errorf("pressrun %s: stderr %q, want a pressrun: message and a pressrun: hint: line", strings.Join(args, " "), r.stderr)
			continue
		}
		msg := strings.TrimPrefix(lines[0], "pressrun: ")
		if msg[0] >= 'A' && msg[0] <= 'Z' {
			t.Errorf("pressrun %s: message %q starts with a capital", strings.Join(args, " "), msg)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := pressrun(t, "", args...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("pressrun %v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		want := "pressrun " + version + " (go"
		if !strings.HasPrefix(r.stdout, want) || strings.Count(r.stdout, "\n") != 1 {
			t.Errorf("pressrun %v printed %q, want one line starting %q", args, r.stdout, want)
		}
	}
}
