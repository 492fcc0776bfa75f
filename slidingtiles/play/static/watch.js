// The game's search view: one search from the board, traced on the server (POST /api/watch),
// stepped through here. Each state arrives as a board's flat tiles, so it is drawn as the game
// draws its tiles (numbers, letters, a phrase, a picture: play.js's miniBoard); every label goes
// in as text. The section carries data-steps, data-step, data-algorithm, data-expanded and
// data-iteration, and every control data-action="watch-...", for scripts and tests.
(function () {
  "use strict";

  var NAMES = { astar: "A*", idastar: "IDA*", greedy: "greedy best-first", bfs: "breadth-first",
    weighted: "weighted A*", weighted_astar: "weighted A*" };
  var FATE_WORDS = { queued: "queued", improved: "queued again, cheaper", reopened: "reopened",
    duplicate: "seen already", pruned: "pruned: f over the bound", entered: "searched next",
    goal: "the goal" };
  var PLAY_MS = 500;
  var ROW = 54, COLUMN = 30, RADIUS = 11; // the tree's spacing

  var game = null; // play.js's window.slidingtilesGame
  var view = {
    data: null, // the last answer of /api/watch
    at: -1, // the step shown
    timer: null,
    request: null, // the AbortController of the running request
    runs: [], // this board's searches, for the comparison table
    board: "", // the board the runs are from, as text
  };

  function $(id) {
    return document.getElementById(id);
  }
  function act(name) {
    return document.querySelector('[data-action="watch-' + name + '"]');
  }
  function fixed(value) {
    if (value === null || value === undefined) return "\u2013";
    return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
  function clear(element) {
    element.textContent = "";
    return element;
  }
  function note(text) {
    var p = document.createElement("p");
    p.className = "help";
    p.textContent = text;
    return p;
  }

  // -- drawing the boards ----------------------------------------------------------------------

  function mini(stateIndex, cell) {
    return game.miniBoard(view.data.stepper.states[stateIndex], cell);
  }
  function card(stateIndex, caption, kind) {
    // A small board with a caption under it (a frontier entry, a child).
    var figure = document.createElement("figure");
    figure.className = "card" + (kind ? " " + kind : "");
    figure.appendChild(mini(stateIndex, cellFor(14)));
    var text = document.createElement("figcaption");
    text.textContent = caption;
    figure.appendChild(text);
    return figure;
  }
  function cellFor(largest) {
    var side = Math.max(game.state.rows, game.state.cols);
    return Math.max(9, Math.min(largest, Math.floor(largest * 4 / side)));
  }
  function values(step) {
    var data = view.data.stepper;
    if (!data.fvalues) return "g " + fixed(step.g) + " (breadth-first: no h, no f)";
    return "g " + fixed(step.g) + " \u00b7 h " + fixed(step.h) + " \u00b7 f " + fixed(step.f);
  }

  function fits() {
    // The game's board has the shape searched (its labels and pieces are this shape's).
    var board = view.data.board;
    return board.length === game.state.rows && board[0].length === game.state.cols;
  }
  function redraw() {
    if (!view.data || $("watch").hidden) return;
    if (!fits()) {
      close();
      return;
    }
    drawEnds();
    showStep();
  }
  function drawEnds() {
    var data = view.data;
    clear($("watch-start")).appendChild(game.miniBoard(flat(data.board), cellFor(24)));
    clear($("watch-goal")).appendChild(game.miniBoard(flat(data.goal), cellFor(24)));
  }

  function showStep() {
    var data = view.data, steps = data.stepper.steps, section = $("watch");
    section.setAttribute("data-step", String(view.at));
    act("first").disabled = act("back").disabled = view.at <= 0;
    act("step").disabled = act("last").disabled = view.at >= steps.length - 1;
    act("play").disabled = steps.length < 2;
    act("play").textContent = view.timer === null ? "\u25b6 Play" : "Pause";
    $("watch-counter").textContent = steps.length ?
      "expansion #" + view.at + " of " + game.number(steps.length) : "nothing expanded";
    var step = steps[view.at];
    var current = clear($("watch-current"));
    clear($("watch-waiting"));
    clear($("watch-children"));
    if (!step) {
      $("watch-values").textContent = "";
      drawTree(null);
      return;
    }
    section.setAttribute("data-iteration", String(step.it));
    current.appendChild(mini(step.s, cellFor(34)));
    current.firstChild.setAttribute("data-expansion", String(view.at));
    var where = data.stepper.ida ? "iteration " + step.it + ", bound " + fixed(step.t) + "; " : "";
    $("watch-values").textContent = "expanded #" + view.at + ": " + where + values(step) +
      (step.a !== "-" ? "; blank moved " + step.a : "; the start");
    showWaiting(step);
    step.ch.forEach(function (child) {
      var caption = child[1] + (data.stepper.fvalues ? " f " + fixed(child[4]) : "") +
        ": " + (FATE_WORDS[child[5]] || child[5]);
      $("watch-children").appendChild(card(child[0], caption, "fate-" + child[5]));
    });
    if (!step.ch.length) $("watch-children").appendChild(note("none: a dead end"));
    drawTree(step);
  }
  function showWaiting(step) {
    var holder = $("watch-waiting"), data = view.data.stepper;
    if (data.ida) {
      // IDA* keeps no frontier: the path it is searching, from the start to this board.
      $("watch-waiting-title").textContent = "The path searched (IDA* keeps no frontier)";
      pathTo(view.at).forEach(function (index) {
        var s = data.steps[index];
        holder.appendChild(card(s.s, (s.a === "-" ? "start" : s.a) + " f " + fixed(s.f),
          index === view.at ? "taken" : ""));
      });
      return;
    }
    $("watch-waiting-title").textContent = "Frontier when it was chosen, best first (" +
      game.plural(step.w, "state") + " waiting)";
    step.fr.forEach(function (entry, index) {
      var caption = (data.fvalues ? "f " + fixed(entry[3]) + " \u00b7 " : "") + "g " +
        fixed(entry[1]) + (data.fvalues ? " \u00b7 h " + fixed(entry[2]) : "") +
        (index === 0 ? ": taken" : "");
      holder.appendChild(card(entry[0], caption, index === 0 ? "taken" : ""));
    });
  }
  function pathTo(index) {
    var steps = view.data.stepper.steps, path = [];
    for (var at = index; at !== null && at !== undefined && at >= 0; at = steps[at].p) {
      path.push(at);
    }
    return path.reverse();
  }

  // -- the tree --------------------------------------------------------------------------------

  function svg(name, attributes, text) {
    var element = document.createElementNS($("watch-tree").namespaceURI, name); // SVG's
    Object.keys(attributes).forEach(function (key) {
      element.setAttribute(key, String(attributes[key]));
    });
    if (text !== undefined) element.textContent = text;
    return element;
  }
  function drawTree(step) {
    // The expansions of this iteration up to the step shown, laid out by depth; the path to
    // the current one marked, its children hanging below it.
    var tree = clear($("watch-tree")), steps = view.data.stepper.steps;
    if (!step) {
      tree.setAttribute("width", "0");
      tree.setAttribute("height", "0");
      return;
    }
    var nodes = {}, order = [], roots = [];
    for (var i = 0; i <= view.at; i++) {
      if (steps[i].it !== step.it) continue;
      nodes[i] = { index: i, kids: [], depth: steps[i].d };
      order.push(i);
      var parent = steps[i].p;
      if (parent !== null && nodes[parent]) nodes[parent].kids.push(nodes[i]);
      else roots.push(nodes[i]);
    }
    var current = nodes[view.at];
    step.ch.forEach(function (child, n) {
      current.kids.push({ index: -1, kids: [], depth: step.d + 1, child: child, slot: n });
    });
    var next = 0, deepest = 0;
    function place(node) {
      deepest = Math.max(deepest, node.depth);
      if (!node.kids.length) {
        node.x = next++;
      } else {
        node.kids.forEach(place);
        node.x = (node.kids[0].x + node.kids[node.kids.length - 1].x) / 2;
      }
    }
    roots.forEach(place);
    var onPath = {};
    pathTo(view.at).forEach(function (index) { onPath[index] = true; });
    var width = Math.max(1, next) * COLUMN + 2 * RADIUS, height = (deepest + 1) * ROW;
    tree.setAttribute("width", String(width));
    tree.setAttribute("height", String(height));
    tree.setAttribute("viewBox", "0 0 " + width + " " + height);
    var edges = svg("g", { "class": "edges" }), dots = svg("g", { "class": "nodes" });
    tree.appendChild(edges);
    tree.appendChild(dots);
    function at(node) {
      return [RADIUS + 4 + node.x * COLUMN, RADIUS + 6 + node.depth * ROW];
    }
    function drawNode(node) {
      var xy = at(node);
      node.kids.forEach(function (kid) {
        var to = at(kid);
        var marked = onPath[node.index] && onPath[kid.index];
        edges.appendChild(svg("line", { x1: xy[0], y1: xy[1], x2: to[0], y2: to[1],
          "class": marked ? "path" : kid.child ? "fate-" + kid.child[5] : "" }));
        drawNode(kid);
      });
      if (node.child) {
        var ghost = svg("circle", { cx: xy[0], cy: xy[1], r: RADIUS - 4,
          "class": "child fate-" + node.child[5] });
        ghost.appendChild(svg("title", {}, node.child[1] + ": " + node.child[5]));
        dots.appendChild(ghost);
        return;
      }
      var kind = node.index === view.at ? "current" : onPath[node.index] ? "path" : "";
      var group = svg("g", { "class": "node " + kind, "data-expansion": node.index });
      group.appendChild(svg("circle", { cx: xy[0], cy: xy[1], r: RADIUS }));
      group.appendChild(svg("text", { x: xy[0], y: xy[1] + 4 }, String(node.index)));
      var s = steps[node.index];
      group.appendChild(svg("title", {}, "#" + node.index + ": " + values(s)));
      dots.appendChild(group);
    }
    roots.forEach(drawNode);
    var scroller = tree.parentElement, middle = at(current)[0];
    scroller.scrollLeft = Math.max(0, middle - scroller.clientWidth / 2);
    showIterations(step);
  }
  function showIterations(step) {
    var data = view.data, text;
    if (data.stepper.ida) {
      text = data.iterations.map(function (it) {
        return "iteration " + it.iteration + ": bound " + fixed(it.threshold) + ", " +
          game.plural(it.expanded, "expansion") + (it.found ? ", found the goal" :
          it.next_threshold !== null ? ", next bound " + fixed(it.next_threshold) : "");
      }).join(" \u00b7 ");
      text = "Showing iteration " + step.it + ". " + (text || "The search stopped in iteration 1.");
    } else {
      text = "Each circle is an expansion, numbered in order; the path to the one shown is " +
        "marked, and its children hang below it (dashed: not queued).";
    }
    $("watch-iterations").textContent = text;
  }

  // -- a search --------------------------------------------------------------------------------

  function show(data) {
    view.data = data;
    view.at = data.stepper.steps.length ? 0 : -1;
    var section = $("watch");
    section.setAttribute("data-steps", String(data.stepper.steps.length));
    section.setAttribute("data-algorithm", data.algorithm);
    section.setAttribute("data-expanded", String(data.statistics.expanded));
    drawEnds();
    // The library's summary names the start by its numbers; here the boards show it.
    var text = (NAMES[data.algorithm] || data.algorithm) +
      (data.weight !== 1 ? " (w = " + fixed(data.weight) + ")" : "") +
      (data.heuristic !== "none" ? " with " + data.heuristic : "") +
      data.summary.slice(data.summary.indexOf(":"));
    if (data.outcome === "limit") {
      text += " It stopped at " + game.number(data.statistics.expanded) + " expansions (" +
        data.error + "): ask for more, or choose a stronger heuristic.";
    }
    $("watch-summary").textContent = text;
    remember(data);
    showStep();
  }
  function flat(rows) {
    return [].concat.apply([], rows);
  }
  function remember(data) {
    var board = game.textOf(flat(data.board)) + "|" + game.textOf(flat(data.goal));
    if (board !== view.board) {
      view.board = board;
      view.runs = [];
    }
    view.runs.push([NAMES[data.algorithm] || data.algorithm, data.heuristic,
      game.number(data.statistics.expanded), game.number(data.statistics.generated),
      data.length === null ? "none: stopped" : game.plural(data.length, "move")]);
    var body = clear(document.querySelector("#watch-runs tbody"));
    view.runs.forEach(function (run) {
      var row = document.createElement("tr");
      run.forEach(function (value) {
        var cell = document.createElement("td");
        cell.textContent = value;
        row.appendChild(cell);
      });
      body.appendChild(row);
    });
  }
  function run() {
    stop();
    if (view.request) view.request.abort();
    var state = game.state, controller = new AbortController();
    view.request = controller;
    var body = {
      board: game.rowsOf(state.board),
      goal: game.rowsOf(state.goal),
      algorithm: $("watch-algorithm").value,
      heuristic: $("watch-heuristic").value,
      expansions: Math.max(1, Math.min(state.info.watch.max_expansions,
        Math.floor(Number($("watch-cap").value)) || state.info.watch.expansions)),
    };
    if (body.algorithm === "weighted") body.weight = Number($("watch-weight").value) || 1.5;
    $("watch-cap").value = String(body.expansions);
    $("watch-summary").textContent = "Searching\u2026";
    $("watch").setAttribute("data-busy", "true");
    act("run").disabled = true;
    return game.api("/api/watch", body, controller.signal).then(function (answer) {
      if (view.request !== controller) return;
      if (answer.status === 200) show(answer.data);
      else $("watch-summary").textContent = game.failure(answer);
    }, function (error) {
      if (error && error.name === "AbortError") return;
      $("watch-summary").textContent = "Cannot reach the server (" + error + ").";
    }).finally(function () {
      if (view.request !== controller) return;
      view.request = null;
      act("run").disabled = false;
      $("watch").setAttribute("data-busy", "false");
    });
  }
  function go(index) {
    if (!view.data) return;
    var last = view.data.stepper.steps.length - 1;
    view.at = Math.max(0, Math.min(last, index));
    showStep();
  }
  function stop() {
    if (view.timer !== null) clearInterval(view.timer);
    view.timer = null;
  }
  function play() {
    if (view.timer !== null) {
      stop();
      showStep();
      return;
    }
    if (!view.data) return;
    if (view.at >= view.data.stepper.steps.length - 1) view.at = -1;
    view.timer = setInterval(function () {
      if (!view.data || view.at >= view.data.stepper.steps.length - 1) {
        stop();
        showStep();
        return;
      }
      go(view.at + 1);
    }, PLAY_MS);
    go(view.at + 1);
  }

  // -- opening ---------------------------------------------------------------------------------

  function fill(select, values, chosen, describe) {
    if (!select.options.length) game.fillSelect(select, values, chosen, describe); // once
  }
  function open() {
    var info = game.state.info;
    fill($("watch-algorithm"), info.watch.algorithms, "astar", function (name) {
      return NAMES[name] || name;
    });
    var admissible = {};
    info.heuristics.forEach(function (h) { admissible[h.name] = h.admissible; });
    fill($("watch-heuristic"), info.heuristics.map(function (h) { return h.name; }), "manhattan",
      function (name) { return name + (admissible[name] ? "" : " (not admissible)"); });
    // The search shown is the one the Solver panel asks for: its heuristic, when it names one
    // the search view can trace ("auto" keeps the view's own choice, Manhattan at first).
    var chosen = $("heuristic").value;
    var watchHeuristic = $("watch-heuristic");
    if (Array.prototype.some.call(watchHeuristic.options, function (o) { return o.value === chosen; })) {
      watchHeuristic.value = chosen;
    }
    $("watch-cap").max = String(info.watch.max_expansions);
    var section = $("watch");
    section.hidden = false;
    var done = run();
    section.scrollIntoView({ block: "start" });
    return done;
  }
  function close() {
    stop();
    if (view.request) view.request.abort();
    view.request = null;
    $("watch").hidden = true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    game = window.slidingtilesGame;
    game.control("watch").addEventListener("click", open);
    game.tilesDrawn.push(redraw);
    var handlers = {
      run: run, close: close, play: play,
      first: function () { stop(); go(0); },
      back: function () { stop(); go(view.at - 1); },
      step: function () { stop(); go(view.at + 1); },
      last: function () { stop(); go(Infinity); },
    };
    Object.keys(handlers).forEach(function (name) {
      act(name).addEventListener("click", function () { handlers[name](); });
    });
    ["watch-algorithm", "watch-heuristic"].forEach(function (id) {
      $(id).addEventListener("change", function () {
        $("watch-weight-label").hidden = $("watch-algorithm").value !== "weighted";
        run();
      });
    });
  });
})();
