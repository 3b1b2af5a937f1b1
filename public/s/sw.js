/*
 * The respondent page's service worker (registered by components/respondent/boot.tsx,
 * scope /s/). It keeps the page of a form once opened, and the page's hashed
 * script and stylesheet, so the form opens again without a connection.
 *
 * It touches nothing else: never an API answer (/api/…, not even GETs), never
 * a form's submit or thanks page, never the dashboard (outside its scope anyway).
 * Pages are network-first (a live page when there is one); the hashed files are
 * cache-first (their content never changes under a name).
 */
const CACHE = "formloom-respondent-v1";
const FORM_PAGE = /^\/s\/[^/]+\/?$/;
const ASSET = /^\/r\/[\w-]+\.(js|css)$/;

const isFormPage = (url) => url.origin === self.location.origin && FORM_PAGE.test(url.pathname) && url.pathname !== "/s/sw.js";
const isAsset = (url) => url.origin === self.location.origin && ASSET.test(url.pathname);

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function keep(request, response) {
  if (response.status !== 200 || response.type !== "basic") return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

// The page asks us to keep it (and its files) right after its first load:
// that load happened before this worker controlled the page.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.type === "keep" && Array.isArray(event.data.urls) ? event.data.urls : [];
  event.waitUntil(
    Promise.all(
      urls.map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (!isFormPage(url) && !isAsset(url)) return;
        const cache = await caches.open(CACHE);
        if (isAsset(url) && (await cache.match(url.href))) return;
        try {
          await keep(url.href, await fetch(url.href, { credentials: "same-origin" }));
        } catch {
          // offline already: kept next time
        }
      }),
    ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (isAsset(url)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            void keep(request, response.clone());
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode === "navigate" && isFormPage(url)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          event.waitUntil(keep(request, response.clone()));
          return response;
        })
        // Only the exact address that was kept: a link's query (an invite, hidden fields) is someone's own.
        .catch(async () => (await caches.match(request)) || Response.error()),
    );
  }
});
