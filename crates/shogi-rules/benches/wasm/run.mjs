// Times the wasm32 build of perft and the playout loop in Node, the same
// way the native binary times itself: process CPU time (user + system), so
// other work on a small shared machine does not count. Usage:
//   node run.mjs <module.wasm> [games per round] [rounds] [seed] [perft depth]
// Prints `wasm <best plies/s> <median plies/s> <plies in round 1> <perft nodes/s>`.
import { readFile } from "node:fs/promises";

const [path, games = "20", rounds = "5", seed = "1", depth = "5"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(await readFile(path), {});
const { prepare, play, perft } = instance.exports;

const timed = (f) => {
  const start = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(start);
  return [value, (used.user + used.system) / 1e6];
};

const rates = [];
let firstPlies;
for (let round = 0; round < Number(rounds); round++) {
  prepare(Number(games), (Number(seed) + round) >>> 0);
  const [plies, seconds] = timed(play);
  rates.push(plies / seconds);
  firstPlies ??= plies;
}
rates.sort((a, b) => a - b);
const [nodes, seconds] = timed(() => perft(Number(depth)) >>> 0);
const best = rates[rates.length - 1];
const median = rates[Math.floor(rates.length / 2)];
console.log(`wasm ${best.toFixed(0)} ${median.toFixed(0)} ${firstPlies} ${(nodes / seconds).toFixed(0)}`);
