package pipeline

import (
	"context"
	"fmt"
	"math"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline/stats"
)

func reproduce002(ctx context.Context, o StudyOptions) (*Study, error) {
	ps, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	paper := map[string]float64{"easy": 6.2, "medium": 29.2, "hard": 98.2, "evil": 527.4}
	o.progress("seed 002: call counts", 0, len(ps))
	var counts []float64
	err = OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) float64 {
		return func(i int) float64 { return rate.CallCount(ps[i], rate.CallCountRuns, rate.Seed) }
	}, func(c float64) error {
		counts = append(counts, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	groups := byBand(bands, counts)
	sec := StudySection{Title: "Call count per level after IQR outlier removal (Table I)",
		Notes: []string{fmt.Sprintf("All %d puzzles of se-bands.tsv, in its five bands (SE ratings); the paper rated websudoku.com's four levels. Each puzzle's call count is the mean of %d seeded runs, each capped at %d calls (rate.CallCountBudget); outliers outside median ± 1.5 IQR are removed per band, as the paper does.", len(ps), rate.CallCountRuns, rate.CallCountBudget)}}
	t := StudyTable{Name: "callcount-levels", Caption: "Mean call count per band, before and after the IQR fence, beside seed 002's Table I",
		Columns: []string{"band", "puzzles", "mean", "median", "fence low", "fence high", "kept", "mean kept", "paper level", "paper mean"}}
	refs := make([]float64, len(groups))
	for i, g := range groups {
		f := NewFence("callcount", "median", 1.5, g.values)
		var kept []float64
		for _, v := range g.values {
			if f.Holds(v) {
				kept = append(kept, v)
			}
		}
		level := seBands[i].paperLevel
		ref, ok := paper[level]
		refs[i] = math.NaN()
		refCell := any("")
		if ok {
			refs[i], refCell = ref, ref
		}
		t.addRow(g.name, len(g.values), stats.Mean(g.values), f.Median, *f.Low, *f.High, len(kept), stats.Mean(kept), level, refCell)
	}
	sec.Tables = append(sec.Tables, t)
	p, err := boxPlot("Call count per band of se-bands.tsv, with seed 002's level means", "call count", groups, refs, true)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "callcount-bands", Caption: "The call count's spread in each band (boxes: quartiles; whiskers: 1.5 IQR; circles: beyond them), and seed 002's Table I level means as red crosses (hard2 has none)", Plot: p})

	gen, err := generatorRuns(ctx, o, "hillclimb", "callcount", []float64{6.2, 29.2, 98.2, 527.4}, false)
	if err != nil {
		return nil, err
	}
	gen.Caption = "The hill-climbing generator aimed at each Table I mean: hits within the window, mean time and moves per puzzle"
	gen.Name = "hillclimb-targets"
	genSec := StudySection{Title: "The hill-climbing generator", Tables: []StudyTable{gen},
		Notes: []string{"Seed 002 built a hill-climbing generator (add, delete and change-a-clue moves toward a target call count), measured it slower than rejection sampling, and dropped it. Each puzzle is made from its own random stream; every one is unique and re-rated."}}
	return &Study{Title: "Seed 002 reproduced: the CSP call count and its levels", Sections: []StudySection{sec, genSec}}, nil
}

var seed002 = Reproduction{ID: "002",
	What:   "the call count per level after IQR outlier removal (Table I); the hill-climbing generator's hit rate and time",
	Sample: "se-bands.tsv whole (1,250), 10 puzzles for each generator target; --sample N makes N/100 (at least 1) for each target",
	run:    reproduce002}
