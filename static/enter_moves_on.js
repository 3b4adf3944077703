/* Forms marked data-enter-moves-on (the hand and the new match): Enter in a field moves on to the
   next field that can take the focus (not one hidden or in a closed section), and never submits: only
   the form's own buttons do. Without this script Enter submits, and the server's checks apply. */
(function () {
  "use strict";
  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return (el.tagName === "INPUT" || el.tagName === "SELECT") && !el.disabled && el.type !== "hidden";
    });
  }

  document.addEventListener("keydown", function (event) {
    var el = event.target, form = el.form;
    if (event.key !== "Enter" || !form || !form.hasAttribute("data-enter-moves-on")) { return; }
    if (el.tagName !== "INPUT" || el.type === "submit" || el.type === "button") { return; }
    event.preventDefault();
    var all = fields(form);
    for (var i = all.indexOf(el) + 1; i < all.length; i += 1) {
      all[i].focus();
      if (document.activeElement === all[i]) { return; }
    }
    el.blur();
  });
})();
