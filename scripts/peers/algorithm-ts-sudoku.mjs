// algorithm-ts-sudoku.mjs: the 16x16 peer scripts/bench-variants times,
// @algorithm.ts/sudoku (dancing links), driven the way a user drives it.
//
// usage: node algorithm-ts-sudoku.mjs solve  <puzzles.txt
//        node algorithm-ts-sudoku.mjs create N DIFFICULTY
//
// solve reads 16x16 puzzles a line (pressrun's form: 1-9 then A-G, '.'
// empty) and writes each first solution found by SudokuSolver, a line
// each; create writes N puzzles of SudokuCreator.createSudoku(DIFFICULTY)
// in the same form. Both print to stderr the seconds the calls took in
// process ("seconds 1.234"), startup and reading left out. Run it with
// NODE_PATH naming the node_modules the package is installed in.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(process.env.NODE_PATH + '/');
const { SudokuSolver, SudokuCreator } = require('@algorithm.ts/sudoku');

const symbols = '123456789ABCDEFG';
const toBoard = (line) => Array.from(line, (ch) => (ch === '.' ? -1 : symbols.indexOf(ch.toUpperCase())));
const toLine = (board) => board.map((v) => (v < 0 ? '.' : symbols[v])).join('');

const [mode, ...args] = process.argv.slice(2);
const out = [];
let seconds = 0;
if (mode === 'solve') {
	const solver = new SudokuSolver({ childMatrixWidth: 4 });
	const puzzles = readFileSync(0, 'utf8').split('\n').filter((l) => l.length === 256).map(toBoard);
	const solution = new Array(256);
	const t0 = process.hrtime.bigint();
	for (const p of puzzles) {
		out.push(solver.solve(p, solution) ? toLine(solution) : 'none');
	}
	seconds = Number(process.hrtime.bigint() - t0) / 1e9;
} else if (mode === 'create') {
	const n = Number(args[0]);
	const difficulty = Number(args[1]);
	const creator = new SudokuCreator({ childMatrixWidth: 4 });
	const t0 = process.hrtime.bigint();
	for (let i = 0; i < n; i++) {
		out.push(toLine(creator.createSudoku(difficulty).puzzle));
	}
	seconds = Number(process.hrtime.bigint() - t0) / 1e9;
} else {
	console.error('usage: algorithm-ts-sudoku.mjs solve <puzzles | create N DIFFICULTY');
	process.exit(2);
}
process.stdout.write(out.join('\n') + '\n');
console.error(`seconds ${seconds.toFixed(6)}`);
