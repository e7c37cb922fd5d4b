package generate

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
)

// Target is a value of one rating column to aim at, with the window around
// it that counts as reaching it: |value - Value| <= Tolerance.
type Target struct {
	Column    string  // one of rate.RuleColumns
	Value     float64 // the value aimed at
	Tolerance float64 // the window's half width, in the column's unit
}

// IsZero reports whether no target is set.
func (t Target) IsZero() bool { return t.Column == "" }

// String is the target as ParseTarget reads it: "wnef=0.09".
func (t Target) String() string {
	if t.IsZero() {
		return ""
	}
	return t.Column + "=" + strconv.FormatFloat(t.Value, 'f', -1, 64)
}

// Hit reports whether v is within the target's window.
func (t Target) Hit(v float64) bool { return math.Abs(v-t.Value) <= t.Tolerance+1e-12 }

// Window is the target's window, [Value-Tolerance, Value+Tolerance].
func (t Target) Window() (lo, hi float64) { return t.Value - t.Tolerance, t.Value + t.Tolerance }

// ErrTarget is wrapped by ParseTarget's errors.
var ErrTarget = errors.New("bad target")

// TargetError is a target or tolerance that cannot be read: Text as
// given, and why.
type TargetError struct {
	Text   string
	Reason string
	// Tolerance reports that Text is the tolerance, not the target;
	// UnknownColumn that the target's column is not a rating column.
	Tolerance, UnknownColumn bool
}

func (e *TargetError) Error() string {
	what := "target"
	if e.Tolerance {
		what = "tolerance"
	}
	return fmt.Sprintf("generate: %s %q: %s", what, e.Text, e.Reason)
}
func (e *TargetError) Unwrap() error { return ErrTarget }

// ParseTarget reads a target as "COLUMN=VALUE" ("wnef=0.09",
// "callcount=98"), COLUMN one of rate.RuleColumns, and its tolerance:
// "" for the column's default (DefaultTolerance), an absolute width
// ("0.005") or a share of the value ("10%"). Its errors are *TargetError.
func ParseTarget(text, tolerance string) (Target, error) {
	col, value, ok := strings.Cut(text, "=")
	col = strings.TrimSpace(col)
	if !ok || col == "" {
		return Target{}, &TargetError{Text: text, Reason: "want COLUMN=VALUE"}
	}
	if !slices.Contains(rate.RuleColumns, col) {
		return Target{}, &TargetError{Text: text, UnknownColumn: true, Reason: fmt.Sprintf("%s is not a rating column; want one of %s",
			col, strings.Join(rate.RuleColumns, ", "))}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return Target{}, &TargetError{Text: text, Reason: fmt.Sprintf("%q is not a number", value)}
	}
	if v < 0 {
		return Target{}, &TargetError{Text: text, Reason: "want a value of 0 or more: no rating is negative"}
	}
	if col == "wnef" && v > 1 {
		return Target{}, &TargetError{Text: text, Reason: "wnef runs from 1 (every empty cell forced) down towards 0"}
	}
	t := Target{Column: col, Value: v, Tolerance: DefaultTolerance(col, v)}
	if tolerance == "" {
		return t, nil
	}
	share, percent := strings.CutSuffix(strings.TrimSpace(tolerance), "%")
	w, err := strconv.ParseFloat(share, 64)
	if err != nil || math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		return Target{}, &TargetError{Text: tolerance, Tolerance: true, Reason: "want a tolerance of 0 or more: an absolute width (0.005) or a share of the value (10%)"}
	}
	if percent {
		w = round6(v * w / 100)
	}
	t.Tolerance = w
	return t, nil
}

// DefaultTolerance is the window's half width when none is given: on
// wnef 0.005 (a quarter of the gap between seed 000's medium and hard
// means, 0.111 and 0.092), on gc 0.01, on er, ep and ed 0.05 (they move in
// tenths, so the value itself), and on the counts (callcount, score,
// steps, inferences, guesses, ...) 10% of the value, at least 0.5 so that a
// whole count can be hit exactly (rreduction=1 means r-Reduction alone
// solves it).
func DefaultTolerance(column string, value float64) float64 {
	switch column {
	case "wnef":
		return 0.005
	case "gc":
		return 0.01
	case "er", "ep", "ed":
		return 0.05
	}
	return max(round6(value/10), 0.5)
}

// round6 rounds a tolerance to six decimals, so that 10% of 527.4 is
// 52.74 and not 52.739999999999995.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// lowerIsHarder reports whether a lower value of the column means a harder
// puzzle: wnef (seed 000's ease) and rreduction (1: r-Reduction alone
// solves it); on every other column higher is harder.
func lowerIsHarder(column string) bool { return column == "wnef" || column == "rreduction" }

// measure gives one rating column of a puzzle with a unique solution, as
// rate.RateOn would on the scale (the same functions, the same seed), computing no more
// than the column needs: wnef in a microsecond, callcount in about 2 ms
// on a minimal puzzle, the logical solver's columns in a few.
func measure(column string, scale *logic.Scale) func(engine.Grid) float64 {
	switch column {
	case "wnef":
		return func(g engine.Grid) float64 { return rate.WNEF(g, rate.Exponential) }
	case "callcount":
		return func(g engine.Grid) float64 { return rate.CallCount(g, rate.CallCountRuns, rate.Seed) }
	case "gc":
		return rate.GameComplexity
	case "rreduction", "inferences":
		return from(column, func(g engine.Grid, r *rate.Ratings) {
			red := rate.RReduction(g)
			r.RReduction, r.Inferences = red.Solved, red.Inferences
		})
	case "guesses", "backtracks":
		return from(column, func(g engine.Grid, r *rate.Ratings) { r.Guesses, r.Backtracks = rate.Backtracking(g) })
	case "ruleguesses", "rulebacktracks":
		return from(column, func(g engine.Grid, r *rate.Ratings) { r.RuleGuesses, r.RuleBacktracks = rate.RuleBased(g) })
	}
	// The logical solver's columns: er, ep, ed, score, steps.
	return func(g engine.Grid) float64 {
		r, _, err := rate.LogicOn(g, 0, scale)
		if err != nil {
			return math.NaN() // never for a unique puzzle; never hits
		}
		v, _ := r.Column(column)
		return v
	}
}

// from measures column by filling the Ratings fields fill sets.
func from(column string, fill func(engine.Grid, *rate.Ratings)) func(engine.Grid) float64 {
	return func(g engine.Grid) float64 {
		var r rate.Ratings
		fill(g, &r)
		v, _ := r.Column(column)
		return v
	}
}
