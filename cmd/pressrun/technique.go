package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/teach"
)

// techniqueFlag reads --technique and --require: the aim of a run that
// makes puzzles for a chapter, or nil when --technique is not given.
func techniqueFlag(fs *flag.FlagSet, names string, require int) (*teach.Aim, error) {
	if !flagGiven(fs, "technique") {
		if flagGiven(fs, "require") {
			return nil, usagef("--technique x-wing --require 2 asks for two x-wing steps", "--require needs --technique")
		}
		return nil, nil
	}
	var aim teach.Aim
	for _, name := range strings.Split(names, ",") {
		t, err := teach.Named(name)
		if err != nil {
			return nil, usagef("'pressrun help techniques' lists them", "--technique %q: no technique of that name", strings.TrimSpace(name))
		}
		aim.Techniques = append(aim.Techniques, t)
	}
	if require < 1 {
		return nil, usagef("--require 2 asks for two steps of the techniques or more", "--require %d: want 1 or more", require)
	}
	aim.Require = require
	if err := aim.Check(); err != nil {
		return nil, usagef("name each technique once", "--technique %q: %s", names, strings.TrimPrefix(err.Error(), "teach: "))
	}
	return &aim, nil
}

// writeTechniques prints 'pressrun help techniques': every technique a
// chapter can teach, its rating on each scale ("-" where the scale finds
// it only as another technique; "+" where its steps rate higher with
// size or length) and the kinds whose ladders have it.
func writeTechniques(w io.Writer) {
	fmt.Fprint(w, `Techniques: what 'generate --technique NAME' and a book section's
technique: take. A puzzle made for a technique needs it at least once (or
--require N times) where nothing simpler applies, and no step rated above
it. Ratings are Sudoku Explainer's: SE is the classic scale (Sudoku
Explainer 1.2.1), SkE the sukaku scale (SukakuExplainer); "-" means the
scale has no such step (SE finds a skyscraper as the x-chain it is), "+"
that longer or larger steps rate higher. Kinds: the kinds whose ladders
have it besides classic ("variants": 4x4 to 16x16, x, windoku, jigsaw and
the gattai; "killer": both killer sizes).

`)
	classic, sukaku := logic.Classic.Techniques(), logic.Sukaku.Techniques()
	plain, _ := teach.OnKind("x", nil)
	killer, _ := teach.OnKind("killer", nil)
	fmt.Fprintf(w, "%-28s %-6s %-6s %s\n", "technique", "SE", "SkE", "kinds")
	for _, t := range teach.All() {
		rating := func(on []logic.Technique) string {
			if !t.On(on) {
				return "-"
			}
			s := fmt.Sprintf("%.1f", t.Rating())
			if t.Ceiling() > t.Rating() {
				s += "+"
			}
			return s
		}
		var kinds []string
		if t.On(plain) {
			kinds = append(kinds, "variants")
		}
		if t.On(killer) {
			kinds = append(kinds, "killer")
		}
		if len(t.Members) > 1 {
			var of []string
			for _, m := range t.Members {
				of = append(of, m.Key())
			}
			kinds = append(kinds, "(any of "+strings.Join(of, ", ")+")")
		}
		fmt.Fprintf(w, "%-28s %-6s %-6s %s\n", t.Name, rating(classic), rating(sukaku), strings.Join(kinds, " "))
	}
}

// writeTechniqueTimes prints what a --technique run's puzzles took on
// stderr: "pressrun: x-wing: 10 puzzles, 12.3 ms a puzzle (median), 40.1
// ms the slowest" (times in job order; each job's own, so about the same
// for any worker count).
func writeTechniqueTimes(w io.Writer, aim *teach.Aim, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	sorted := slices.Sorted(slices.Values(times))
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Fprintf(w, "pressrun: %s: %s, %.1f ms a puzzle (median), %.1f ms the slowest\n", aim.Names(), plural(len(times), "puzzle"),
		ms(sorted[(len(sorted)-1)/2]), ms(sorted[len(sorted)-1]))
}
