/* Tells the server this phone's time zone, for the times the spreadsheet exports write
 * (scorekeeper/timezones.py checks it and falls back to UTC). */
(function () {
  "use strict";
  var zone;
  try {
    zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) { return; }
  if (document.cookie.split("; ").indexOf("tz=" + zone) < 0) {
    document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
  }
})();
