import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Page } from "@playwright/test";

// Helpers of the PWA tests: a static server of their own (a folder under a
// path prefix, stoppable to go offline) and waiting for the service worker.

export interface Served {
  /** The app's address, ending in the prefix, e.g. http://127.0.0.1:4321/games/gunjin/ */
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });
}

/** Serves `dir` with tests/e2e/static-server.mjs under `prefix`; with
 * `requests`, the path of every request it serves is pushed there. */
export async function serve(dir: string, prefix = "/", requests?: string[]): Promise<Served> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, "static-server.mjs"), dir, String(port), prefix], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...(requests ? { LOG_REQUESTS: "1" } : {}) },
  });
  await new Promise((ok) => child.stdout!.once("data", ok));
  child.stdout!.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (line.startsWith("GET ")) requests?.push(line.slice(4));
    }
  });
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok();
        child.once("exit", () => ok());
        child.kill();
      }),
  };
}

/** Waits until a service worker controls the page; returns its scope. */
export async function waitForController(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
    return reg.scope;
  });
}
