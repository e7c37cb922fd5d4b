package pipeline

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/pressrun/pressrun/engine/generate"
)

// TestGenerateMethodIsTheSameForAnyWorkers: a method's puzzles, ratings
// and outcomes depend on the seed and the index only, and the tally counts
// every hit and miss.
func TestGenerateMethodIsTheSameForAnyWorkers(t *testing.T) {
	for _, tt := range []struct{ method, target string }{{"tuned", "wnef=0.14"}, {"hillclimb", "callcount=29.2"}} {
		tg, err := generate.ParseTarget(tt.target, "")
		if err != nil {
			t.Fatal(err)
		}
		cfg := GenerateConfig{Count: 5, Seed: 11, Method: tt.method, Aim: generate.Options{Target: tg}}
		var runs [][]Generated
		for _, workers := range []int{1, 3} {
			cfg.Workers = workers
			var out []Generated
			tally, err := GenerateTallied(context.Background(), cfg, func(g Generated) error {
				out = append(out, g)
				return nil
			})
			if err != nil {
				t.Fatalf("%s, %d workers: %v", tt.method, workers, err)
			}
			hits := 0
			for i, g := range out {
				if g.Index != i || g.Ratings == nil || g.Outcome == nil {
					t.Fatalf("%s, %d workers: puzzle %d: %+v, want index %d, ratings and outcome", tt.method, workers, i, g, i)
				}
				if g.Outcome.Hit {
					hits++
				}
			}
			if tally.Puzzles != 5 || tally.Hits != hits || tally.Misses != 5-hits || tally.Time <= 0 {
				t.Errorf("%s, %d workers: tally %+v, want 5 puzzles, %d hits", tt.method, workers, tally, hits)
			}
			runs = append(runs, out)
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Errorf("%s: 1 and 3 workers differ:\n%+v\n%+v", tt.method, runs[0], runs[1])
		}
	}
}

func TestGenerateMethodBadOptions(t *testing.T) {
	for _, cfg := range []GenerateConfig{
		{Count: 1, Method: "tuned"}, // no target
		{Count: 1, Method: "anneal"},
	} {
		if _, err := collect(t, context.Background(), cfg); !errors.Is(err, generate.ErrOptions) {
			t.Errorf("%+v: %v, want generate.ErrOptions", cfg, err)
		}
	}
}
