// The service worker of a release build. scripts/pwa.mjs writes it to
// dist/sw.js with the two constants below filled in: the build's files
// (every file of dist/ but this one) and a hash of their contents, so a new
// build is a new worker with a new cache. It is not used by the dev server.
//
// - install: precaches every file of the build: a file named after its
//   contents from the HTTP cache when the page has already downloaded it
//   (the main wasm, on a first visit), any other from the network;
// - fetch: serves precached files from the cache first, and any navigation
//   inside the scope with the cached index.html (the app routes by hash);
//   tables.json (whether the site offers online tables) always comes from
//   the network, and offline it says no;
// - activate: deletes this app's caches from older builds and takes control
//   of open pages (only the first time: an update waits, see below);
// - message SKIP_WAITING: sent by sw-register.js when the user presses
//   Reload on the "new version" banner; never done silently.
"use strict";

const FILES = /*FILES*/[];
const VERSION = /*VERSION*/"dev";

// One cache per build and per scope, so two copies of the app on one site
// (say /gunjin/ and /beta/gunjin/) never delete each other's files.
const PREFIX = "gunjin " + self.registration.scope + " ";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("index.html", self.registration.scope).href;
const TABLES = new URL("tables.json", self.registration.scope).href;
const NO_TABLES = '{"tables":false}';

// A name with a hash of the contents (`gunjin-0123456789abcdef_bg.wasm`):
// any copy of it, fresh or stale, is the right one.
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;

self.addEventListener("install", (event) => {
  const request = (file) => new Request(file, { cache: HASHED.test(file) ? "force-cache" : "reload" });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(request))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.url === TABLES) {
    const offline = () => new Response(NO_TABLES, { headers: { "content-type": "application/json" } });
    event.respondWith(fetch(request).catch(offline));
    return;
  }
  const lookup = request.mode === "navigate" ? INDEX : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(lookup))
      .then((hit) => hit || fetch(request)),
  );
});
