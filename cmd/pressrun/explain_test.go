package main

import (
	"regexp"
	"strings"
	"testing"
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
