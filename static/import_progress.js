// The progress of a background import (templates/transfer/job.html): asks for the job's state every
// 1.5 s and shows it; once the job has finished, loads the page again to show its outcome.
(function () {
  "use strict";
  var box = document.getElementById("import-progress");
  if (!box) return;
  var bar = document.getElementById("import-bar");
  var text = document.getElementById("import-text");
  var url = box.getAttribute("data-status-url");

  function show(status) {
    if (status.state !== "checking" && status.state !== "storing") {
      window.location.reload();
      return false;
    }
    if (status.total) {
      bar.max = status.total;
      bar.value = status.checked;
    }
    if (status.text && text.textContent !== status.text) text.textContent = status.text;
    return true;
  }

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (status) { if (!status || show(status)) window.setTimeout(poll, 1500); })
      .catch(function () { window.setTimeout(poll, 3000); });
  }

  window.setTimeout(poll, 1500);
})();
