// What the browser scripts share: headless Chromium launched as CI runs it, and the app's
// state read through the module's `searchlab_probe()` (src/web.rs).
import puppeteer from "puppeteer-core";

// Headless Chromium with software WebGL2; CHROMIUM names the browser.
export function launch() {
    return puppeteer.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        headless: true,
        args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
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
