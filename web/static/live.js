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
