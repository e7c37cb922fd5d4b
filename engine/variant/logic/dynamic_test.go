package logic

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestDynamicRungs: the evil X, jigsaw and windoku puzzles that the
// ladder without the dynamic rungs finished by a guess
// (testdata/evil-guessed.tsv) are rated by logic: no guess, at least one
// dynamic or nested forcing chain, every step held to the solution by
// SolveWith and replayed against the exact solver's.
func TestDynamicRungs(t *testing.T) {
	kinds := map[string]int{}
	var slowest time.Duration
	for _, e := range readGuessed(t) {
		v, p, f := e.v, e.p, e.f
		began := time.Now()
		res, err := NewSolver(v).Solve(p)
		slowest = max(slowest, time.Since(began))
		if err != nil {
			t.Fatalf("%s %s: %v", v.Name, f[0], err)
		}
		dynamic := 0
		for _, tech := range []Technique{classic.DynamicForcing, classic.DynamicForcingPlus, classic.NestedForcing} {
			dynamic += res.Counts[tech.Key()]
		}
		if res.Guesses > 0 || dynamic == 0 || res.ER < 8.5 {
			t.Errorf("%s %s: er %.1f, %d guesses, %d dynamic steps; want no guess and a dynamic chain", v.Name, f[0], res.ER, res.Guesses, dynamic)
		}
		if v.Format(res.Solution) != f[2] {
			t.Errorf("%s %s: solved to %s, want %s", v.Name, f[0], v.Format(res.Solution), f[2])
		}
		replay(t, v, p, res)
		kinds[v.Name]++
	}
	if kinds["x"] == 0 || kinds["jigsaw"] == 0 || kinds["windoku"] == 0 {
		t.Errorf("puzzles by kind %v, want X, jigsaw and windoku", kinds)
	}
	t.Logf("%v, the slowest in %v", kinds, slowest.Round(time.Millisecond))
}

// TestDynamicRungsSmall: boards smaller than 9x9 take the classic chain
// engine too, drawn in its 9x9 frame. Each of these needs its nishio; the
// steps, their cells numbered as the small board's, replay on the board
// to the exact solver's solution, and none is a guess.
func TestDynamicRungsSmall(t *testing.T) {
	sizes := map[int]int{}
	for _, r := range rateListed(t, "testdata/small-chains.txt") {
		if r.res.Guesses > 0 || r.res.Counts[classic.Nishio.Key()] == 0 {
			t.Errorf("%s: er %.1f, %d guesses, counts %v; want nishio and no guess", r.line, r.res.ER, r.res.Guesses, r.res.Counts)
		}
		sizes[r.v.Size]++
	}
	if sizes[6] == 0 || sizes[8] == 0 {
		t.Errorf("puzzles by side %v, want 6x6 and 8x8", sizes)
	}
}

// TestDynamicRungsWide: 12x12 and 16x16 boards take the classic chain
// engine built for the 16x16 frame (engine/logic/wide). Each of these
// minimal puzzles, which the ladder guessed before it, is rated by logic:
// no guess, a dynamic forcing chain or a BUG, every step replayed to the
// exact solver's solution; together they take BUG, nishio and the
// dynamic chains on both sides.
func TestDynamicRungsWide(t *testing.T) {
	seen := map[string]int{}
	for _, r := range rateListed(t, "testdata/wide-chains.txt") {
		dynamic := r.res.Counts[classic.DynamicForcing.Key()]
		bug := r.res.Counts[classic.BUG1.Key()]
		if r.res.Guesses > 0 || dynamic+bug == 0 {
			t.Errorf("%.40s: er %.1f, %d guesses, counts %v; want a dynamic chain or a BUG and no guess", r.line, r.res.ER, r.res.Guesses, r.res.Counts)
		}
		for _, tech := range []Technique{classic.BUG1, classic.Nishio, classic.DynamicForcing} {
			if r.res.Counts[tech.Key()] > 0 {
				seen[fmt.Sprint(r.v.Size, " ", tech)]++
			}
		}
	}
	for _, want := range []string{"12 bug+1", "12 nishio forcing chains", "12 dynamic forcing chains", "16 nishio forcing chains", "16 dynamic forcing chains"} {
		if seen[want] == 0 {
			t.Errorf("no puzzle took %s; took %v", want, seen)
		}
	}
}

// listed is a puzzle of a testdata list, rated.
type listed struct {
	line string
	v    *variant.Variant
	g    variant.Grid
	res  Result
}

// rateListed rates the puzzles of a testdata list (readListed) and
// replays each rating to the exact solver's solution.
func rateListed(t *testing.T, file string) []listed {
	t.Helper()
	out := readListed(t, file)
	for i, l := range out {
		res, err := NewSolver(l.v).Solve(l.g)
		if err != nil {
			t.Fatalf("%s: %v", l.line, err)
		}
		replay(t, l.v, l.g, res)
		out[i].res = res
	}
	return out
}

// readListed reads the puzzles of a testdata list: a variant's key, a
// tab and the puzzle a line; # starts a comment.
func readListed(t *testing.T, file string) []listed {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []listed
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		key, puzzle, _ := strings.Cut(line, "\t")
		v, err := variant.FromKey(key)
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.Parse(puzzle)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, listed{line: line, v: v, g: p})
	}
	return out
}

// TestBUG: the classic rater's BUG serves the variants whose houses each
// hold every digit once: these 8x8 and 6x6 puzzles take a bug+1 step and
// replay to the exact solver's solution. A killer's ladder has no BUG.
func TestBUG(t *testing.T) {
	rated := rateListed(t, "testdata/bug.txt")
	for _, r := range rated {
		if r.res.Guesses > 0 || r.res.Counts[classic.BUG1.Key()] == 0 {
			t.Errorf("%s: er %.1f, counts %v; want a bug+1 step", r.line, r.res.ER, r.res.Counts)
		}
	}
	if len(rated) < 4 {
		t.Errorf("%d puzzles, want 4", len(rated))
	}
	for _, p := range readPublished(t)[:1] {
		if l, _ := ladderOf(p.v); !p.v.IsKiller() || slices.Contains(l, bugRung) {
			t.Errorf("%s: a killer's ladder has the BUG", p.name)
		}
	}
}

// TestKillerChainSums: the dynamic chains follow a killer's sums. Where
// the killer's rungs leave Tarek's first three hard killers (no digit
// placed, every rung up to the static forcing chains spent), dynamic
// forcing chains over the houses alone find nothing at all; with the
// cages' sums and the rule of 45's regions as links they find a step
// (with no budget: the first takes more than a killer's default of 24
// million implications), it agrees with the solution, and its hint
// says the chains go through the cages' sums.
func TestKillerChainSums(t *testing.T) {
	n := 0
	for _, p := range readPublished(t) {
		if p.source != "tarek" {
			continue
		}
		if n++; n > 3 {
			break
		}
		s, at, res := stalled(t, p)
		plain, err := classic.NewHouses(9, s.geo.houses, false, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st, ok, _ := plain.NewSearch(nil, nil).Find(classic.DynamicRungs[0], at.val, at.cand, 0); ok {
			t.Fatalf("%s: the houses alone make a dynamic chain: %s", p.name, st.Text)
		}
		st, ok, _ := s.search.find(classicRung(classic.DynamicRungs[0]), at.val, at.cand, 0)
		if !ok || len(st.Place)+len(st.Remove) == 0 {
			t.Fatalf("%s: no dynamic chain with the sums", p.name)
		}
		for _, x := range st.Place {
			if int(res.Solution[x[0]]) != x[1] {
				t.Fatalf("%s: %s places against the solution", p.name, st.Text)
			}
		}
		for _, x := range st.Remove {
			if int(res.Solution[x[0]]) == x[1] {
				t.Fatalf("%s: %s removes the solution's digit", p.name, st.Text)
			}
		}
		if !strings.Contains(st.Text, "dynamic forcing chains, through the cages' sums") {
			t.Fatalf("%s: the hint does not say the chains go through the sums: %s", p.name, st.Text)
		}
	}
}

// stalled is a Solver of p's killer, with no budget, and the position
// where its rungs below the dynamic chains leave p, with those steps.
func stalled(tb testing.TB, p publishedKiller) (*Solver, position, Result) {
	tb.Helper()
	s := NewSolver(p.v)
	res, err := s.SolveWith(p.g, Options{StopAtGuess: true, NoDynamic: true, Budget: -1})
	if err != nil || !res.Stopped {
		tb.Fatalf("%s: stopped %v, %v", p.name, res.Stopped, err)
	}
	return s, positionAfter(p.v, p.g, res.Steps), res
}

// position is a solve's position as engine/logic's Search.Find takes it:
// the symbols placed, and each empty cell's candidates (bit s-1 for
// symbol s).
type position struct {
	val  []uint8
	cand []uint32
}

// positionAfter is the position of g's givens, each taken from its peers'
// candidates, moved on by steps: plainly, cell by cell, apart from the
// rater.
func positionAfter(v *variant.Variant, g variant.Grid, steps []Step) position {
	at := newPosition(v, g)
	for _, st := range steps {
		for _, r := range st.Remove {
			at.cand[r.Cell] &^= 1 << (r.Symbol - 1)
		}
		for _, p := range st.Place {
			if at.val[p.Cell] == 0 {
				at.place(v, p.Cell, p.Symbol)
			}
		}
	}
	return at
}

// newPosition is the position of g's givens, each taken from its peers'
// candidates.
func newPosition(v *variant.Variant, g variant.Grid) position {
	at := position{make([]uint8, len(g)), make([]uint32, len(g))}
	for c := range at.cand {
		at.cand[c] = 1<<v.Size - 1
	}
	for c, s := range g {
		if s != 0 {
			at.place(v, c, int(s))
		}
	}
	return at
}

// place puts s in cell c and takes it from the candidates of c's peers.
func (at position) place(v *variant.Variant, c, s int) {
	at.val[c], at.cand[c] = uint8(s), 0
	for _, p := range v.Peers(c) {
		at.cand[p] &^= 1 << (s - 1)
	}
}

// TestStepsWithoutWords: the steps said without words (Options.NoText)
// are the steps said in words, on every kind (the puzzles of
// small-chains.txt and wide-chains.txt, which reach the chains, minimal
// ones of every variant and published killers), with one Solver kept
// across the puzzles of a kind; and a step's words are those the classic
// rater's Search says for it found afresh in the position the steps
// before it leave (engine/logic's Find, loaded at each step).
func TestStepsWithoutWords(t *testing.T) {
	type puzzle struct {
		v *variant.Variant
		g variant.Grid
	}
	var all []puzzle
	for _, file := range []string{"testdata/small-chains.txt", "testdata/wide-chains.txt"} {
		for _, l := range readListed(t, file) {
			all = append(all, puzzle{l.v, l.g})
		}
	}
	for _, v := range every(t) {
		if v.Size <= 9 {
			for _, g := range generated(t, v, 3, 11) {
				all = append(all, puzzle{v, g})
			}
		}
	}
	for _, p := range readPublished(t)[:8] {
		all = append(all, puzzle{p.v, p.g})
	}
	solvers := map[string]*Solver{}
	solve := func(quiet bool) []Result {
		var out []Result
		for _, p := range all {
			s := solvers[p.v.Key()]
			if s == nil || p.v.IsKiller() {
				s = NewSolver(p.v)
				solvers[p.v.Key()] = s
			}
			res, err := s.SolveWith(p.g, Options{NoText: quiet})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, res)
		}
		return out
	}
	said, quiet := solve(false), solve(true)
	chains, found := 0, 0
	for i, p := range all {
		a := said[i]
		if len(quiet[i].Steps) != len(a.Steps) || quiet[i].ER != a.ER {
			t.Fatalf("%s: er %.1f in %d steps, without words %.1f in %d", p.v.Format(p.g), a.ER, len(a.Steps), quiet[i].ER, len(quiet[i].Steps))
		}
		for k := range a.Steps {
			if q := quiet[i].Steps[k]; q.Text != "" || q.Technique != a.Steps[k].Technique || q.Rating != a.Steps[k].Rating || !slices.Equal(q.Remove, a.Steps[k].Remove) {
				t.Fatalf("%s: step %d without words is another step", p.v.Format(p.g), k)
			}
		}
		if a.ER >= 6.5 {
			chains++
		}
		if a.ER > 7.5 || a.Guesses > 0 {
			continue // each step found afresh below would take the chains' searches again
		}
		s := NewSolver(p.v)
		if _, err := s.Solve(p.g); err != nil {
			t.Fatal(err)
		}
		for k, st := range a.Steps {
			at := positionAfter(p.v, p.g, a.Steps[:k])
			var f classic.Found
			ok := false
			for _, r := range s.ladder {
				if f, ok, _ = s.search.find(r, at.val, at.cand, 0); ok {
					break
				}
			}
			if !ok || f.Text != st.Text {
				t.Fatalf("%s: step %d %q, found afresh %q (%v)", p.v.Format(p.g), k, st.Text, f.Text, ok)
			}
			found++
		}
	}
	t.Logf("%d steps found afresh, %d puzzles of %d reach the chains", found, chains, len(all))
	if chains == 0 {
		t.Error("no puzzle reached the chains")
	}
}

// TestStopEndsSolve: a solve told to stop (Options.Stop closed) ends
// within a moment with ErrStopped and no rating, even in the middle of a
// chain search that would take minutes: Tarek's fifth hard killer with no
// budget, stopped after 200 ms.
func TestStopEndsSolve(t *testing.T) {
	var p publishedKiller
	n := 0
	for _, q := range readPublished(t) {
		if q.source == "tarek" {
			if n++; n == 5 {
				p = q
			}
		}
	}
	s := NewSolver(p.v)
	stop := make(chan struct{})
	time.AfterFunc(200*time.Millisecond, func() { close(stop) })
	start := time.Now()
	res, err := s.SolveWith(p.g, Options{Budget: -1, Stop: stop})
	if !errors.Is(err, ErrStopped) || len(res.Steps) > 0 {
		t.Fatalf("%s: %d steps, %v; want ErrStopped and no rating", p.name, len(res.Steps), err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("%s: stopped after %v", p.name, d)
	}
	// The same Solver rates the next killer to its end.
	q := readPublished(t)[0]
	s.Reset(q.v)
	if res, err := s.SolveWith(q.g, Options{}); err != nil || res.Guesses > 0 || len(res.Steps) == 0 {
		t.Fatalf("%s after a stop: %v, %d guesses", q.name, err, res.Guesses)
	}
}

// TestRatingForgetsPuzzles: a Solver rating one puzzle after another
// rates each as a fresh Solver does, to the same steps and the same work
// spent of the budget: the chain engine keeps no nested search's outcome
// from one puzzle to the next (Search.Forget). A generator rates a
// puzzle again and again as it adds givens; with the cache kept, its
// last rating spent a fraction of what `rate` then spent on the same
// puzzle, and a 16x16 the generator called evil `rate` finished by a
// guess. The evil X puzzles of testdata/evil-guessed.tsv are each rated
// twice on one Solver, and once on a fresh one (one of them, er 10.1,
// spent 2.9 million implications rated a second time with the cache
// kept, 11.2 million the first).
func TestRatingForgetsPuzzles(t *testing.T) {
	nested := 0
	for _, e := range readGuessed(t) {
		v, p, f := e.v, e.p, e.f
		if v.Name != "x" {
			continue
		}
		fresh, err := NewSolver(v).Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		again := NewSolver(v)
		for i := range 2 {
			r, err := again.Solve(p)
			if err != nil {
				t.Fatal(err)
			}
			if r.Work != fresh.Work || r.ER != fresh.ER || len(r.Steps) != len(fresh.Steps) {
				t.Fatalf("%s %s, rating %d on one Solver: work %d, er %.1f, %d steps; a fresh Solver's: work %d, er %.1f, %d steps",
					v.Name, f[1], i+1, r.Work, r.ER, len(r.Steps), fresh.Work, fresh.ER, len(fresh.Steps))
			}
		}
		if fresh.Counts[classic.DynamicForcingPlus.Key()]+fresh.Counts[classic.NestedForcing.Key()] > 0 {
			nested++
		}
	}
	if nested == 0 {
		t.Error("no puzzle took dynamic forcing chains plus or nested ones, whose searches the cache keeps")
	}
}

// guessed is a puzzle of testdata/evil-guessed.tsv: its variant, its
// grid and its line's fields (index, puzzle, solution, variant key).
type guessed struct {
	v *variant.Variant
	p variant.Grid
	f []string
}

// readGuessed reads testdata/evil-guessed.tsv.
func readGuessed(t *testing.T) []guessed {
	t.Helper()
	data, err := os.ReadFile("testdata/evil-guessed.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []guessed
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		v, err := variant.FromKey(f[3])
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.Parse(f[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, guessed{v, p, f})
	}
	return out
}
