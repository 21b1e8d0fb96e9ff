// Companion's service worker, registered only where the page has a secure context (HTTPS or
// this computer). It keeps the app shell and the last board of each game opened, so they stay
// readable offline. Saves never pass through here: the page itself keeps the ones not sent
// (static/js/outbox.js), which also works over plain http where there is no service worker.
"use strict";

const SHELL = {{ shell | tojson }};
const OFFLINE = {{ offline | tojson }};
const SHELL_CACHE = "companion-shell-" + {{ version | tojson }};
const BOARDS = "companion-boards";
const GAME_PREFIX = {{ game_prefix | tojson }};
const GAME_ID = new RegExp("^" + {{ game_id_pattern | tojson }} + "$");

// A game's own page, /games/<id>: not its forms, history or rules, nor /games/new.
function isGamePage(url) {
  return url.pathname.startsWith(GAME_PREFIX) && !url.search &&
    GAME_ID.test(url.pathname.slice(GAME_PREFIX.length));
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE)
    .then(function (cache) { return cache.addAll(SHELL.concat([OFFLINE])); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.startsWith("companion-shell-") && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Pages: the network first (scores must be current), the last copy when it cannot answer.
async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && isGamePage(url)) {
      const cache = await caches.open(BOARDS);
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch (err) {
    const copy = await caches.match(url.pathname, { cacheName: BOARDS, ignoreVary: true });
    return copy || (await caches.match(OFFLINE, { ignoreVary: true })) || Response.error();
  }
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request);
    }));
  }
});
