// Saves that do not reach Companion (no network, a timeout, the server down) stay on this
// phone with their idempotency key, are shown as not saved yet, and are sent again by
// themselves and at a tap until the server answers. The key makes a resend that crosses a
// lost answer harmless: a hand is never lost and never added twice. Plain localStorage, so it
// works over http too, where there is no service worker.
"use strict";

(function () {
  const STORE = "companion-outbox";
  const TIMEOUT_MS = 8000; // as htmx's timeout (base.html)
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

  function show() {
    const box = document.getElementById("outbox");
    if (!box) return;
    const items = load();
    const list = document.getElementById("outbox-items");
    list.replaceChildren.apply(list, items.map(function (item) {
      const line = document.createElement("li");
      line.textContent = item.label;
      return line;
    }));
    box.hidden = items.length === 0;
  }

  // The server's answer, or null when there was none worth keeping (a 5xx changed nothing).
  async function send(item) {
    const controller = new AbortController();
    const timer = setTimeout(function () { controller.abort(); }, TIMEOUT_MS);
    try {
      const response = await fetch(item.url, {
        method: "POST", body: new URLSearchParams(item.fields), credentials: "same-origin",
        signal: controller.signal,
      });
      return response.status >= 500 ? null : response;
    } catch (err) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  // A refusal (a stale correction, an impossible hand) is the server's page to read: post the
  // same fields once more as an ordinary form, which changes nothing and shows it.
  function showRefusal(item) {
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

  function announce(item) {
    const note = document.getElementById("outbox-sent");
    if (!note) return;
    note.textContent = note.dataset.text.replace("{what}", item.label);
    note.hidden = false;
    setTimeout(function () { note.hidden = true; }, 8000);
  }

  function onThisPage(item) {
    const field = document.querySelector("form[data-outbox] input[name=key]");
    return field !== null && field.value === item.key;
  }

  async function flush() {
    if (sending) return;
    sending = true;
    try {
      for (const item of load()) {
        const response = await send(item);
        if (response === null) break; // still no way through: keep it and the ones after it
        forget(item.key);
        if (!response.ok) {
          showRefusal(item);
          return;
        }
        if (onThisPage(item)) {
          location.assign(response.url);
          return;
        }
        announce(item);
      }
    } finally {
      sending = false;
    }
  }

  // htmx forms (a hand, a correction): a failed or timed-out save is kept.
  function failed(event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-outbox]")) return;
    keep(itemOf(form));
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) failed(event);
  });
  // Tapped again and this time it went through: nothing is left to send.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (event.detail.successful && form.matches && form.matches("form[data-outbox]")) {
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
    const response = await send(item);
    if (button) button.disabled = false;
    if (response === null) keep(item);
    else if (response.ok) location.assign(response.url);
    else showRefusal(item);
  });

  window.addEventListener("online", flush);
  window.addEventListener("storage", show);
  document.addEventListener("DOMContentLoaded", function () {
    show();
    const sendNow = document.getElementById("outbox-send");
    if (sendNow) sendNow.addEventListener("click", flush);
    flush();
    setInterval(function () {
      if (load().length) flush();
    }, RETRY_MS);
  });
})();
