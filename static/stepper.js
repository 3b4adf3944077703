/* Steppers: the − and + buttons next to a number input ([data-stepper], macro `stepper`).
   A tap (or a click, or Enter/Space on the button) steps once; held down with a finger or the mouse,
   the button starts stepping after a pause, then faster, until it is let go. The input itself stays
   typeable and keeps its arrow keys. Without this script the input is still typed by hand. */
(function () {
  "use strict";
  var FIRST_PAUSE = 450;  // ms before a held button starts repeating
  var EVERY = 120;        // ms between steps while held...
  var FAST_EVERY = 50;    // ...and after FAST_AFTER steps
  var FAST_AFTER = 10;

  function bump(input, delta) {
    var value = parseInt(input.value, 10);
    if (isNaN(value)) { value = 0; }
    value += delta;
    var min = input.min === "" ? null : parseInt(input.min, 10);
    var max = input.max === "" ? null : parseInt(input.max, 10);
    if (min !== null && value < min) { value = min; }
    if (max !== null && value > max) { value = max; }
    if (String(value) === input.value) { return; }
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function step(button) {
    var input = button.closest("[data-stepper]").querySelector("input");
    if (input) { bump(input, parseInt(button.getAttribute("data-step"), 10) || 0); }
  }

  var held = null;      // {button, timer, count, fired} while a pointer holds a button down
  var skipClick = null; // the button whose click ends a hold that already stepped

  function repeat() {
    if (!held) { return; }
    held.fired = true;
    step(held.button);
    held.count += 1;
    held.timer = setTimeout(repeat, held.count >= FAST_AFTER ? FAST_EVERY : EVERY);
  }

  function release() {
    if (!held) { return; }
    clearTimeout(held.timer);
    if (held.fired) { skipClick = held.button; }
    held = null;
  }

  // A press only steps by itself once held past the pause: a short tap steps at its click, and a
  // thumb that lands on a button to scroll the page (pointercancel, no click) changes nothing.
  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest("[data-stepper] [data-step]");
    if (!button || (event.pointerType === "mouse" && event.button !== 0)) { return; }
    release();
    skipClick = null;
    held = { button: button, count: 0, fired: false, timer: setTimeout(repeat, FIRST_PAUSE) };
    if (button.setPointerCapture) {
      try { button.setPointerCapture(event.pointerId); } catch (e) { /* the pointer is already gone */ }
    }
  });
  ["pointerup", "pointercancel", "lostpointercapture"].forEach(function (type) {
    document.addEventListener(type, release);
  });
  window.addEventListener("blur", release);
  document.addEventListener("visibilitychange", release);
  // A long press must not open the phone's menu on the button.
  document.addEventListener("contextmenu", function (event) {
    if (event.target.closest("[data-stepper] [data-step]")) { event.preventDefault(); }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-stepper] [data-step]");
    if (!button) { return; }
    event.preventDefault();
    if (skipClick === button && event.detail > 0) { skipClick = null; return; }  // stepped while held
    skipClick = null;
    step(button);  // a tap, a click, or the keyboard
  });
})();
