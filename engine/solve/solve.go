// Package solve holds the seeds' Sudoku solving methods side by side, each
// as its paper describes it, so that they can be run on the same puzzles
// and their work compared: the exact solver pressrun uses everywhere
// (exact), seed 003's plain depth-first search (dfs) and simulated
// annealing (annealing), seed 001's backtracking (backtrack), rule-based
// (rules) and Boltzmann machine (boltzmann) solvers, seed 002's arc
// consistency with domain splitting (csp) and seed 004's r-Reduction with
// inference (rreduction).
//
// Each method returns its Work: whether it solved the puzzle, the solution
// (or, when a stochastic method runs out of budget, its best grid), and the
// counts of what it did, as numbers rather than time so that they repeat
// on any machine. Every method is a pure function of the puzzle and its
// Options (a stochastic one of its seed), and every search is bounded by a
// budget (Options.MaxIterations, or the method's default), so that it
// returns on any grid, valid or not; a method that reaches its budget
// reports Solved false and Capped true.
//
// Where a paper is vague, the choice made is said in the method's doc
// comment.
package solve

import (
	"fmt"
	"strings"

	"github.com/pressrun/pressrun/engine"
)

// Work is what one method did on one puzzle. A count a method has no use
// for stays 0; Method.Counts names the ones it fills.
type Work struct {
	Solved bool
	// Solution is the solved grid when Solved. When a stochastic method
	// runs out of budget it is its lowest-cost grid (Cost conflicts); a
	// search that runs out leaves it empty.
	Solution engine.Grid
	// Steps counts the deductions of a rule-based method (rules,
	// rreduction: the states reduced), or the assignments of dfs.
	Steps int
	// Guesses counts the values tried at a cell that had two or more
	// candidates; Backtracks the guesses taken back because the search
	// under them failed.
	Guesses, Backtracks int
	// Calls counts calls to the method's core routine: arc consistency
	// (csp), or the recursive search (dfs, backtrack).
	Calls int
	// Iterations counts the steps of a stochastic method (annealing: moves
	// proposed; boltzmann: updates of the whole network).
	Iterations int
	// Reheats counts annealing's restarts from a fresh random candidate.
	Reheats int
	// Cost is a stochastic method's objective at the end: the conflicts
	// of its grid (0 when Solved).
	Cost int
	// Capped reports that the budget ran out before an answer.
	Capped bool
}

// Options tune a method. The zero value is each method's default.
type Options struct {
	// Seed seeds a stochastic method's random stream (csp, annealing,
	// boltzmann); the same seed gives the same Work.
	Seed uint64
	// Stream picks one of the seed's independent random streams (a PCG
	// seeded Seed, Stream), for runs of one method on one puzzle that
	// must differ, as seed 002's ten call-count runs do.
	Stream uint64
	// MaxIterations bounds the method's work in its own unit (Method.Unit);
	// 0 takes the method's default budget (Method.Budget).
	MaxIterations int
	// Decline is the Boltzmann machine's temperature decline rate Kt in
	// T(i) = T0 exp(Kt i) (negative); 0 takes BoltzmannFast.
	Decline float64
	// Schedule is annealing's cooling schedule; the zero value takes
	// AnnealingMeasured.
	Schedule AnnealingSchedule
}

// budget is the budget the options give, or def.
func (o Options) budget(def int) int {
	if o.MaxIterations > 0 {
		return o.MaxIterations
	}
	return def
}

// Method is one solving method.
type Method struct {
	Name       string // as `pressrun solve --method` takes it
	Seed       string // the seed (paper) it follows, "" for pressrun's own
	Summary    string // one line, of at most 60 characters
	Stochastic bool   // it draws from Options.Seed
	// Unit names what Options.MaxIterations counts, and Budget is its
	// default.
	Unit   string
	Budget int
	// Counts names the Work counts the method fills, as Work's column
	// names (see Columns), its main measure of work first.
	Counts []string
	solve  func(engine.Grid, Options) Work
}

// Solve runs the method on the puzzle g.
func (m Method) Solve(g engine.Grid, o Options) Work { return m.solve(g, o) }

// Columns are the names of Work's counts, in the order a table prints
// them; Work.Column reads each.
var Columns = []string{"steps", "guesses", "backtracks", "calls", "iterations", "reheats", "cost"}

// Column reads a count of w by its column name.
func (w Work) Column(name string) (int, bool) {
	switch name {
	case "steps":
		return w.Steps, true
	case "guesses":
		return w.Guesses, true
	case "backtracks":
		return w.Backtracks, true
	case "calls":
		return w.Calls, true
	case "iterations":
		return w.Iterations, true
	case "reheats":
		return w.Reheats, true
	case "cost":
		return w.Cost, true
	}
	return 0, false
}

// Methods are the solving methods, the default first.
var Methods = []Method{
	exactMethod,
	dfsMethod,
	backtrackMethod,
	rulesMethod,
	cspMethod,
	rreductionMethod,
	annealingMethod,
	boltzmannMethod,
}

// Names are the methods' names, in the order of Methods.
func Names() []string {
	n := make([]string, len(Methods))
	for i, m := range Methods {
		n[i] = m.Name
	}
	return n
}

// Find returns the method called name.
func Find(name string) (Method, error) {
	for _, m := range Methods {
		if m.Name == name {
			return m, nil
		}
	}
	return Method{}, fmt.Errorf("no solving method %q: want one of %s", name, strings.Join(Names(), ", "))
}
