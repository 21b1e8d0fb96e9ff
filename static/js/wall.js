// The big screen shows one page of tables and standings at a time and turns to the next
// every `data-cycle` seconds. The page shown is kept across the board's refreshes (a poll or
// a push replaces #screen-board), and written to its `data-page` for anyone watching.
// `data-held` (the ?page=N address) keeps one page.
"use strict";

(function () {
  let shown = 1;
  let timer = null;

  function board() {
    return document.getElementById("screen-board");
  }

  function show(element, number) {
    const total = Number(element.dataset.pages) || 1;
    shown = ((number - 1) % total + total) % total + 1;
    element.querySelectorAll(".wall-page").forEach(function (page) {
      page.hidden = Number(page.dataset.page) !== shown;
    });
    element.dataset.page = String(shown);
  }

  function start() {
    const element = board();
    if (!element) return;
    if (element.hasAttribute("data-held")) {
      shown = Number(element.dataset.page) || 1;
      return;
    }
    show(element, shown);
    if (timer === null) {
      const seconds = Math.max(1, Number(element.dataset.cycle) || 12);
      timer = window.setInterval(function () {
        const current = board();
        if (current && !current.hasAttribute("data-held")) show(current, shown + 1);
      }, seconds * 1000);
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  // htmx:load fires for whatever content htmx puts in, however it arrived.
  document.addEventListener("htmx:load", function (event) {
    const element = board();
    if (element && (event.target === element || event.target.contains(element))) start();
  });
})();
