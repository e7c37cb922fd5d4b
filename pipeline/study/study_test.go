package study

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/solve"
)

// TestStudySet runs three methods over a small set and reads the report
// back: every method has its row, every pair its sign and worst-10% rows,
// every plot its PNG, and numbers.tsv holds the tables' numbers.
func TestStudySet(t *testing.T) {
	ps := enginetest.ReadSample(t, "../../engine/testdata/top1465-sample.txt", 30)
	var methods []solve.Method
	for _, n := range []string{"exact", "backtrack", "rules"} {
		m, err := solve.Find(n)
		if err != nil {
			t.Fatal(err)
		}
		methods = append(methods, m)
	}
	s, err := Set(context.Background(), "top1465-sample", ps, Options{Methods: methods, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Write(context.Background(), dir, s); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	tsv, err := os.ReadFile(filepath.Join(dir, "numbers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"exact / backtrack", "exact / rules", "backtrack / rules"} {
		if !bytes.Contains(page, []byte(want)) || !bytes.Contains(tsv, []byte("top1465-sample-sign\t"+want)) || !bytes.Contains(tsv, []byte("top1465-sample-worst10\t"+want)) {
			t.Errorf("no sign or worst-10%% row for %s", want)
		}
	}
	// The work table's rows: each method solved all 30.
	for _, m := range methods {
		if !bytes.Contains(tsv, []byte("top1465-sample-work\t"+m.Name+"\tsolved\t30 of 30\n")) {
			t.Errorf("numbers.tsv: no row saying %s solved 30 of 30", m.Name)
		}
	}
	plots := 0
	for _, sec := range s.Sections {
		for _, p := range sec.Plots {
			plots++
			f, err := os.Open(filepath.Join(dir, "plots", p.Name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(f)
			f.Close()
			if err != nil || img.Bounds().Dx() < 500 {
				t.Errorf("plots/%s.png: %v, %v", p.Name, err, img.Bounds())
			}
		}
	}
	// A histogram and a scatter plot each, and the sorted curves.
	if plots != 2*len(methods)+1 || strings.Count(string(page), "<svg") != plots {
		t.Errorf("%d plots, %d inline: want %d", plots, strings.Count(string(page), "<svg"), 2*len(methods)+1)
	}
	lines := strings.Split(strings.TrimSpace(string(tsv)), "\n")
	for _, l := range lines {
		if strings.Count(l, "\t") != 4 {
			t.Errorf("numbers.tsv line %q has not 5 fields", l)
		}
	}
}

func TestReproduceRefuses(t *testing.T) {
	_, err := Reproduce(context.Background(), "005", Options{})
	if !errors.Is(err, ErrNoReproduction) {
		t.Errorf("Reproduce(005): %v", err)
	}
	_, err = Reproduce(context.Background(), "004", Options{DataDir: t.TempDir()})
	if !errors.Is(err, ErrNoData) {
		t.Errorf("Reproduce(004) without data: %v", err)
	}
}

// checkVerdicts fails unless the study has a verdict for every one of
// names, each complete: a claim, the paper's figure and pressrun's, one of
// the three verdicts, the statistic that decides it, and a reason when it
// does not simply hold. The report and numbers.tsv must open with them.
func checkVerdicts(t *testing.T, s *Report, names ...string) {
	t.Helper()
	got := map[string]Finding{}
	for _, v := range s.Verdicts() {
		if _, dup := got[v.Name]; dup {
			t.Errorf("verdict %q twice", v.Name)
		}
		got[v.Name] = v
		if v.Claim == "" || v.Paper == "" || v.Pressrun == "" || v.Statistic == "" {
			t.Errorf("verdict %q is missing a part: %+v", v.Name, v)
		}
		switch v.Verdict {
		case Holds:
		case HoldsPartly, DoesNotHold:
			if v.Reason == "" {
				t.Errorf("verdict %q: %s without a reason", v.Name, v.Verdict)
			}
		default:
			t.Errorf("verdict %q: %q is not a verdict", v.Name, v.Verdict)
		}
	}
	for _, n := range names {
		if _, ok := got[n]; !ok {
			t.Errorf("no verdict %q (have %v)", n, slices.Sorted(maps.Keys(got)))
		}
	}
	dir := t.TempDir()
	if err := Write(context.Background(), dir, s); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	tsv, _ := os.ReadFile(filepath.Join(dir, "numbers.tsv"))
	if i, j := bytes.Index(page, []byte(`<table class="verdicts">`)), bytes.Index(page, []byte("<h2")); i < 0 || i > j {
		t.Errorf("report.html does not open with the verdicts table")
	}
	for n, v := range got {
		if !bytes.Contains(tsv, []byte("\tverdicts\t"+n+"\tverdict\t"+string(v.Verdict)+"\n")) {
			t.Errorf("numbers.tsv has no verdict line for %q", n)
		}
	}
}

// tableCells is the study's table name as row -> column -> cell.
func tableCells(s *Report, name string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, sec := range s.Sections {
		for _, t := range sec.Tables {
			if t.Name != name {
				continue
			}
			for _, r := range t.Rows {
				out[r[0]] = map[string]string{}
				for i, c := range t.Columns {
					out[r[0]][c] = r[i]
				}
			}
		}
	}
	return out
}

func parse(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return v
}
