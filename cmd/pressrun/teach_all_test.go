package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
)

// TestEveryTechnique is the teaching issue's check of every technique:
// for each kind in PRESSRUN_TEACH_KINDS ("classic x 16x16"; unset, the
// test does not run: it takes many minutes, scripts/teach-times runs it)
// and each technique on its ladder (classic's on the classic scale, the
// sukaku scale's own on that one), generate --technique NAME -n 10 --seed
// 1 gives 10 puzzles, each unique (engine's exact solver; a variant's by
// enginetest.CoverCount, a plain exact cover), with the technique in its
// solve and no step rated above it. Each technique is given
// PRESSRUN_TEACH_LIMIT (default 5m); the log's table has each one's
// median and slowest puzzle.
func TestEveryTechnique(t *testing.T) {
	kinds := strings.Fields(os.Getenv("PRESSRUN_TEACH_KINDS"))
	if len(kinds) == 0 {
		t.Skip("PRESSRUN_TEACH_KINDS unset: scripts/teach-times runs this")
	}
	limit := 5 * time.Minute
	if d, err := time.ParseDuration(os.Getenv("PRESSRUN_TEACH_LIMIT")); err == nil {
		limit = d
	}
	n := 10
	for _, kind := range kinds {
		for _, tech := range teach.All() {
			args := []string{"generate", "--technique", tech.Name, "-n", fmt.Sprint(n), "--seed", "1", "--format", "tsv", "--workers", "2"}
			var scale *logic.Scale
			var v *variant.Variant
			if kind == "classic" {
				switch {
				case tech.On(logic.Classic.Techniques()):
				case tech.On(logic.Sukaku.Techniques()):
					scale = logic.Sukaku
					args = append(args, "--scale", "sukaku")
				default:
					continue
				}
			} else {
				on, _ := teach.OnKind(kind, nil)
				if !tech.On(on) {
					continue
				}
				var err error
				if v, err = variant.Named(kind); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--variant", kind)
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			start := time.Now()
			r := pressrunCtx(t, ctx, "", args...)
			cancel()
			took := time.Since(start)
			if r.code != 0 {
				t.Errorf("%s %s: exit %d after %v: %s", kind, tech.Name, r.code, took.Round(time.Second), strings.TrimSpace(r.stderr))
				continue
			}
			aim := teach.Aim{Techniques: []teach.Technique{tech}}
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")[1:]
			if len(lines) != n {
				t.Errorf("%s %s: %d puzzles", kind, tech.Name, len(lines))
			}
			for _, line := range lines {
				cells := strings.Split(line, "\t")[1]
				var j teach.Judgement
				var er float64
				var guesses int
				if v == nil {
					g, err := engine.Parse(cells)
					if err != nil {
						t.Fatal(err)
					}
					if c, _ := engine.CountSolutions(g, 2); c != 1 {
						t.Errorf("%s %s: %s has %d solutions", kind, tech.Name, cells, c)
						continue
					}
					res, err := logic.SolveWith(g, logic.Options{Scale: scale})
					if err != nil {
						t.Fatal(err)
					}
					j, er, guesses = aim.Judge(teach.ClassicSteps(res.Steps)), res.ER, res.Guesses
				} else {
					pv, g, _, err := variant.NewReader(strings.NewReader(cells+"\n"), v).Next()
					if err != nil {
						t.Fatal(err)
					}
					if c := enginetest.CoverCount(pv.Size, pv.Regions, pv.Extra, g, 2); c != 1 {
						t.Errorf("%s %s: %s has %d solutions", kind, tech.Name, cells, c)
						continue
					}
					res, err := vlogic.NewSolver(pv).Solve(g)
					if err != nil {
						t.Fatal(err)
					}
					j, er, guesses = aim.Judge(teach.VariantSteps(res.Steps)), res.ER, res.Guesses
				}
				if !aim.Met(j) || er > j.Top || guesses > 0 {
					t.Errorf("%s %s: %s: %+v, er %.1f", kind, tech.Name, cells, j, er)
				}
			}
			t.Logf("%-8s %-28s %s  (run %v)", kind, tech.Name, strings.TrimSpace(strings.TrimPrefix(r.stderr, "pressrun: "+tech.Name+": ")), took.Round(time.Millisecond))
		}
	}
}
