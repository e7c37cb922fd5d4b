package pipeline

import (
	"hash/fnv"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/solve"
)

// Solving runs several solving methods on each puzzle, side by side, as
// `pressrun solve --method` and the study do.
type Solving struct {
	Methods []solve.Method
	// Options are passed to every method, but for Stream: a puzzle's
	// random stream is drawn from the puzzle itself (PuzzleStream), so
	// that it gets the same work wherever it stands in the input and
	// whatever the number of workers.
	Options solve.Options
	// Timing, when set, times each method on each puzzle as Time does
	// (seed 001's way: repeated until the mean is tight, or a fixed
	// count).
	Timing *TimingOptions
}

// Solved is one method's work on one puzzle, and its time when timed.
type Solved struct {
	Method solve.Method
	Work   solve.Work
	Time   Timing
}

// Run runs every method on g, in the order of s.Methods.
func (s Solving) Run(g engine.Grid) []Solved {
	o := s.Options
	o.Stream = PuzzleStream(g)
	out := make([]Solved, len(s.Methods))
	for i, m := range s.Methods {
		out[i] = Solved{Method: m, Work: m.Solve(g, o)}
		if s.Timing != nil {
			t := *s.Timing
			t.Cold = true // the solve above was the warm-up
			out[i].Time = Time(func() { m.Solve(g, o) }, t)
		}
	}
	return out
}

// PuzzleStream is the random stream of the puzzle g: an FNV-1a hash of
// its 81 cells.
func PuzzleStream(g engine.Grid) uint64 {
	h := fnv.New64a()
	h.Write(g[:])
	return h.Sum64()
}

// SolveMethods reads a list of method names ("dfs", "rules,csp", or "all")
// into the methods, each once, in the order first named.
func SolveMethods(names []string) ([]solve.Method, error) {
	var out []solve.Method
	seen := map[string]bool{}
	add := func(m solve.Method) {
		if !seen[m.Name] {
			seen[m.Name] = true
			out = append(out, m)
		}
	}
	for _, n := range names {
		if n == "all" {
			for _, m := range solve.Methods {
				add(m)
			}
			continue
		}
		m, err := solve.Find(n)
		if err != nil {
			return nil, err
		}
		add(m)
	}
	return out, nil
}
