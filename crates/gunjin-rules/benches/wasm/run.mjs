// Times the wasm32 build of the playout loop in Node, the same way the
// native binary times itself: process CPU time (user + system), so other
// work on a small shared machine does not count. Node's own helper threads
// (compilers, GC) count too, against wasm; they are idle while `play` runs
// after the first rounds. Usage:
//   node run.mjs <module.wasm> [games per round] [rounds] [seed]
// Prints `wasm <best plies/s> <median plies/s> <plies in the first round>`.
import { readFile } from "node:fs/promises";

const [path, games = "200", rounds = "15", seed = "1"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(await readFile(path), {});
const { prepare, play } = instance.exports;

const rates = [];
let firstPlies;
for (let round = 0; round < Number(rounds); round++) {
  prepare(Number(games), (Number(seed) + round) >>> 0);
  const start = process.cpuUsage();
  const plies = play();
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  rates.push(plies / seconds);
  firstPlies ??= plies;
}
rates.sort((a, b) => a - b);
const best = rates[rates.length - 1];
const median = rates[Math.floor(rates.length / 2)];
console.log(`wasm ${best.toFixed(0)} ${median.toFixed(0)} ${firstPlies}`);
