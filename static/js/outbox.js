// Saves that do not reach Companion (no network, a timeout, the server down) stay on this
// phone with their idempotency key, are shown as not saved yet, and are sent again by
// themselves and at a tap until the server answers. The key makes a resend that crosses a
// lost answer harmless: a hand is never lost and never added twice. Plain localStorage, so it
// works over http too, where there is no service worker.
//
// Nothing typed is ever dropped: a resend refused for a stale form token gets a fresh token
// and goes again (once, same key); one refused for a reason a person must weigh (the edit key
// gone or replaced, the game or hand gone, another phone first) stays on the phone, said at
// the top of the screen with what to do in one tap.
"use strict";

(function () {
  const STORE = "companion-outbox";
  const TIMEOUT_MS = 8000; // as htmx's timeout (base.html)
  const SLOW_MS = 2000; // "Still sending…" after this long without an answer
  const RETRY_MS = 5000;
  let sending = false;

  function load() {
    try {
      return JSON.parse(localStorage.getItem(STORE)) || [];
    } catch (err) {
      return [];
    }
  }

  function store(items) {
    localStorage.setItem(STORE, JSON.stringify(items));
    show();
  }

  function forget(key) {
    store(load().filter(function (item) { return item.key !== key; }));
  }

  function update(item) {
    store(load().map(function (old) { return old.key === item.key ? item : old; }));
  }

  // What a form would send, under its idempotency key (a second tap replaces, never adds).
  function itemOf(form) {
    const fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") fields.push([name, value]);
    });
    return { key: form.elements.key.value, url: form.action, fields: fields,
             label: form.dataset.outbox };
  }

  function keep(item) {
    store(load().filter(function (old) { return old.key !== item.key; }).concat([item]));
  }

  // --- What the phone shows ---------------------------------------------------------------

  function show() {
    const box = document.getElementById("outbox");
    if (!box) return;
    const items = load();
    const waiting = items.filter(function (item) { return !item.problem; });
    const list = document.getElementById("outbox-items");
    list.replaceChildren.apply(list, waiting.map(function (item) {
      const line = document.createElement("li");
      line.textContent = item.label;
      return line;
    }));
    box.hidden = waiting.length === 0;
    showProblems(items.filter(function (item) { return item.problem; }));
  }

  function button(text, action) {
    const tap = document.createElement("button");
    tap.type = "button";
    tap.className = "secondary";
    tap.textContent = text;
    tap.addEventListener("click", action);
    return tap;
  }

  function showProblems(items) {
    const box = document.getElementById("outbox-problems");
    if (!box) return;
    const texts = box.dataset;
    const list = document.getElementById("outbox-problem-items");
    list.replaceChildren.apply(list, items.map(function (item) {
      const line = document.createElement("li");
      line.dataset.key = item.key;
      const what = document.createElement("p");
      const label = document.createElement("strong");
      label.textContent = item.label;
      what.append(label, document.createElement("br"), item.problem.text);
      const actions = document.createElement("div");
      actions.className = "actions";
      if (item.problem.asNext) {
        actions.append(button(item.problem.asNext, function () { addAsNext(item); }));
      } else if (item.problem.status === 401 || item.problem.status === 403) {
        // The edit link opened again (the new one, when the key was replaced) lets it go.
        actions.append(button(texts.send, function () { retry(item); }));
      } else if (item.problem.status === 409 || item.problem.status === 422) {
        actions.append(button(texts.open, function () { openForm(item); }));
      }
      actions.append(button(texts.copy, function () { copy(item, line); }),
                     button(texts.discard, function () { forget(item.key); }));
      line.append(what, actions);
      return line;
    }));
    const shown = !box.hidden;
    box.hidden = items.length === 0;
    if (!box.hidden && !shown) {
      window.scrollTo(0, 0);
      box.focus({ preventScroll: true });
    }
  }

  // What was typed, as text: to keep it anywhere, whatever Companion does.
  function summary(item) {
    const skip = ["csrf_token", "key", "version", "mode", "number"];
    return item.label + "\n" + item.fields.filter(function (pair) {
      return skip.indexOf(pair[0]) < 0 && pair[1] !== "";
    }).map(function (pair) { return pair[0] + ": " + pair[1]; }).join("\n");
  }

  function copy(item, line) {
    let box = line.querySelector("textarea");
    if (!box) {
      box = document.createElement("textarea");
      box.readOnly = true;
      box.rows = 4;
      box.value = summary(item);
      line.append(box);
    }
    box.select();
    const done = function () {
      const note = line.querySelector(".copied") || document.createElement("span");
      note.className = "copied";
      note.setAttribute("role", "status");
      note.textContent = document.getElementById("outbox-problems").dataset.copied;
      line.querySelector(".actions").append(note);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.value).then(done, function () { /* selected */ });
    } else if (document.execCommand("copy")) {
      done();
    }
  }

  function announce(item) {
    const note = document.getElementById("outbox-sent");
    if (!note) return;
    note.textContent = note.dataset.text.replace("{what}", item.label);
    note.hidden = false;
    setTimeout(function () { note.hidden = true; }, 8000);
  }

  // "Still sending…" while an answer is slow.
  let slowTimers = 0;
  function slowly(promise) {
    const note = document.getElementById("outbox-slow");
    slowTimers += 1;
    const timer = setTimeout(function () { if (note) note.hidden = false; }, SLOW_MS);
    const done = function () {
      clearTimeout(timer);
      slowTimers -= 1;
      if (note && slowTimers === 0) note.hidden = true;
    };
    promise.then(done, done);
    return promise;
  }

  // --- Sending ------------------------------------------------------------------------------

  // The server's answer, or null when there was none worth keeping (a 5xx changed nothing,
  // a 429 asks to wait).
  async function send(item) {
    const controller = new AbortController();
    const timer = setTimeout(function () { controller.abort(); }, TIMEOUT_MS);
    try {
      const response = await slowly(fetch(item.url, {
        method: "POST", body: new URLSearchParams(item.fields), credentials: "same-origin",
        signal: controller.signal,
      }));
      return response.status >= 500 || response.status === 429 ? null : response;
    } catch (err) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  function expiredToken(response) {
    return response.status === 400 &&
      response.headers.get("X-Companion-Refused") === "form-token";
  }

  // A fresh form token (and session) for this browser; null when the server cannot be asked.
  async function freshToken() {
    try {
      const box = document.getElementById("outbox-problems");
      const address = box ? box.dataset.token : "form-token"; // under any path prefix
      const response = await fetch(address, { credentials: "same-origin", cache: "no-store" });
      return response.ok ? (await response.json()).csrf_token : null;
    } catch (err) {
      return null;
    }
  }

  function withField(item, name, value) {
    const fields = item.fields.filter(function (pair) { return pair[0] !== name; });
    fields.push([name, value]);
    return Object.assign({}, item, { fields: fields });
  }

  // Sent, with the form token renewed if it went stale: the answer, or null. Renewed up to
  // three times: another request of the page refused at the same moment (a live preview sent
  // without the session cookie) starts a session of its own, which replaces the one the fresh
  // token belongs to. A token refused is refused before anything is saved, so a resend under
  // the same idempotency key can never save the hand twice.
  async function deliver(item) {
    let response = await send(item);
    for (let renewals = 0; renewals < 3; renewals++) {
      if (response === null || !expiredToken(response)) return response;
      const token = await freshToken();
      if (token === null) return null; // asked again later, with this token or a fresh one
      item = withField(item, "csrf_token", token);
      update(item);
      response = await send(item);
    }
    return response;
  }

  // Why the server refused it, in a sentence, and what a tap may do about it.
  async function problemOf(item, response) {
    const texts = document.getElementById("outbox-problems");
    const data = texts ? texts.dataset : {};
    const problem = { status: response.status };
    let page = null;
    try {
      page = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch (err) {
      page = null;
    }
    const form = page && page.querySelector("form[data-outbox]");
    if (response.status === 409 && form && form.dataset.asNext) {
      // Another phone added a hand first: this one can follow it as the next hand.
      problem.asNext = form.dataset.asNext;
      problem.label = form.dataset.outbox;
      problem.version = form.elements.version && form.elements.version.value;
    }
    // The first of these that says something: the page's own (empty) list of kept saves is
    // an alert too, and comes before the form's sentence.
    const said = page && Array.from(page.querySelectorAll(
      "#preview .error, .notice h1, [role=alert]")).find(function (node) {
      return node.id !== "outbox-problems" && node.textContent.trim() !== "";
    });
    if (expiredToken(response)) problem.text = data.expired;
    else if (data[response.status]) problem.text = data[response.status];
    else problem.text = (data.other || "{why}").replace(
      "{why}", said ? said.textContent.trim() : String(response.status));
    return problem;
  }

  function onThisPage(item) {
    const field = document.querySelector("form[data-outbox] input[name=key]");
    return field !== null && field.value === item.key;
  }

  // A new-hand form open here, made before the hand just sent was saved, moves on to the next
  // hand (heading, totals, version) and keeps what is typed in it; a game now over shows so.
  async function moveOn(item) {
    const form = document.querySelector("form[data-outbox]");
    if (!form || form.action !== item.url || form.elements.number) return;
    let fresh = null;
    try {
      const response = await fetch(form.action, { credentials: "same-origin", cache: "no-store" });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      fresh = response.ok ? page.querySelector("form[data-outbox]") : null;
    } catch (err) {
      fresh = null; // left as it is: its save is refused as stale, and offered as the next
    }
    if (!fresh) return;
    if (!fresh.querySelector("#save")) {
      location.reload();
      return;
    }
    ["h1", ".entry-totals"].forEach(function (part) {
      const old = form.querySelector(part);
      const now = fresh.querySelector(part);
      if (old && now) old.replaceWith(now);
    });
    form.elements.version.value = fresh.elements.version.value;
    form.dataset.outbox = fresh.dataset.outbox;
    form.dataset.asNext = fresh.dataset.asNext;
    form.dispatchEvent(new Event("change")); // the breakdown, as the next hand
  }

  // One item's answer: gone when saved, kept with the reason when refused.
  async function settle(item, response) {
    if (response.ok) {
      forget(item.key);
      if (onThisPage(item)) {
        location.assign(response.url);
        return true;
      }
      announce(item);
      await moveOn(item);
      document.dispatchEvent(new CustomEvent("companion:sent"));
      return false;
    }
    const kept = load().find(function (old) { return old.key === item.key; }) || item;
    keep(Object.assign({}, kept, { problem: await problemOf(item, response) }));
    return false;
  }

  async function flush(options) {
    if (sending) return;
    sending = true;
    const again = (options && options.retry) || [];
    try {
      for (const item of load()) {
        if (item.problem && again.indexOf(item.problem.status) < 0) continue;
        const response = await deliver(item);
        if (response === null) break; // still no way through: keep it and the ones after it
        if (await settle(item, response)) return;
      }
    } finally {
      sending = false;
    }
  }

  function retry(item) {
    update(Object.assign({}, item, { problem: null }));
    flush();
  }

  // Another phone added a hand first: send this one as the next hand, same key.
  function addAsNext(item) {
    const next = withField(item, "version", item.problem.version);
    next.label = item.problem.label || item.label;
    next.problem = null;
    update(next);
    flush();
  }

  // A correction (or an impossible hand) is the server's form to read: post the same fields
  // once as an ordinary form, which changes nothing and shows it with why; saving it from
  // there (same key) clears this.
  function openForm(item) {
    const form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    item.fields.forEach(function (pair) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  // --- The forms --------------------------------------------------------------------------

  // htmx forms (a hand, a correction): a failed or timed-out save is kept.
  function failed(event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-outbox]")) return;
    keep(itemOf(form));
  }

  function outboxForm(event) {
    const form = event.detail.elt;
    return form && form.matches && form.matches("form[data-outbox]") ? form : null;
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    const form = outboxForm(event);
    if (xhr.status >= 500 || xhr.status === 429) {
      failed(event);
    } else if (form && xhr.status !== 409 && xhr.status !== 422) {
      // A stale form token (the session cookie is gone) is renewed and the save re-sent;
      // a missing or replaced key, a game gone: kept, and said at the top (409 and 422 come
      // back as the form itself, with why).
      const item = itemOf(form);
      keep(item);
      const answer = new Response(xhr.responseText, { status: xhr.status, headers: {
        "X-Companion-Refused": xhr.getResponseHeader("X-Companion-Refused") || "" } });
      if (expiredToken(answer)) flush();
      else problemOf(item, answer).then(function (problem) {
        keep(Object.assign({}, item, { problem: problem }));
      });
    }
  });
  // A save in flight, by its request: what ends its "Still sending…". Not by its form: a
  // refused save (422, 409) swaps the form out, and htmx then says afterRequest from a parent
  // still on the page, with that parent as the event's element.
  const pending = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    const xhr = event.detail.xhr;
    if (outboxForm(event) && xhr) {
      slowly(new Promise(function (resolve) { pending.set(xhr, resolve); }));
    }
  });
  // Tapped again and this time it went through: nothing is left to send.
  document.addEventListener("htmx:afterRequest", function (event) {
    const finish = event.detail.xhr && pending.get(event.detail.xhr);
    if (finish) finish();
    const form = outboxForm(event);
    if (!form) return;
    // A save answers with HX-Redirect, which htmx follows before marking it successful.
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (event.detail.successful || (status >= 200 && status < 300)) {
      forget(form.elements.key.value);
    }
  });

  // Plain forms (deleting a hand) are sent from here, so a failure leaves the page in place.
  document.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!form.matches("form[data-outbox]") || form.hasAttribute("hx-post")) return;
    event.preventDefault();
    const item = itemOf(form);
    const button = event.submitter;
    if (button) button.disabled = true;
    const response = await deliver(item);
    if (button) button.disabled = false;
    if (response === null) keep(item);
    else await settle(item, response);
  });

  // A page read from the service worker's copy carries the key it was made with, or none (a
  // form kept without one): a new one, so two saves from the same copy are two changes.
  function freshKeys() {
    if (!document.documentElement.hasAttribute("data-offline-copy")) return;
    document.querySelectorAll("form[data-outbox] input[name=key]").forEach(function (field) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      field.value = Array.from(bytes, function (b) {
        return b.toString(16).padStart(2, "0");
      }).join("");
    });
  }

  // The scorer's game page names its forms (a new hand, a hand's correction or deletion): the
  // service worker keeps them, so that a change can be queued once the connection is gone.
  function keepForms() {
    const links = Array.from(document.querySelectorAll("a[href*='/hands/']"),
                             function (link) { return link.origin + link.pathname; });
    if (!links.length || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: links });
    });
  }

  window.addEventListener("online", function () { flush(); });
  window.addEventListener("storage", show);
  function start() {
    freshKeys();
    show();
    keepForms();
    const sendNow = document.getElementById("outbox-send");
    if (sendNow) sendNow.addEventListener("click", function () { flush(); });
    // A key lost with the cookies may be back (the edit link opened again): try those too.
    // Not a replaced key (403): sent again only at a tap, once the new link is opened, so that
    // a phone still holding the old key does not try it at every page.
    flush({ retry: [401] });
    setInterval(function () {
      if (load().some(function (item) { return !item.problem; })) flush();
    }, RETRY_MS);
  }
  // Loaded with the page, or later by app.js (a watcher's page, when saves wait here).
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
