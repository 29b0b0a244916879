// A file picked in a `label.file-pick` (templates/_file.html): its name shown beside the
// button, in place of the browser's own words.
(function () {
  document.addEventListener("change", function (event) {
    var input = event.target;
    var label = input.closest && input.closest("label.file-pick");
    if (!label) { return; }
    var shown = label.querySelector(".file-name");
    var file = input.files && input.files[0];
    shown.textContent = file ? file.name : shown.dataset.empty;
  });
})();
