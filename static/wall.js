/* The wall on a big screen: a list longer than the screen (the standings of 60 pairs, the seating of
   30 tables) is shown a page at a time, turning every data-page-seconds (default 8 s), with "1–20 of
   60" under it, since nobody scrolls a screen across the room. Each [data-pages] list is paged by its
   children; the pages are measured again after every new board static/live.js swaps in and on a
   resize. On a phone (narrower than 1000 px) nothing is paged: the page scrolls as usual. */
(function () {
  "use strict";

  var board = document.querySelector("[data-live-board]");
  if (!board) { return; }
  var page = 0;

  function items(list) {
    var body = list.tagName === "TABLE" ? list.tBodies[0] : list;
    return body ? Array.prototype.slice.call(body.children) : [];
  }

  function layout() {
    var big = window.innerWidth >= 1000;
    board.querySelectorAll("[data-pages]").forEach(function (list) {
      var rows = items(list);
      rows.forEach(function (row) { row.hidden = false; });
      var note = list.parentNode.querySelector("[data-page-note]");
      if (!big || !rows.length) { if (note) { note.hidden = true; } return; }
      var top = rows[0].getBoundingClientRect().top;
      var height = rows[0].getBoundingClientRect().height || 1;
      var room = window.innerHeight - top - height * 2.2;  // the page note's line and its margin
      var per = Math.max(3, Math.floor(room / height));
      if (rows.length <= per) { if (note) { note.hidden = true; } return; }
      var pages = Math.ceil(rows.length / per), at = page % pages;
      rows.forEach(function (row, i) { row.hidden = i < at * per || i >= (at + 1) * per; });
      if (note) {
        note.hidden = false;
        note.textContent = note.getAttribute("data-page-note")
          .replace("{first}", String(at * per + 1))
          .replace("{last}", String(Math.min(rows.length, (at + 1) * per)))
          .replace("{count}", String(rows.length));
      }
    });
  }

  var seconds = parseFloat(board.getAttribute("data-page-seconds")) || 8;
  setInterval(function () { page += 1; layout(); }, seconds * 1000);
  new MutationObserver(function (changes) {
    if (changes.some(function (c) { return c.target === board; })) { layout(); }
  }).observe(board, { childList: true });
  window.addEventListener("resize", layout);
  window.wallLayout = layout;  // the tests lay the wall out at once
  layout();
})();
