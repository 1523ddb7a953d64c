// SearchLab's service worker: after the first visit the site opens without a network.
// Every file of the site is fetched from the network when there is one (so a new version
// arrives at once) and kept; without a network the kept copy answers.
const CACHE = "searchlab-v1";

// The site's own files, kept at once: the page's first load came before this worker.
const SITE = ["./", "./index.html", "./searchlab.js", "./searchlab_bg.wasm", "./worker.js"];

self.addEventListener("install", (event) => {
    self.skipWaiting();
    event.waitUntil(
        caches.open(CACHE).then((cache) =>
            Promise.all(SITE.map((file) => cache.add(file).catch(() => undefined))),
        ),
    );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
        return;
    }
    event.respondWith(
        fetch(request)
            .then((response) => {
                if (response.ok) {
                    const copy = response.clone();
                    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
                }
                return response;
            })
            .catch(() =>
                caches.match(request, { ignoreSearch: true }).then(
                    (kept) => kept ?? new Response("SearchLab is offline and this file was not kept", { status: 503 }),
                ),
            ),
    );
});
