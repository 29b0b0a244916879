// Tap a piece, then one of its moves: a piece the page draws with `data-show="key"` (a card in
// hand, a dock of the pentagon, a card of the Hare's hand) shows the listed legal moves marked
// `data-for="key"` and hides the others; tapping it again hides them. Each move is its own form.
(function () {
  document.addEventListener("click", function (event) {
    var piece = event.target.closest("[data-show]");
    if (!piece || piece.disabled) { return; }
    var key = piece.dataset.show;
    var on = piece.getAttribute("aria-pressed") !== "true";
    document.querySelectorAll("[data-show]").forEach(function (p) {
      p.setAttribute("aria-pressed", p === piece && on ? "true" : "false");
    });
    var first = null;
    document.querySelectorAll("[data-for]").forEach(function (choice) {
      choice.hidden = !(on && choice.dataset.for === key);
      if (!choice.hidden && !first) { first = choice; }
    });
    if (first && first.scrollIntoView) { first.scrollIntoView({ block: "nearest" }); }
  });

  document.addEventListener("keydown", function (event) {
    var piece = event.target.closest && event.target.closest("svg [data-show]");
    if (piece && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      piece.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
})();
