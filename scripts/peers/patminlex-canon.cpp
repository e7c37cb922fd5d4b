// patminlex-canon: print the patminlex canonical form of each puzzle.
//
// usage: patminlex-canon [FILE]        one form a line, '.' for empty cells
//        patminlex-canon -t [FILE]     time the canonicalization alone over
//                                      the preloaded puzzles (repeated until
//                                      >= 1 s) and print puzzles/s
//
// A driver for dobrichev's patminlex.cpp (sudoku-minlexing-tool), written
// for pressrun's scripts/bench-read: the repository's own main.cpp also
// prints the automorphism count and every back-mapping, which is not the
// canonical form alone. Lines are read as main.cpp reads them: the first
// 81 characters, '1'-'9' a given, anything else empty; lines shorter than
// 81 characters or starting with '#' are skipped, as tdoku's example does.
#include "patminlex.h" // -I the sudoku-minlexing-tool checkout
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

static void convert(const char *line, char *in) {
	for (int i = 0; i < 81; i++)
		in[i] = line[i] <= '9' && line[i] > '0' ? line[i] - '0' : 0;
}

int main(int argc, char **argv) {
	bool timing = argc > 1 && strcmp(argv[1], "-t") == 0;
	const char *name = argc > 1 + timing ? argv[1 + timing] : nullptr;
	FILE *f = name ? fopen(name, "r") : stdin;
	if (!f) { perror(name); return 2; }
	static char buf[1 << 16];
	if (!timing) {
		char in[81], out[81], outs[82];
		outs[81] = '\n';
		while (fgets(buf, sizeof buf, f)) {
			if (strlen(buf) < 81 || buf[0] == '#') continue;
			convert(buf, in);
			patminlex z(in, out);
			for (int i = 0; i < 81; i++) outs[i] = out[i] ? out[i] + '0' : '.';
			fwrite(outs, 1, 82, stdout);
		}
		return 0;
	}
	std::vector<char> all;
	while (fgets(buf, sizeof buf, f)) {
		if (strlen(buf) < 81 || buf[0] == '#') continue;
		size_t n = all.size();
		all.resize(n + 81);
		convert(buf, &all[n]);
	}
	size_t n = all.size() / 81, done = 0;
	if (n == 0) { fprintf(stderr, "patminlex-canon: no puzzles\n"); return 2; }
	char out[81];
	unsigned check = 0;
	auto t0 = std::chrono::steady_clock::now();
	double secs = 0;
	while (secs < 1.0) {
		for (size_t i = 0; i < n; i++) {
			patminlex z(&all[81 * i], out);
			check += out[80];
		}
		done += n;
		secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	}
	printf("%zu puzzles in %.3f s: %.1f puzzles/s (check %u)\n", done, secs, done / secs, check);
	return 0;
}
