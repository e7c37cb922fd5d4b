package logic

import (
	classic "github.com/pressrun/pressrun/engine/logic"
)

// Techniques lists the techniques the ladder of a kind's puzzles gives
// its steps, in the ladder's order, each once: what a teaching book's
// chapter on the kind can teach. killer: a killer kind's ladder; else
// every other kind's.
func Techniques(killer bool) []classic.Technique {
	l := fullLadder
	if killer {
		l = fullKillerLadder
	}
	var out []classic.Technique
	seen := map[classic.Technique]bool{}
	for _, r := range l {
		for _, t := range classic.Rungs[r].Yields() {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}
