package store

import (
	"testing"

	"github.com/pressrun/pressrun/store/pgtest"
)

// TestMain says in one line which tests skipped and why (see package
// skips), and removes the PostgreSQL cluster the tests started.
func TestMain(m *testing.M) { pgtest.Main(m) }
