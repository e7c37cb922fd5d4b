package variant

import "github.com/pressrun/pressrun/engine/enginetest"

// coverCount counts the solutions of g up to limit the plain way
// (enginetest.CoverCount: exact cover over the houses as the variant's
// fields give them), for checking the Solver only.
func coverCount(v *Variant, g Grid, limit int) int {
	return enginetest.CoverCount(v.Size, v.Regions, v.Extra, g, limit)
}
