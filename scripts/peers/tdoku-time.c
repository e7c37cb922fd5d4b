// tdoku-time: time tdoku on preloaded puzzles, in process, doing exactly
// what tdoku's example/solve.c does with limit 2 (count up to 2 solutions,
// then solve again with limit 1 for the solution when there is exactly one),
// repeated until >= 1 s, and print puzzles/s.
//
// usage: tdoku-time [-c] FILE     -c: count only (limit 2), as run_benchmark
//
// Written for pressrun's scripts/bench-read. Lines are skipped as solve.c
// skips them (shorter than 81 characters, or starting with '#').
#include "tdoku.h" // -I tdoku/include
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
	int countOnly = argc > 1 && strcmp(argv[1], "-c") == 0;
	if (argc != 2 + countOnly) { fprintf(stderr, "usage: tdoku-time [-c] FILE\n"); return 2; }
	FILE *f = fopen(argv[1 + countOnly], "r");
	if (!f) { perror(argv[1 + countOnly]); return 2; }
	char *line = NULL;
	size_t cap = 0, n = 0, max = 0;
	char *all = NULL;
	while (getline(&line, &cap, f) != -1) {
		if (strlen(line) < 81 || line[0] == '#') continue;
		if (n == max) { max = max ? 2 * max : 1024; all = realloc(all, max * 82); }
		memcpy(all + 82 * n, line, 81);
		all[82 * n + 81] = '\n';
		n++;
	}
	if (n == 0) { fprintf(stderr, "tdoku-time: no puzzles\n"); return 2; }
	char solution[81];
	size_t guesses, done = 0, check = 0;
	double t0 = now(), secs = 0;
	while (secs < 1.0) {
		for (size_t i = 0; i < n; i++) {
			const char *p = all + 82 * i;
			size_t count = SolveSudoku(p, 2, 0, solution, &guesses);
			if (!countOnly && count == 1) SolveSudoku(p, 1, 0, solution, &guesses);
			check += count + solution[0];
		}
		done += n;
		secs = now() - t0;
	}
	printf("%zu puzzles in %.3f s: %.1f puzzles/s (check %zu)\n", done, secs, done / secs, check);
	return 0;
}
