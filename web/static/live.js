// Live updates: the server sends the table's version; when it moves on, the page fetches
// its live regions (data-regions: a seat page's regions alone; else the page itself again),
// with the choices of its query, and swaps them ([data-live-region], by id) in place, so the
// scroll, typed text, open choices and the files chosen outside them stay. A seat page
// listens to its own stream instead (data-regions-stream, opened with the choices of its
// query): it sends the new regions themselves, swapped in the same way with no request, and
// the version alone when the page must fetch them. A form outside the regions gets the new
// version. The page's title and a vibration say "your turn".
// A seat page sends its moves in place (data-moves-in-place: the seat's move address): the
// form is sent by fetch and the page stays, its stream bringing the new regions (the page's
// own included), so a move costs the server no page and no new stream; a refusal comes back
// as the regions that say why. Anything else it answers, or no answer, sends the form as a
// page would.
// A tapped link inside a live region that leads to this same page with other choices in
// its query (Ark Nova's seat composes a move that way) is fetched and swapped in the same
// way, the address replaced (and a seat's stream opened again with the new choices): the
// page keeps its scroll and answers without a full load.
(function () {
  var body = document.body;
  var url = body.dataset.stream;
  if (!url || !window.EventSource) { return; }
  var page = body.dataset.page || window.location.pathname;
  // What the page shows: its path, and the choices in its query when it was loaded with them.
  var shown = window.location.pathname === page ? page + window.location.search : page;
  var regions = body.dataset.regions || page;
  var pushing = body.dataset.regionsStream;
  var inPlace = pushing && window.fetch && window.URLSearchParams ? body.dataset.movesInPlace : null;
  var baseTitle = document.title;
  var busy = false;
  var again = false;
  var submitting = false;
  var moving = false;  // a move sent in place and not answered yet
  var held = null;     // the regions a stream sent meanwhile: shown once the move is answered
  var asPage = null;   // the form to send as a page after all (its answer was not one to stay for)
  var source = null;

  function reload() { window.location.replace(shown); }

  function openKeys(root) {
    var keys = {};
    root.querySelectorAll("details[data-key]").forEach(function (d) { keys[d.dataset.key] = d.open; });
    return keys;
  }

  function pressedKeys(root) {
    var keys = [];
    root.querySelectorAll("[data-pick][aria-pressed='true']").forEach(function (b) { keys.push(b.dataset.pick); });
    return keys;
  }

  function turnCue(status) {
    var mine = status && status.classList.contains("mine");
    document.title = (mine ? "\u25CF " : "") + baseTitle;
    if (mine && !body.classList.contains("my-turn") && navigator.vibrate) { navigator.vibrate(200); }
    body.classList.toggle("my-turn", !!mine);
  }

  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }

  function swap(html) { return swapDoc(parse(html)); }

  function swapDoc(doc) {
    var regions = document.querySelectorAll("[data-live-region]");
    if (!regions.length) { return false; }
    for (var i = 0; i < regions.length; i++) {
      if (!doc.getElementById(regions[i].id)) { return false; }
    }
    var x = window.scrollX, y = window.scrollY;
    var open = openKeys(document);
    var picked = pressedKeys(document);
    regions.forEach(function (old) {
      var fresh = doc.getElementById(old.id);
      old.replaceWith(document.importNode(fresh, true));
    });
    document.querySelectorAll("details[data-key]").forEach(function (d) {
      if (d.dataset.key in open) { d.open = open[d.dataset.key]; }
    });
    picked.forEach(function (key) {
      var b = document.querySelector("[data-pick='" + key.replace(/'/g, "") + "']");
      if (b) { b.click(); }
    });
    var version = doc.body.dataset.version;
    body.dataset.version = version;
    document.querySelectorAll("input[name=version]").forEach(function (input) {
      if (!input.closest("[data-live-region]")) { input.value = version; }
    });
    window.scrollTo(x, y);
    turnCue(document.querySelector("[data-live-region] .status"));
    document.dispatchEvent(new CustomEvent("table:updated", { detail: { version: version } }));
    return true;
  }

  // ``base`` with the query of the page ``target`` (this page's path and its choices).
  function withQuery(base, target) {
    var query = target.indexOf("?");
    return base + (query < 0 ? "" : target.slice(query));
  }

  // What to fetch for the page ``target``: its regions.
  function regionsOf(target) { return withQuery(regions, target); }

  function fetchPage(target) {
    return fetch(regionsOf(target), { cache: "no-store", credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    });
  }

  function refresh() {
    if (submitting) { return; }
    if (busy) { again = true; return; }
    busy = true;
    fetchPage(shown).then(function (html) {
      busy = false;
      if (!swap(html)) { reload(); return; }
      if (again) { again = false; refresh(); }
    }).catch(function () { busy = false; reload(); });
  }

  // A choice on this page: fetched and swapped in place (a full load if that fails).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-live-region] a[href]");
    if (!link || busy || submitting || event.defaultPrevented || event.button ||
        event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    // An SVG link's href is not a string: its attribute is.
    var to = new URL(link.getAttribute("href"), window.location.href);
    if (to.origin !== window.location.origin || to.pathname !== page) { return; }
    event.preventDefault();
    var target = to.pathname + to.search;
    busy = true;
    fetchPage(target).then(function (html) {
      busy = false;
      shown = target;
      window.history.replaceState(null, "", target);
      if (!swap(html)) { reload(); return; }
      body.dataset.shown = target;
      if (pushing) { listen(); }  // its regions now carry these choices
      if (again) { again = false; refresh(); }
    }).catch(function () { busy = false; window.location.assign(target); });
  });

  // A seat's stream sent its new regions: swapped in place unless the page shows them or newer.
  function pushed(html) {
    if (submitting) { return; }
    if (moving) { held = html; return; }  // shown when the move is answered
    if (busy) { again = true; return; }  // a fetch in flight: fetch again after it
    var doc = parse(html);
    var version = Number(doc.body.dataset.version);
    if (!(version > Number(body.dataset.version))) { return; }
    if (!swapDoc(doc)) { reload(); }
  }

  // The page's stream (a seat's with the choices it shows), opened again when they change.
  function listen() {
    if (source) { source.close(); }
    source = new EventSource(pushing ? withQuery(pushing, shown) : url);
    source.addEventListener("version", function (event) {
      if (event.data !== body.dataset.version) { refresh(); }
    });
    source.addEventListener("regions", function (event) { pushed(event.data); });
  }

  // Where a tapped form goes: its button's own address, else the form's.
  function actionOf(form, submitter) {
    return submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action;
  }

  // The move in ``form`` (tapped with ``submitter``) sent in place.
  function sendInPlace(form, submitter, action) {
    moving = true;
    var fields = new URLSearchParams(new FormData(form, submitter || undefined));
    fetch(action, {
      method: "POST", body: fields, credentials: "same-origin", cache: "no-store",
      headers: { "X-In-Place": "1" }
    }).then(function (r) {
      if (r.status === 204) {
        moving = false;
        var waiting = held;
        held = null;
        var version = Number(r.headers.get("X-Table-Version"));
        if (shown !== page) {  // the choices composed for this move are spent: the page anew
          shown = page;
          window.history.replaceState(null, "", page);
          listen();
          refresh();
          return;
        }
        if (waiting) { pushed(waiting); }
        // The stream brings the new regions; should it not, within a second, they are fetched.
        window.setTimeout(function () {
          if (!(Number(body.dataset.version) >= version)) { refresh(); }
        }, 1000);
        return;
      }
      if ((r.headers.get("Content-Type") || "").indexOf("text/html") !== 0) {
        throw new Error(String(r.status));
      }
      return r.text().then(function (html) {  // refused: the regions say why
        moving = false;
        var newer = held;
        held = null;
        var doc = parse(html);
        if (!doc.getElementById("live-play")) { throw new Error("not the regions"); }
        if (Number(doc.body.dataset.version) >= Number(body.dataset.version) && !swapDoc(doc)) {
          reload();
          return;
        }
        if (newer) { pushed(newer); }  // a newer table, if the stream sent one
      });
    }).catch(function () {  // sent as a page after all: what the server answers is shown
      moving = false;
      held = null;
      asPage = form;
      if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
    });
  }

  listen();
  // A tap submits a form: a move is sent in place; else stop listening, the answer to the
  // form is the next page.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter || null;
    if (event.defaultPrevented) { return; }
    if (inPlace && form !== asPage && (form.method || "").toLowerCase() === "post") {
      var action = actionOf(form, submitter);
      if (new URL(action, window.location.href).pathname === inPlace) {
        event.preventDefault();
        if (!moving) { sendInPlace(form, submitter, action); }
        return;
      }
    }
    asPage = null;
    submitting = true;
    source.close();
  });
  window.addEventListener("pagehide", function () { source.close(); });
  turnCue(document.querySelector("[data-live-region] .status"));
})();

// The camera: reload when it concludes something new; refresh the host's live picture.
(function () {
  var body = document.body;
  var url = body.dataset.live;
  if (!url || !window.fetch) { return; }
  var seq = body.dataset.liveSeq || "0";
  var tick = 0;
  window.setInterval(function () {
    var picture = document.getElementById("live-picture");
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
