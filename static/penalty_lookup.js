/* Hand page: "Look up a penalty" leaves the page, so the values typed so far are kept on the phone
   (sessionStorage, this match and hand only, for 20 minutes) and put back when the hand form opens
   again: from the penalty page's "Add to this hand" (the added penalty then counts one more than
   the count kept), its "Back to hand", or Back. A form sent back with messages keeps what was sent.
   Runs before hand.js, which then reads the restored values as the page's own. */
(function () {
  "use strict";
  var form = document.querySelector("[data-lookup-key]");
  if (!form || !window.sessionStorage) { return; }
  var KEY = "penalty-lookup:" + form.getAttribute("data-lookup-key");
  var MAX_AGE_MS = 20 * 60 * 1000;
  var SKIP = { csrf_token: true, key: true, number: true, version: true };

  function fields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && !SKIP[el.name] && el.tagName !== "BUTTON" && el.type !== "submit";
    });
  }

  function keep() {
    var values = fields().map(function (el) {
      return el.type === "radio" || el.type === "checkbox" ? [el.name, el.value, el.checked] : [el.name, el.value];
    });
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ at: Date.now(), values: values }));
    } catch (e) { /* storage full or refused: the form is simply not kept */ }
  }

  function kept() {
    var found = null;
    try {
      found = JSON.parse(sessionStorage.getItem(KEY) || "null");
      sessionStorage.removeItem(KEY);
    } catch (e) { return null; }
    if (!found || !Array.isArray(found.values) || !(Date.now() - found.at < MAX_AGE_MS)) { return null; }
    return found.values;
  }

  function restore(values) {
    var text = {}, checked = {};
    values.forEach(function (v) {
      if (v.length === 3) { checked[v[0] + "=" + v[1]] = v[2]; } else { text[v[0]] = v[1]; }
    });
    var added = form.getAttribute("data-added-penalty");
    fields().forEach(function (el) {
      if (el.type === "radio" || el.type === "checkbox") {
        var key = el.name + "=" + el.value;
        if (Object.prototype.hasOwnProperty.call(checked, key)) { el.checked = checked[key]; }
      } else if (Object.prototype.hasOwnProperty.call(text, el.name)) {
        if (el.id === added) {
          el.value = String((parseInt(text[el.name], 10) || 0) + 1);
        } else {
          el.value = text[el.name];
        }
      }
    });
    form.querySelectorAll("details.penalties").forEach(function (details) {
      var any = Array.prototype.some.call(details.querySelectorAll("input"), function (el) {
        return ["hidden", "checkbox", "radio"].indexOf(el.type) === -1 && el.value && el.value !== "0";
      });
      if (any) { details.open = true; }
    });
  }

  var values = kept();
  if (values && !form.querySelector(".has-error, .errors")) { restore(values); }
  form.querySelectorAll("[data-penalty-lookup]").forEach(function (link) {
    link.addEventListener("click", keep);
  });
}());
