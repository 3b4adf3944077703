/* The owner's share panel on the scoreboard: "Share…" opens the phone's share sheet (Web Share API)
   where there is one; "Copy the link" copies it (Clipboard API, else the selected input and
   execCommand), and says so. Without this script the link is still there to select by hand. */
(function () {
  "use strict";
  var box = document.querySelector("[data-share-buttons]");
  var input = document.getElementById("share-url");
  if (!box || !input) { return; }
  var native = box.querySelector("[data-share-native]");
  var copy = box.querySelector("[data-share-copy]");
  var status = box.querySelector("[data-share-status]");

  function say(key) {
    if (status) { status.textContent = status.getAttribute(key) || ""; }
  }

  function copyBySelection() {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    say(done ? "data-copied" : "data-failed");
  }

  function copyLink() {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(function () { say("data-copied"); }, copyBySelection);
    } else {
      copyBySelection();
    }
  }

  if (native && navigator.share) {
    native.hidden = false;
    native.addEventListener("click", function () {
      navigator.share({ title: native.getAttribute("data-title") || document.title, url: input.value })
        .catch(function (error) {
          if (!error || error.name !== "AbortError") { copyLink(); }
        });
    });
  }
  if (copy) { copy.addEventListener("click", copyLink); }
  box.hidden = false;
})();
