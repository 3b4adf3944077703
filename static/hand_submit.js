/* Saving a hand once and whole (Enter moves on to the next field: static/enter_moves_on.js): a
   side left entirely blank is not saved as 0 until the player says so ("Save with 0", in the side's
   [data-blank-question]); a second tap on Save while the first is on its way is ignored.
   The server enforces the same rules (the form's single-use key and each side's blank_ok field), so
   the page is as safe without this script. */
(function () {
  "use strict";
  var form = document.querySelector("[data-hand-form]");
  if (!form) { return; }
  var sending = false;


  /* Side i's inputs, by their names (sides-I-...), wherever the layout puts them. */
  function sideInputs(i) {
    var prefix = "sides-" + i + "-";
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.name.indexOf(prefix) === 0 && el.tagName !== "BUTTON";
    });
  }

  function confirmField(i) { return form.querySelector("[name='sides-" + i + "-blank_ok'][type=hidden]"); }

  /* Nothing at all entered in side i: no value, box or count (a typed 0 is entered). */
  function isBlank(i) {
    return sideInputs(i).every(function (el) {
      if (el.type === "hidden" || el.type === "submit" || el.type === "button") { return true; }
      if (el.type === "checkbox" || el.type === "radio") { return !el.checked; }
      return el.value.trim() === "";
    });
  }

  function ask(i, show) {
    var question = form.querySelector("[data-blank-question='" + i + "']");
    if (question) { question.hidden = !show; }
    return question;
  }

  form.addEventListener("submit", function (event) {
    if (sending) { event.preventDefault(); return; }
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("data-blank-ok")) {
      var confirmed = confirmField(submitter.getAttribute("data-blank-ok"));
      if (confirmed) { confirmed.value = "y"; }
    }
    var first = null;
    form.querySelectorAll("[data-blank-question]").forEach(function (question) {
      var i = question.getAttribute("data-blank-question");
      var confirmed = confirmField(i);
      var unasked = isBlank(i) && !(confirmed && confirmed.value === "y");
      ask(i, unasked);
      if (unasked && !first) { first = question; }
    });
    if (first) {
      event.preventDefault();
      first.querySelector("button").focus();
      return;
    }
    sending = true;
  });

  /* Typing in a side again withdraws its "save with 0" and its question. */
  form.addEventListener("input", function (event) {
    var found = /^sides-(\d+)-/.exec(event.target.name || "");
    if (!found) { return; }
    var confirmed = confirmField(found[1]);
    if (confirmed) { confirmed.value = ""; }
    if (!isBlank(found[1])) { ask(found[1], false); }
  });

  /* A Save kept back on the page (static/queue/main.js could not keep the hand on the phone): it may be
     tapped again. */
  form.addEventListener("hand-not-sent", function () { sending = false; });
  /* A table's page (club nights) keeps the form for the next hand once one is queued. */
  form.addEventListener("hand-queued", function () { sending = false; });

  /* A page brought back from the browser's memory (Back) is loaded afresh: never old values, never
     an old key; and a Save left unfinished may be tapped again. */
  window.addEventListener("pageshow", function (event) {
    sending = false;
    if (event.persisted) { window.location.reload(); }
  });
}());
