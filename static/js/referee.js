// Referee pages: keep the place being entered (a pile, the floor, the played card) in sight
// just above the card picker, which sticks to the bottom of the screen within thumb reach.
// Once there is a verdict (or a question, or a refusal) the picker no longer sticks, and the
// verdict is what is kept in sight: scrolled up just enough to show all of it.
"use strict";

(function () {
  const GAP = 8;

  function revealVerdict(verdict) {
    const box = verdict.getBoundingClientRect();
    const bottom = window.innerHeight;
    if (box.top >= 0 && box.bottom <= bottom) return;
    // As little as shows its end, but never past its start (a verdict taller than the screen).
    window.scrollBy(0, box.top < 0 ? box.top - GAP : Math.min(box.bottom - bottom + GAP, box.top - GAP));
  }

  function reveal() {
    const verdict = document.querySelector(".referee #verdict.ruled");
    if (verdict) {
      revealVerdict(verdict);
      return;
    }
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
