// Companion's only script besides htmx: keep the screen awake on pages that ask for it.
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

  function wanted() {
    return document.body && document.body.hasAttribute("data-wake-lock");
  }

  document.addEventListener("visibilitychange", function () {
    if (wanted() && (lock === null || lock.released)) keepAwake();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (wanted()) keepAwake();
  });
})();
