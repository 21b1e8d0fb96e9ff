// Keep the screen awake on pages that ask for it, or say why it cannot be (plain http has no
// wake lock); where the page is secure, install the service worker that keeps the app
// readable offline; on a page only watched, fetch outbox.js when saves wait on this phone.
"use strict";

(function () {
  let lock = null;

  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
    } catch (err) {
      lock = null; // Battery saver or an old browser: the page still works.
    }
  }

  // A page only watched (a board, standings) comes without outbox.js: it is fetched only when
  // saves wait on this phone, to show them and send them.
  function waiting() {
    try {
      return (JSON.parse(localStorage.getItem("companion-outbox")) || []).length > 0;
    } catch (err) {
      return false;
    }
  }

  function wanted() {
    return document.body && document.body.hasAttribute("data-wake-lock");
  }

  document.addEventListener("visibilitychange", function () {
    if (wanted() && (lock === null || lock.released)) keepAwake();
  });
  document.addEventListener("DOMContentLoaded", function () {
    const hint = document.getElementById("wake-hint");
    if (hint) hint.hidden = !wanted() || "wakeLock" in navigator;
    if (wanted()) keepAwake();
    const net = document.getElementById("net");
    if (net && net.dataset.outbox && waiting()) {
      const script = document.createElement("script");
      script.src = net.dataset.outbox;
      document.head.append(script);
    }
    if (window.isSecureContext && "serviceWorker" in navigator && net) {
      navigator.serviceWorker.register(net.dataset.sw).catch(function () {
        // No offline copy on this phone; everything else works as before.
      });
    }
  });
  // A part of a form swapped whole while someone types in it (the players of a new game, as
  // "Add a player" loads) keeps what was typed after its request left: fields matched by id.
  // They are put back in the very task of the swap, so nothing typed after it is overwritten.
  let carried = null;
  let retyped = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    const part = event.detail.target;
    if (!part || !part.matches || !part.matches("[data-keep-typed]")) return;
    carried = Array.from(part.querySelectorAll("input[id]:not([type]), select[id]"),
                         function (field) { return [field.id, field.value]; });
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (carried === null) return;
    carried.forEach(function (pair) {
      const field = document.getElementById(pair[0]);
      if (!field || field.value === pair[1]) return;
      field.value = pair[1];
      retyped = retyped || field;
    });
    carried = null;
  });
  // Once settled (htmx has made the new fields listen), what depends on the names put back
  // (the first dealer's list) is asked for again.
  document.addEventListener("htmx:afterSettle", function () {
    const field = retyped;
    retyped = null;
    if (field && field.isConnected) field.dispatchEvent(new Event("change", { bubbles: true }));
  });
  // A Print button (the table sheet, a round's results) opens the browser's print dialog.
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
})();
