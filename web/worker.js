// A Web Worker that runs one SearchLab job off the page's thread: it loads the same
// module as the page, takes the job (RON) the page posts, runs it and closes. The
// module posts back what the job hands on (see src/platform/web_worker.rs).
import init, { run_job } from "./searchlab.js";

const waiting = [];
let ready = false;
self.onmessage = (message) => {
    if (ready) {
        run(message.data);
    } else {
        waiting.push(message.data);
    }
};

function run(job) {
    run_job(job);
    self.close();
}

await init();
ready = true;
for (const job of waiting.splice(0)) {
    run(job);
}
