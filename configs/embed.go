package configs

import _ "embed"

// Starter is the spec `pressrun init` writes: classic-book.yaml, every
// field shown with its default and what it does.
//
//go:embed classic-book.yaml
var Starter []byte
