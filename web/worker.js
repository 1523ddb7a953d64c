// A Web Worker that runs one piece of SearchLab's work off the page's thread: it loads
// the same module as the page, takes what the page posts (a run's job as RON, or
// ["task", name, bytes] for background work such as a trace), does it and closes. The
// module posts back what the work hands on (see src/platform/web_worker.rs).
import init, { run_job, run_task } from "./searchlab.js";

const waiting = [];
let ready = false;
self.onmessage = (message) => {
    if (ready) {
        run(message.data);
    } else {
        waiting.push(message.data);
    }
};

function run(message) {
    if (Array.isArray(message) && message[0] === "task") {
        run_task(message[1], message[2]);
    } else {
        run_job(message);
    }
    self.close();
}

await init();
ready = true;
for (const job of waiting.splice(0)) {
    run(job);
}
