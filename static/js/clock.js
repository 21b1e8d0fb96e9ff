// The round clock and the time since a table's last hand, counted on the page between the
// server's words: a running clock from its end (`data-ends-at`), so the wall, the desk and
// every table show the same time left; a `data-since` time counts up from then.
"use strict";

(function () {
  const ZERO = { arab: 0x660, arabext: 0x6f0 }[document.documentElement.dataset.digits];

  function digits(text) {
    if (!ZERO) return text;
    return text.replace(/[0-9]/g, function (d) { return String.fromCharCode(ZERO + Number(d)); });
  }

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function duration(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    return digits((h ? h + ":" + pad(m) : String(m)) + ":" + pad(seconds % 60));
  }

  function show(elt, text) {
    if (elt && elt.textContent !== text) elt.textContent = text;
  }

  function tick() {
    const now = Date.now();
    document.querySelectorAll("[data-clock][data-running='1']").forEach(function (clock) {
      const left = Math.max(0, Math.ceil((Date.parse(clock.dataset.endsAt) - now) / 1000));
      const time = clock.querySelector("[data-clock-time]");
      show(time, left > 0 ? duration(left) : clock.dataset.upText);
      if (time) time.classList.toggle("num", left > 0);
      clock.classList.toggle("up", left === 0);
    });
    document.querySelectorAll("[data-since]").forEach(function (elt) {
      show(elt, duration(Math.max(0, Math.floor((now - Date.parse(elt.dataset.since)) / 1000))));
    });
  }

  setInterval(tick, 500);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:load", tick);
})();
