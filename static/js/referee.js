// Referee pages: keep the place being entered (a pile, the floor, the played card) in sight
// just above the card picker, which sticks to the bottom of the screen within thumb reach.
"use strict";

(function () {
  const GAP = 8;

  function reveal() {
    const slot = document.querySelector(".referee .slot.active");
    const picker = document.getElementById("picker");
    if (!slot || !picker) return;
    const box = slot.getBoundingClientRect();
    const limit = picker.getBoundingClientRect().top;
    if (box.bottom > limit) {
      window.scrollBy(0, Math.min(box.bottom - limit + GAP, box.top - GAP));
    } else if (box.top < 0) {
      window.scrollBy(0, box.top - GAP);
    }
  }

  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);
})();
