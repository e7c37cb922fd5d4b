package logic

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestCalibrate prints the ratings of generated puzzles, one line each:
// kind, how it was made, givens, er, ep, ed, score, guesses, and the
// milliseconds of the rating and of the making. It is the measurement
// behind RATING.md's tables, run by hand: PRESSRUN_CALIBRATE=N rates N
// minimal puzzles of each variant (seed 1; a quarter of N for 16x16 and
// 12x12, whose puzzles take seconds to make), or, with
// PRESSRUN_CALIBRATE_DIG=MAX,MAX..., N puzzles dug by Solver.Dig to er at
// most each MAX. PRESSRUN_CALIBRATE_KINDS=samurai,twin,... measures those
// kinds instead (variant.Named: a gattai too).
func TestCalibrate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PRESSRUN_CALIBRATE"))
	if n <= 0 {
		t.Skip("PRESSRUN_CALIBRATE=N (puzzles per variant) runs the calibration")
	}
	bounds := []float64{0} // 0: minimal puzzles
	if env := os.Getenv("PRESSRUN_CALIBRATE_DIG"); env != "" {
		bounds = nil
		for _, f := range strings.Split(env, ",") {
			b, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatal(err)
			}
			bounds = append(bounds, b)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	kinds := every(t)
	if env := os.Getenv("PRESSRUN_CALIBRATE_KINDS"); env != "" {
		kinds = nil
		for _, k := range strings.Split(env, ",") {
			v, err := variant.Named(k)
			if err != nil {
				t.Fatal(err)
			}
			kinds = append(kinds, v)
		}
	}
	for _, v := range kinds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			k := n
			if v.Size >= 12 {
				k = max(n/4, 1)
			}
			rng := rand.New(rand.NewPCG(1, uint64(v.Size)))
			s := NewSolver(v)
			orbits, _ := v.Orbits("none")
			exact := variant.NewSolver(v)
			for i := range k * len(bounds) {
				digMax := bounds[i%len(bounds)]
				how := "minimal"
				var p variant.Grid
				t0 := time.Now()
				if digMax > 0 {
					sol, err := exact.Random(rng)
					if err != nil {
						t.Error(err)
						return
					}
					p, how = s.Dig(sol, orbits, digMax, rng), fmt.Sprintf("dig%.1f", digMax)
				} else {
					var err error
					if p, _, err = variant.Generate(v, "none", rng); err != nil {
						t.Error(err)
						return
					}
				}
				made := time.Since(t0).Seconds() * 1000
				t0 = time.Now()
				r, err := s.Solve(p)
				ms := time.Since(t0).Seconds() * 1000
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				fmt.Printf("CAL\t%s\t%s\t%d\t%.1f\t%.1f\t%.1f\t%d\t%d\t%.2f\t%.1f\n", v.Name, how, p.Clues(), r.ER, r.EP, r.ED, r.Score, r.Guesses, ms, made)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}
