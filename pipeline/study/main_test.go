package study

import (
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// TestMain says in one line which tests skipped and why (see package
// skips): the reproductions' tests need ../shared/data.
func TestMain(m *testing.M) { skips.Main(m) }
