// Compresses a release build once, at build time: beside each file a
// browser downloads compressed (scripts, wasm, styles, the page, text,
// JSON, SVG), its brotli (`name.br`, best quality) and gzip (`name.gz`,
// level 9) copies, each kept only if smaller. The table server sends the
// copy the browser takes (crates/gunjin-server/src/static_files.rs), so no
// request pays for compressing; a static host configured for it
// (nginx's `gzip_static`, `brotli_static`) can do the same.
//
// Trunk runs it after every build, last (Trunk.toml, [[hooks]]
// post_build), on its staging directory; it only acts on release builds
// (TRUNK_PROFILE=release). By hand: node scripts/compress.mjs dist
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("usage: node scripts/compress.mjs <built dir> (or run by trunk as a post_build hook)");
  process.exit(2);
}
if (!process.argv[2] && process.env.TRUNK_PROFILE !== "release") {
  console.log("compress: not a release build, nothing to do");
  process.exit(0);
}

const COMPRESSIBLE = /\.(js|mjs|wasm|css|html|txt|json|webmanifest|svg)$/;
const TEXT = /\.(js|mjs|css|html|txt|json|webmanifest|svg)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath ?? entry.path, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const bytes = await readFile(path);
  const copies = [
    [".br", brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: TEXT.test(entry.name) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })],
    [".gz", gzipSync(bytes, { level: 9 })],
  ];
  for (const [suffix, packed] of copies) {
    if (packed.length < bytes.length) await writeFile(path + suffix, packed);
  }
  files += 1;
  before += bytes.length;
  after += Math.min(bytes.length, copies[0][1].length);
}
const name = relative(process.cwd(), dir).split(sep).join("/") || ".";
console.log(`compress: ${files} files in ${name}, ${before} bytes, ${after} as brotli`);
