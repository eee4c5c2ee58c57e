// The replay page's script: redraws the pieces of the step the controls select, from the
// trace's starting position and each step's changes (embedded as JSON by html.py).
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var CHECKPOINT = 100;
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var trace = data.trace;
  var steps = trace.steps;
  var svgs = Array.prototype.slice.call(document.querySelectorAll("svg.map"));
  var slider = document.getElementById("slider");
  if (!slider) { return; }
  var mapNumber = {};
  var scale = svgs.map(function (svg) {
    return Math.max(1, svg.viewBox.baseVal.width / 1100);
  });
  var spaceAt = [];
  trace.maps.forEach(function (m, i) {
    mapNumber[m.id] = i;
    var spaces = {};
    m.spaces.forEach(function (s) { spaces[s.name.toLowerCase()] = s; });
    spaceAt.push({ schematic: m.placed_from === "schematic", spaces: spaces });
  });
  var battles = {};
  data.battles.forEach(function (s) { battles[s] = true; });
  var selected = null;
  var current = 0;
  var visibleMap = 0;

  // A piece's embedded image (`img`: a number in data.pieceImages), when the page has it.
  var pieceImages = data.pieceImages || [];
  function startState() {
    var state = new Map();
    trace.start.forEach(function (p) { state.set(p.id, { name: p.name, at: p.at, img: p.img }); });
    return state;
  }
  function apply(state, step) {
    step.removed.forEach(function (id) { state.delete(id); });
    step.added.forEach(function (p) {
      state.delete(p.id);
      state.set(p.id, { name: p.name, at: p.at, img: p.img });
    });
    // A piece moved onto a stack goes on top of it (drawn last), as VASSAL stacks it.
    step.moves.forEach(function (m) {
      state.delete(m.id);
      state.set(m.id, { name: m.name, at: m.destination, img: m.img });
    });
    (step.flipped || []).forEach(function (f) {
      var piece = state.get(f[0]);
      if (piece) {
        state.set(f[0], { name: piece.name, at: piece.at, img: f[1] >= 0 ? f[1] : undefined });
      }
    });
  }
  var checkpoints = [startState()];
  function stateAt(n) {
    var base = Math.floor(n / CHECKPOINT);
    while (checkpoints.length <= base) {
      var k = checkpoints.length - 1;
      var next = new Map(checkpoints[k]);
      for (var i = k * CHECKPOINT; i < (k + 1) * CHECKPOINT; i++) { apply(next, steps[i]); }
      checkpoints.push(next);
    }
    var state = new Map(checkpoints[base]);
    for (var j = base * CHECKPOINT; j < n; j++) { apply(state, steps[j]); }
    return state;
  }
  function placeOf(at) {
    var number = mapNumber[at.map];
    if (number === undefined) { return null; }
    var info = spaceAt[number];
    if (info.schematic) {
      var space = (at.space && info.spaces[at.space.toLowerCase()]) ||
        (at.location && info.spaces[at.location.toLowerCase()]);
      if (!space) { return null; }
      return { map: number, x: space.x, y: space.y };
    }
    return { map: number, x: at.x, y: at.y };
  }
  function el(tag, attrs, text) {
    var node = document.createElementNS(SVGNS, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function item(list, text, cls) {
    var li = document.createElement("li");
    li.textContent = text;
    if (cls) { li.className = cls; }
    list.appendChild(li);
  }
  // Where a piece is, in words: its location, else its game space, else its map. VASSAL
  // names every point of a gridless map (a hand, a card window) "offboard": say the map.
  var sized = {};
  trace.maps.forEach(function (m) { sized[m.id] = m.width !== null || m.spaces.length > 0; });
  function where(at) {
    if (at.map === null) { return "off the maps"; }
    if (at.location && at.location !== "offboard") { return at.location; }
    if (at.space) { return /^[a-z]+:[a-z0-9_]+$/.test(at.space)
      ? at.space.split(":")[1].replace(/_/g, " ") : at.space; }
    return sized[at.map] ? at.map + " (" + at.x + ", " + at.y + ")" : at.map;
  }
  // The spaces a step's VASSAL move reports pass through ("* X moves A -> B *"), in order.
  var HOP = /moves (.+?) -> (.+?)\s*\*?\s*$/;
  function hops(step) {
    var names = [];
    step.chat.forEach(function (line) {
      var found = HOP.exec(line);
      if (found) {
        if (!names.length) { names.push(found[1]); }
        names.push(found[2]);
      }
    });
    return names;
  }
  // A reported name ("Lake Champlain") finds its space by name, or by the game's id
  // ("space:lake_champlain") when the spaces are the binding's calibration.
  function plain(name) {
    return name.toLowerCase().replace(/^space:/, "").replace(/[^a-z0-9]+/g, "_");
  }
  var plainSpaces = trace.maps.map(function (m) {
    var found = {};
    m.spaces.forEach(function (s) { found[plain(s.name)] = s; });
    return found;
  });
  function spacePoint(map, name) {
    var space = plainSpaces[map][plain(name)];
    return space ? { x: space.x, y: space.y } : null;
  }

  // VASSAL's default stacking (StackMetrics, unexpanded): each piece of a stack 2 pixels
  // right of and 4 pixels above the one under it.
  var STACK_DX = 2;
  var STACK_DY = 4;
  function drawPieces(state, step) {
    var moved = {};
    if (step) { step.moves.forEach(function (m) { moved[m.id] = true; }); }
    var stacks = {};
    svgs.forEach(function (svg) {
      clear(svg.querySelector("g.pieces"));
      var images = svg.querySelector("g.piece-images");
      if (images) { clear(images); }
    });
    state.forEach(function (piece, id) {
      var place = placeOf(piece.at);
      if (!place) { return; }
      var key = place.map + ":" + place.x + ":" + place.y;
      var depth = stacks[key] || 0;
      stacks[key] = depth + 1;
      var unit = scale[place.map];
      var label = piece.name.length > 16 ? piece.name.slice(0, 15) + "…" : piece.name;
      var width = Math.min(130, 10 + 7 * label.length);
      var image = piece.img === undefined ? null : pieceImages[piece.img];
      var layer = svgs[place.map].querySelector("g.piece-images");
      var lx = place.x + 4 * depth * unit;
      var ly = place.y + 23 * depth * unit;
      if (image && layer) {
        // The piece's own image, centred on its position as VASSAL draws it, at its size
        // in the module; its name goes below the stack.
        var picture = el("image", { "class": "piece-image", href: image.uri,
          x: place.x - image.w / 2 + STACK_DX * depth, y: place.y - image.h / 2 - STACK_DY * depth,
          width: image.w, height: image.h, "data-id": id, "data-name": piece.name });
        picture.appendChild(el("title", {}, piece.name));
        layer.appendChild(picture);
        lx = place.x;
        ly = place.y + image.h / 2 + (13 + 23 * depth) * unit;
      }
      var g = el("g", { "class": "piece" + (moved[id] ? " moved" : "") +
        (image && layer ? " imaged" : ""), "data-id": id, "data-name": piece.name,
        transform: "translate(" + lx + "," + ly + ") scale(" + unit + ")" });
      g.appendChild(el("title", {}, piece.name));
      g.appendChild(el("rect", { x: -width / 2, y: -11, width: width, height: 22, rx: 3 }));
      g.appendChild(el("text", { x: 0, y: 0 }, label));
      svgs[place.map].querySelector("g.pieces").appendChild(g);
    });
  }
  function drawArrows(step) {
    svgs.forEach(function (svg) { clear(svg.querySelector("g.arrows")); });
    if (!step) { return; }
    var battle = battles[step.index];
    var route = hops(step);
    step.moves.forEach(function (m) {
      var from = placeOf(m.origin);
      var to = placeOf(m.destination);
      if (to && battle) {
        svgs[to.map].querySelector("g.arrows").appendChild(
          el("circle", { "class": "battle", cx: to.x, cy: to.y, r: 40 }));
      }
      if (!from || !to || from.map !== to.map || (from.x === to.x && from.y === to.y)) { return; }
      // Along the path taken: the spaces VASSAL's move reports name between the ends.
      var path = [from];
      route.slice(1, -1).forEach(function (name) {
        var point = spacePoint(to.map, name);
        if (point) { path.push(point); }
      });
      path.push(to);
      svgs[to.map].querySelector("g.arrows").appendChild(el("polyline", {
        "class": "arrow", points: path.map(function (p) { return p.x + "," + p.y; }).join(" "),
        "data-hops": String(path.length - 1),
        "marker-end": "url(#arrowhead-" + to.map + ")" }));
    });
  }
  function drawPanel(step, n) {
    var title = document.getElementById("step-title");
    var player = document.getElementById("step-player");
    var moves = document.getElementById("step-moves");
    var dice = document.getElementById("step-dice");
    var chat = document.getElementById("step-chat");
    var findings = document.getElementById("step-findings");
    [moves, dice, chat, findings].forEach(clear);
    var index = step ? step.index : 0;
    title.textContent = step ? "Step " + index : "Starting position";
    if (step && battles[index]) { title.textContent += " · battle"; }
    var who = step && step.player ? step.player + (step.side ? " (" + step.side + ")" : "") : "";
    player.textContent = who;
    if (step && step.undone) { item(moves, "taken back by a later undo", "undone-note"); }
    if (step && step.undoes !== null) { item(moves, "undo of step " + step.undoes, "undone-note"); }
    if (step) {
      step.moves.forEach(function (m) {
        item(moves, m.name + ": " + where(m.origin) + " → " + where(m.destination));
      });
      step.added.forEach(function (p) { item(moves, p.name + " added at " + where(p.at)); });
      if (step.removed.length) { item(moves, step.removed.length + " removed"); }
      step.rolls.forEach(function (r) {
        item(dice, "🎲 " + r.label + ": " + r.dice.join(", ") + " = " +
          (r.total === null ? "?" : r.total));
      });
      step.chat.forEach(function (line) { item(chat, line); });
    }
    document.querySelectorAll("#step-computations .computation").forEach(function (p) {
      p.hidden = Number(p.getAttribute("data-step")) !== index || !step;
    });
    data.findings.forEach(function (f) {
      if ((f.step === index && step) || (!step && f.step === 0)) {
        item(findings, f.severity + ": " + f.message, f.severity);
      }
    });
    document.getElementById("step-label").textContent = step
      ? "step " + index + " (" + n + " of " + steps.length + ")"
      : "step 0 (starting position)";
  }
  function highlight(state, step) {
    document.querySelectorAll(".hl").forEach(function (node) { node.classList.remove("hl"); });
    document.querySelectorAll("tr.finding.selected").forEach(function (r) {
      r.classList.remove("selected");
    });
    if (selected === null) { return; }
    var f = data.findings[selected];
    var row = document.querySelector('tr.finding[data-finding="' + selected + '"]');
    if (row) { row.classList.add("selected"); }
    var message = f.message.toLowerCase();
    var names = f.pieces.map(function (p) { return p.toLowerCase(); });
    var spaces = f.spaces.map(function (s) { return s.toLowerCase(); });
    var hit = 0;
    document.querySelectorAll("g.piece").forEach(function (g) {
      var name = g.getAttribute("data-name").toLowerCase();
      var named = names.length ? names.indexOf(name) >= 0
        : name.length > 2 && message.indexOf(name) >= 0;
      if (named) { g.classList.add("hl"); hit += 1; }
    });
    if (!hit && step && f.step === step.index) {
      document.querySelectorAll("g.piece.moved").forEach(function (g) { g.classList.add("hl"); });
    }
    document.querySelectorAll("g.space").forEach(function (g) {
      var name = g.getAttribute("data-space").toLowerCase();
      if (spaces.length ? spaces.indexOf(name) >= 0 : message.indexOf(name) >= 0) {
        g.classList.add("hl");
      }
    });
  }
  // Labels never overlap: in drawing order of importance (highlighted and moved pieces,
  // other pieces, then space names), each label is kept where it is, or (a space name)
  // tried above, below, right and left of its space, or else tucked away: shown only
  // while the mouse is over its piece or space.
  function boxOf(node) { return node.getBoundingClientRect(); }
  // Two labels side by side keep a gap, so that they never read as one name.
  var GAP = 6;
  function overlaps(a, b) {
    return a.left - GAP < b.right && b.left - GAP < a.right && a.top < b.bottom &&
      b.top < a.bottom;
  }
  // Whether a space's spot drawn over a label would hide part of its text (the circle's
  // box less a margin: a label grazing its corner stays readable).
  function hides(spot, box) {
    var m = 3;
    return spot.left + m < box.right && box.left < spot.right - m &&
      spot.top + m < box.bottom && box.top < spot.bottom - m;
  }
  function free(box, kept) {
    if (box.width === 0 && box.height === 0) { return false; }
    for (var i = 0; i < kept.length; i++) { if (overlaps(box, kept[i])) { return false; } }
    return true;
  }
  // A piece's box shrunk to a small square chip (or back to its label's size).
  function chip(rect, small) {
    if (!rect) { return; }
    if (!rect.hasAttribute("data-width")) {
      rect.setAttribute("data-width", rect.getAttribute("width"));
    }
    var width = small ? 10 : Number(rect.getAttribute("data-width"));
    var height = small ? 10 : 22;
    rect.setAttribute("x", String(-width / 2));
    rect.setAttribute("y", String(-height / 2));
    rect.setAttribute("width", String(width));
    rect.setAttribute("height", String(height));
  }
  function placeLabels() {
    var svg = svgs[visibleMap];
    if (!svg) { return; }
    var kept = [];
    var pieces = Array.prototype.slice.call(svg.querySelectorAll("g.piece text"));
    pieces.sort(function (a, b) {
      var rank = function (t) {
        var g = t.parentNode;
        return g.classList.contains("hl") ? 0 : g.classList.contains("moved") ? 1 : 2;
      };
      return rank(a) - rank(b);
    });
    pieces.forEach(function (text) {
      var g = text.parentNode;
      var rect = g.querySelector("rect");
      text.classList.remove("tucked");
      g.classList.remove("tucked");
      chip(rect, false);
      // A piece's label is its whole box (rect), not only its text.
      var box = boxOf(rect || text);
      if (free(box, kept)) {
        kept.push(box);
      } else {
        // The piece stays drawn as a small chip; its name shows while the mouse is on it.
        text.classList.add("tucked");
        g.classList.add("tucked");
        chip(rect, true);
      }
    });
    var unit = scale[visibleMap];
    var frame = boxOf(svg);
    // A space's name is not put under a piece's image either.
    var covered = kept.slice();
    svg.querySelectorAll("g.piece-images image").forEach(function (image) {
      covered.push(boxOf(image));
    });
    // Nor under the spot of a space drawn after its own (which would hide it).
    var groups = Array.prototype.slice.call(svg.querySelectorAll("g.space"));
    var spots = groups.map(function (g) {
      var spot = g.querySelector(".spot");
      return spot ? boxOf(spot) : null;
    });
    groups.forEach(function (group, index) {
      var text = group.querySelector("text.space-label");
      if (!text) { return; }
      text.classList.remove("tucked");
      var x = Number(text.getAttribute("data-x"));
      var y = Number(text.getAttribute("data-y"));
      var later = spots.slice(index + 1).filter(function (box) { return box !== null; });
      // Above, below, then beside its space, clear of a piece's label standing on it.
      var tries = [[0, -18], [0, 30], [24, 6], [-24, 6], [72, 6], [-72, 6]];
      for (var i = 0; i < tries.length; i++) {
        text.setAttribute("x", String(x + tries[i][0] * unit));
        text.setAttribute("y", String(y + tries[i][1] * unit));
        text.style.textAnchor = tries[i][0] > 0 ? "start" : tries[i][0] < 0 ? "end" : "middle";
        var box = boxOf(text);
        var inside = box.left >= frame.left && box.right <= frame.right;
        if (inside && free(box, covered) && !later.some(function (spot) { return hides(spot, box); })) {
          kept.push(box);
          covered.push(box);
          return;
        }
      }
      text.setAttribute("x", String(x));
      text.setAttribute("y", String(y - 18 * unit));
      text.style.textAnchor = "middle";
      text.classList.add("tucked");
    });
  }
  function showMap(number) {
    visibleMap = number;
    svgs.forEach(function (svg, i) {
      if (i === number) { svg.removeAttribute("hidden"); } else { svg.setAttribute("hidden", ""); }
    });
    document.querySelectorAll(".tabs .tab").forEach(function (tab, i) {
      tab.classList.toggle("active", i === number);
    });
    placeLabels();
  }
  function go(n, follow) {
    n = Math.max(0, Math.min(steps.length, n));
    current = n;
    slider.value = String(n);
    var step = n > 0 ? steps[n - 1] : null;
    var state = stateAt(n);
    drawPieces(state, step);
    drawArrows(step);
    drawPanel(step, n);
    if (follow && step && step.moves.length) {
      var to = placeOf(step.moves[0].destination);
      if (to && to.map !== visibleMap) { showMap(to.map); }
    }
    highlight(state, step);
    placeLabels();
    document.body.setAttribute("data-step", String(n));
  }
  function positionOf(stepIndex) {
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].index === stepIndex) { return i + 1; }
      if (steps[i].index > stepIndex) { return i; }
    }
    return stepIndex === 0 ? 0 : steps.length;
  }

  document.getElementById("first").addEventListener("click", function () { go(0, true); });
  document.getElementById("prev").addEventListener("click", function () { go(current - 1, true); });
  document.getElementById("next").addEventListener("click", function () { go(current + 1, true); });
  document.getElementById("last").addEventListener("click", function () { go(steps.length, true); });
  slider.addEventListener("input", function () { go(Number(slider.value), true); });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length };
    if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
      event.preventDefault();
      go(moves[event.key], true);
    }
  });
  document.querySelectorAll(".tabs .tab").forEach(function (tab) {
    tab.addEventListener("click", function () { showMap(Number(tab.getAttribute("data-map"))); });
  });
  document.querySelectorAll("a.goto").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var finding = link.getAttribute("data-finding");
      selected = finding === null ? null : Number(finding);
      var stepIndex = finding === null ? Number(link.getAttribute("data-step"))
        : data.findings[selected].step;
      go(positionOf(stepIndex), true);
      document.getElementById("replay").scrollIntoView();
    });
  });
  showMap(0);
  go(0, false);
}());
