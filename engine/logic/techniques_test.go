package logic

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// testdata/techniques.tsv holds, for every technique of the ladder, one
// position taken from a real solve: rung name, puzzle, the position (81
// fields: "=d" for a placed digit, else the candidates), the technique
// expected and its result. Regenerate with GEN_TECHNIQUES=1.
const techniquesFile = "testdata/techniques.tsv"

func encodeState(b *Board) string {
	f := make([]string, 81)
	for c := 0; c < 81; c++ {
		if v := b.Cells[c]; v != 0 {
			f[c] = fmt.Sprintf("=%d", v)
		} else {
			f[c] = b.Cand[c].String()
		}
	}
	return strings.Join(f, " ")
}

func decodeState(tb testing.TB, puzzle engine.Grid, state string) *Board {
	tb.Helper()
	b := NewBoard(puzzle)
	f := strings.Fields(state)
	if len(f) != 81 {
		tb.Fatalf("state has %d fields", len(f))
	}
	b.empty = 0
	for c := 0; c < 81; c++ {
		b.Cells[c], b.Cand[c] = 0, 0
		if strings.HasPrefix(f[c], "=") {
			b.Cells[c] = f[c][1] - '0'
			continue
		}
		b.empty++
		for _, ch := range f[c] {
			b.Cand[c] |= digitBit(int(ch - '0'))
		}
	}
	b.refresh()
	return b
}

func stepResult(s Step) string {
	return fmt.Sprintf("place %v remove %s", s.Place, removals(s.Remove))
}

func rungNamed(name string) (rung, bool) {
	for _, r := range sukakuLadder {
		if r.Name == name {
			return r, true
		}
	}
	return rung{}, false
}

// techniquePosition is one line of techniquesFile.
type techniquePosition struct {
	rung      string
	puzzle    engine.Grid
	state     string
	technique string // the technique's name
	result    string // stepResult of its step
}

// techniquePositions reads techniquesFile.
func techniquePositions(t *testing.T) []techniquePosition {
	t.Helper()
	f, err := os.Open(techniquesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []techniquePosition
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fs := strings.Split(line, "\t")
		out = append(out, techniquePosition{fs[0], mustParse(fs[1]), fs[2], fs[3], fs[4]})
	}
	return out
}

// find runs the position's rung on it: the board and the step found.
func (p techniquePosition) find(t *testing.T) (*Board, Step) {
	t.Helper()
	r, ok := rungNamed(p.rung)
	if !ok {
		t.Fatalf("no rung %q", p.rung)
	}
	b := decodeState(t, p.puzzle, p.state)
	b.ch = newChainer(b.geo, 0)
	s, ok := r.find(b)
	if !ok {
		t.Fatalf("%s found nothing", p.rung)
	}
	return b, s
}

// TestTechniques runs every rung on its recorded position.
func TestTechniques(t *testing.T) {
	if os.Getenv("GEN_TECHNIQUES") != "" {
		generateTechniques(t)
	}
	seen := map[Technique]bool{}
	for _, p := range techniquePositions(t) {
		puzzle, tech, want := p.puzzle, p.technique, p.result
		t.Run(tech, func(t *testing.T) {
			b, s := p.find(t)
			if s.Technique.String() != tech {
				t.Errorf("technique %s, want %s (%s)", s.Technique, tech, s.Text)
			}
			if got := stepResult(s); got != want {
				t.Errorf("got %s, want %s (%s)", got, want, s.Text)
			}
			n, sol := engine.CountSolutions(puzzle, 2)
			if n != 1 {
				t.Fatal("puzzle not unique")
			}
			if err := b.check(&s, &sol); err != nil {
				t.Error(err)
			}
			seen[s.Technique] = true
		})
	}
	for _, tt := range []Technique{LastValue, HiddenSingleBox, HiddenSingleLine, DirectPointing,
		DirectHiddenPair, NakedSingle, DirectHiddenTriple, Pointing, Claiming, NakedPair, XWing, HiddenPair,
		NakedTriple, Swordfish, HiddenTriple, Skyscraper, TwoStringKite, TurbotFish, XYWing, XYZWing,
		UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, NakedQuad, Jellyfish, HiddenQuad,
		UniqueLoop, StrongLinks, WXYZWing, BUG1, BUG2, BUG3, VWXYZWing, UVWXYZWing, AlignedTripletExclusion, YCycle, XYCycle, XChain, XYChain, AIC, Nishio,
		CellForcing, RegionForcing, DynamicForcing} {
		if !seen[tt] {
			t.Errorf("no recorded position exercises %s", tt)
		}
	}
}

// generateTechniques records the first position of each technique met
// while solving se-rated.tsv, then top1465.txt and unbiased-minimal.txt
// for the techniques it lacks, on the sukaku scale, then on the classic
// one for those still missing (on the sukaku scale grouped strong links
// take the x-chains); each position's rung is the rung of that name.
func generateTechniques(t *testing.T) {
	out, err := os.Create(techniquesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	fmt.Fprintln(out, "# positions met solving puzzles of se-rated.tsv (grantm/sudoku-exchange-puzzle-bank, public domain), then top1465.txt (magictour's top1465) and unbiased-minimal.txt (both from tdoku's data, BSD-2-Clause), on the sukaku scale, then the classic one:")
	fmt.Fprintln(out, "# rung\tpuzzle\tposition\ttechnique\tresult")
	var puzzles []engine.Grid
	for _, p := range readTSV(t, sharedData+"/se-rated.tsv") {
		puzzles = append(puzzles, p.grid)
	}
	puzzles = append(puzzles, readPuzzlesOr(t, sharedData+"/top1465.txt", "testdata/top1465-sample.txt")...)
	puzzles = append(puzzles, readPuzzlesOr(t, sharedData+"/unbiased-minimal.txt", "testdata/unbiased-sample.txt")...)
	done := map[Technique]bool{}
	for _, scale := range []*Scale{Sukaku, Classic} {
		for _, puzzle := range puzzles {
			res, err := SolveWith(puzzle, Options{Scale: scale})
			if err != nil {
				t.Fatal(err)
			}
			b := NewBoard(puzzle)
			b.ch = newChainer(b.geo, 0)
			for _, s := range res.Steps {
				if !done[s.Technique] && s.Technique != Guess {
					b.refresh()
					state := encodeState(b)
					// Find the rung that produced it.
					for _, r := range scale.ladder {
						got, ok := r.find(b)
						if !ok {
							continue
						}
						if _, named := rungNamed(r.Name); named && got.Technique == s.Technique && stepResult(got) == stepResult(s) {
							fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", r.Name, puzzle, state, s.Technique, stepResult(s))
							done[s.Technique] = true
						}
						break
					}
				}
				b.apply(&s)
			}
		}
	}
}

// Keys are distinct, lower-case words joined by '-', as output columns
// and the archive's technique counts need.
func TestTechniqueKeys(t *testing.T) {
	seen := map[string]Technique{}
	word := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, tech := range Techniques() {
		k := tech.Key()
		if other, dup := seen[k]; dup || !word.MatchString(k) {
			t.Errorf("%v: key %q (also %v)", tech, k, other)
		}
		seen[k] = tech
	}
	if HiddenSingleBox.Key() != "hidden-single-box" || BUG1.Key() != "bugplus1" {
		t.Errorf("keys %q %q", HiddenSingleBox.Key(), BUG1.Key())
	}
}
