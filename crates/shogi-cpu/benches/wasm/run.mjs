// Times the wasm32 build of the search in Node the way the native binary
// times itself: process CPU time, also as the clock the search's one-second
// deadline reads. Usage: node run.mjs <module.wasm>
// Prints `wasm <index> <nodes> <nodes/s> <depth in 1 s>` per position.
import { readFile } from "node:fs/promises";

const cpuMillis = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const [path] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(await readFile(path), {
  env: { now_ms: cpuMillis },
});
const { prepare, search, depth_in } = instance.exports;

const count = prepare();
for (let index = 0; index < count; index++) {
  const start = cpuMillis();
  const nodes = search(index) >>> 0;
  const seconds = (cpuMillis() - start) / 1000;
  const depth = depth_in(index, 1000);
  console.log(`wasm ${index} ${nodes} ${(nodes / seconds).toFixed(0)} ${depth}`);
}
