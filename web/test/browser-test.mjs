// Drives the browser build of SearchLab in headless Chromium: loads the page, runs a
// knight's tour and checks it by the rules, saves it (a download) and opens it again with
// the file picker, opens a link to step 300 of a traced search
// in guess mode and checks that step is shown, runs an N-Queens count and checks the
// total, runs an experiment, counts 6 × 6's tours from every square (split across a
// worker per core), opens the page at a link, grades hand-ins picked in the Class view,
// opens it again offline (the service worker's copy),
// takes screenshots, and fails on any error in the page's or a worker's console.
//
//   node browser-test.mjs SITE [SCREENSHOT_DIR]
//
// SITE is the built site's folder (served here on the loopback address) or a URL.
// CHROMIUM names the browser (default /usr/bin/chromium). The page's state is read
// through the module's `searchlab_probe()` (src/web.rs).
import { launch, probe } from "./page.mjs";
import { createServer } from "node:http";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";

const site = process.argv[2] ?? "../../dist";
const shots = process.argv[3];
const errors = [];

const TYPES = {
    ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
    ".png": "image/png", ".json": "application/json", ".webmanifest": "application/manifest+json",
};

// Serves `folder` on a free port of 127.0.0.1; resolves to the server and its URL.
function serve(folder) {
    const server = createServer(async (request, response) => {
        const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
        const file = join(folder, path.endsWith("/") ? `${path}index.html` : path);
        try {
            const body = await readFile(file);
            response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
            response.end(body);
        } catch {
            response.writeHead(404);
            response.end();
        }
    });
    return new Promise((resolve) => {
        server.listen(0, "127.0.0.1", () => resolve([server, `http://127.0.0.1:${server.address().port}/`]));
    });
}

function fail(why) {
    throw new Error(why);
}

// Whether `tour` (squares numbered row by row on a cols × rows board) visits every square
// once, each step a knight's move.
function checkTour(tour, cols, rows) {
    if (tour.length !== cols * rows) return `${tour.length} squares, not ${cols * rows}`;
    return checkWalk(tour, cols);
}

// Whether `path` (squares numbered row by row on a board `cols` wide) visits no square
// twice, each step a knight's move.
function checkWalk(path, cols) {
    if (new Set(path).size !== path.length) return "a square visited twice";
    for (let i = 1; i < path.length; i++) {
        const [a, b] = [path[i - 1], path[i]];
        const dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols));
        const dc = Math.abs((a % cols) - (b % cols));
        if (!((dr === 1 && dc === 2) || (dr === 2 && dc === 1))) return `step ${i} is not a knight's move`;
    }
    return null;
}

// Waits until `ready(state)` holds, reading the state every 100 ms for at most `seconds`.
async function until(page, what, ready, seconds = 30) {
    const end = Date.now() + seconds * 1000;
    for (;;) {
        const state = await probe(page);
        if (state && ready(state)) return state;
        if (Date.now() > end) fail(`${what}: not within ${seconds} s; last state ${JSON.stringify(state)}`);
        await new Promise((r) => setTimeout(r, 100));
    }
}

async function shot(page, name) {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

const [server, url] = /^https?:/.test(site) ? [null, site] : await serve(site);
const browser = await launch();
try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    page.on("console", (m) => {
        if (m.type() === "error") errors.push(`page: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    page.on("workercreated", (w) => {
        w.on("console", (m) => {
            if (m.type() === "error") errors.push(`worker: ${m.text()}`);
        });
    });

    const loaded = Date.now();
    await page.goto(url, { waitUntil: "load" });
    const started = await until(page, "the app to start", (s) => s.tab !== undefined);
    console.log(`interactive after ${Date.now() - loaded} ms`);
    await shot(page, "web-start");
    // A first visit welcomes: its three ways in over the page, until Esc (or a door).
    if (started.welcome !== true) fail("a first visit shows no welcome");
    await page.mouse.click(1150, 780);
    await page.keyboard.press("Escape");
    await until(page, "the welcome to close on Esc", (s) => s.welcome === false, 5);
    console.log("welcome: shown on the first visit, closed by Esc");
    // The start-up notice (what the browser build does not do) stands on a line of its
    // own above the form, never appended to another notice; it goes (as its "Got it"
    // does), so that the form stands where the clicks below expect it.
    if (started.startup_notice === null) fail("no start-up notice in the browser");
    if (started.notice !== null) fail(`a notice besides the start-up one: ${started.notice}`);
    console.log(`start-up notice: ${started.startup_notice}`);
    await page.evaluate(async () => (await import("./searchlab.js")).searchlab_dismiss_notice());
    await until(page, "the notices to go", (s) => s.notice === null && s.startup_notice === null, 5);

    // A knight's tour on 8 × 8: R runs the chosen algorithm (the canvas takes keys once
    // clicked; the statistics panel is a safe place to click).
    await page.mouse.click(1150, 600);
    await page.keyboard.press("r");
    const knight = await until(
        page,
        "a knight's tour on 8x8",
        (s) => !s.running && s.knight.status !== null && s.knight.tour.length > 0,
    );
    const wrong = checkTour(knight.knight.tour, knight.knight.cols, knight.knight.rows);
    if (wrong) fail(`the tour shown is wrong: ${wrong}`);
    console.log(`knight: ${knight.knight.status}`);
    await shot(page, "web-knight");

    // The run saved: a download of its run file. Opened again in a new page with Open
    // run… (the browser's file picker), it runs again and is judged the same answer.
    const downloads = await mkdtemp(join(tmpdir(), "searchlab-downloads-"));
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
    await page.mouse.click(726, 12);
    const saved = await until(page, "the run saved", (s) => s.notice?.startsWith("Saved the run"), 10);
    console.log(`save: ${saved.notice}`);
    const runFile = await (async () => {
        for (let i = 0; i < 50; i++) {
            const found = (await readdir(downloads)).find((f) => f.endsWith(".ron"));
            if (found) return join(downloads, found);
            await new Promise((r) => setTimeout(r, 100));
        }
        fail("the run file was not downloaded");
    })();
    const reopened = await browser.newPage();
    reopened.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    await reopened.setViewport({ width: 1280, height: 800 });
    await reopened.goto(url, { waitUntil: "load" });
    await reopened.bringToFront();
    await until(reopened, "the app to start again", (s) => s.tab !== undefined);
    // A few frames, so that the toolbar is laid out where the click goes.
    await new Promise((r) => setTimeout(r, 1000));
    // The picker opens on the click's frame; a click on a frame still laying out the
    // toolbar is tried again.
    const chooser = await (async () => {
        for (let attempt = 0; attempt < 4; attempt++) {
            const waiting = reopened.waitForFileChooser({ timeout: 4000 }).catch(() => null);
            await reopened.mouse.click(830, 12);
            const opened = await waiting;
            if (opened) return opened;
        }
        fail("Open run… opened no file picker");
    })();
    await chooser.accept([runFile]);
    const replayed = await until(
        reopened,
        "the run file opened and run again",
        (s) => s.notice?.startsWith("Opened the run") && !s.running && s.knight.tour?.length === 64,
    );
    if (checkTour(replayed.knight.tour, 8, 8)) fail("the replayed tour is wrong");
    console.log("open: the run file ran again, the same tour");
    await reopened.close();
    await page.bringToFront();

    // A link to step 40 of Warnsdorff's walk on 8 × 8, with Your guess: pasted into the
    // address bar of the open page (only its # part changes), it is traced in a worker
    // and shown at that step, the path a knight's walk.
    await page.goto(`${url}#v1/knight?board=8x8&algo=warnsdorff&mode=guess&step=40`);
    const linked = await until(
        page,
        "step 40 of the linked trace",
        (s) => s.knight.mode === "Steps" && s.knight.step !== null && s.knight.step[0] === 40,
    );
    if (linked.knight.step[1] !== true) fail("the link's Your guess is not on");
    // Each step enters at most one square: 40 steps make a walk of at most 40 squares.
    const length = linked.knight.step_path.length;
    const walk = length > 0 && length <= 40
        ? checkWalk(linked.knight.step_path, 8)
        : `${length} squares after 40 steps`;
    if (walk) fail(`the path at step 40 is wrong: ${walk}`);
    console.log("link: step 40 of Warnsdorff's walk, guessing");
    await shot(page, "web-link-step");

    // N-Queens: its tab (Ctrl+2), then "Count all solutions" for n = 8: 92.
    await page.keyboard.down("Control");
    await page.keyboard.press("2");
    await page.keyboard.up("Control");
    await until(page, "the N-Queens tab", (s) => s.tab === "Puzzle(Queens)");
    await shot(page, "web-queens");
    // The button stands at the same place at 1280 × 800 (the tab's form is laid out
    // from the top left).
    await page.mouse.click(68, 428);
    const queens = await until(page, "the N-Queens count", (s) => !s.running && s.queens.status !== null);
    if (!/\b92\b/.test(queens.queens.status)) fail(`the count of 8 queens is not 92: ${queens.queens.status}`);
    console.log(`queens: ${queens.queens.status}`);
    await shot(page, "web-queens-count");

    // Experiments: its tab (Ctrl+5), then R runs the default one, the Cultural Algorithm
    // guide's five levels on 8 × 8, in a worker: a table of five rows.
    await page.keyboard.down("Control");
    await page.keyboard.press("5");
    await page.keyboard.up("Control");
    await until(page, "the Experiments tab", (s) => s.tab === "Experiments");
    await page.keyboard.press("r");
    const table = await until(page, "the experiment's table", (s) => !s.running && s.experiments.rows !== null, 90);
    if (table.experiments.rows?.Ok !== 5) fail(`the levels table is not five rows: ${JSON.stringify(table.experiments)}`);
    console.log("experiments: the levels table, five rows");
    await shot(page, "web-experiments");

    // Every tour of 6 × 6 from every square, by a link: the count is split into a worker
    // per core and joined; 6,637,920 directed open tours (OEIS A165134).
    await page.goto(`${url}#v1/knight?board=6x6&algo=count-all`);
    const all = await until(
        page,
        "the count from every square of 6 × 6",
        (s) => !s.running && s.knight.status !== null && s.knight.cols === 6,
        180,
    );
    if (!/^6637920 directed tours \(complete count\)/.test(all.knight.status)) {
        fail(`the count from every square of 6 × 6 is wrong: ${all.knight.status}`);
    }
    console.log(`count from every square: ${all.knight.status}`);

    // A refused link changes nothing: not the tab on show, and not back to the last
    // link's settings (the count above is not run again).
    await page.keyboard.down("Control");
    await page.keyboard.press("2");
    await page.keyboard.up("Control");
    await until(page, "the N-Queens tab after the count", (s) => s.tab === "Puzzle(Queens)");
    await page.goto(`${url}#v1/knight?board=5x5&algo=no-such-search`);
    const refused = await until(
        page,
        "the refused link's reason",
        (s) => s.notice?.startsWith("This link could not be opened, so nothing was changed"),
        10,
    );
    await new Promise((r) => setTimeout(r, 500));
    const after = await probe(page);
    if (after.tab !== "Puzzle(Queens)" || after.running || after.knight.cols !== 6) {
        fail(`a refused link changed the app: ${JSON.stringify(after)}`);
    }
    console.log(`refused link: ${refused.notice}`);

    // The page opened afresh at a link: step 20 of backtracking on 6 queens, guessing.
    const fresh = await browser.newPage();
    fresh.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    await fresh.setViewport({ width: 800, height: 600 });
    await fresh.goto(`${url}#v1/queens?n=6&algo=backtracking&mode=guess&step=20`, { waitUntil: "load" });
    await until(
        fresh,
        "the page opened at step 20 of six queens",
        (s) => s.tab === "Puzzle(Queens)" && s.queens.mode === "Steps" && s.queens.step?.[0] === 20,
    );
    console.log("link at load: step 20 of six queens");
    await shot(fresh, "web-link-queens-800");

    // The Class view: two hand-ins of the N-Queens assignment picked at once and graded
    // in Web Workers; eight queens placed right score, a placement with an attack is
    // caught, a file that is no hand-in is refused with its reason.
    const handIns = await mkdtemp(join(tmpdir(), "searchlab-hand-ins-"));
    const handIn = (student, queens) => JSON.stringify({
        format: "searchlab-hand-in", version: 1, written_by: "test", student,
        assignment: "queens-local-search", seconds: 600,
        work: [
            { kind: "answer", task: 1, given: "1" },
            { kind: "play", task: 5, answer: queens, hints: ["safe-square"] },
        ],
    });
    const picked = [["ada.json", handIn("Ada", [0, 4, 7, 5, 2, 6, 1, 3])],
        ["bo.json", handIn("Bo", [0, 4, 5, 7, 2, 6, 1, 3])], ["notes.json", "{ not json"]];
    for (const [name, text] of picked) await writeFile(join(handIns, name), text);
    const teacher = await browser.newPage();
    teacher.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    await teacher.setViewport({ width: 1280, height: 800 });
    await teacher.goto(url, { waitUntil: "load" });
    await until(teacher, "the app to start for the teacher", (s) => s.tab !== undefined);
    await new Promise((r) => setTimeout(r, 1000));
    await teacher.mouse.click(1038, 12); // Lessons
    await new Promise((r) => setTimeout(r, 500));
    await teacher.mouse.click(1028, 95); // Class: grade hand-ins
    await new Promise((r) => setTimeout(r, 500));
    const classChooser = await (async () => {
        for (let attempt = 0; attempt < 4; attempt++) {
            const waiting = teacher.waitForFileChooser({ timeout: 4000 }).catch(() => null);
            await teacher.mouse.click(1046, 196); // Pick hand-ins and grade…
            const opened = await waiting;
            if (opened) return opened;
        }
        fail("Pick hand-ins and grade… opened no file picker");
    })();
    await classChooser.accept(picked.map(([name]) => join(handIns, name)));
    const graded = await until(teacher, "the hand-ins graded", (s) => s.class !== null, 60);
    const grade = (who) => graded.class.graded?.find((g) => g.student === who);
    if (graded.class.error) fail(`the grading failed: ${graded.class.error}`);
    if (grade("Ada")?.points !== 3 || grade("Ada")?.max !== 9 || !grade("Ada")?.verified) {
        fail(`Ada's grade is wrong: ${JSON.stringify(graded.class)}`);
    }
    if (grade("Bo")?.points !== 1 || grade("Bo")?.verified) {
        fail(`Bo's doctored placement was not caught: ${JSON.stringify(graded.class)}`);
    }
    if (JSON.stringify(graded.class.refused) !== '["notes.json"]') {
        fail(`notes.json was not refused: ${JSON.stringify(graded.class)}`);
    }
    console.log("class: two hand-ins graded in workers (one caught), one file refused");
    await shot(teacher, "web-class-1280");
    await teacher.close();

    // Offline: the service worker kept the site, so the page opens without a network.
    await fresh.evaluate(() => navigator.serviceWorker.ready);
    await fresh.setOfflineMode(true);
    await fresh.goto(`${url}#v1/queens?n=5&algo=backtracking&mode=steps&step=3`);
    await fresh.reload({ waitUntil: "load" });
    await until(fresh, "the page opened offline", (s) => s.queens.step?.[0] === 3);
    console.log("offline: the page opens from its kept copy, and traces in a worker");
    await fresh.setOfflineMode(false);

    // Opened as a file the page cannot start (no module or worker loads from file://):
    // it says why and what to do instead, where "Loading SearchLab…" stood.
    if (server) {
        const local = await browser.newPage();
        await local.goto(`file://${resolve(site, "index.html")}`, { waitUntil: "load" });
        const said = await local.evaluate(() => document.getElementById("loading")?.textContent ?? "");
        if (!/cannot start from a file/.test(said) || !/http\.server/.test(said)) {
            fail(`opened from a file, the page says: ${said}`);
        }
        console.log("file://: the page says why it cannot start, and how to serve it");
        await local.close();
    }

    if (errors.length > 0) fail(`errors in the console:\n${errors.join("\n")}`);
    console.log("browser test: ok");
} finally {
    await browser.close();
    server?.close();
}
