// Where the bytes of a wasm module go: its code by crate (the first segment
// of each function's name, from the name section), the largest functions,
// and its static data.
//   node scripts/wasm-sizes.mjs FILE.wasm [how many functions]
// The module must carry its names: a release build's first module loses
// them to wasm-opt, so scripts/split.mjs writes a copy of it before
// optimising when GUNJIN_NAMES names a file, and this script optimises
// that copy as the build does (-Oz) but keeping the names (-g):
//   GUNJIN_NAMES=target/first-module.wasm trunk build --offline --release
//   node scripts/wasm-sizes.mjs target/first-module.wasm
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [input, top = "25"] = process.argv.slice(2);
if (!input) {
  console.error("usage: node scripts/wasm-sizes.mjs FILE.wasm [how many functions]");
  process.exit(2);
}

const work = await mkdtemp(join(tmpdir(), "wasm-sizes-"));
let bytes;
try {
  const optimized = join(work, "module.wasm");
  execFileSync(join(root, "node_modules", ".bin", "wasm-opt"), ["-Oz", "-g", "--enable-bulk-memory", "--enable-nontrapping-float-to-int",
    "--enable-reference-types", "--enable-sign-ext", "--enable-mutable-globals", input, "-o", optimized]);
  bytes = await readFile(optimized);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** Reads a LEB128 unsigned number at `at`: [value, next offset]. */
const leb = (at) => {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
};
const text = (at) => {
  const [length, start] = leb(at);
  return [bytes.subarray(start, start + length).toString(), start + length];
};

let imported = 0;
const bodies = [];
const names = new Map();
let data = 0;
let dataGzip = 0;
let namesSize = 0;
for (let at = 8; at < bytes.length; ) {
  const id = bytes[at];
  const [size, body] = leb(at + 1);
  const end = body + size;
  if (id === 2) {
    // Imports: functions imported come first in the index space.
    let [count, p] = leb(body);
    for (; count > 0; count--) {
      [, p] = text(p);
      [, p] = text(p);
      const kind = bytes[p++];
      if (kind === 0) {
        imported++;
        [, p] = leb(p);
      } else if (kind === 1) {
        p++;
        const flags = bytes[p++];
        [, p] = leb(p);
        if (flags & 1) [, p] = leb(p);
      } else if (kind === 2) {
        const flags = bytes[p++];
        [, p] = leb(p);
        if (flags & 1) [, p] = leb(p);
      } else if (kind === 3) {
        p += 2;
      } else {
        p++;
        [, p] = leb(p);
      }
    }
  } else if (id === 10) {
    let [count, p] = leb(body);
    for (; count > 0; count--) {
      const [length, start] = leb(p);
      bodies.push(start + length - p);
      p = start + length;
    }
  } else if (id === 11) {
    data = size;
    dataGzip = gzipSync(bytes.subarray(body, end), { level: 9 }).length;
  } else if (id === 0) {
    const [name, p] = text(body);
    if (name === "name") {
      namesSize = size;
      for (let q = p; q < end; ) {
        const sub = bytes[q];
        const [subSize, subBody] = leb(q + 1);
        if (sub === 1) {
          let [count, r] = leb(subBody);
          for (; count > 0; count--) {
            let index;
            let fn;
            [index, r] = leb(r);
            [fn, r] = text(r);
            names.set(index, fn);
          }
        }
        q = subBody + subSize;
      }
    }
  }
  at = end;
}

/** The crate a function belongs to: the first path segment of its name
 * (`<leptos::A as core::B>::f` → leptos); `?` when it has none. */
const crateOf = (name) => /^[<&*\s]*(?:dyn |mut |const )*([A-Za-z_][A-Za-z0-9_]*)::/.exec(name)?.[1] ?? "?";

const byCrate = new Map();
const functions = bodies.map((size, i) => {
  const name = names.get(imported + i) ?? `#${imported + i}`;
  const crate = crateOf(name);
  const entry = byCrate.get(crate) ?? { size: 0, count: 0 };
  entry.size += size;
  entry.count += 1;
  byCrate.set(crate, entry);
  return { name, size };
});
const code = bodies.reduce((a, b) => a + b, 0);
const total = bytes.length - namesSize;
const num = (n) => n.toLocaleString("en").padStart(9);
console.log(`${input}: ${num(total)} bytes without names (optimised -Oz), code ${num(code)}, data ${num(data)}, other ${num(total - code - data)}`);
console.log("\ncode by crate          bytes  functions");
for (const [crate, { size, count }] of [...byCrate].sort((a, b) => b[1].size - a[1].size)) {
  console.log(`${crate.padEnd(20)} ${num(size)} ${String(count).padStart(10)}`);
}
console.log(`\nthe ${top} largest functions`);
for (const { name, size } of functions.sort((a, b) => b.size - a.size).slice(0, Number(top))) {
  console.log(`${num(size)}  ${name.length > 110 ? name.slice(0, 107) + "..." : name}`);
}
console.log(`\nstatic data: ${num(data)} bytes, ${num(dataGzip)} gzip`);
