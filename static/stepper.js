/* Steppers: the − and + buttons next to a number input ([data-stepper], macro `stepper`).
   Without this script the input is still typed by hand. */
(function () {
  "use strict";
  function bump(input, delta) {
    var value = parseInt(input.value, 10);
    if (isNaN(value)) { value = 0; }
    value += delta;
    var min = input.min === "" ? null : parseInt(input.min, 10);
    var max = input.max === "" ? null : parseInt(input.max, 10);
    if (min !== null && value < min) { value = min; }
    if (max !== null && value > max) { value = max; }
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-stepper] [data-step]");
    if (!button) { return; }
    event.preventDefault();
    var input = button.closest("[data-stepper]").querySelector("input");
    if (input) { bump(input, parseInt(button.getAttribute("data-step"), 10) || 0); }
  });
})();
