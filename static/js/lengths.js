// A field with data-max-length says, as the person types, that the text is too long, rather
// than cutting it without a word (maxlength would); the server refuses it all the same.
"use strict";

(function () {
  function check(field) {
    const max = Number(field.dataset.maxLength);
    const id = field.id + "-too-long";
    let note = document.getElementById(id);
    const tooLong = field.value.trim().length > max;
    if (tooLong && !note) {
      note = document.createElement("p");
      note.id = id;
      note.className = "field-error";
      note.setAttribute("role", "alert");
      note.textContent = field.dataset.tooLong;
      field.insertAdjacentElement("afterend", note);
    }
    if (note) note.hidden = !tooLong;
    if (tooLong) field.setAttribute("aria-invalid", "true");
    else if (field.getAttribute("aria-invalid") === "true" && note) field.removeAttribute("aria-invalid");
  }

  document.addEventListener("input", function (event) {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.dataset.maxLength) check(field);
  });
})();
