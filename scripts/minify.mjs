// Minifies the JavaScript of a release build: wasm-bindgen's glue and the
// service worker's registration script, which Trunk's own minifier leaves
// as they are (it stops at the glue's `export default`). Every integrity
// hash index.html gives for a minified file is replaced with the new one.
//
// Trunk runs it after every build, before scripts/pwa.mjs (Trunk.toml,
// [[hooks]] post_build), on its staging directory; it only acts on release
// builds (TRUNK_PROFILE=release). By hand: node scripts/minify.mjs dist
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { minify } from "terser";

import { replaceFile } from "./integrity.mjs";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("usage: node scripts/minify.mjs <built dir> (or run by trunk as a post_build hook)");
  process.exit(2);
}
if (!process.argv[2] && process.env.TRUNK_PROFILE !== "release") {
  console.log("minify: not a release build, nothing to do");
  process.exit(0);
}

/** The page's own scripts: the app's glue and the loader of its split-off
 * part (ES modules, scripts/split.mjs) and sw-register.js. */
const SCRIPTS = /^(gunjin-[0-9a-f]+\.js|split-[0-9a-f]+\.js|sw-register\.js)$/;

const indexPath = join(dir, "index.html");
let html = await readFile(indexPath, "utf8");
let before = 0;
let after = 0;
for (const name of (await readdir(dir)).filter((n) => SCRIPTS.test(n)).sort()) {
  const path = join(dir, name);
  const source = await readFile(path, "utf8");
  const { code } = await minify(source, {
    module: name !== "sw-register.js",
    compress: { passes: 2 },
    format: { comments: false },
  });
  if (code === undefined || code.length >= source.length) continue;
  html = await replaceFile(path, source, code, html);
  before += source.length;
  after += code.length;
}
await writeFile(indexPath, html);
console.log(`minify: scripts ${before} -> ${after} bytes`);
