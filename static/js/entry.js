// Hand entry: chips, steppers and the card grid write into ordinary form fields, then fire
// "change" so htmx asks the server for the live breakdown. No scoring happens here.
"use strict";

(function () {
  function field(id) {
    return document.getElementById(id);
  }

  // Scorers may type ٠-٩ or ۰-۹; the page shows numbers in the reader's digits.
  const EASTERN = "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
  const ZERO = { arab: 0x660, arabext: 0x6f0 }[document.documentElement.dataset.digits];

  function toNumber(text) {
    return Number(String(text).replace(/[٠-٩۰-۹]/g, function (d) {
      return String(EASTERN.indexOf(d) % 10);
    }));
  }

  function shown(number) {
    if (!ZERO) return String(number);
    return String(number).replace(/[0-9]/g, function (d) {
      return String.fromCharCode(ZERO + Number(d));
    });
  }

  function changed(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Chips show which value is chosen; basra card pickers appear one per basra.
  function sync(input) {
    if (!input || !input.id) return;
    document.querySelectorAll('[data-set][data-for="' + input.id + '"]').forEach(function (chip) {
      chip.setAttribute("aria-pressed",
        String(input.value !== "" && Number(chip.dataset.set) === toNumber(input.value)));
    });
    document.querySelectorAll('[data-slot-of="' + input.id + '"]').forEach(function (slot) {
      slot.hidden = Number(slot.dataset.slot) >= toNumber(input.value || 0);
    });
    // A field that follows another (the points start at the bid) until touched by hand.
    document.querySelectorAll('[data-follow="' + input.id + '"]').forEach(function (follower) {
      if (follower.dataset.touched !== "1" && input.value !== "") {
        follower.value = input.value;
      }
    });
  }

  function set(input, value) {
    const low = input.min === "" ? -Infinity : Number(input.min);
    const high = input.max === "" ? Infinity : Number(input.max);
    input.value = shown(Math.min(high, Math.max(low, value)));
    sync(input);
    release(input);
    changed(input);
  }

  // A choice that replaces a field (Shelem Double replaces the bid): choosing one clears the
  // other, so what is pressed is exactly what will be saved.
  function release(input) {
    if (input.value === "") return;
    document.querySelectorAll('[data-clears="' + input.id + '"]').forEach(function (box) {
      box.checked = false;
    });
  }

  document.addEventListener("change", function (event) {
    const box = event.target;
    if (!box.matches || !box.matches("[data-clears]") || !box.checked) return;
    const input = field(box.dataset.clears);
    if (!input) return;
    input.value = "";
    sync(input);
  });

  // An empty field counts from the field it starts at (the points from the bid), else from 0.
  function step(button) {
    const input = field(button.dataset.for);
    const start = input.dataset.start ? field(input.dataset.start) : null;
    let from = Number(input.min || 0);
    if (input.value !== "") from = toNumber(input.value);
    else if (start && start.value !== "") from = toNumber(start.value);
    input.dataset.touched = "1";
    set(input, from + Number(button.dataset.step));
  }

  function showCard(button) {
    const owner = button.querySelector('input[name^="card_"]');
    const basra = button.querySelector('input[name^="basra_"]');
    button.dataset.side = owner.value;
    button.setAttribute("aria-pressed", String(owner.value !== ""));
    button.querySelector(".mark").textContent =
      (owner.value === "" ? "" : shown(Number(owner.value) + 1)) + (basra && basra.value ? "★" : "");
  }

  function tapCard(button) {
    const form = button.form;
    const tool = form.querySelector('input[name="tool"]:checked');
    const owner = button.querySelector('input[name^="card_"]');
    const basra = button.querySelector('input[name^="basra_"]');
    if (!tool) return;
    const untaken = form.querySelector("#basra-untaken");
    // A ★ on a card nobody took would mark nothing: say why instead of doing nothing.
    if (untaken) untaken.hidden = !(tool.value === "basra" && owner.value === "");
    if (tool.value === "basra") {
      if (owner.value === "" || !basra) return;
      basra.value = basra.value ? "" : "1";
    } else {
      owner.value = owner.value === tool.value ? "" : tool.value;
      if (owner.value === "" && basra) basra.value = "";
    }
    showCard(button);
    changed(owner);
  }

  function rest(button) {
    let last = null;
    button.form.querySelectorAll("[data-card]").forEach(function (card) {
      const owner = card.querySelector('input[name^="card_"]');
      if (owner.value === "") {
        owner.value = button.dataset.rest;
        showCard(card);
        last = owner;
      }
    });
    if (last) changed(last);
  }

  document.addEventListener("click", function (event) {
    const target = event.target.closest("[data-step], [data-set], [data-card], [data-rest]");
    if (!target) return;
    if (target.dataset.step) step(target);
    else if (target.dataset.set) set(field(target.dataset.for), Number(target.dataset.set));
    else if (target.dataset.rest) rest(target);
    else tapCard(target);
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("input[inputmode=numeric]")) {
      event.target.dataset.touched = "1";
      sync(event.target);
      release(event.target);
    }
  });

  // A refused hand (422) or a stale game (409) comes back as the form, to be shown in place.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const status = event.detail.xhr.status;
    if ((status === 422 || status === 409) && event.detail.target.id === "entry-form") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // A breakdown that grew while the scorer watches it keeps its last line above the sticky
  // save bar.
  document.addEventListener("htmx:afterSwap", function (event) {
    const preview = event.detail.target;
    const bar = document.querySelector("#entry-form .save-bar");
    if (preview.id !== "preview" || !bar) return;
    const box = preview.getBoundingClientRect();
    const hidden = box.bottom - bar.getBoundingClientRect().top;
    if (hidden > 0 && box.top >= 0 && box.top < window.innerHeight) window.scrollBy(0, hidden);
  });

  // ... and the first field in question (else the sentence saying why) is brought into view
  // above the save bar.
  document.addEventListener("htmx:afterSwap", function (event) {
    const status = event.detail.xhr.status;
    if (status !== 422 && status !== 409) return;
    const message = document.querySelector(
      "#entry-form .invalid, #entry-form .error, #entry-form [role=alert]");
    if (message) message.scrollIntoView({ block: "center" });
  });
})();
