// Command variantrun stands in for pressrun's command line on variant
// grids until it has them, for scripts/bench-variants: it counts the
// solutions of puzzles read a line each, or generates minimal puzzles,
// with engine/variant, on one core.
//
// usage: variantrun count [-variant 16x16] [-limit 2] <puzzles
//
//	variantrun generate [-variant 16x16] [-n 10] [-seed 1]
//
// count writes, a line per puzzle, the number of solutions (up to limit)
// and the first solution found ("-" when none); generate writes n
// puzzles of no symmetry, minimal, a line each.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "variantrun:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("want a command, count or generate")
	}
	fs := flag.NewFlagSet("variantrun "+args[0], flag.ContinueOnError)
	name := fs.String("variant", "16x16", "the variant")
	limit := fs.Int("limit", 2, "count: count solutions up to this")
	n := fs.Int("n", 10, "generate: how many puzzles")
	seed := fs.Uint64("seed", 1, "generate: the seed")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	v, err := variant.Named(*name)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch args[0] {
	case "count":
		s := variant.NewSolver(v)
		in := bufio.NewScanner(os.Stdin)
		for line := 1; in.Scan(); line++ {
			text := strings.TrimSpace(in.Text())
			if text == "" {
				continue
			}
			g, err := v.Parse(text)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			k, sol := s.Count(g, *limit)
			form := "-"
			if sol != nil {
				form = v.Format(sol)
			}
			fmt.Fprintln(out, k, form)
		}
		return in.Err()
	case "generate":
		rng := rand.New(rand.NewPCG(*seed, 0))
		for range *n {
			p, _, err := variant.Generate(v, "none", rng)
			if err != nil {
				return err
			}
			fmt.Fprintln(out, v.Format(p))
		}
		return nil
	}
	return fmt.Errorf("unknown command %q (want count or generate)", args[0])
}
