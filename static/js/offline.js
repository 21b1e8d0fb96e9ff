// The offline page: a button to try again, the games this phone keeps a copy of, and the
// page itself once the connection is back.
"use strict";

(function () {
  async function savedBoards() {
    if (!("caches" in window)) return [];
    const cache = await caches.open("companion-boards");
    const requests = await cache.keys();
    return Promise.all(requests.map(async function (request) {
      const html = await (await cache.match(request, { ignoreVary: true })).text();
      const title = new DOMParser().parseFromString(html, "text/html").title;
      return { url: request.url, title: title || new URL(request.url).pathname };
    }));
  }

  async function listBoards() {
    const boards = await savedBoards();
    const list = document.getElementById("saved-board-list");
    boards.forEach(function (board) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = board.url;
      link.textContent = board.title;
      item.appendChild(link);
      list.appendChild(item);
    });
    document.getElementById("saved-boards").hidden = boards.length === 0;
  }

  // Once the connection is back and nothing waits to be sent (static/js/outbox.js), the page
  // asked for replaces this one: no "No connection" left under a "Saved".
  function waiting() {
    try {
      return (JSON.parse(localStorage.getItem("companion-outbox")) || []).some(function (item) {
        return !item.problem;
      });
    } catch (err) {
      return false;
    }
  }

  // The server answering this page's address (any answer under 500: a 404 is its to show).
  async function reachable() {
    try {
      const response = await fetch(location.href, { method: "HEAD", cache: "no-store" });
      return response.status < 500;
    } catch (err) {
      return false;
    }
  }

  // Reloaded only once the server answers: a network just back may not carry the first
  // request yet, and a reload then would land on this page again. Asked every few seconds
  // from the start, as a board polls: a server that restarted while the phone stayed online
  // sends no `online` event, and the scorer must not be left reading "No connection".
  const RECHECK_MS = 3000;
  let asking = false;
  async function backAgain() {
    if (asking || !navigator.onLine || waiting()) return;
    asking = true;
    const answers = await reachable();
    asking = false;
    if (answers) location.reload();
  }

  window.addEventListener("online", backAgain);
  document.addEventListener("companion:sent", backAgain);
  setInterval(backAgain, RECHECK_MS);

  document.addEventListener("DOMContentLoaded", function () {
    document.getElementById("try-again").addEventListener("click", function () {
      location.reload();
    });
    listBoards().catch(function () { /* no cache to read: the page still says what to do */ });
  });
})();
