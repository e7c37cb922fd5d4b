package configs

import _ "embed"

// Starter is the spec `pressrun init` writes: classic-book.yaml, every
// field shown with its default and what it does.
//
//go:embed classic-book.yaml
var Starter []byte

//go:embed samurai-book.yaml
var samuraiBook []byte

//go:embed killer-book.yaml
var killerBook []byte

//go:embed variety-book.yaml
var varietyBook []byte

// Starters are the specs `pressrun init --kind KIND` writes: classic (the
// Starter), samurai, killer and variety, each commented for a first book
// of its kind.
var Starters = map[string][]byte{
	"classic": Starter,
	"samurai": samuraiBook,
	"killer":  killerBook,
	"variety": varietyBook,
}
