package pipeline

import (
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine/generate"
)

// methodRun reports whether cfg asks for a method of engine/generate
// rather than pressrun's own generators (masking, by engine.Generator or
// level.Generator).
func methodRun(cfg GenerateConfig) bool {
	return cfg.Method != "" && cfg.Method != "masking"
}

// newMethod makes one worker's generating function for cfg.Method: each
// puzzle comes rated and with its outcome, a miss included.
func newMethod(cfg GenerateConfig) func(*rand.Rand) (Generated, error) {
	gen, _ := generate.New(cfg.Method, cfg.Aim) // checked by Generate
	return func(rng *rand.Rand) (Generated, error) {
		r, err := gen.Generate(rng)
		if err != nil {
			return Generated{}, err
		}
		return Generated{Generated: r.Generated, Ratings: &r.Ratings, Outcome: &r.Outcome}, nil
	}
}
