package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/docs"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/store/pgtest"
)

// The manual's examples, run. TestDocs reads README.md and docs/*.md and
// runs, in process, every command their ```sh and ```console blocks show
// (docs/repository.md, "The manual and its test", says how to write one):
//
//   - ```sh: a line starting pressrun, ./pressrun or go run ./cmd/pressrun
//     is run and must exit 0; # starts a comment, \ continues a line, |
//     feeds one pressrun command to the next, > FILE keeps the output, and
//     export NAME=VALUE holds for the rest of the block.
//   - ```console: "$ pressrun ..." is run, and the lines after it up to the
//     next "$" line are its output (stdout, then stderr; a line "..."
//     stands for any lines); "$ echo $?" states the exit status of the
//     command before it (else it must be 0).
//
// A line that is not run as written is named by a rule below with its
// reason, and counted; a line no rule knows fails the test, and so does a
// command in a block of another kind. Each page runs in a folder of its
// own (cmd/pressrun/testdata/docs and a copy of configs/, and an archive
// holding a book and a month of daily puzzles), its commands in order.

// docsSkip is a kind of line the test does not run, and why.
type docsSkip struct {
	why   string
	match func(words []string) bool
}

var docsSkips = []docsSkip{
	{"go build and go install: the test runs pressrun in process, built with the test",
		func(w []string) bool { return len(w) > 1 && w[0] == "go" && (w[1] == "build" || w[1] == "install") }},
	{"go test: the tests themselves, of which this is one",
		func(w []string) bool { return len(w) > 1 && w[0] == "go" && w[1] == "test" }},
	{"sudo and apt-get: they set up the machine, as root; the tests need the packages installed and start their own PostgreSQL (store/pgtest)",
		func(w []string) bool { return w[0] == "sudo" || w[0] == "apt-get" }},
	{"scripts/bench-*: minutes of timing beside peers (qqwing, npm) that the tests do not install",
		func(w []string) bool { return strings.HasPrefix(w[0], "scripts/bench-") }},
}

// docsElsewhere are the manual's costly commands that an acceptance test
// of this package runs already, on a copy of the same spec, and checks
// more closely than an exit status: running them twice would add half a
// minute to the suite. The test holds each entry to its test's source:
// the function is there and names the spec and the flags. (Under -short,
// TestBuildVarietyBook leaves the 16x16 book out.)
var docsElsewhere = []struct {
	args string // the command line after "pressrun"
	test string // the test that runs it
	file string // and its file
}{
	{"build configs/killer-book.yaml", "TestBuildKillerBook", "killer_test.go"},
	{"build configs/variety-book.yaml", "TestBuildVarietyBook", "variant_test.go"},
	{"build configs/super-sudoku-16x16.yaml", "TestBuildVarietyBook", "variant_test.go"},
	{"daily configs/daily-variety.yaml --from 2026-11-30 --days 7", "TestDailyVariety", "variant_test.go"},
	{"daily configs/daily-killer.yaml --from 2026-12-05 --days 2", "TestDailyKiller", "killer_test.go"},
	{"build configs/samurai-book.yaml", "TestBuildSamuraiBook", "samurai_test.go"},
	{"daily configs/daily-samurai.yaml --from 2027-01-02 --days 1", "TestDailySamurai", "samurai_test.go"},
}

// Reasons a pressrun command is run other than as written.
const (
	docsServer     = "serve: runs until stopped; started on a free port of 127.0.0.1 (8080 may be taken), asked for its first page, then stopped as by Ctrl-C"
	docsStock      = "stock: works until its targets are met (minutes to hours), or with --watch until stopped; stopped as by Ctrl-C after a second of work"
	docsPostgreSQL = "a postgres:// URL: a throwaway database of store/pgtest instead"
)

// docsStockWork is how long a stock worker of the manual works before the
// test stops it.
const docsStockWork = 300 * time.Millisecond

// A docsLine is one statement of a block: a logical line of ```sh, or a
// "$" line of ```console with the output stated after it.
type docsLine struct {
	file    string // "docs/books.md"
	line    int
	text    string // as written, continuations joined
	console bool
	want    []string // console: the stated output
	status  int      // console: the status "$ echo $?" states, else 0
}

func (l docsLine) where() string { return fmt.Sprintf("%s:%d", l.file, l.line) }

// A docsBlock is the statements of one fenced block.
type docsBlock struct {
	lines []docsLine
}

var (
	pressrunPrefix = regexp.MustCompile(`^(\$ )?(\./pressrun|pressrun|go run \./cmd/pressrun)( |$)`)
	fence          = regexp.MustCompile("^```")
	assignment     = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`)
)

// parseDocs reads the blocks of a markdown file. name is its path as the
// messages say it.
func parseDocs(name, text string) ([]docsBlock, []error) {
	var blocks []docsBlock
	var errs []error
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !fence.MatchString(lines[i]) {
			continue
		}
		kind := strings.TrimSpace(strings.TrimLeft(lines[i], "`"))
		start := i + 1
		end := start
		for end < len(lines) && !fence.MatchString(lines[end]) {
			end++
		}
		body := lines[start:end]
		i = end
		switch kind {
		case "sh", "bash", "shell":
			blocks = append(blocks, docsBlock{lines: shellLines(name, start+1, body)})
		case "console":
			b, err := consoleLines(name, start+1, body)
			if err != nil {
				errs = append(errs, err)
			}
			blocks = append(blocks, b)
		default:
			for j, l := range body {
				if pressrunPrefix.MatchString(strings.TrimSpace(l)) {
					errs = append(errs, fmt.Errorf("%s:%d: a pressrun command in a ```%s block is not run: make the block ```sh or ```console", name, start+1+j, kind))
				}
			}
		}
	}
	return blocks, errs
}

// shellLines are the statements of a ```sh block whose first line is line
// first of the file.
func shellLines(name string, first int, body []string) []docsLine {
	var out []docsLine
	for j := 0; j < len(body); j++ {
		at := first + j
		text := strings.TrimRight(body[j], " \t")
		for strings.HasSuffix(text, `\`) && j+1 < len(body) {
			j++
			text = strings.TrimSuffix(text, `\`) + " " + strings.TrimSpace(body[j])
		}
		if t := strings.TrimSpace(text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		out = append(out, docsLine{file: name, line: at, text: strings.TrimSpace(text)})
	}
	return out
}

// consoleLines are the "$" statements of a ```console block, each with the
// output stated after it.
func consoleLines(name string, first int, body []string) (docsBlock, error) {
	var b docsBlock
	for j, l := range body {
		cmd, ok := strings.CutPrefix(l, "$ ")
		switch {
		case ok && strings.TrimSpace(cmd) == "echo $?":
			if len(b.lines) == 0 || j+1 >= len(body) {
				return b, fmt.Errorf("%s:%d: echo $? states the status of the command before it, on the line after it", name, first+j)
			}
			st, err := strconv.Atoi(strings.TrimSpace(body[j+1]))
			if err != nil {
				return b, fmt.Errorf("%s:%d: echo $? wants a status on the next line: %v", name, first+j+1, err)
			}
			b.lines[len(b.lines)-1].status = st
			body[j+1] = "$ " // the status line is not output
		case ok:
			if strings.TrimSpace(cmd) != "" {
				b.lines = append(b.lines, docsLine{file: name, line: first + j, text: strings.TrimSpace(cmd), console: true, want: []string{}})
			}
		case l == "$":
		case len(b.lines) == 0:
			return b, fmt.Errorf("%s:%d: output before any $ command", name, first+j)
		default:
			last := &b.lines[len(b.lines)-1]
			last.want = append(last.want, l)
		}
	}
	return b, nil
}

// shellWord is a word of a line: text, or the operator | or >.
type shellWord struct {
	text string
	op   bool
	glob bool // it holds an unquoted * or ?
}

// shellWords splits a line as sh does, for the forms the manual uses:
// words, '...' and "..." quotes, \ escapes, $NAME and ${NAME} expanded by
// lookup, # comments, and the operators | and >.
func shellWords(line string, lookup func(string) string) ([]shellWord, error) {
	var words []shellWord
	var cur strings.Builder
	in, glob := false, false
	flush := func() {
		if in {
			words = append(words, shellWord{text: cur.String(), glob: glob})
		}
		cur.Reset()
		in, glob = false, false
	}
	expand := func(s string, i int) int { // s[i] is '$'; returns the index of the last byte read
		j := i + 1
		if j < len(s) && s[j] == '{' {
			k := strings.IndexByte(s[j:], '}')
			if k < 0 {
				cur.WriteString(s[i:])
				return len(s) - 1
			}
			cur.WriteString(lookup(s[j+1 : j+k]))
			return j + k
		}
		k := j
		for k < len(s) && (s[k] == '_' || s[k] >= 'A' && s[k] <= 'Z' || s[k] >= 'a' && s[k] <= 'z' || k > j && s[k] >= '0' && s[k] <= '9') {
			k++
		}
		if k == j {
			cur.WriteByte('$')
			return i
		}
		cur.WriteString(lookup(s[j:k]))
		return k - 1
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '#' && !in:
			flush()
			return words, nil
		case c == '|' || c == '>' || c == '<' || c == ';' || c == '&':
			if c != '|' && c != '>' || i+1 < len(line) && (line[i+1] == '>' || line[i+1] == '|' || line[i+1] == '&') {
				return nil, fmt.Errorf("the shell operator at %q is not one the test knows (| and > only)", line[i:])
			}
			flush()
			words = append(words, shellWord{text: string(c), op: true})
		case c == '\'':
			k := strings.IndexByte(line[i+1:], '\'')
			if k < 0 {
				return nil, errors.New("a ' without its end")
			}
			cur.WriteString(line[i+1 : i+1+k])
			in = true
			i += k + 1
		case c == '"':
			in = true
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				switch {
				case line[i] == '\\' && i+1 < len(line) && strings.IndexByte(`"\$`, line[i+1]) >= 0:
					i++
					cur.WriteByte(line[i])
				case line[i] == '$':
					i = expand(line, i)
				default:
					cur.WriteByte(line[i])
				}
			}
			if i >= len(line) {
				return nil, errors.New(`a " without its end`)
			}
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
			in = true
		case c == '$':
			i = expand(line, i)
			in = true
		default:
			if c == '*' || c == '?' {
				glob = true
			}
			cur.WriteByte(c)
			in = true
		}
	}
	flush()
	return words, nil
}

// docsTally counts what the test did with each line, by rule.
type docsTally struct {
	mu     sync.Mutex
	counts map[string]int
}

func (c *docsTally) add(what string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[what]++
}

const docsRan = "ran as written"

// docsRun is the state TestDocs shares between pages.
type docsRun struct {
	root    string // the repository
	fixture string // the folder each page's folder is copied from
	pages   string // where the pages' folders go (beside shared/)
	shared  bool   // ../shared/data is beside each page's folder
	tally   *docsTally
}

func TestDocs(t *testing.T) {
	began := time.Now()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	for _, p := range pages {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator))))
	}
	// Parse every file first: a line no rule knows fails before anything runs.
	parsed := map[string][]docsBlock{}
	for _, f := range files {
		text, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		blocks, errs := parseDocs(f, string(text))
		for _, e := range errs {
			t.Error(e)
		}
		for _, b := range blocks {
			for _, l := range b.lines {
				if _, err := classify(l); err != nil {
					t.Errorf("%s: %v", l.where(), err)
				}
			}
		}
		parsed[f] = blocks
	}
	checkElsewhere(t)
	if t.Failed() {
		t.FailNow()
	}

	r := &docsRun{root: root, tally: &docsTally{}}
	r.setUp(t)
	// Each page's commands run in order, in a folder of their own, with
	// that folder as the working directory: the process has one, so the
	// pages take turns (each command uses every core).
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r.page(t, f, parsed[f])
		})
	}
	var whats []string
	for what := range r.tally.counts {
		whats = append(whats, what)
	}
	sort.Slice(whats, func(i, j int) bool { return whats[i] == docsRan || whats[j] != docsRan && whats[i] < whats[j] })
	var b strings.Builder
	fmt.Fprintf(&b, "the manual's commands in %.1fs:", time.Since(began).Seconds())
	for _, what := range whats {
		fmt.Fprintf(&b, "\n  %3d %s", r.tally.counts[what], what)
	}
	t.Log(b.String())
}

// classify says what the test does with l: "" to run it as a pressrun
// command, or the reason it does not; an error when no rule knows it.
func classify(l docsLine) (string, error) {
	words, err := shellWords(l.text, func(string) string { return "X" })
	if err != nil {
		return "", err
	}
	var plain []string
	for _, w := range words {
		plain = append(plain, w.text)
	}
	if len(plain) == 0 {
		return "", errors.New("an empty command")
	}
	if pressrunPrefix.MatchString(l.text) {
		return "", nil
	}
	if plain[0] == "export" {
		if len(plain) != 2 || !strings.Contains(plain[1], "=") {
			return "", errors.New("export takes one NAME=VALUE")
		}
		return "export", nil
	}
	// NAME=VALUE before a command sets its environment.
	for len(plain) > 1 && assignment.MatchString(plain[0]) {
		plain = plain[1:]
	}
	for _, s := range docsSkips {
		if s.match(plain) {
			return s.why, nil
		}
	}
	return "", fmt.Errorf("no rule for %q: pressrun commands start with pressrun, ./pressrun or go run ./cmd/pressrun; another program needs a rule in docsSkips (docs_test.go) saying why it is not run", l.text)
}

// checkElsewhere holds docsElsewhere to the tests it names.
func checkElsewhere(t *testing.T) {
	for _, e := range docsElsewhere {
		src, err := os.ReadFile(e.file)
		if err != nil {
			t.Errorf("docsElsewhere: %v", err)
			continue
		}
		text := string(src)
		args := strings.Fields(e.args)
		spec := strings.TrimSuffix(filepath.Base(args[1]), ".yaml")
		var quoted []string
		for _, a := range args[2:] {
			quoted = append(quoted, strconv.Quote(a))
		}
		if !strings.Contains(text, "func "+e.test+"(t *testing.T)") || !strings.Contains(text, `"`+spec) || !strings.Contains(text, strings.Join(quoted, ", ")) {
			t.Errorf("docsElsewhere: %s does not run pressrun %s (its test function, the spec %s and the flags %s)", e.test+" in "+e.file, e.args, spec, strings.Join(quoted, ", "))
		}
	}
}

// setUp makes the folder every page's folder is a copy of: the files of
// testdata/docs, configs/*.yaml, and pressrun.db holding a book titled
// "Winter Puzzles" and December 2026 of configs/daily-newspaper.yaml.
func (r *docsRun) setUp(t *testing.T) {
	top := t.TempDir()
	r.fixture = filepath.Join(top, "fixture")
	r.pages = filepath.Join(top, "pages")
	for _, dir := range []string{filepath.Join(r.fixture, "configs"), r.pages} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	copyFiles(t, filepath.Join("testdata", "docs", "*"), r.fixture)
	copyFiles(t, filepath.Join(r.root, "configs", "*.yaml"), filepath.Join(r.fixture, "configs"))
	// The manual's ../shared/data is the one beside the repository.
	data := filepath.Join(r.root, "..", "shared", "data")
	if _, err := os.Stat(data); err == nil {
		r.shared = true
		if err := os.Symlink(filepath.Join(r.root, "..", "shared"), filepath.Join(r.pages, "shared")); err != nil {
			t.Fatal(err)
		}
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%s: %v; in CI nothing skips", data, err)
	}
	scratch := t.TempDir()
	archive := filepath.Join(r.fixture, "pressrun.db")
	spec := filepath.Join(scratch, "winter.yaml")
	if err := os.WriteFile(spec, []byte("title: Winter Puzzles\nseed: 12\ndate: 2026-11-20\noutput: winter.pdf\n"+
		"sections:\n  - {level: easy, count: 4}\n  - {level: hard, count: 4}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"build", "--quiet", "--printer", "none", "--archive", archive, spec},
		{"daily", "--quiet", filepath.Join(r.fixture, "configs", "daily-newspaper.yaml"), "--archive", archive,
			"--out", filepath.Join(scratch, "daily"), "--month", "2026-12"},
	} {
		if res := pressrun(t, "", args...); res.code != 0 {
			t.Fatalf("the manual's archive: pressrun %s: exit %d\n%s", strings.Join(args, " "), res.code, res.stderr)
		}
	}
}

// copyFiles copies the files pattern matches into dir.
func copyFiles(t *testing.T, pattern, dir string) {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("no %s: %v", pattern, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// page runs the commands of one file in a folder of its own.
func (r *docsRun) page(t *testing.T, file string, blocks []docsBlock) {
	dir := filepath.Join(r.pages, strings.TrimSuffix(filepath.Base(file), ".md"))
	if err := os.CopyFS(dir, os.DirFS(r.fixture)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	t.Setenv(archiveEnv, "") // the desk's own archive is not the manual's
	pg := ""                 // the page's PostgreSQL database, made on first use
	for _, b := range blocks {
		env := map[string]string{"HOME": dir} // the block's exports, and $HOME
		lookup := func(name string) string {
			if v, ok := env[name]; ok {
				return v
			}
			return os.Getenv(name)
		}
		restore := map[string]string{} // the variables the block exports, as they were
		noPostgreSQL := false          // the block's database could not be made
		for _, l := range b.lines {
			why, _ := classify(l)
			words, _ := shellWords(l.text, lookup)
			// A postgres:// URL stands for the page's throwaway database.
			usesPostgres := false
			for _, w := range words {
				usesPostgres = usesPostgres || strings.Contains(w.text, "postgres://") || strings.Contains(w.text, "postgresql://")
			}
			if usesPostgres && pg == "" && !noPostgreSQL {
				if postgresAvailable(t) {
					pg = pgtest.URL(t) // dropped when the page ends
				} else {
					noPostgreSQL = true
				}
			}
			if usesPostgres && pg != "" {
				for i, w := range words {
					if name, value, ok := strings.Cut(w.text, "="); ok && isPostgres(value) {
						words[i].text = name + "=" + pg // export NAME=URL
					} else if isPostgres(w.text) {
						words[i].text = pg
					}
				}
				r.tally.add(docsPostgreSQL)
			}
			switch {
			case usesPostgres && noPostgreSQL || why == "" && noPostgreSQL && b.needsPostgres():
				r.tally.add("skipped: " + skips.NoPostgreSQL)
			case why == "export":
				name, value, _ := strings.Cut(words[1].text, "=")
				if _, ok := restore[name]; !ok {
					restore[name] = os.Getenv(name)
				}
				env[name] = value
				t.Setenv(name, value) // and back as it was when the page ends
				r.tally.add("export: holds for the rest of its block")
			case why != "":
				r.tally.add("skipped: " + why)
			default:
				t.Run(fmt.Sprintf("L%d", l.line), func(t *testing.T) {
					r.command(t, l, words)
				})
			}
		}
		for name, value := range restore {
			os.Setenv(name, value)
		}
	}
}

// needsPostgres reports whether a line of the block names a postgres://
// URL: when the test cannot make the database, the block's other commands
// would run on another archive than the one shown.
func (b docsBlock) needsPostgres() bool {
	for _, l := range b.lines {
		if strings.Contains(l.text, "postgres://") || strings.Contains(l.text, "postgresql://") {
			return true
		}
	}
	return false
}

func isPostgres(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// postgresAvailable reports whether store/pgtest can start a server; when
// it cannot, a subtest says so (skipped, or failed in CI).
func postgresAvailable(t *testing.T) bool {
	ok := false
	t.Run("postgresql", func(t *testing.T) {
		pgtest.Get(t)
		ok = true
	})
	return ok
}

// command runs one pressrun statement of the manual: a pipeline of
// pressrun commands, its output kept in a file or compared with the
// output stated.
func (r *docsRun) command(t *testing.T, l docsLine, words []shellWord) {
	var stages [][]string
	var cur []string
	out := ""
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w.op && w.text == "|":
			stages, cur = append(stages, cur), nil
		case w.op && w.text == ">":
			if i != len(words)-2 || words[i+1].op {
				t.Fatalf("%s: > FILE ends a command", l.where())
			}
			out = words[i+1].text
			i++
		case w.glob:
			m, _ := filepath.Glob(w.text)
			if len(m) == 0 {
				m = []string{w.text} // as sh leaves a pattern that matches nothing
			}
			cur = append(cur, m...)
		default:
			cur = append(cur, w.text)
		}
	}
	stages = append(stages, cur)
	for i, s := range stages {
		s, ok := pressrunArgs(s)
		if !ok {
			t.Fatalf("%s: %q: only pressrun commands are run, and piped to one another", l.where(), l.text)
		}
		stages[i] = s
	}
	// The public sets beside the repository: skipped without them, but in CI.
	for _, s := range stages {
		for _, a := range s {
			if strings.Contains(a, "../shared/data") || a == "--reproduce" && !slices.Contains(s, "--data") {
				if !r.shared {
					r.tally.add("skipped: " + skips.NoSharedData)
					skips.Skip(t, skips.NoSharedData, l.where())
				}
			}
		}
	}
	stdin := ""
	var res result
	for i, args := range stages {
		switch {
		case args[0] == "serve":
			res = r.serve(t, l, args)
		case args[0] == "stock":
			res = r.stock(t, args)
		case elsewhere(args) != "":
			if len(stages) > 1 {
				t.Fatalf("%s: a command run elsewhere cannot be piped", l.where())
			}
			r.tally.add("skipped: run by " + elsewhere(args) + ", the same command on a copy of the same spec, checked more closely")
			return
		default:
			res = pressrun(t, stdin, args...)
			if i == len(stages)-1 {
				r.tally.add(docsRan)
			}
		}
		if i < len(stages)-1 && res.code != 0 {
			t.Fatalf("%s: %s\n  pressrun %s: exit %d\n%s", l.where(), l.text, strings.Join(args, " "), res.code, res.stderr)
		}
		stdin = res.stdout
	}
	if out != "" {
		if err := os.WriteFile(out, []byte(res.stdout), 0o644); err != nil {
			t.Fatalf("%s: > %s: %v", l.where(), out, err)
		}
		res.stdout = ""
	}
	if res.code != l.status {
		t.Fatalf("%s: %s\n  exit %d, want %d\n%s", l.where(), l.text, res.code, l.status, res.stderr)
	}
	if l.console {
		got := strings.Split(strings.TrimSuffix(res.stdout+res.stderr, "\n"), "\n")
		if res.stdout+res.stderr == "" {
			got = nil
		}
		want := l.want
		for len(want) > 0 && strings.TrimSpace(want[len(want)-1]) == "" {
			want = want[:len(want)-1]
		}
		if !matchLines(want, got) {
			t.Errorf("%s: %s\n  the output is not the one stated at %s:%d-%d\n--- stated:\n%s\n--- got:\n%s",
				l.where(), l.text, l.file, l.line+1, l.line+len(l.want), strings.Join(want, "\n"), strings.Join(got, "\n"))
		}
	}
}

// pressrunArgs are the arguments of a pressrun command line, without the
// program ("pressrun", "./pressrun", "go run ./cmd/pressrun").
func pressrunArgs(words []string) ([]string, bool) {
	switch {
	case len(words) > 0 && (words[0] == "pressrun" || words[0] == "./pressrun"):
		return words[1:], true
	case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/pressrun":
		return words[3:], true
	}
	return nil, false
}

// elsewhere names the test that runs args, or "".
func elsewhere(args []string) string {
	for _, e := range docsElsewhere {
		if e.args == strings.Join(args, " ") {
			return e.test + " (" + e.file + ")"
		}
	}
	return ""
}

// matchLines reports whether got is want, where a line "..." of want
// stands for any number of lines; trailing spaces do not count.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(want[0], " \t") == strings.TrimRight(got[0], " \t") && matchLines(want[1:], got[1:])
}

// serve runs a desk of the manual: on a free port, until its first page
// has answered, then stopped as Ctrl-C stops it.
func (r *docsRun) serve(t *testing.T, l docsLine, args []string) result {
	if !slices.Contains(args, "--listen") {
		args = append(slices.Clone(args), "--listen", "127.0.0.1:0")
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var stdout, stderr lockedBuffer // serve_test.go's
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, strings.NewReader(""), &stdout, &stderr) }()
	link := regexp.MustCompile(`is at (http://\S+)`)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if m := link.FindStringSubmatch(stderr.String()); m != nil {
			resp, err := http.Get(m[1])
			if err != nil {
				t.Fatalf("%s: the desk at %s: %v", l.where(), m[1], err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("pressrun")) {
				t.Fatalf("%s: the desk's first page: %s\n%.300s", l.where(), resp.Status, body)
			}
			break
		}
		select {
		case err := <-done:
			return result{stdout: stdout.String(), stderr: stderr.String(), code: exitCode(err)}
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the desk said no address in 30s\n%s", l.where(), stderr.String())
		}
	}
	cancel(&interrupted{sig: syscall.SIGINT})
	err := <-done
	r.tally.add(docsServer)
	res := result{stdout: stdout.String(), stderr: stderr.String(), code: exitCode(err)}
	if res.code == 130 {
		res.code = 0 // stopped as asked
	}
	return res
}

// stock runs a stock worker of the manual for docsStockWork, then stops it
// as Ctrl-C does: it finishes the batch under way and says what it kept.
func (r *docsRun) stock(t *testing.T, args []string) result {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	stop := time.AfterFunc(docsStockWork, func() { cancel(&interrupted{sig: syscall.SIGINT}) })
	defer stop.Stop()
	var stdout, stderr bytes.Buffer
	err := run(ctx, args, strings.NewReader(""), &stdout, &stderr)
	res := result{stdout: stdout.String(), stderr: stderr.String(), code: exitCode(err)}
	r.tally.add(docsStock)
	if res.code == 130 && strings.Contains(res.stderr, "kept: every batch finished") {
		res.code = 0 // stopped as asked, with what it kept
	}
	return res
}

// TestDocsLinks holds the README to its table of every page of docs/, and
// every relative link of the manual to a file that is there.
func TestDocsLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range docs.Topics() {
		if !strings.Contains(string(readme), "](docs/"+topic.Name+".md)") {
			t.Errorf("README.md does not link docs/%s.md", topic.Name)
		}
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || (path != filepath.Join(root, "README.md") && filepath.Dir(path) != filepath.Join(root, "docs")) || !strings.HasSuffix(path, ".md") {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(text), "\n") {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target, _, _ := strings.Cut(m[1], "#")
				if target == "" || strings.Contains(target, "://") {
					continue
				}
				if _, err := os.Stat(filepath.Join(filepath.Dir(path), target)); err != nil {
					t.Errorf("%s:%d: a link to %s, which is not there", path, i+1, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
