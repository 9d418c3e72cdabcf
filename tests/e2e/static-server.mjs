// Serves a built `dist/` folder on 127.0.0.1 for the end-to-end tests, with
// nothing but node's own modules so the tests need no extra dependency.
// Usage: node tests/e2e/static-server.mjs <dir> <port> [<path prefix>]
// With a prefix such as /games/gunjin/, the folder is served under it only
// (as on a static host where the app lives in a subfolder). With
// LOG_REQUESTS set, each request's path is printed (`GET /index.html`),
// for tests that count what went over the network.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(process.argv[2] ?? "dist");
const port = Number(process.argv[3] ?? 4178);
const prefix = process.argv[4] ?? "/";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

createServer(async (req, res) => {
  try {
    const full = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (process.env.LOG_REQUESTS) console.log(`GET ${full}`);
    if (!full.startsWith(prefix)) throw new Error("outside the prefix");
    const path = "/" + full.slice(prefix.length);
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    let body = await readFile(file);
    const headers = {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
    };
    // Compressed like on a real static host (Lighthouse measures it).
    if (!/^image\/png/.test(headers["content-type"]) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      body = gzipSync(body);
      headers["content-encoding"] = "gzip";
      headers["vary"] = "accept-encoding";
    }
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
  }
}).listen(port, "127.0.0.1", () => {
  console.log(`serving ${root} on http://127.0.0.1:${port}${prefix}`);
});
