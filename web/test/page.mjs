// What the browser scripts share: headless Chromium launched as CI runs it, and the app's
// state read through the module's `searchlab_probe()` (src/web.rs).
import puppeteer from "puppeteer-core";

// Headless Chromium with software WebGL2 (SwiftShader); CHROMIUM names the browser. With
// BROWSER_GL=mesa, a window on the X display in DISPLAY (e.g. under xvfb-run) whose WebGL2
// is Mesa's OpenGL (llvmpipe, another software renderer), for comparing frame rates.
export function launch() {
    const mesa = process.env.BROWSER_GL === "mesa";
    return puppeteer.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: !mesa,
        args: mesa
            ? ["--no-sandbox", "--ignore-gpu-blocklist", "--use-gl=angle", "--use-angle=gl", "--window-size=1300,900"]
            : ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    });
}

// The app's state, or null while the module is still loading.
export async function probe(page) {
    return page.evaluate(async () => {
        try {
            const module = await import("./searchlab.js");
            return JSON.parse(module.searchlab_probe());
        } catch {
            return null;
        }
    });
}
