// Live boards poll the server, or hear it push (live.js). One that has not heard from it for 10 seconds says so, with
// the time of the scores it shows, and clears the notice at the next answer. htmx gives every
// request a timeout (base.html), so one poll that never answers cannot freeze the board.
"use strict";

(function () {
  const STALE_MS = 10000;
  let heard = Date.now();
  let failing = false; // a poll failed, timed out or is waiting, since the last answer

  function isPoll(elt) {
    const trigger = elt && elt.getAttribute ? elt.getAttribute("hx-trigger") || "" : "";
    return /(^|\s)every\s/.test(trigger);
  }

  function clock(time) {
    const locale = document.getElementById("net").dataset.locale;
    try {
      return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" })
        .format(new Date(time));
    } catch (err) {
      return new Date(time).toTimeString().slice(0, 5);
    }
  }

  function check() {
    const banner = document.getElementById("stale");
    if (!banner || !document.querySelector("[hx-trigger*=every]")) return;
    const stale = failing && Date.now() - heard >= STALE_MS;
    if (stale) banner.textContent = banner.dataset.text.replace("{time}", clock(heard));
    banner.hidden = !stale;
    document.body.classList.toggle("is-stale", stale);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event.detail.elt)) failing = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isPoll(event.detail.elt)) return;
    if (event.detail.successful) {
      heard = Date.now();
      failing = false;
    }
    check();
  });

  // A live board's stream (live.js) speaks at every change and every 5 s: that is hearing.
  document.addEventListener("live:heard", function () {
    heard = Date.now();
    failing = false;
    check();
  });

  document.addEventListener("DOMContentLoaded", function () {
    // A copy kept for offline reading is as old as the server made it, not as the reading.
    const net = document.getElementById("net");
    const made = net ? Number(net.dataset.asOf) : 0;
    if (made) heard = Math.min(made, Date.now());
    setInterval(check, 1000);
  });
})();
