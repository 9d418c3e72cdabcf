// Renders the app icons (assets/icons/*.png) from their SVG sources with
// Debian's chromium through Playwright, so no image tool is needed:
//   node scripts/icons.mjs
// Run it after changing assets/icon.svg or assets/icon-maskable.svg and
// commit the PNGs (the build only copies them).
import { chromium } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const assets = join(dirname(fileURLToPath(import.meta.url)), "..", "assets");

// [source SVG, output PNG, size in pixels]
const icons = [
  ["icon.svg", "icon-192.png", 192],
  ["icon.svg", "icon-512.png", 512],
  ["icon-maskable.svg", "icon-maskable-512.png", 512],
  // iOS rounds the corners itself, so it gets the full-bleed artwork.
  ["icon-maskable.svg", "apple-touch-icon.png", 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [src, out, size] of icons) {
    const svg = await readFile(join(assets, src), "utf8");
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(assets, "icons", out), omitBackground: true });
    await page.close();
    console.log(`assets/icons/${out} (${size}×${size}) from assets/${src}`);
  }
} finally {
  await browser.close();
}
