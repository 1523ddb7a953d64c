// Frame intervals of the browser build, in headless Chromium: with nothing to draw, while
// the knight's tour animates (no run), while an N-Queens count runs in its workers,
// through a cultural algorithm's run on a 100 x 100 board, and while 6 x 6 is counted
// from every square.
//
//   node frames.mjs SITE_URL [N]        (N: the count's n, default 17)
//   FRAMES_SIZE=800x600 node frames.mjs SITE_URL   (another size; below 1280 x 800 without the count)
//   BROWSER_GL=mesa xvfb-run -a -s "-screen 0 1300x900x24" node frames.mjs SITE_URL
//                                       (Mesa's llvmpipe instead of SwiftShader: page.mjs)
//
// Serve dist/ first, e.g. `python3 -m http.server 8766 --directory dist`. The figures
// are requestAnimationFrame's intervals over 3 s: the page's own frame rate; and the app's
// own work a frame (egui's frame on the page's thread, as the top bar shows it).
import { launch, probe } from "./page.mjs";

const [url, n] = [process.argv[2] ?? "http://127.0.0.1:8766/", process.argv[3] ?? "17"];
// FRAMES_SIZE=800x600: another page size (the count only from 1280 x 800 up, where its
// clicks find the form in the same place).
const [width, height] = (process.env.FRAMES_SIZE ?? "1280x800").split("x").map(Number);
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function frames(page, what) {
    const running = (await probe(page)).running;
    const times = await page.evaluate(() => new Promise((resolve) => {
        const seen = [];
        const start = performance.now();
        const tick = (t) => {
            seen.push(t);
            if (t - start < 3000) requestAnimationFrame(tick); else resolve(seen);
        };
        requestAnimationFrame(tick);
    }));
    const { frame_ms: own, frame_rate: drawn } = await probe(page);
    const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
    const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * q))].toFixed(1);
    console.log(`${what} (a run going on: ${running}): ${(times.length / 3).toFixed(0)} frames/s, ` +
        `median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms, longest ${at(1)} ms; ` +
        `the app drew ${drawn == null ? "-" : drawn.toFixed(0)} frames/s, ` +
        `its own work ${own == null ? "-" : own.toFixed(1)} ms a frame`);
}

const browser = await launch();
try {
    const page = await browser.newPage();
    await page.setViewport({ width, height });
    const loaded = Date.now();
    await page.goto(url, { waitUntil: "load" });
    while (!(await probe(page))) await pause(20);
    console.log(`interactive after ${Date.now() - loaded} ms`);
    // A first visit's welcome goes (Esc), and the start-up notice (as its button does), so
    // the form stands at the top.
    await page.mouse.click(1150, 780);
    await page.keyboard.press("Escape");
    await page.evaluate(async () => (await import("./searchlab.js")).searchlab_dismiss_notice());
    await pause(500);
    await frames(page, "idle");
    await page.mouse.click(1150, 600);
    await page.keyboard.press("r"); // a tour on 8x8, then its animation
    await pause(800);
    await frames(page, "the tour animating");
    if (width < 1280 || height < 800) {
        await browser.close();
        process.exit(0);
    }
    await page.keyboard.down("Control");
    await page.keyboard.press("2");
    await page.keyboard.up("Control");
    await pause(300);
    await page.mouse.click(123, 62); // n
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type(n);
    await page.keyboard.press("Enter");
    await pause(300);
    await page.mouse.click(68, 428); // Count all solutions
    await pause(300);
    await frames(page, `counting ${n} queens`);
    await page.keyboard.press("Escape");
    await pause(300); // the key is read at the next frame: before the link opens
    // A live evolutionary run, by link: its board, belief space and fitness plot drawn as
    // they change (the link's address starts it; the count is stopped first).
    await page.goto(`${url.split("#")[0]}#v1/knight?board=100x100&algo=level4&seed=1`);
    await pause(1500);
    await frames(page, "cultural level 4 on 100x100");
    await page.keyboard.press("Escape");
    await pause(300);
    await page.goto(`${url.split("#")[0]}#v1/knight?board=6x6&algo=count-all`);
    await pause(1000);
    await frames(page, "counting 6x6 from every square");
} finally {
    await browser.close();
}
