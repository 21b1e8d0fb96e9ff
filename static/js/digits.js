// A Latin digit typed in a number field, where the reader reads Arabic-Indic or Persian
// digits, shows as theirs at once, the caret where it was (one digit for one: the same
// length). The server reads all three sets.
"use strict";

(function () {
  const ZERO = { arab: 0x660, arabext: 0x6f0 }[document.documentElement.dataset.digits];
  if (!ZERO) return;

  document.addEventListener("input", function (event) {
    const input = event.target;
    if (event.isComposing || !(input instanceof HTMLInputElement)) return;
    if (!input.matches("input[inputmode=numeric]") || !/[0-9]/.test(input.value)) return;
    const start = input.selectionStart;
    const end = input.selectionEnd;
    input.value = input.value.replace(/[0-9]/g, function (d) {
      return String.fromCharCode(ZERO + Number(d));
    });
    input.setSelectionRange(start, end);
  });
})();
