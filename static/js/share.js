// Copy and Share beside every link: the phone's share sheet where the browser has one, and
// copy everywhere: by the clipboard API where the page is secure, else by selecting the text,
// which also works over plain http on a LAN.
"use strict";

(function () {
  function copyBySelecting(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (err) {
      copied = false;
    }
    area.remove();
    return copied;
  }

  async function copy(text) {
    if (window.isSecureContext && navigator.clipboard) {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch (err) {
        // Permission refused: selecting still works.
      }
    }
    return copyBySelecting(text);
  }

  function reveal() {
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = !navigator.share;
    });
  }

  document.addEventListener("click", async function (event) {
    const button = event.target.closest("[data-copy], [data-share]");
    if (!button) return;
    const note = button.parentElement.querySelector(".copied");
    if (button.dataset.share) {
      try {
        await navigator.share({ title: document.title, url: button.dataset.share });
      } catch (err) {
        // Closed without sharing: nothing to say.
      }
      return;
    }
    const copied = await copy(button.dataset.copy);
    note.textContent = copied ? note.dataset.ok : note.dataset.failed;
  });

  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);
})();
