// Niagara's river by touch: tap a paddle, then one of your canoes, then a lit place, then what
// the canoe loads or unloads there. The page lists the engine's legal moves, each with the plan
// of every canoe (data-plans); a tap only narrows that list, and a move is played by its own
// form. Nothing here knows the rules.
(function () {
  var state = { tile: null, canoe: null, slot: null, picks: {} };

  function panel() { return document.querySelector(".river-pick"); }

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function keyOf(plans, canoe) {
    var keys = plans.split(" ");
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].split(":")[0] === canoe) { return keys[i]; }
    }
    return null;
  }

  // The listed moves of the chosen paddle that agree with the picks (but the one of `except`).
  function matching(root, except) {
    return all(root, ".river-move").filter(function (form) {
      if (form.dataset.tile !== state.tile) { return false; }
      if (root.dataset.phase !== "act") { return true; }  // the paddle laid face down: a preview
      return Object.keys(state.picks).every(function (canoe) {
        return canoe === except || keyOf(form.dataset.plans, canoe) === state.picks[canoe];
      });
    });
  }

  // The plans a canoe may still take with the chosen paddle.
  function options(root, canoe) {
    var plans = all(root, ".plan").filter(function (b) {
      return b.dataset.tile === state.tile && b.dataset.canoe === canoe;
    });
    if (root.dataset.phase !== "act") { return plans; }
    var keys = matching(root, canoe).map(function (form) { return keyOf(form.dataset.plans, canoe); });
    return plans.filter(function (b) { return keys.indexOf(b.dataset.key) >= 0; });
  }

  function show(el, on) { el.hidden = !on; }

  function render() {
    var root = panel();
    if (!root) { return; }
    all(root, ".paddle-tile").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.tile === state.tile ? "true" : "false");
    });
    var open = state.canoe ? options(root, state.canoe) : [];
    var reach = open.map(function (b) { return b.dataset.end; });
    all(root, "[data-canoe-target]").forEach(function (g) {
      var n = g.dataset.canoeTarget;
      g.classList.toggle("able", !!state.tile && options(root, n).length > 0);
      g.classList.toggle("chosen", n === state.canoe);
      g.classList.toggle("picked", n in state.picks);
    });
    all(root, "[data-slot-target]").forEach(function (g) {
      g.classList.toggle("reach", reach.indexOf(g.dataset.slotTarget) >= 0);
      g.classList.toggle("tapped", !!state.slot && g.dataset.slotTarget === state.slot);
    });
    all(root, ".plan").forEach(function (b) {
      var picked = state.picks[b.dataset.canoe] === b.dataset.key && b.dataset.tile === state.tile;
      var offered = open.indexOf(b) >= 0 && b.dataset.end === state.slot;
      b.setAttribute("aria-pressed", picked ? "true" : "false");
      show(b, picked || offered);
    });
    var moves = state.tile ? matching(root, null) : [];
    // The moves left are offered when they are few, or when every canoe that can act but is not
    // over the falls has its plan (a lost canoe's buy-back is then one of them, in words).
    var decided = all(root, "[data-canoe-target].able").every(function (g) {
      return g.dataset.slot === "LOST" || g.dataset.canoeTarget in state.picks;
    });
    var few = moves.length <= 6 || decided || root.dataset.phase !== "act";
    all(root, ".river-move").forEach(function (form) { show(form, few && moves.indexOf(form) >= 0); });
    all(root, ".river-hint").forEach(function (p) {
      var step = !state.tile ? "tile" : (state.canoe ? "slot" : "canoe");
      show(p, p.dataset.hint === step);
    });
    all(root, ".river-reset").forEach(function (b) {
      show(b, !!state.canoe || Object.keys(state.picks).length > 0);
    });
  }

  function start() {
    var root = panel();
    var only = root ? all(root, ".paddle-tile") : [];
    state = { tile: only.length === 1 ? only[0].dataset.tile : null, canoe: null, slot: null, picks: {} };
    render();
  }

  // The choices a tap opened, brought into view when they are below the phone's screen.
  function reveal(root) {
    var shown = all(root, ".river-choices .plan:not([hidden]), .river-choices .river-move:not([hidden])");
    if (shown.length && shown[0].scrollIntoView) { shown[0].scrollIntoView({ block: "nearest" }); }
  }

  function tapSlot(root, slot) {
    state.slot = slot;
    var here = options(root, state.canoe).filter(function (b) { return b.dataset.end === slot; });
    if (here.length === 1) { pick(here[0]); } else { render(); }
    reveal(root);
  }

  function pick(button) {
    var canoe = button.dataset.canoe;
    if (state.picks[canoe] === button.dataset.key) {
      delete state.picks[canoe];
    } else {
      state.picks[canoe] = button.dataset.key;
    }
    state.canoe = null;
    state.slot = null;
    render();
  }

  document.addEventListener("click", function (event) {
    var root = panel();
    if (!root || !root.contains(event.target)) { return; }
    var tile = event.target.closest(".paddle-tile");
    if (tile) {
      state = { tile: tile.dataset.tile, canoe: null, slot: null, picks: {} };
      render();
      return;
    }
    if (event.target.closest(".river-reset")) { start(); return; }
    var plan = event.target.closest(".plan");
    if (plan) { pick(plan); return; }
    if (!state.tile) { return; }
    var canoe = event.target.closest("[data-canoe-target]");
    if (canoe && canoe.dataset.canoeTarget !== state.canoe) {
      state.canoe = canoe.dataset.canoeTarget;
      state.slot = null;
      render();
      return;
    }
    var slot = canoe ? canoe.dataset.slot : null;
    var place = event.target.closest("[data-slot-target]");
    if (place) { slot = place.dataset.slotTarget; }
    if (state.canoe && slot) { tapSlot(root, slot); }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target.closest && event.target.closest(".river-pick [role=button]");
    if (target && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });

  document.addEventListener("table:updated", start);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
