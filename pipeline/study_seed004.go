package pipeline

import (
	"context"
	"fmt"
	"slices"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline/stats"
)

func reproduce004(ctx context.Context, o StudyOptions) (*Study, error) {
	royle, _, err := readSet(o, "royle17.txt")
	if err != nil {
		return nil, err
	}
	ps := o.sample(royle, 10000)
	type res struct {
		red rate.Reduction
		gc  float64
	}
	var red []rate.Reduction
	var gc []float64
	o.progress("seed 004: r-Reduction", 0, len(ps))
	err = OrderedRange(ctx, o.Workers, 0, len(ps), func() func(int) res {
		return func(i int) res { return res{rate.RReduction(ps[i]), rate.GameComplexity(ps[i])} }
	}, func(r res) error {
		red, gc = append(red, r.red), append(gc, r.gc)
		return nil
	})
	if err != nil {
		return nil, err
	}
	solved := 0
	var inf []float64
	for _, r := range red {
		if r.Solved {
			solved++
		}
		inf = append(inf, float64(r.Inferences))
	}
	escargot := rate.RReduction(engine.MustParse("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."))
	sec := StudySection{Title: "r-Reduction, inference and the game complexity on 17-clue puzzles",
		Notes: []string{fmt.Sprintf("%d of the %d puzzles of royle17.txt, evenly spread (the paper: 10,000 of Royle's 47,621). The cell inferred on is the first open one in row-major order: the reading that gives the paper's 91 inferences for AI Escargot (see solve.RReduction).", len(ps), len(royle))}}
	t := StudyTable{Name: "rreduction", Caption: "Seed 004's figures beside pressrun's", Columns: []string{"figure", "pressrun", "paper"}}
	t.addRow("share r-Reduction alone solves", fmt.Sprintf("%.1f%%", 100*float64(solved)/float64(len(ps))), "70.5%")
	t.addRow("mean inferences with inference", stats.Mean(inf), "1.6")
	t.addRow("most inferences", slices.Max(inf), "")
	t.addRow("AI Escargot's inferences", escargot.Inferences, "91")
	t.addRow("game complexity, least", slices.Min(gc), "1.6946")
	t.addRow("game complexity, most", slices.Max(gc), "1.8189")
	t.addRow("game complexity, mean", stats.Mean(gc), "1.7526")
	sec.Tables = append(sec.Tables, t)
	p, err := histogramPlot("Inferences per 17-clue puzzle", "inferences", inf)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "inferences", Caption: "How many inferences r-Reduction with inference needs (0: r-Reduction alone solves it)", Plot: p})
	gp, err := gcPlot(gc)
	if err != nil {
		return nil, err
	}
	sec.Plots = append(sec.Plots, StudyPlot{Name: "game-complexity", Caption: "The game complexity of each puzzle; the red dashed lines are the paper's range, 1.6946 to 1.8189", Plot: gp})
	return &Study{Title: "Seed 004 reproduced: heuristic reasoning on the Sudoku graph", Sections: []StudySection{sec}}, nil
}

var seed004 = Reproduction{ID: "004",
	What:   "r-Reduction's share solved, the inferences and the game complexity range on 17-clue puzzles",
	Sample: "10,000 royle17 puzzles; --sample N takes N",
	run:    reproduce004}
