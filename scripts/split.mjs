// Splits the app's wasm in two: what the home page needs, loaded with the
// page, and the other pages (`load_page` in src/lib.rs), fetched when one of
// them is first opened. A first visit then downloads only the first part.
//
// Trunk runs it after every build (Trunk.toml, [[hooks]] post_build), before
// scripts/minify.mjs and scripts/pwa.mjs, on its staging directory. Trunk has
// built the app with the `split` feature (index.html), run wasm-bindgen and
// named the result gunjin-<hash>.js and gunjin-<hash>_bg.wasm. This script
//   1. splits Cargo's own output (linked with relocations, see build.rs) with
//      wasm-split-cli (scripts/setup.sh installs it);
//   2. runs wasm-bindgen on the main part, and in release builds wasm-opt -Oz
//      on every part (Trunk's own wasm-opt is off for the app);
//   3. puts the main part in place of Trunk's two files, names the others
//      after their contents, and updates the integrity hashes of index.html;
//   4. takes the files of words out of the wasm's custom sections
//      `gunjin_file_*` (build.rs: a name, a newline, a text) into the built
//      folder, so the first module does not carry them: the pages' words,
//      and the home page's per language (`words-<lang>-<hash>.txt`), the
//      reader's fetched by index.html beside the app (scripts/words.template.js).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { replaceFile } from "./integrity.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("usage: run by trunk as a post_build hook (Trunk.toml)");
  process.exit(2);
}
const release = process.env.TRUNK_PROFILE === "release";
// The Cargo profile of the app's build: index.html names `app` for release.
const profile = release ? "app" : "debug";
const input = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "wasm32-unknown-unknown", profile, "gunjin.wasm");

const files = await readdir(dir);
const glue = files.find((n) => /^gunjin-[0-9a-f]+\.js$/.test(n));
if (!glue) {
  console.error(`split: no gunjin-<hash>.js in ${dir}`);
  process.exit(1);
}
const stem = glue.slice(0, -".js".length);

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
const hash16 = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);
const optimize = (path) => {
  if (release) {
    run("wasm-opt", ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-reference-types",
      "--enable-sign-ext", "--enable-mutable-globals", path, "-o", path]);
  }
};

/** Reads a LEB128 unsigned number at `at`: [value, next offset]. */
const leb = (bytes, at) => {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
};

/** The wasm `bytes` without its custom sections named `prefix…`, and those sections' contents. */
const takeSections = (bytes, prefix) => {
  const kept = [bytes.subarray(0, 8)];
  const taken = [];
  for (let at = 8; at < bytes.length; ) {
    const [size, body] = leb(bytes, at + 1);
    const end = body + size;
    if (bytes[at] === 0) {
      const [length, text] = leb(bytes, body);
      if (Buffer.from(bytes.subarray(text, text + length)).toString().startsWith(prefix)) {
        taken.push(bytes.subarray(text + length, end));
        at = end;
        continue;
      }
    }
    kept.push(bytes.subarray(at, end));
    at = end;
  }
  return [Buffer.concat(kept), taken];
};

const work = await mkdtemp(join(tmpdir(), "gunjin-split-"));
try {
  const [linked, sections] = takeSections(await readFile(input), "gunjin_file_");
  const words = {};
  for (const section of sections) {
    const newline = section.indexOf(10);
    const name = section.subarray(0, newline).toString();
    await writeFile(join(dir, name), section.subarray(newline + 1));
    words[name] = section.length - newline - 1;
  }
  const homeWords = Object.fromEntries(Object.keys(words).flatMap((name) => {
    const lang = /^words-([a-z]+)-[0-9a-f]{16}\.txt$/.exec(name)?.[1];
    return lang ? [[lang, name]] : [];
  }));
  if (sections.length < 2 || !homeWords.en) {
    console.error(`split: ${input} lacks the sections gunjin_file_* of the words (build.rs)`);
    process.exit(1);
  }
  // Beside the work folder, whose every .wasm is taken for a split part.
  const stripped = `${work}.wasm`;
  await writeFile(stripped, linked);
  run("wasm-split-cli", [stripped, work, "--out-name", stem]);
  const bound = join(work, "bound");
  // The split-off part shares the main part's function table, which
  // wasm-bindgen drops from the exports unless told to keep it.
  run("wasm-bindgen", ["--target", "web", "--no-typescript", "--keep-lld-exports", "--out-dir", bound, "--out-name", stem,
    ...(release ? [] : ["--debug", "--keep-debug"]), join(work, `${stem}.wasm`)]);

  // The split-off parts, named after their contents; the link module that
  // loads them (wasm-split's __wasm_split.js) names them.
  let link = await readFile(join(work, "__wasm_split.js"), "utf8");
  const parts = [];
  for (const name of (await readdir(work)).filter((n) => n.endsWith(".wasm") && n !== `${stem}.wasm`)) {
    const path = join(work, name);
    optimize(path);
    const bytes = await readFile(path);
    const named = `${name.slice(0, -".wasm".length)}-${hash16(bytes)}.wasm`;
    link = link.replaceAll(`"./${name}"`, `"./${named}"`);
    await writeFile(join(dir, named), bytes);
    parts.push(`${named} ${bytes.length} bytes`);
  }
  const linkName = `split-${hash16(link)}.js`;
  await writeFile(join(dir, linkName), link);

  // The main part, under Trunk's names.
  let html = await readFile(join(dir, "index.html"), "utf8");
  // The words' fetch, first in <head> so that it starts with the app's
  // (without its comments, which every visit would download).
  const prefetch = (await readFile(join(root, "scripts", "words.template.js"), "utf8"))
    .replace(/^\s*\/\/.*\n/gm, "")
    .replace("/*FILES*/{}", JSON.stringify(homeWords));
  html = html.replace("<link", `<script>${prefetch}</script><link`);
  const main = join(bound, `${stem}_bg.wasm`);
  // With its names, for scripts/wasm-sizes.mjs.
  if (process.env.GUNJIN_NAMES) await copyFile(main, process.env.GUNJIN_NAMES);
  optimize(main);
  // The glue imports the link module once per split module.
  const js = (await readFile(join(bound, `${stem}.js`), "utf8")).replaceAll('from "./__wasm_split.js"', `from "./${linkName}"`);
  const wasm = await readFile(main);
  for (const [name, bytes] of [[glue, js], [`${stem}_bg.wasm`, wasm]]) {
    const path = join(dir, name);
    html = await replaceFile(path, await readFile(path), bytes, html);
  }
  await writeFile(join(dir, "index.html"), html);
  const files = Object.entries(words).map(([name, size]) => `${name} ${size} bytes`);
  console.log(`split: ${stem}_bg.wasm ${wasm.length} bytes; ${[...parts, ...files].join(", ")}`);
} finally {
  await rm(work, { recursive: true, force: true });
  await rm(`${work}.wasm`, { force: true });
}
