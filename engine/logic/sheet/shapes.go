package sheet

import "github.com/pressrun/pressrun/engine/logic"

// The shapes of what a Search gives are engine/logic's (its shapes.go):
// a Search of any size gives the same types.
type (
	ClimbOptions = logic.ClimbOptions
	Climb        = logic.Climb
	Found        = logic.Found
)

// ErrStopped is Climb's error when the Search's stop (SetStop) was
// closed before the climb ended: there is no rating.
var ErrStopped = logic.ErrStopped
