package rate

import (
	"fmt"
	"slices"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
)

// RaterOn names the rater of ratings on the scale (nil:
// logic.DefaultScale), as the archive records it beside them, with the
// scale's version, so that the archive can tell ratings of an older
// rater from the current ones: "pressrun-rate-3/classic". Ratings of one
// puzzle on two scales differ, so that a rating on the other scale is one
// to replace.
func RaterOn(scale *logic.Scale) string {
	s := scale.OrDefault()
	return fmt.Sprintf("pressrun-rate-%d/%s", s.Version, s.Name)
}

// ScaleOf is the scale of ratings the archive records as the rater's
// (RaterOn), or nil for another rater's: an older version, or a
// variant's.
func ScaleOf(rater string) *logic.Scale {
	for _, s := range logic.Scales {
		if rater == RaterOn(s) {
			return s
		}
	}
	return nil
}

// Seed is the seed of the call count's runs: fixed, so that a puzzle
// always rates the same.
const Seed = 0

// Ratings is everything pressrun rates a puzzle by: the human-technique
// ratings of the logical solver, the seeds' metrics, and the level a
// ladder gives them.
type Ratings struct {
	Level      string
	ER, EP, ED float64 // Sudoku Explainer scale
	// Bound, BoundEP and BoundED: ER, EP and ED are lower bounds
	// (logic.Result's).
	Bound, BoundEP, BoundED bool
	Score                   int            // summed step costs
	Steps                   int            // steps of the solve
	Techniques              map[string]int // steps per technique key
	Metrics
}

// Rate rates the puzzle g, which must have exactly one solution
// (logic.ErrNotUnique otherwise), and names its level on the ladder.
func Rate(g engine.Grid, ladder level.Ladder) (Ratings, error) { return RateOn(g, ladder, nil) }

// RateOn is Rate with er, ep and ed on the scale (nil: logic.DefaultScale).
func RateOn(g engine.Grid, ladder level.Ladder, scale *logic.Scale) (Ratings, error) {
	return RateBudget(g, ladder, scale, 0)
}

// RateBudget is RateOn with the chain searches' budget of
// logic.Options.Budget (0: logic.DefaultBudget, negative: none); a solve
// that spends it rates er as a lower bound (Ratings.Bound).
func RateBudget(g engine.Grid, ladder level.Ladder, scale *logic.Scale, budget int) (Ratings, error) {
	return RateWith(g, ladder, scale, budget, true)
}

// RateWith is RateBudget that measures the seeds' metrics only when
// metrics is true or the ladder's rules read one (NeedsMetrics): they
// are about an eighth of a rating's time. Without them the metrics are
// zero and the level is named on the logical ratings.
func RateWith(g engine.Grid, ladder level.Ladder, scale *logic.Scale, budget int, metrics bool) (Ratings, error) {
	r, _, err := logicWith(g, logic.Options{Scale: scale, Budget: budget})
	if err != nil {
		return Ratings{}, err
	}
	if metrics || NeedsMetrics(ladder) {
		r.Measure(g, ladder)
	} else {
		r.Level = ladder.Of(r)
	}
	return r, nil
}

// NeedsMetrics reports whether a rule of the ladder reads a column the
// logical solver does not give (LogicColumns).
func NeedsMetrics(ladder level.Ladder) bool {
	for _, l := range ladder {
		for _, rule := range l.Rules {
			if !slices.Contains(LogicColumns, rule.Column) {
				return true
			}
		}
	}
	return false
}

// Logic is the first half of Rate: the logical solver's ratings only,
// without the metrics and the level, for a quick check against rules on
// er, ep, ed, score or steps (LogicColumns) before the full rating.
func Logic(g engine.Grid) (Ratings, error) {
	r, _, err := LogicUpTo(g, 0)
	return r, err
}

// LogicUpTo is Logic stopping where the solve would need a step rated
// above maxER (logic.Options.StopAbove; 0: no limit): stopped reports it,
// and then only ER, a lower bound above maxER, means anything. A puzzle it
// does not stop gets exactly Logic's ratings.
func LogicUpTo(g engine.Grid, maxER float64) (r Ratings, stopped bool, err error) {
	return LogicOn(g, maxER, nil)
}

// LogicOn is LogicUpTo on the scale (nil: logic.DefaultScale).
func LogicOn(g engine.Grid, maxER float64, scale *logic.Scale) (r Ratings, stopped bool, err error) {
	return logicWith(g, logic.Options{StopAbove: maxER, Scale: scale})
}

func logicWith(g engine.Grid, opts logic.Options) (r Ratings, stopped bool, err error) {
	res, err := logic.SolveWith(g, opts)
	if err != nil {
		return Ratings{}, false, err
	}
	if res.Stopped {
		return Ratings{ER: res.ER}, true, nil
	}
	r = Ratings{ER: res.ER, EP: res.EP, ED: res.ED, Bound: res.Bound, BoundEP: res.BoundEP, BoundED: res.BoundED, Score: res.Score, Steps: len(res.Steps),
		Techniques: map[string]int{}}
	for _, t := range logic.Techniques() {
		if n := res.Count(t); n > 0 {
			r.Techniques[t.Key()] += n
		}
	}
	return r, false, nil
}

// Measure is the second half of Rate: it adds the metrics of g to r, the
// logical ratings of g, and names the level on the ladder.
func (r *Ratings) Measure(g engine.Grid, ladder level.Ladder) {
	r.Metrics = Measure(g, Seed)
	r.Level = ladder.Of(r)
}

// LogicColumns are the columns Logic fills.
var LogicColumns = []string{"er", "ep", "ed", "score", "steps"}

// Columns are the rating columns, in the order `pressrun rate` prints
// them; Column reads each.
var Columns = []string{"er", "ep", "ed", "score", "wnef", "callcount", "gc", "rreduction", "inferences", "guesses", "backtracks"}

// RuleColumns are every column Column gives: Columns, and steps,
// ruleguesses and rulebacktracks, which `pressrun rate` does not print.
var RuleColumns = append(append([]string{}, Columns...), "steps", "ruleguesses", "rulebacktracks")

// Column gives a rating column by name, for level rules and spread
// metrics: one of RuleColumns.
func (r Ratings) Column(name string) (float64, bool) {
	switch name {
	case "er":
		return r.ER, true
	case "ep":
		return r.EP, true
	case "ed":
		return r.ED, true
	case "score":
		return float64(r.Score), true
	case "steps":
		return float64(r.Steps), true
	case "wnef":
		return r.WNEF, true
	case "callcount":
		return r.CallCount, true
	case "gc":
		return r.GC, true
	case "rreduction":
		if r.RReduction {
			return 1, true
		}
		return 0, true
	case "inferences":
		return float64(r.Inferences), true
	case "guesses":
		return float64(r.Guesses), true
	case "backtracks":
		return float64(r.Backtracks), true
	case "ruleguesses":
		return float64(r.RuleGuesses), true
	case "rulebacktracks":
		return float64(r.RuleBacktracks), true
	}
	return 0, false
}

// SetColumn is the inverse of Column: it sets the rating column name (one
// of RuleColumns) to v, as Column gives it (a count as a whole number,
// rreduction as 1 or 0), so that a row of columns read back from a table
// makes the Ratings it was written from. It reports false for a name
// Column does not know.
func (r *Ratings) SetColumn(name string, v float64) bool {
	switch name {
	case "er":
		r.ER = v
	case "ep":
		r.EP = v
	case "ed":
		r.ED = v
	case "score":
		r.Score = int(v)
	case "steps":
		r.Steps = int(v)
	case "wnef":
		r.WNEF = v
	case "callcount":
		r.CallCount = v
	case "gc":
		r.GC = v
	case "rreduction":
		r.RReduction = v != 0
	case "inferences":
		r.Inferences = int(v)
	case "guesses":
		r.Guesses = int(v)
	case "backtracks":
		r.Backtracks = int(v)
	case "ruleguesses":
		r.RuleGuesses = int(v)
	case "rulebacktracks":
		r.RuleBacktracks = int(v)
	default:
		return false
	}
	return true
}
