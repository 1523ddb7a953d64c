// node one.mjs URL_HASH WAIT_MS [W H]
import { launch, probe } from "/work/main/web/test/page.mjs";
const [hash, wait, w, h] = [process.argv[2], Number(process.argv[3] ?? 1000), Number(process.argv[4] ?? 1280), Number(process.argv[5] ?? 800)];
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const browser = await launch();
const page = await browser.newPage();
await page.setViewport({ width: w, height: h });
await page.goto("http://127.0.0.1:8766/", { waitUntil: "load" });
while (!(await probe(page))) await pause(20);
await page.evaluate(async () => (await import("./searchlab.js")).searchlab_dismiss_notice());
await pause(300);
await page.goto("http://127.0.0.1:8766/" + hash);
await pause(wait);
const times = await page.evaluate(() => new Promise((resolve) => {
  const seen = []; const start = performance.now();
  const tick = (t) => { seen.push(t); if (t - start < 3000) requestAnimationFrame(tick); else resolve(seen); };
  requestAnimationFrame(tick);
}));
const p = await probe(page);
console.log(`${hash}: ${(times.length/3).toFixed(0)} fps; app ${p.frame_rate?.toFixed(0)} fps own ${p.frame_ms?.toFixed(1)} ms running=${p.running}`);
await page.screenshot({ path: "/tmp/fr/shot.png" });
await browser.close();
