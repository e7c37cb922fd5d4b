package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/desk"
	"github.com/pressrun/pressrun/store"
)

var serveCommand = command{
	name:    "serve",
	summary: "the desk in a browser: the archive and its puzzles",
	usage: `usage: pressrun serve [flags]

Serve runs the web desk on the archive until interrupted: open the address
it prints in a browser. It listens on 127.0.0.1 (this machine only) unless
--listen says otherwise; any other address needs --token or --token-file,
and then every request must carry the token (open the printed link once:
the browser keeps it in a cookie). --read-only refuses every change, for an
archive others write to. With --specs DIR the desk edits, checks and
builds the book specs of DIR into the archive; every file a spec names
(output, fonts, cover background, levels file) must lie inside DIR. One
line a request goes to the standard error.

  pressrun serve --archive pressrun.db --specs configs
  pressrun serve --listen 0.0.0.0:8080 --token-file desk.token`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := archiveFlag(fs)
		listen := fs.String("listen", "127.0.0.1:8080", "listen on `HOST:PORT`")
		token := fs.String("token", "", "ask every request for `TOKEN`")
		tokenFile := fs.String("token-file", "", "ask every request for the token in `FILE` (its first line)")
		readOnly := fs.Bool("read-only", false, "refuse every change")
		specs := fs.String("specs", "", "build from the specs of `DIR` (every file a spec names must lie inside it)")
		workers := workersFlag(fs, "generate and rate a build on")
		printerName := fs.String("printer", "kdp", "check a build's files against `PRINTER`'s rules before writing them: "+strings.Join(pipeline.PrinterNames(), ", ")+",\nor none")
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("serve takes flags only", "unexpected argument %q", args[0])
			}
			t := *token
			if *tokenFile != "" {
				b, err := os.ReadFile(*tokenFile)
				if err != nil {
					return usagef("put the token on the file's first line", "--token-file: %v", err)
				}
				t, _, _ = strings.Cut(strings.TrimSpace(string(b)), "\n")
				if t = strings.TrimSpace(t); t == "" {
					return usagef("put the token on the file's first line", "--token-file %s: the file holds no token", *tokenFile)
				}
			}
			if t == "" && !desk.Loopback(*listen) {
				return usagef("give --token or --token-file, or --listen 127.0.0.1:PORT", "--listen %s: a desk others can reach needs a token", *listen)
			}
			mode := store.ReadWrite
			if *readOnly {
				mode = store.ReadOnly
			}
			location := archivePath(*path, "")
			db, err := store.Open(location, mode)
			if err != nil {
				return err
			}
			defer db.Close()
			if *specs != "" {
				if info, err := os.Stat(*specs); err != nil || !info.IsDir() {
					return usagef("--specs names the folder of the specs the desk builds from", "--specs %s: not a folder", *specs)
				}
			}
			printer, err := printerNamed(*printerName)
			if err != nil {
				return err
			}
			d, err := desk.New(desk.Config{DB: db, Archive: location, Token: t, ReadOnly: *readOnly, SpecsDir: *specs, Version: version, Workers: *workers, Printer: printer,
				Log: log.New(e.stderr, "", log.LstdFlags)})
			if err != nil {
				return err
			}
			return d.Serve(ctx, *listen, func(addr string) {
				link := "http://" + addr + "/"
				if t != "" {
					link += "?token=" + t
				}
				fmt.Fprintf(e.stderr, "pressrun serve: the desk on %s is at %s (Ctrl-C stops it)\n", store.Shown(db.Path()), link)
			})
		})
	},
}
