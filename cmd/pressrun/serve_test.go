package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer the server's goroutines and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServe starts `pressrun serve` on a free port of 127.0.0.1, asks
// for a page over real HTTP, and stops it as Ctrl-C would: exit 0, one
// log line for the request.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	archive := filepath.Join(dir, "a.db")
	if r := pressrun(t, "", "archive", "import", "--archive", archive, "testdata/solve.txt", "--keep-going"); r.code != 0 && r.code != 2 {
		t.Fatalf("import: %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--archive", archive, "--listen", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, &stderr)
	}()
	link := regexp.MustCompile(`is at (http://127\.0\.0\.1:\d+/)`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := link.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("serve printed no address:\n%s", stderr.String())
	}
	resp, err := http.Get(url + "puzzles")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "<h1>Archive</h1>") {
		t.Fatalf("GET /puzzles: %d\n%s", resp.StatusCode, body)
	}
	cancel()
	select {
	case err := <-done:
		if exitCode(err) != 0 {
			t.Fatalf("serve stopped with %v (exit %d)\n%s", err, exitCode(err), stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(stderr.String(), "GET /puzzles 200") {
		t.Errorf("no log line for the request:\n%s", stderr.String())
	}
}

// TestServeRefuses: a desk others could reach needs a token, and bad
// flags stop it before it listens, exit 2 with a hint.
func TestServeRefuses(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.token")
	os.WriteFile(empty, []byte("\n\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--listen", "0.0.0.0:0"}, "a desk others can reach needs a token"},
		{[]string{"serve", "--listen", "0.0.0.0:0", "--token-file", filepath.Join(dir, "missing")}, "--token-file"},
		{[]string{"serve", "--token-file", empty}, "holds no token"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "--archive", filepath.Join(dir, "none.db")}, "none.db"},
	} {
		r := pressrun(t, "", tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, "hint") {
			t.Errorf("%v: exit %d\n%s", tc.args, r.code, r.stderr)
		}
	}
}
