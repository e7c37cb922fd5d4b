package store

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store/pgtest"
)

// These tests run the test binary again as separate processes (the way
// os/exec's own tests do), so that two processes really share one archive.

const helperEnv = "PRESSRUN_STORE_HELPER"

// synthetic makes n archive rows that differ from every other call's: the
// store does not look inside grids, so distinct valid grids are enough to
// measure and to count. Row k blanks the cells of a solution grid named by
// the bits of k (and the tag's hash), which keeps every grid valid.
func synthetic(tag string, start, n int) []Puzzle {
	full := engine.MustParse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	out := make([]Puzzle, n)
	for i := range out {
		key := uint64(start+i)<<16 ^ hashTag(tag)&0xffff
		g := full
		for bit := 0; bit < 48; bit++ {
			if key>>bit&1 != 0 {
				g[bit] = 0
			}
		}
		out[i] = Puzzle{Givens: Cells(g), Solution: Cells(full), Canonical: g.String(),
			Source: "generate", Version: "test", Ratings: &Ratings{Rater: "r1", Ratings: rate.Ratings{Level: "hard", ER: 3}}}
	}
	return out
}

func hashTag(tag string) uint64 {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(tag); i++ {
		h = (h ^ uint64(tag[i])) * 1099511628211
	}
	return h
}

// TestHelperProcess is not a test: it is the child the process tests start.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("only run as a child of the process tests")
	}
	path, name := os.Getenv("ARCHIVE"), os.Getenv("NAME")
	db, err := Open(path, Create)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	out := bufio.NewWriter(os.Stdout)
	switch mode {
	case "import-reserve":
		for round := 0; round < 20; round++ {
			if _, _, err := db.Insert(ctx, synthetic(name, round*50, 50)); err != nil {
				fmt.Println("error", err)
				os.Exit(4)
			}
			got, err := db.Reserve(ctx, Reservation{Holder: name, Count: 7})
			if err != nil {
				fmt.Println("error", err)
				os.Exit(5)
			}
			for _, p := range got {
				fmt.Fprintln(out, "reserved", p.ID)
			}
		}
	case "open":
		// Opening (creating and migrating) is all this child does.
	case "import-forever":
		for batch := 0; ; batch++ {
			if _, _, err := db.Insert(ctx, synthetic(name, batch*500, 500)); err != nil {
				fmt.Println("error", err)
				os.Exit(4)
			}
			fmt.Printf("committed %d\n", batch+1) // unbuffered: the parent counts these
		}
	}
	out.Flush()
	db.Close()
	os.Exit(0)
}

func helper(t *testing.T, mode, archive, name string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "ARCHIVE="+archive, "NAME="+name)
	return cmd
}

// Two processes import and reserve on one archive at once: no error, no
// lost row, no puzzle reserved twice.
func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	eachLocation(t, testTwoProcesses)
}

func testTwoProcesses(t *testing.T, archive string) {
	db := openAt(t, archive)
	var outs [2]strings.Builder
	var cmds [2]*exec.Cmd
	for i := range cmds {
		cmds[i] = helper(t, "import-reserve", archive, fmt.Sprintf("p%d", i))
		cmds[i].Stdout = &outs[i]
		cmds[i].Stderr = &outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, outs[i].String())
		}
	}
	seen := map[string]int{}
	total := 0
	for i := range outs {
		for _, line := range strings.Split(outs[i].String(), "\n") {
			if id, ok := strings.CutPrefix(line, "reserved "); ok {
				if prev, dup := seen[id]; dup {
					t.Fatalf("%s reserved by process %d and %d", id, prev, i)
				}
				seen[id] = i
				total++
			}
		}
	}
	if n, _ := db.Count(ctx, Filter{}); n != 2*20*50 {
		t.Fatalf("archive holds %d puzzles, want %d: rows lost", n, 2*20*50)
	}
	var held int
	db.db.QueryRow("SELECT count(*) FROM reservations").Scan(&held)
	if total != 2*20*7 || held != total {
		t.Fatalf("reserved %d (reservations table %d), want %d", total, held, 2*20*7)
	}
}

// kill -9 during an import: the archive opens cleanly afterwards and holds
// exactly the committed batches.
func TestKillDuringImport(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	eachLocation(t, testKillDuringImport)
}

func testKillDuringImport(t *testing.T, archive string) {
	db := openAt(t, archive)
	db.Close()
	cmd := helper(t, "import-forever", archive, "k")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	reported := 0
	deadline := time.Now().Add(30 * time.Second)
	for sc.Scan() && time.Now().Before(deadline) {
		if n, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
			reported, _ = strconv.Atoi(n)
			if reported >= 5 {
				break
			}
		}
	}
	// Kill it hard at some moment of a later batch.
	time.Sleep(time.Duration(time.Now().UnixNano()%20) * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	// Read what it reported before it died.
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "committed "); ok {
			reported, _ = strconv.Atoi(n)
		}
	}
	cmd.Wait()
	if reported < 5 {
		t.Fatalf("the importer reported %d batches", reported)
	}
	db, err = Open(archive, Create)
	if err != nil {
		t.Fatalf("archive does not open after kill -9: %v", err)
	}
	defer db.Close()
	if db.Backend() == "SQLite" {
		var check string
		db.db.QueryRow("PRAGMA integrity_check").Scan(&check)
		if check != "ok" {
			t.Fatalf("integrity_check: %s", check)
		}
	}
	n, _ := db.Count(ctx, Filter{})
	var ratings int
	db.db.QueryRow("SELECT count(*) FROM puzzles WHERE rater IS NOT NULL").Scan(&ratings)
	// Whole batches only: the batches it reported, and perhaps the one
	// whose commit it did not live to report.
	if n%500 != 0 || n < reported*500 || n > (reported+1)*500 || ratings != n {
		t.Fatalf("after kill: %d puzzles, %d ratings; %d batches of 500 were reported committed", n, ratings, reported)
	}
	t.Logf("killed after %d reported batches; archive holds %d puzzles", reported, n)
}

// Several processes create the same new archive at once: each opens it,
// and the migrations run once.
func TestConcurrentCreate(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short)
	}
	for round := 0; round < 6; round++ {
		// Odd rounds: six processes make the tables of one empty
		// PostgreSQL database at once.
		archive := filepath.Join(t.TempDir(), "new.db")
		if round%2 == 1 {
			archive = pgtest.URL(t)
		}
		var outs [6]strings.Builder
		var cmds [6]*exec.Cmd
		for i := range cmds {
			cmds[i] = helper(t, "open", archive, fmt.Sprint(i))
			cmds[i].Stdout, cmds[i].Stderr = &outs[i], &outs[i]
			if err := cmds[i].Start(); err != nil {
				t.Fatal(err)
			}
		}
		for i, c := range cmds {
			if err := c.Wait(); err != nil {
				t.Fatalf("round %d, process %d: %v\n%s", round, i, err, outs[i].String())
			}
		}
		db, err := Open(archive, Create)
		if err != nil {
			t.Fatal(err)
		}
		var applied int
		db.db.QueryRow("SELECT count(*) FROM schema_migrations").Scan(&applied)
		db.Close()
		if applied != SchemaVersion() {
			t.Fatalf("%d migrations recorded, want %d", applied, SchemaVersion())
		}
	}
}
