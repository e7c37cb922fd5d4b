package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is the release of pressrun; a release build sets it with
// -ldflags "-X main.version=1.2.0".
var version = "0.1.0-dev"

var versionCommand = command{
	name:    "version",
	summary: "print the version of pressrun and of the Go it was built with",
	usage: `usage: pressrun version

Version prints one line: pressrun, its version, and the Go toolchain, system
and (when the build recorded it) the commit it was built with.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("run 'pressrun version' alone", "unexpected argument %q", args[0])
			}
			fmt.Fprintln(e.stdout, versionLine())
			return nil
		}
	},
}

// versionLine is "pressrun VERSION (GO OS/ARCH[, commit REV])". A binary
// built by "go install ...@vX" without -ldflags reports the module version.
func versionLine() string {
	v, goVersion, commit := version, runtime.Version(), ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		if v == "0.1.0-dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value[:min(12, len(s.Value))]
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if commit != "" {
			commit = ", commit " + commit
			if modified {
				commit += "+modified"
			}
		}
	}
	return fmt.Sprintf("pressrun %s (%s %s/%s%s)", v, goVersion, runtime.GOOS, runtime.GOARCH, commit)
}
