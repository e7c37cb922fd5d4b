package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// WriteFiles writes each file (a name and its contents) to a temporary
// file in the file's directory, made if missing, and renames them all into
// place once every one is complete: a reader never sees half a file, and a
// failure before the renames leaves no file, temporary or final, behind.
// Files are readable by all (0644).
//
// A temporary file is named .NAME.PID.RANDOM.tmp, NAME the file's base
// name and PID this process's id, so that RemoveStaleTemps can tell what a
// process that died left from what a running one is writing.
func WriteFiles(files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	temps := map[string]string{}
	defer func() {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
	}()
	for _, name := range names {
		dir := filepath.Dir(name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(dir, tempPattern(name))
		if err != nil {
			return err
		}
		temps[name] = tmp.Name()
		_, err = tmp.Write(files[name])
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(tmp.Name(), 0o644)
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	for _, name := range names {
		if err := os.Rename(temps[name], name); err != nil {
			return err
		}
		delete(temps, name)
	}
	return nil
}

// RemoveStaleTemps removes the temporary files WriteFiles left beside name
// (.NAME.PID.RANDOM.tmp) whose process PID is no longer running, as after
// a crash or kill -9; those of a running process, this one included, stay.
// A directory that does not exist has nothing to remove.
func RemoveStaleTemps(name string) error {
	dir := filepath.Dir(name)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	prefix := "." + filepath.Base(name) + "."
	var errs []error
	for _, e := range entries {
		pid, ok := tempPID(e.Name(), prefix)
		if !ok || !processGone(pid) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// tempPattern is os.CreateTemp's pattern for a temporary file of name:
// .NAME.PID.*.tmp, the * a random number.
func tempPattern(name string) string {
	return "." + filepath.Base(name) + "." + strconv.Itoa(os.Getpid()) + ".*.tmp"
}

// tempPID is the process id in the name of a temporary file WriteFiles
// made: prefix (".NAME."), then PID.RANDOM.tmp with PID and RANDOM decimal.
func tempPID(file, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(file, prefix)
	if !ok {
		return 0, false
	}
	if rest, ok = strings.CutSuffix(rest, ".tmp"); !ok {
		return 0, false
	}
	pidText, random, ok := strings.Cut(rest, ".")
	if !ok || !decimal(pidText) || !decimal(random) {
		return 0, false
	}
	pid, err := strconv.Atoi(pidText)
	return pid, err == nil && pid > 0
}

func decimal(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
