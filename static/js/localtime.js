// History times in the phone's own time zone: the page writes them in UTC (what a server
// knows), and this rewrites each <time data-local> in the reader's language and digits.
"use strict";

(function () {
  function formatter() {
    const root = document.documentElement;
    try {
      return new Intl.DateTimeFormat(root.lang || undefined, {
        dateStyle: "medium",
        timeStyle: "short",
        numberingSystem: root.dataset.digits || "latn",
      });
    } catch (err) {
      return null; // An old browser: the UTC time stays, still right.
    }
  }

  function localise() {
    const format = formatter();
    if (format === null) return;
    document.querySelectorAll("time[data-local]").forEach(function (el) {
      const when = new Date(el.getAttribute("datetime"));
      if (!Number.isNaN(when.getTime())) el.textContent = format.format(when);
    });
  }

  document.addEventListener("DOMContentLoaded", localise);
})();
