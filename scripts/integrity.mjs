// The integrity hashes index.html gives the files it loads: Trunk writes
// them, and each post-build script that rewrites one of those files keeps
// its hash true (scripts/split.mjs, scripts/minify.mjs).
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";

/** A subresource-integrity hash, as Trunk writes them. */
export const sri = (bytes) => "sha384-" + createHash("sha384").update(bytes).digest("base64");

/** Writes `after` over the file at `path`, which held `before`; returns
 * `html` with the file's integrity hash changed to match. */
export async function replaceFile(path, before, after, html) {
  await writeFile(path, after);
  return html.replaceAll(sri(before), sri(after));
}
