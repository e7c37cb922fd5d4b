package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/level"
)

// Puzzles with Sudoku Explainer ratings, from ../shared/data/se-bands.tsv
// (easy band, line 1) and se-rated.tsv (the line rated 4.2). On the
// default scale, classic, rateHard is 6.6, as Sudoku Explainer 1.2.1.3
// rates it: its skyscraper is a chain there (SukakuExplainer says 4.1).
const (
	rateEasy = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
	rateHard = "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4.."
)

func TestRate(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	writeLines(t, in, "# a comment", rateEasy, strings.Repeat(".", 80)+"1", "1234", rateHard)

	r := pressrun(t, "", "rate", "--keep-going", "--metrics", in)
	if r.code != 2 {
		t.Fatalf("exit %d, want 2 for the bad lines\n%s", r.code, r.stderr)
	}
	// Messages come in input order.
	if i, j := strings.Index(r.stderr, "in.txt:3: puzzle has 2 or more solutions"), strings.Index(r.stderr, "in.txt:4: want 9 cells in a grid row"); i < 0 || j < i {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	header := strings.Split(lines[0], "\t")
	if strings.Join(header, " ") != "puzzle level er ep ed score wnef callcount gc rreduction inferences guesses backtracks techniques" {
		t.Fatalf("header %q", lines[0])
	}
	if len(lines) != 3 {
		t.Fatalf("want 2 rows (the bad lines print nothing):\n%s", r.stdout)
	}
	for i, want := range []struct {
		puzzle, level, er string
	}{{rateEasy, "easy", "1.2"}, {rateHard, "evil", "6.6"}} {
		row := map[string]string{}
		for j, v := range strings.Split(lines[i+1], "\t") {
			row[header[j]] = v
		}
		if row["puzzle"] != want.puzzle || row["level"] != want.level || row["er"] != want.er {
			t.Errorf("row %d: puzzle %s level %s er %s, want %s %s %s", i+1, row["puzzle"], row["level"], row["er"], want.puzzle, want.level, want.er)
		}
		er, _ := strconv.ParseFloat(row["er"], 64)
		if got := level.Default().Of(level.ER(er)); got != row["level"] {
			t.Errorf("row %d: level %s, but er %v is %s on the default ladder", i+1, row["level"], er, got)
		}
		if !strings.HasPrefix(row["techniques"], "last-value:") {
			t.Errorf("row %d: techniques %q", i+1, row["techniques"])
		}
	}

	// Without --keep-going it stops at the first bad line: only the first row.
	if r := pressrun(t, "", "rate", in); r.code != 2 || strings.Count(r.stdout, "\n") != 2 || strings.Contains(r.stderr, "in.txt:4") {
		t.Fatalf("without --keep-going: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestRateMetrics: without --metrics rate prints the logical columns
// only, each as --metrics prints it; a levels file whose rules read a
// metric still names the level the metric gives.
func TestRateMetrics(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	writeLines(t, in, rateEasy, rateHard)
	table := func(args ...string) []map[string]string {
		t.Helper()
		r := pressrun(t, "", append([]string{"rate"}, append(args, in)...)...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if r.code != 0 || len(lines) != 3 {
			t.Fatalf("rate %v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
		header := strings.Split(lines[0], "\t")
		var rows []map[string]string
		for _, l := range lines[1:] {
			row := map[string]string{"header": lines[0]}
			for j, v := range strings.Split(l, "\t") {
				row[header[j]] = v
			}
			rows = append(rows, row)
		}
		return rows
	}
	quick, full := table(), table("--metrics")
	if h := quick[0]["header"]; strings.ReplaceAll(h, "\t", " ") != "puzzle level er ep ed score techniques" {
		t.Errorf("header without --metrics %q", h)
	}
	for i := range quick {
		for _, c := range []string{"puzzle", "level", "er", "ep", "ed", "score", "techniques"} {
			if quick[i][c] != full[i][c] {
				t.Errorf("row %d: %s %q, with --metrics %q", i+1, c, quick[i][c], full[i][c])
			}
		}
		if full[i]["wnef"] == "" || full[i]["backtracks"] == "" {
			t.Errorf("row %d: no metrics with --metrics: %v", i+1, full[i])
		}
	}
	ladder := filepath.Join(dir, "wnef.yaml")
	writeLines(t, ladder, "levels:", "  - name: easy-wnef", `    rules: ["wnef > 0.25"]`, "  - name: rest", `    rules: ["er > 0"]`)
	quick, full = table("--levels", ladder), table("--levels", ladder, "--metrics")
	for i, want := range []string{"easy-wnef", "rest"} {
		w, _ := strconv.ParseFloat(full[i]["wnef"], 64)
		if quick[i]["level"] != want || full[i]["level"] != want || (w > 0.25) != (want == "easy-wnef") {
			t.Errorf("row %d: level %s, with --metrics %s (wnef %v), want %s", i+1, quick[i]["level"], full[i]["level"], w, want)
		}
	}
}

// TestRateOrderAndJSON rates a sample on one and on three workers: the
// same rows in input order; JSON lines carry the same values.
func TestRateOrderAndJSON(t *testing.T) {
	ps := samplePuzzles(t, 24)
	var lines []string
	for _, p := range ps {
		lines = append(lines, p.String())
	}
	in := filepath.Join(t.TempDir(), "in.txt")
	writeLines(t, in, lines...)
	one := pressrun(t, "", "rate", "--workers", "1", in)
	three := pressrun(t, "", "rate", "--workers", "3", in)
	if one.code != 0 || one.stdout != three.stdout {
		t.Fatalf("1 and 3 workers differ (exit %d):\n%s\n%s", one.code, one.stdout, three.stdout)
	}
	rows := strings.Split(strings.TrimSpace(one.stdout), "\n")[1:]
	js := pressrun(t, "", "rate", "--format", "json", in)
	jlines := strings.Split(strings.TrimSpace(js.stdout), "\n")
	if js.code != 0 || len(jlines) != len(ps) || len(rows) != len(ps) {
		t.Fatalf("json: exit %d, %d lines for %d puzzles", js.code, len(jlines), len(ps))
	}
	for i, l := range jlines {
		var v struct {
			Puzzle     string
			Level      string
			ER         float64
			Techniques map[string]int
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, l)
		}
		fields := strings.Split(rows[i], "\t")
		if v.Puzzle != ps[i].String() || fields[0] != v.Puzzle || fields[1] != v.Level || fields[2] != strconv.FormatFloat(v.ER, 'f', -1, 64) {
			t.Errorf("line %d: json %s %s %v, tsv %s", i+1, v.Puzzle, v.Level, v.ER, rows[i])
		}
		steps := 0
		for _, n := range v.Techniques {
			steps += n
		}
		// A 17-clue puzzle needs at least 64 placements.
		if steps < 64 {
			t.Errorf("line %d: %d technique steps: %s", i+1, steps, l)
		}
	}
}

// TestLevelsFile: rate and generate --level follow a ladder from a file,
// and a bad file names its line and field.
func TestLevelsFile(t *testing.T) {
	dir := t.TempDir()
	ladder := filepath.Join(dir, "ladder.yaml")
	writeLines(t, ladder, "levels:", "  - name: gentle", `    rules: ["er <= 2.5"]`, "  - name: tough", `    rules: ["er > 2.5", "score > 0"]`)
	in := filepath.Join(dir, "in.txt")
	writeLines(t, in, rateEasy, rateHard)
	r := pressrun(t, "", "rate", "--levels", ladder, in)
	rows := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(rows) != 3 || strings.Split(rows[1], "\t")[1] != "gentle" || strings.Split(rows[2], "\t")[1] != "tough" {
		t.Fatalf("rate --levels: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	g := pressrun(t, "", "generate", "--levels", ladder, "--level", "tough", "-n", "2", "--seed", "3", "--format", "tsv")
	if g.code != 0 || strings.Count(g.stdout, "\ttough\t") != 2 {
		t.Fatalf("generate --levels: exit %d\n%s%s", g.code, g.stdout, g.stderr)
	}

	// Overlapping levels: a puzzle is "wide" only when "narrow", first,
	// does not take it.
	overlap := filepath.Join(dir, "overlap.yaml")
	writeLines(t, overlap, "levels:", "  - name: narrow", `    rules: ["er <= 3"]`, "  - name: wide", `    rules: ["er > 1"]`)
	g = pressrun(t, "", "generate", "--levels", overlap, "--level", "wide", "-n", "6", "--seed", "9", "--format", "tsv")
	if g.code != 0 || strings.Count(g.stdout, "	wide	") != 6 {
		t.Fatalf("generate with overlapping levels: exit %d\n%s%s", g.code, g.stdout, g.stderr)
	}

	bad := filepath.Join(dir, "bad.yaml")
	writeLines(t, bad, "levels:", "  - name: gentle", `    rules: ["er up to 2.5"]`)
	for _, args := range [][]string{{"rate", "--levels", bad, in}, {"generate", "--levels", bad, "--level", "gentle"}} {
		r := pressrun(t, "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, "bad.yaml:3: levels[0].rules[0]: rule \"er up to 2.5\"") || r.stdout != "" {
			t.Errorf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
	}
	if r := pressrun(t, "", "generate", "--levels", ladder, "--level", "hard"); r.code != 2 || !strings.Contains(r.stderr, "gentle, tough") {
		t.Errorf("a level the file lacks: exit %d %s", r.code, r.stderr)
	}
}

// TestRateScale rates a puzzle whose hardest step SukakuExplainer finds as
// a 2-string kite and Sudoku Explainer 1.2.1 only as a chain: the two
// scales give it SukakuExplainer's figure and 1.2.1's (both checked with
// those raters: serate of SukakuExplainer 362854e says 4.3/4.3/2.6
// through a turbot fish with a grouped link, as pressrun does; Sudoku
// Explainer 1.2.1.3 says 7.8). A scale nobody has, or a scale for
// a variant, is refused.
func TestRateScale(t *testing.T) {
	const kite = "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........"
	for _, c := range []struct{ scale, level, er string }{{"sukaku", "hard", "4.3"}, {"classic", "evil", "7.8"}} {
		r := pressrun(t, kite+"\n", "rate", "--scale", c.scale)
		row := strings.Split(strings.Split(r.stdout, "\n")[1], "\t")
		if r.code != 0 || row[1] != c.level || row[2] != c.er {
			t.Errorf("--scale %s: exit %d, level %s er %s, want %s %s\n%s", c.scale, r.code, row[1], row[2], c.level, c.er, r.stderr)
		}
	}
	if r := pressrun(t, kite+"\n", "rate"); !strings.Contains(r.stdout, "\tevil\t7.8\t") {
		t.Errorf("the default scale is not classic:\n%s", r.stdout)
	}
	if r := pressrun(t, kite+"\n", "explain", "--scale", "classic"); r.code != 0 || !strings.Contains(r.stdout, "er 7.8,") {
		t.Errorf("explain --scale classic: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"rate", "--scale", "se"}, {"rate", "--variant", "6x6", "--scale", "classic"}, {"explain", "--variant", "x", "--scale", "sukaku"}} {
		if r := pressrun(t, kite+"\n", args...); r.code != 2 || !strings.Contains(r.stderr, "--scale") {
			t.Errorf("%v: exit %d, want 2 naming --scale\n%s", args, r.code, r.stderr)
		}
	}
}

// TestRateBudget rates one of the forum's hardest (forum-hardest-1106.txt
// line 14, which Sudoku Explainer 1.2.1.3 rates 10.2/1.2/1.2 through
// nested forcing chains, as pressrun does) with the default budget, and
// with one too small for it: then er is a lower bound, printed with a
// plus, and no more than the full rating. A negative budget is refused.
func TestRateBudget(t *testing.T) {
	const hard = "........2..8..91..5......4....9.7.....7.3.8.....8.1.3..4..6...5..97..3..2........"
	r := pressrun(t, hard+"\n", "rate")
	row := strings.Split(strings.Split(r.stdout, "\n")[1], "\t")
	if r.code != 0 || row[2] != "10.2" || row[3] != "1.2" || row[4] != "1.2" {
		t.Errorf("default budget: exit %d, er/ep/ed %v, want 10.2 1.2 1.2\n%s", r.code, row[2:5], r.stderr)
	}
	r = pressrun(t, hard+"\n", "rate", "--budget", "1")
	row = strings.Split(strings.Split(r.stdout, "\n")[1], "\t")
	er, err := strconv.ParseFloat(strings.TrimSuffix(row[2], "+"), 64)
	if r.code != 0 || !strings.HasSuffix(row[2], "+") || err != nil || er > 10.2 || row[3] != "1.2" {
		t.Errorf("--budget 1: exit %d, er %s ep %s: want a lower bound with a plus, at most 10.2, ep 1.2\n%s", r.code, row[2], row[3], r.stderr)
	}
	if r := pressrun(t, hard+"\n", "rate", "--budget", "-5"); r.code != 2 || !strings.Contains(r.stderr, "--budget") {
		t.Errorf("--budget -5: exit %d\n%s", r.code, r.stderr)
	}
	// explain says the same.
	if r := pressrun(t, hard+"\n", "explain"); r.code != 0 || !strings.Contains(r.stdout, "er 10.2, ep 1.2, ed 1.2,") || strings.Contains(r.stdout, "lower bound") {
		t.Errorf("explain: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := pressrun(t, hard+"\n", "explain", "--budget", "1"); r.code != 0 || !regexp.MustCompile(`er \d+\.\d\+, ep 1\.2, ed 1\.2,.*guesses \(a plus marks a lower bound`).MatchString(r.stdout) {
		t.Errorf("explain --budget 1: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestRateVariantBudget: --budget bounds a variant's dynamic chains too.
// An evil Sudoku X (engine/variant/logic/testdata/evil-guessed.tsv, index
// 11) is rated 9.1 by dynamic forcing chains with its kind's budget and
// with none; with a budget of a million implications it runs out and is
// finished by guesses, counted in its techniques.
func TestRateVariantBudget(t *testing.T) {
	const x = "......7...5.2....16..........3......4...9..7...146..9.....51.....46...........3..\n"
	for _, c := range []struct {
		budget []string
		guess  bool
	}{{nil, false}, {[]string{"--budget", "0"}, false}, {[]string{"--budget", "1"}, true}} {
		r := pressrun(t, x, append([]string{"rate", "--variant", "x"}, c.budget...)...)
		rows := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if r.code != 0 || len(rows) != 2 {
			t.Fatalf("rate --variant x %v: exit %d\n%s%s", c.budget, r.code, r.stdout, r.stderr)
		}
		cols := strings.Split(rows[1], "\t")
		if guessed := strings.Contains(","+cols[7], ",guess:"); guessed != c.guess || !c.guess && cols[2] != "9.1" {
			t.Errorf("rate --variant x %v: er %s, techniques %s; want a guess: %v", c.budget, cols[2], cols[7], c.guess)
		}
	}
}
