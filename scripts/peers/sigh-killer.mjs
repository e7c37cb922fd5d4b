// sigh-killer.mjs: the killer peer scripts/bench-killer times, the solver
// of sigh/Interactive-Sudoku-Solver (MIT), driven through its own
// SimpleSolver the way its tests drive it.
//
// usage: node sigh-killer.mjs ISS_DIR <puzzles.jsonl
//
// It reads killers in the JSON form, one object a line
// ({"cages": [{"sum": 11, "cells": [0, 9, 10]}, ...], "givens": "..."},
// cells row-major 0-80), looks for up to two solutions of each and writes
// "COUNT SOLUTION" a line each (SOLUTION the first found, 81 digits, or
// "none"). It prints to stderr the seconds the solving took in process
// ("seconds 1.234"), startup and reading left out; the solver's set-up of
// each puzzle (building its constraints) is counted, as pressrun's is.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const load = (p) => import(pathToFileURL(`${dir}/${p}`).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const { SimpleSolver } = await load('js/sandbox/simple_solver.js');

const cell = (i) => `R${Math.floor(i / 9) + 1}C${(i % 9) + 1}`;
// constraint writes a puzzle in the solver's own text form: a cage is
// ".Cage~SUM~R1C1~R1C2...", a given ".~R1C1_5".
const constraint = (p) => {
	let s = '';
	for (const c of p.cages) {
		s += `.Cage~${c.sum}~${c.cells.map(cell).join('~')}`;
	}
	const givens = p.givens ?? '';
	for (let i = 0; i < givens.length; i++) {
		if (givens[i] >= '1' && givens[i] <= '9') {
			s += `.~${cell(i)}_${givens[i]}`;
		}
	}
	return s;
};

const inputs = readFileSync(0, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => constraint(JSON.parse(l)));
const solver = new SimpleSolver();
const out = [];
const t0 = process.hrtime.bigint();
for (const input of inputs) {
	const found = [...solver.solutions(input, 2)];
	out.push(`${found.length} ${found.length > 0 ? found[0].toString() : 'none'}`);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
process.stdout.write(out.join('\n') + '\n');
process.stderr.write(`seconds ${seconds.toFixed(6)}\n`);
