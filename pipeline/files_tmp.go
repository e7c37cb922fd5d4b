package pipeline

// Stand-ins until the atomic writer moves here from cmd/pressrun.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

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
		tmp, err := os.CreateTemp(dir, fmt.Sprintf(".%s.%d.*.tmp", filepath.Base(name), os.Getpid()))
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

func RemoveStaleTemps(name string) error {
	dir, base := filepath.Dir(name), filepath.Base(name)
	matches, _ := filepath.Glob(filepath.Join(dir, "."+base+".*.tmp"))
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), "."+base+".")
		pid, err := strconv.Atoi(strings.SplitN(rest, ".", 2)[0])
		if err == nil && !alive(pid) {
			os.Remove(m)
		}
	}
	return nil
}
