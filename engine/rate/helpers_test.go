package rate

import (
	"github.com/pressrun/pressrun/engine/enginetest"
)

// dataDir holds the big public puzzle sets; tests that need them skip
// when it is absent.
var dataDir = enginetest.SharedData

// The puzzle readers are enginetest's.
var (
	readPuzzles   = enginetest.ReadPuzzles
	readPuzzlesOr = enginetest.ReadPuzzlesOr
	readSample    = enginetest.ReadSample
)
