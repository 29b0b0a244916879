// Live updates: the server sends the table's version; when it moves on, reload the page.
(function () {
  var body = document.body;
  var url = body.dataset.stream;
  var shown = body.dataset.version;
  if (!url || !window.EventSource) { return; }
  var source = new EventSource(url);
  source.addEventListener("version", function (event) {
    if (event.data !== shown) {
      source.close();
      window.location.replace(body.dataset.page || window.location.pathname);
    }
  });
  // A tap submits a form: stop listening, the answer to the form is the next page.
  document.addEventListener("submit", function () { source.close(); });
  window.addEventListener("pagehide", function () { source.close(); });
})();

// The camera: reload when it concludes something new; refresh the host's live picture.
(function () {
  var body = document.body;
  var url = body.dataset.live;
  if (!url || !window.fetch) { return; }
  var seq = body.dataset.liveSeq || "0";
  var picture = document.getElementById("live-picture");
  var tick = 0;
  window.setInterval(function () {
    tick += 1;
    if (picture) { picture.src = picture.dataset.src + "?n=" + tick; }
    if (tick % 2) { return; }
    fetch(url, { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (live) {
      var last = live && live.status && live.status.last;
      if (last && String(last.seq) !== seq) {
        window.location.replace(body.dataset.page || window.location.pathname);
      }
    }).catch(function () {});
  }, 500);
})();
