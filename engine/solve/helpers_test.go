package solve

import (
	"os"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// TestMain says in one line which tests skipped and why (see package skips).
func TestMain(m *testing.M) { skips.Main(m) }

// dataDir holds the big public puzzle sets; tests that need them skip
// when it is absent.
var dataDir = enginetest.SharedData

const (
	// solvedGrid is the solution of se-bands.tsv's first puzzle.
	solvedGrid = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
	// singlesPuzzle (se-bands.tsv, band easy) falls to naked singles alone.
	singlesPuzzle = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
	// hiddenPuzzle (se-bands.tsv, band easy) needs hidden singles.
	hiddenPuzzle = "...823..1..3...4...7.....523..96..1....1.2....1..38..683.....4...2...9..6..789..."
	// escargot is AI Escargot as seed 004 and the brief write it.
	escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
)

// royle17 reads royle17.txt, sample puzzles evenly spread over it (all of
// it with PRESSRUN_FULL=1).
func royle17(t *testing.T, sample int) []engine.Grid {
	all := enginetest.ReadPuzzles(t, dataDir+"/royle17.txt")
	if os.Getenv("PRESSRUN_FULL") != "" || len(all) <= sample {
		return all
	}
	out := make([]engine.Grid, sample)
	for i := range out {
		out[i] = all[i*len(all)/sample]
	}
	return out
}
