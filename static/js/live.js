// Live boards hear of a change by server-sent events: the container marked `data-live` (its
// stream's address) takes the new board the event carries (a game's), or is fetched again
// (a tournament's), the moment the server says its game or tournament moved.
// While the stream answers (a `beat` every 5 s), the container's own polling (hx-trigger
// "every 2s") is held back; when the stream cannot be opened, drops or falls silent, polling
// goes on as before, and the stream is tried again. freshness.js hears every message, unless
// the board is behind: a fetch the stream asked for has not come back (so it says so).
"use strict";

(function () {
  const SILENT_MS = 12000; // two heartbeats missed: the stream is as good as gone
  const RETRY_MS = 5000;
  let source = null;
  let live = false; // the stream is open and heard from lately
  let heardAt = 0;
  let pushing = false; // a fetch this script asks for, not a poll
  let behind = false; // a change was announced and the board has not come back yet
  let again = false; // another change was announced while that fetch was on its way

  function containers() {
    return document.querySelectorAll("[data-live]");
  }

  function heard() {
    heardAt = Date.now();
    live = true;
    if (!behind) document.dispatchEvent(new CustomEvent("live:heard"));
  }

  function refresh() {
    // A fetch on its way may have left before this change, and htmx drops a request queued
    // behind it once its answer replaces the container: fetch once more when it is in.
    if (behind) again = true;
    containers().forEach(function (elt) {
      const path = elt.getAttribute("hx-get");
      if (!path || !window.htmx) return;
      pushing = true;
      behind = true;
      try {
        htmx.ajax("GET", path, { source: elt, target: elt, swap: "outerHTML" });
      } finally {
        pushing = false;
      }
    });
  }

  function close() {
    if (source) source.close();
    source = null;
    live = false;
  }

  function open() {
    const elt = document.querySelector("[data-live]");
    if (source || !elt || !window.EventSource || navigator.onLine === false) return;
    source = new EventSource(elt.dataset.live);
    source.addEventListener("beat", heard);
    source.addEventListener("change", function (event) {
      heard();
      // A game's stream sends the new board itself; a number means "fetch it".
      const board = document.getElementById("board");
      if (board && board.hasAttribute("data-live") && event.data.startsWith("<") && window.htmx) {
        htmx.swap(board, event.data, { swapStyle: "outerHTML" });
      } else {
        refresh();
      }
    });
    source.onerror = function () {
      live = false; // polling takes over while the browser reconnects
      if (source && source.readyState === EventSource.CLOSED) {
        close(); // refused (not a stream): try again later, poll meanwhile
        setTimeout(open, RETRY_MS);
      }
    };
  }

  // A form being filled in on a live container (the desk's result forms) is carried across
  // the swap as it stands: what the director typed, and the field they were in, stay.
  let carried = [];
  let focused = null;
  document.addEventListener("input", function (event) {
    if (event.target.form) event.target.form.dataset.typed = "1";
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    const elt = event.detail.target;
    if (!event.detail.shouldSwap || !elt || !elt.hasAttribute("data-live")) return;
    const active = document.activeElement;
    focused = active && elt.contains(active) ? active : null;
    carried = Array.from(elt.querySelectorAll("details[id]")).filter(function (box) {
      return box.querySelector("form[data-typed]") || (focused && box.contains(focused));
    });
  });
  document.addEventListener("htmx:load", function () {
    carried.forEach(function (box) {
      const fresh = document.getElementById(box.id);
      if (fresh && fresh !== box) fresh.replaceWith(box);
    });
    if (focused && document.contains(focused)) focused.focus({ preventScroll: true });
    carried = [];
    focused = null;
  });

  // A poll while the stream is live would only ask what the stream already said; while the
  // board is behind (its fetch failed or hangs), polls go on until one brings it.
  document.addEventListener("htmx:confirm", function (event) {
    const trigger = event.detail.elt.getAttribute("hx-trigger") || "";
    if (live && !behind && !pushing && /(^|\s)every\s/.test(trigger)) event.preventDefault();
  });
  function caughtUp(event) {
    const elt = event.detail.elt || event.target;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-live")) return;
    behind = false;
    if (again) {
      again = false;
      setTimeout(refresh, 0); // once the new container is in place
    }
  }
  // The new board is in (htmx:load), or the answer was "nothing new" (a 204).
  document.addEventListener("htmx:load", caughtUp);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) caughtUp(event);
  });

  setInterval(function () {
    if (live && Date.now() - heardAt > SILENT_MS) {
      close(); // a stream that says nothing (a proxy holding it): poll, and open a new one
      open();
    }
  }, 1000);
  window.addEventListener("offline", close);
  window.addEventListener("online", open);
  document.addEventListener("DOMContentLoaded", open);
})();
