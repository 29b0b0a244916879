// Picking by touch: tap tiles of a group to choose them; the split button of that group then
// carries the split they make, and is enabled when that split is one of the legal ones.
(function () {
  document.addEventListener("click", function (event) {
    var tile = event.target.closest(".pick-group .tile");
    if (!tile || tile.disabled) { return; }
    var group = tile.closest(".pick-group");
    tile.setAttribute("aria-pressed", tile.getAttribute("aria-pressed") === "true" ? "false" : "true");
    var letters = [];
    group.querySelectorAll(".tile[aria-pressed='true']").forEach(function (t) { letters.push(t.dataset.letter); });
    var part = letters.sort().join("");
    var legal = (group.dataset.parts || "").split(",").indexOf(part) >= 0;
    var form = group.querySelector(".split-form");
    if (!form) { return; }
    form.querySelector("input[name=move]").value = JSON.stringify(
      { type: "split", group: Number(group.dataset.group), part: part });
    form.querySelector("button").disabled = !legal;
  });
})();
