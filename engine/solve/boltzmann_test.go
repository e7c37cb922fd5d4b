package solve

import (
	"fmt"
	"testing"
)

// boltzmannRates are the two declines, as Options.
var boltzmannRates = []Options{{Decline: BoltzmannFast}, {Decline: BoltzmannSlow}}

func TestBoltzmannSolvesSamples(t *testing.T) {
	testSolvesSamples(t, boltzmannMethod, Options{}, 0)
}

// The slow decline takes ten times longer: a quarter of the samples.
func TestBoltzmannSlowSolvesSamples(t *testing.T) {
	testSolvesSamples(t, boltzmannMethod, Options{Decline: BoltzmannSlow}, 5)
}

func TestBoltzmannRepeats(t *testing.T) {
	for _, o := range boltzmannRates {
		testRepeats(t, boltzmannMethod, o)
	}
}

func TestBoltzmannCapped(t *testing.T) {
	for _, o := range boltzmannRates {
		testCapped(t, boltzmannMethod, o)
	}
}

func TestBoltzmannBadGivens(t *testing.T) { testBadGivens(t, boltzmannMethod, Options{}) }

func BenchmarkBoltzmann(b *testing.B) {
	for _, o := range boltzmannRates {
		b.Run(fmt.Sprint("decline=", o.Decline), func(b *testing.B) { benchmarkSamples(b, boltzmannMethod, o) })
	}
}
