package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

func TestExplain(t *testing.T) {
	const p = "3....6.8597..28.3...5...9..79.8.2....1.....9....1.9.48..7...6...5.36..7264.2....9"
	r := pressrun(t, "", "explain", p)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	steps := regexp.MustCompile(`(?m)^ *\d+\. \[\d+\.\d\] r\dc\d: `).FindAllString(r.stdout, -1)
	if len(steps) < 40 || !strings.Contains(r.stdout, "<- hardest") || !regexp.MustCompile(`er \d+\.\d, ep`).MatchString(r.stdout) {
		t.Fatalf("explain printed %d placing steps:\n%s", len(steps), r.stdout)
	}
	// Every step's number is one more than the last, and --min-rating hides.
	short := pressrun(t, "", "explain", "--min-rating", "2.5", p)
	if !strings.Contains(short.stdout, "easier steps not shown") || len(short.stdout) >= len(r.stdout) {
		t.Fatalf("--min-rating 2.5:\n%s", short.stdout)
	}
	// Three puzzles from standard input, the second with many solutions:
	// reported as FILE:LINE on stderr, exit 2; --keep-going explains the
	// third.
	in := p + "\n" + strings.Repeat(".", 80) + "1\n" + p + "\n"
	stop := pressrun(t, in, "explain", "-")
	if stop.code != 2 || strings.Count(stop.stdout, "puzzle ") != 1 || !strings.Contains(stop.stderr, "<stdin>:2: puzzle has 2 or more solutions") {
		t.Fatalf("stdin: exit %d\n%s%s", stop.code, stop.stdout, stop.stderr)
	}
	all := pressrun(t, in, "explain", "--keep-going", "-")
	if all.code != 2 || strings.Count(all.stdout, "puzzle ") != 2 || !strings.Contains(all.stderr, "skipped 1 puzzle without exactly one solution") {
		t.Fatalf("stdin --keep-going: exit %d\n%s%s", all.code, all.stdout, all.stderr)
	}
	if one := pressrun(t, "", "explain", strings.Repeat(".", 80)+"1"); one.code != 2 || !strings.Contains(one.stderr, "2 or more solutions") {
		t.Fatalf("one puzzle with many solutions: exit %d %s", one.code, one.stderr)
	}
	// A bad puzzle on the command line is bad input.
	if bad := pressrun(t, "", "explain", "55"+p[2:]); bad.code != 2 || !strings.Contains(bad.stderr, "argument 1: digit 5 repeated") {
		t.Fatalf("bad puzzle: exit %d %s", bad.code, bad.stderr)
	}
	// With no argument, as with "-", explain reads standard input, as
	// solve, rate and canon do.
	if none := pressrun(t, p+"\n", "explain"); none.code != 0 || none.stdout != r.stdout {
		t.Fatalf("no argument: exit %d\n%s%s", none.code, none.stdout, none.stderr)
	}
}

// The puzzles of TestExplainVariant, made by pressrun generate --variant
// 6x6 --level hard --seed 1 (the second) and --variant 16x16 --level
// easy --seed 1.
const (
	explain6x6   = "......463.....1..4....5.3....5..5.23"
	explain16x16 = ".A.....2..G.1.D...FGE.D......4B....1.6...5F7...98...G.97....A....CE27A....8D..G.D.8..41...9.F2E.1.6.3...7F.......4...GC......BA368AD....E....3.73.....5....9BD8..........4.29..A47.9.2.D3....FC..6..9.G...5..E...14..8..9.B.CG2...C....3GA6.......G.F....2..D.5."
)

// TestExplainVariant: explain --variant prints the variant rater's solve
// as classic's, a 6x6 whole (golden), a 16x16's placements each the
// solution's symbol and together with the givens the whole grid; a
// puzzle with many solutions is refused with classic's words and exit
// status.
func TestExplainVariant(t *testing.T) {
	golden(t, "explain-variant-6x6", []string{"explain", "--variant", "6x6", "-"}, pressrun(t, explain6x6+"\n", "explain", "--variant", "6x6", "-"))

	r := pressrun(t, explain16x16+"\n", "explain", "--variant", "16x16")
	if r.code != 0 {
		t.Fatalf("16x16: exit %d\n%s", r.code, r.stderr)
	}
	v, err := variant.Sized(16)
	if err != nil {
		t.Fatal(err)
	}
	g, err := v.Parse(explain16x16)
	if err != nil {
		t.Fatal(err)
	}
	n, solution := variant.NewSolver(v).Count(g, 2)
	if n != 1 {
		t.Fatalf("the 16x16 has %d solutions", n)
	}
	head := "puzzle " + explain16x16 + "\n  " + strings.ReplaceAll(strings.TrimSuffix(v.Pretty(g), "\n"), "\n", "\n  ") + "\n"
	if !strings.HasPrefix(r.stdout, head) || strings.Count(head, "|") != 16*3 {
		t.Errorf("16x16: not the puzzle and its grid:\n%s", r.stdout)
	}
	placed := regexp.MustCompile(`(?m)^ *\d+\. \[\d+\.\d\] .*[Pp]lace ([1-9A-G]) in r(\d+)c(\d+)\.$`)
	filled := g.Clues()
	for _, m := range placed.FindAllStringSubmatch(r.stdout, -1) {
		row, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		cell := (row-1)*16 + col - 1
		if want := v.Format(solution)[cell : cell+1]; m[1] != want || g[cell] != 0 {
			t.Errorf("r%dc%d: placed %s, the solution has %s (given %d)", row, col, m[1], want, g[cell])
		}
		filled++
	}
	if filled != 256 || !regexp.MustCompile(`(?m)^er \d+\.\d, ep \d+\.\d, ed \d+\.\d, score \d+, \d+ steps\n\z`).MatchString(r.stdout) {
		t.Errorf("16x16: %d cells filled of 256, or no ratings line:\n%s", filled, r.stdout)
	}

	// Many solutions: classic's words and exit status; --keep-going
	// explains the rest.
	open := explain6x6[:len(explain6x6)-2] + ".."
	in := explain6x6 + "\n" + open + "\n" + explain6x6 + "\n"
	stop := pressrun(t, in, "explain", "--variant", "6x6")
	if stop.code != 2 || strings.Count(stop.stdout, "puzzle ") != 1 || !strings.Contains(stop.stderr, "<stdin>:2: puzzle has 2 or more solutions") {
		t.Errorf("6x6 with many solutions: exit %d\n%s%s", stop.code, stop.stdout, stop.stderr)
	}
	all := pressrun(t, in, "explain", "--variant", "6x6", "--keep-going")
	if all.code != 2 || strings.Count(all.stdout, "puzzle ") != 2 || !strings.Contains(all.stderr, "skipped 1 puzzle without exactly one solution") {
		t.Errorf("--keep-going: exit %d\n%s%s", all.code, all.stdout, all.stderr)
	}
	if bad := pressrun(t, explain6x6+"\n", "explain", "--variant", "7x7"); bad.code != 2 || !strings.Contains(bad.stderr, `--variant "7x7": want classic, 4x4`) {
		t.Errorf("--variant 7x7: exit %d %s", bad.code, bad.stderr)
	}
	if help := pressrun(t, "", "help", "explain"); !strings.Contains(help.stdout, "--variant KIND") {
		t.Errorf("help explain does not name --variant:\n%s", help.stdout)
	}
}

// TestExplainVariantBudget: explain --variant honours --budget as rate
// does. A 12x12 whose solve needs dynamic chains (er 9.2 with its kind's
// budget) is guessed through under a budget of one million implications.
func TestExplainVariantBudget(t *testing.T) {
	t.Parallel()
	const p12 = "79.....B....A..426.....92C.6.14....5..4...91.8.212..6.......6.....5.3....3.7....4.A1.......6...BC.91B..2.5......7C.....89A.....82C.....CA.2.967."
	for _, tt := range []struct {
		args []string
		last string
	}{
		{nil, "er 9.2,"},
		{[]string{"--budget", "1"}, "er 11.0,"},
	} {
		r := pressrun(t, "", append(append([]string{"explain", "--variant", "12x12"}, tt.args...), p12)...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if r.code != 0 || !strings.HasPrefix(lines[len(lines)-1], tt.last) {
			t.Errorf("explain %v: exit %d, last line %q, want %q...\n%s", tt.args, r.code, lines[len(lines)-1], tt.last, r.stderr)
		}
	}
}

// TestExplainLanguage: explain --language says every step in full
// sentences in the language, as a book's hint pages do, for a classic
// puzzle (its hints, replayed step by step) and a variant's (the variant
// rater's texts); the ratings are the ones without it, and a guess says
// its cell in the language too. A language the
// words files lack is refused with the codes, exit 2.
func TestExplainLanguage(t *testing.T) {
	t.Parallel()
	const p = "3....6.8597..28.3...5...9..79.8.2....1.....9....1.9.48..7...6...5.36..7264.2....9"
	ratings := func(out string) string { return out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:] }
	short := pressrun(t, "", "explain", p)
	for _, tt := range []struct {
		args      []string
		want, not []string
	}{
		{[]string{"explain", "--language", "de", p}, []string{"In Block 2 hat die 5 nur noch einen Platz", "(ein XY-Wing)", "Tragen Sie"}, []string{"hidden single", "xy-wing", "Place "}},
		{[]string{"explain", "--language", "en", p}, []string{"In box 2, the digit 5 has only one place left", "an XY-wing"}, []string{"hidden single 5 in box 2"}},
		{[]string{"explain", "--variant", "6x6", "--language", "fr", explain6x6}, []string{"Dans la ligne 2, le chiffre 5 n’a plus qu’une place", "Placez"}, []string{"Place "}},
	} {
		r := pressrun(t, "", tt.args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, r.code, r.stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%v: no %q in\n%.1500s", tt.args, w, r.stdout)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(r.stdout, w) {
				t.Errorf("%v: %q in\n%.1500s", tt.args, w, r.stdout)
			}
		}
		if tt.args[1] == "--language" && ratings(r.stdout) != ratings(short.stdout) {
			t.Errorf("%v: %q, without --language %q", tt.args, ratings(r.stdout), ratings(short.stdout))
		}
	}
	// A guess (the forum's hardest, engine/logic's testdata, past a budget
	// of a million implications) says its cell in the language too.
	const hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
	if g := pressrun(t, "", "explain", "--language", "de", "--budget", "1", hardest); g.code != 0 || !regexp.MustCompile(`\] r\dc\d: keine Technik greift; probieren Sie \d \(von \d+\)`).MatchString(g.stdout) {
		t.Errorf("--language de --budget 1: exit %d, no guess in German:\n%.1500s", g.code, g.stdout)
	}
	bad := pressrun(t, "", "explain", "--language", "xx", p)
	if bad.code != 2 || !strings.Contains(bad.stderr, `--language "xx": want en, de, es, fr, it`) {
		t.Errorf("--language xx: exit %d %s", bad.code, bad.stderr)
	}
}
