// Makes a release build an installable, offline app: writes sw.js (the
// service worker, from assets/sw.template.js) with the list of the build's
// files and a cache version hashed from their contents, and adds the
// registration script (sw-register.js, copied by Trunk) to index.html.
//
// Trunk runs it after every build (Trunk.toml, [[hooks]] post_build) on its
// staging directory. It only does the above for release builds that are not
// served by `trunk serve`; otherwise it writes an sw.js that removes any
// worker a release build left on that origin, and index.html registers none.
// Which one, in order:
//   GUNJIN_SW=on|off   forces it (scripts/serve sets off);
//   TRUNK_PROFILE      must be "release";
//   `trunk serve`      is recognised from the parent process (Linux /proc).
//
// It can also be run by hand on a built folder (always "on"), which is how
// the update test makes a "new build" of a copy of dist/:
//   node scripts/pwa.mjs dist
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("usage: node scripts/pwa.mjs <built dir> (or run by trunk as a post_build hook)");
  process.exit(2);
}

/** Whether the parent process is `trunk serve` (false where unknown). */
function underTrunkServe() {
  try {
    const args = readFileSync(`/proc/${process.ppid}/cmdline`, "utf8").split("\0");
    return args.includes("serve");
  } catch {
    return false;
  }
}

function enabled() {
  if (process.env.GUNJIN_SW === "on") return true;
  if (process.env.GUNJIN_SW === "off") return false;
  if (process.argv[2]) return true; // run by hand on a built folder
  return process.env.TRUNK_PROFILE === "release" && !underTrunkServe();
}

// Removes a worker an earlier release build registered on this origin, so
// the dev server is never hidden behind a stale cache.
const UNREGISTER = `// Development build: no offline support. This worker only removes one a
// release build may have left on this origin, then reloads its pages.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith("gunjin ")) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
  })());
});
`;

const TAG = '<script src="./sw-register.js" defer></script>';

/** Every file under `d`, as a sorted list of `/`-separated relative paths. */
async function files(d) {
  const out = [];
  for (const entry of await readdir(d, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join("/");
    // tables.json is asked of the network each time: the table server
    // answers it differently from the file of the build. The compressed
    // copies (scripts/compress.mjs) are the same files on the wire.
    if (path !== "sw.js" && path !== "tables.json" && !/\.(br|gz)$/.test(path)) out.push(path);
  }
  return out.sort();
}

if (!enabled()) {
  await writeFile(join(dir, "sw.js"), UNREGISTER);
  console.log("pwa: development build, no service worker registered");
} else {
  // The registration script goes into index.html before anything is hashed.
  const indexPath = join(dir, "index.html");
  let html = await readFile(indexPath, "utf8");
  if (!html.includes(TAG)) {
    // At the end of <head> (a minifier may have left out the end tag).
    html = html.includes("</head>")
      ? html.replace("</head>", `\n    ${TAG}\n  </head>`)
      : html.replace(/<body/i, `${TAG}<body`);
    await writeFile(indexPath, html);
  }
  const list = await files(dir);
  if (!list.includes("sw-register.js")) throw new Error(`pwa: ${dir}/sw-register.js is missing (index.html copies it)`);
  const hash = createHash("sha256");
  for (const path of list) {
    hash.update(path + "\0");
    hash.update(await readFile(join(dir, path)));
  }
  const version = hash.digest("hex").slice(0, 16);
  const template = await readFile(join(root, "assets", "sw.template.js"), "utf8");
  const sw = template
    .replace("/*FILES*/[]", JSON.stringify(list, null, 2))
    .replace('/*VERSION*/"dev"', JSON.stringify(version));
  await writeFile(join(dir, "sw.js"), sw);
  console.log(`pwa: sw.js precaches ${list.length} files, version ${version}`);
}
