// Companion's service worker, registered only where the page has a secure context (HTTPS or
// this computer). It keeps the app shell, the last board of each game opened and, for the
// scorer, the game's forms (a new hand, a hand's correction or deletion), so they stay
// readable (and a change can be queued) offline. Saves never pass through here: the page
// itself keeps the ones not sent (static/js/outbox.js), which also works over plain http
// where there is no service worker.
// It never keeps an answer holding a key: the server marks those `Cache-Control: no-store`.
"use strict";

const SHELL = {{ shell | tojson }};
const OFFLINE = {{ offline | tojson }};
const SHELL_CACHE = "companion-shell-" + {{ version | tojson }};
const BOARDS = "companion-boards";
const FORMS = "companion-forms";
const GAME_PREFIX = {{ game_prefix | tojson }};
const GAME_ID = new RegExp("^" + {{ game_id_pattern | tojson }} + "$");

const CORRECTION = new RegExp("^" + {{ game_id_pattern | tojson }} + "/hands/[0-9]+/edit$");
const FORM = new RegExp("^" + {{ game_id_pattern | tojson }} +
                        "/hands/(new|[0-9]+/edit|[0-9]+/delete)$");

// A game's own page, /games/<id>, or the correction form of one of its hands: not its other
// forms, history or rules, nor /games/new.
function isKept(url) {
  const rest = url.pathname.slice(GAME_PREFIX.length);
  return url.pathname.startsWith(GAME_PREFIX) && !url.search &&
    (GAME_ID.test(rest) || CORRECTION.test(rest));
}

// A form the scorer's game page asks to keep: a new hand, a hand's correction or deletion.
function isForm(url) {
  return url.pathname.startsWith(GAME_PREFIX) &&
    FORM.test(url.pathname.slice(GAME_PREFIX.length));
}

function mayKeep(response) {
  return response.ok && !response.redirected &&
    !/no-store/.test(response.headers.get("Cache-Control") || "");
}

// A copy read offline says so on its <html>: the page then gives its forms fresh keys.
async function offlineCopy(copy) {
  const html = (await copy.text()).replace("<html ", "<html data-offline-copy ");
  return new Response(html, { status: copy.status, headers: copy.headers });
}

// Each file of the shell on its own, kept when it answers. A file the server does not give
// now (busy, restarting, the connection dropped) must not fail the install: a worker whose
// install fails is thrown away, and the page that registered it never gets one until it is
// loaded again. What is missing is asked for again at every page opened.
function keepShell() {
  return caches.open(SHELL_CACHE).then(function (cache) {
    return Promise.all(SHELL.concat([OFFLINE]).map(function (path) {
      return cache.match(path, { ignoreVary: true }).then(function (hit) {
        return hit || cache.add(path).catch(function () { return null; });
      });
    }));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(keepShell().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.startsWith("companion-shell-") && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Pages: the network first (scores must be current), the last copy when it cannot answer.
async function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    event.waitUntil(keepShell());
    if (isKept(url)) {
      const cache = await caches.open(BOARDS);
      if (mayKeep(response)) await cache.put(url.pathname, response.clone());
      else await cache.delete(url.pathname, { ignoreVary: true }); // never an older copy
    }
    return response;
  } catch (err) {
    const copy = await caches.match(url.pathname, { cacheName: BOARDS, ignoreVary: true }) ||
      await caches.match(url.pathname, { cacheName: FORMS, ignoreVary: true });
    if (copy) return offlineCopy(copy);
    return (await caches.match(OFFLINE, { ignoreVary: true })) || Response.error();
  }
}

// The scorer's game page names its forms: kept now, so that one can be opened (and a hand,
// a correction or a deletion queued) once the connection is gone. Asked for as a copy to keep
// (X-Companion-Copy), the server answers them without an idempotency key (the page makes one)
// and storable; one it refuses (a key gone or replaced, a hand gone) is no longer kept, while
// a server busy or restarting (5xx) leaves the copy kept before.
self.addEventListener("message", function (event) {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(FORMS).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      const url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin || !isForm(url)) return null;
      return fetch(url.pathname, { credentials: "same-origin",
                                   headers: { "X-Companion-Copy": "offline" } })
        .then(function (response) {
          if (mayKeep(response)) return cache.put(url.pathname, response);
          if (response.status >= 500) return null;
          return cache.delete(url.pathname, { ignoreVary: true });
        }).catch(function () { return null; });
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request);
    }));
  }
});
