package pipeline

import (
	"context"
	"fmt"
	"math"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline/stats"
)

func reproduce000(ctx context.Context, o StudyOptions) (*Study, error) {
	ps, bands, err := readSet(o, "se-bands.tsv")
	if err != nil {
		return nil, err
	}
	wnef := make([]float64, len(ps))
	for i, g := range ps {
		wnef[i] = rate.WNEF(g, rate.Exponential)
	}
	paper := map[string]float64{"easy": 0.268, "medium": 0.111, "hard": 0.092, "evil": 0.041}
	groups := byBand(bands, wnef)
	sec := StudySection{Title: "WNEF per level (Table 1) and its t-tests",
		Notes: []string{fmt.Sprintf("All %d puzzles of se-bands.tsv in its five bands; the paper's control puzzles came in four levels. WNEF with exponential weights, lower is harder.", len(ps))}}
	t := StudyTable{Name: "wnef-levels", Caption: "Mean WNEF per band beside seed 000's Table 1",
		Columns: []string{"band", "puzzles", "mean", "sd", "median", "paper level", "paper mean"}}
	refs := make([]float64, len(groups))
	for i, g := range groups {
		level := seBands[i].paperLevel
		refs[i] = math.NaN()
		refCell := any("")
		if v, ok := paper[level]; ok {
			refs[i], refCell = v, v
		}
		t.addRow(g.name, len(g.values), stats.Mean(g.values), stats.StdDev(g.values), stats.Median(g.values), level, refCell)
	}
	tt := StudyTable{Name: "wnef-ttests", Caption: fmt.Sprintf("t-tests between neighbouring bands (%s, α = %g): is the easier band's mean WNEF higher?", wnefTest, wnefAlpha),
		Columns: []string{"bands", "t", "df", "p (one-sided)", "p (two-sided)", "significant"}}
	for i := 0; i+1 < len(groups); i++ {
		r := stats.WelchT(groups[i].values, groups[i+1].values)
		tt.addRow(groups[i].name+" > "+groups[i+1].name, r.T, r.DF, r.PGreater, r.P, r.PGreater < wnefAlpha)
	}
	sec.Tables = append(sec.Tables, t, tt)
	p, err := boxPlot("WNEF per band of se-bands.tsv, with seed 000's level means", "WNEF", groups, refs, false)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "wnef-bands", Caption: "WNEF's spread in each band (boxes: quartiles; whiskers: 1.5 IQR; circles: beyond them), and seed 000's Table 1 level means as red crosses (hard2 has none)", Plot: p})

	targets := []float64{0.268, 0.111, 0.092, 0.041}
	with, err := generatorRuns(ctx, o, "tuned", "wnef", targets, false)
	if err != nil {
		return nil, err
	}
	with.Name, with.Caption = "tuned-anneal", "The tuned generator with its annealing step, aimed at each Table 1 mean"
	without, err := generatorRuns(ctx, o, "tuned", "wnef", targets, true)
	if err != nil {
		return nil, err
	}
	without.Name, without.Caption = "tuned-no-anneal", "The same without the annealing step: the WNEF its removal strategies reach alone"
	gen := StudySection{Title: "The tuned generator's reachable WNEF", Tables: []StudyTable{with, without},
		Notes: []string{"Seed 000 digs with removal strategies aimed at a target WNEF and, when the minimum reached is not low enough, anneals: adds clues back, optimises again and reverts to the best. Each puzzle is unique and re-rated."}}
	return &Study{Title: "Seed 000 reproduced: the weighted normalized ease function", Sections: []StudySection{sec, gen}}, nil
}

// The test seed 000 runs between neighbouring levels (§4.2.3): its
// statistic is Welch's unpooled t (the text says "Student's t
// distribution"), at α = 0.0025, rejecting when t > t_α, a one-sided
// cutoff (its stated alternative is two-sided; both p-values are shown).
const (
	wnefTest  = "Welch's t, one-sided as the paper rejects"
	wnefAlpha = 0.0025
)

var seed000 = Reproduction{ID: "000",
	What:   "WNEF per level and its t-tests (Table 1); the tuned generator's reachable WNEF with and without annealing",
	Sample: "se-bands.tsv whole (1,250); --sample N takes N of it and makes N/100 puzzles (at least 1) for each generator target (default 10)",
	run:    reproduce000}
