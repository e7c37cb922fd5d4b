//go:build ignore

// killer-count.go: pressrun's side of scripts/bench-killer until
// `pressrun solve --variant killer` reads killers. It reads killers in the
// issue's JSON form, one object a line, counts each one's solutions to
// two with engine/variant's Solver, and writes the table `pressrun solve
// --variant` writes (tab-separated, a header, then puzzle, solutions,
// first solution or "none", variant), so that the script reads either
// the same way. A line it cannot read stops it (exit status 2).
//
// usage: go run scripts/peers/killer-count.go <puzzles.jsonl
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintln(out, "puzzle\tsolutions\tsolution\tvariant")
	for k := 1; in.Scan(); k++ {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		v, g, err := variant.ParseKillerJSON(line)
		if err != nil {
			out.Flush()
			fmt.Fprintf(os.Stderr, "stdin:%d: %v\n", k, err)
			os.Exit(2)
		}
		n, sol := variant.NewSolver(v).Count(g, 2)
		first := "none"
		if sol != nil {
			first = v.Format(sol)
		}
		fmt.Fprintf(out, "%s\t%d\t%s\t%s\n", v.CageCode(), n, first, v.Name)
	}
	if err := in.Err(); err != nil {
		out.Flush()
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
