// Code generated from engine/logic/chains.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"
	"strings"

	"github.com/pressrun/pressrun/engine/sums"
)

// chainer holds the chain engine's buffers for one solve, reused from
// step to step so that the searches allocate (almost) nothing.
type chainer struct {
	geo *geometry // the houses
	g   cgrid     // the position searched
	w   cgrid     // a dynamic run's working copy

	// The static links of g's candidates (by candidate index) and what
	// is known from them, made by loadLinks whenever g is loaded.
	links   [numCands]candLinks
	linkBuf []int16
	gCells  [maxDigits + 1]cellSet // the cells of each digit in g
	// switching[kindIndex(y, x)] holds the "off" potentials of g that
	// switch something on with those links.
	switching [4]potSet

	// Unary (single-assumption, static) searches.
	seen    potSet
	parent  [numPots]int16
	qa, qb  []int16
	pathBuf []int

	// Multiple and dynamic searches: one run per "on" assumption, cached
	// for the pass, and a scratch run for the "off" ones, each wanted
	// once.
	runs    []*run
	runOf   [numPots]int32 // index+1 into runs of the run from a potential
	runUsed int
	scratch *run
	stamp   uint32

	truncated bool // a unary run stopped at its depth limit

	// What the advanced rules of a level-1 run found (advanced.go), and
	// the parents they share; the start grid's placed digits and empty
	// cells per house, which those rules read.
	adv    []advOff
	advBuf []int16
	placed [maxDigits + 1]int
	empty  [maxHouses]int

	// The unary runs of findUnaryChains' previous pass, by kind and
	// source, and the potentials they keep, in one arena per pass
	// parity.
	unaryRecs [3][]unaryRec
	arena     [2][]int16

	// Nested forcing chains (nested.go): the chainer that runs the
	// nested searches of this one's runs; on that chainer, what it
	// collects; the nested chains this pass's runs took conclusions
	// from, and those met by the chains being weighed.
	inner    *chainer
	nest     *nestCollect
	nests    []nestChain
	nestSeen []int32
	// The nested searches' outcomes by grid (nestSearch), and the ints
	// they keep.
	nestCache  map[uint64]*nestEntry
	nestCached int

	work   int             // implications derived so far in this solve
	budget int             // the most work allowed; 0 for no limit
	stop   <-chan struct{} // closed: give up as if over budget (nil: never)

	// A killer's sum regions in the start grid (cagesums.go), their
	// cells and the parents of a rule's eliminations.
	sums       []sumState
	sumCells   []int
	sumApart   []uint32
	sumParents []int16
	sumScratch *sumScratch
	sumSeen    [frameCells]Digits
	sumMemo    *cageMemo // shared with the nested chainers, whose sum regions are these
	// A killer's houses whose cages must fit together (cagehouses.go).
	houses     []houseState
	houseCells []int
	houseSegs  []houseSeg
	houseSeen  [frameCells]Digits
	houseMemo  *cageMemo // as sumMemo
	houseKey   []Digits
	houseFit   *sums.HouseFit
	houseOffs  int // the times the house rule switched potentials off, for a test
}

func newChainer(geo *geometry, budget int) *chainer {
	return &chainer{
		geo:    geo,
		qa:     make([]int16, 0, numPots),
		qb:     make([]int16, 0, numPots),
		budget: budget,
		// The nested chainers (nestSearch) take these from their
		// chainer: a region's states in the position searched are the
		// same at every level.
		sumMemo:   &cageMemo{},
		houseMemo: &cageMemo{},
	}
}

// overBudget reports whether the solve has used up its implication work,
// or has been told to stop (Search.SetStop).
func (ch *chainer) overBudget() bool {
	if ch.budget > 0 && ch.work > ch.budget {
		return true
	}
	if ch.stop != nil {
		select {
		case <-ch.stop:
			return true
		default:
		}
	}
	return false
}

// chainBest keeps the best conclusion found so far by a chain producer,
// ordered as Sudoku Explainer sorts chain hints: by rating, then by
// complexity, then by kind (sortKey), then by discovery.
type chainBest struct {
	ok         bool
	rating     int // tenths
	complexity int
	sortKey    int
	step       Step
}

func (cb *chainBest) beats(rating, complexity, sortKey int) bool {
	if !cb.ok {
		return true
	}
	if rating != cb.rating {
		return rating < cb.rating
	}
	if complexity != cb.complexity {
		return complexity < cb.complexity
	}
	return sortKey < cb.sortKey
}

// limit is the highest rating (tenths) a new conclusion may have to be
// worth looking at.
func (cb *chainBest) limit() int {
	if !cb.ok {
		return 1 << 20
	}
	return cb.rating
}

func (cb *chainBest) set(rating, complexity, sortKey int, s Step) {
	*cb = chainBest{true, rating, complexity, sortKey, s}
	cb.step.Rating = float64(rating) / 10
}

// chainText describes a chain from its potentials, first to last.
func chainText(pots []int) string {
	var sb strings.Builder
	for i, p := range pots {
		if i > 0 {
			sb.WriteString(" -> ")
		}
		op := "<>"
		if potOn(p) {
			op = "="
		}
		fmt.Fprintf(&sb, "%s%s%d", cellName(potCell(p)), op, potDigit(p))
	}
	return sb.String()
}
