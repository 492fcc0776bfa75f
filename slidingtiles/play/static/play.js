// The sliding-tiles game: the board and its controls in the page, the solver on the server.
//
// Boards travel as rows of tile numbers (0 the blank), the library's JSON form; what a tile
// shows (its number, a letter, a character of a phrase, a piece of a picture) is decided here
// and never sent. Every tile carries data-tile="<label>" and data-number="<n>", every control
// data-action="...", and the board data-board="<the board as text>", for scripts and tests.
(function () {
  "use strict";

  var DIRECTIONS = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
  var OPPOSITE = { U: "D", D: "U", L: "R", R: "L" };
  var KEYS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
  var BLANK_WORDS = { U: "up", D: "down", L: "left", R: "right" };
  var TILE_ARROWS = { U: "\u2193", D: "\u2191", L: "\u2192", R: "\u2190" }; // the tile's way
  var MIN_SIDE = 2;
  var PLAY_INTERVAL_MS = 380;
  var PAR_MAX_CELLS = 16; // par is searched for up to 4x4; larger boards rarely finish in time

  var state = {
    rows: 3,
    cols: 3,
    maxSide: 8,
    goal: [],
    goalMode: "last",
    board: [],
    start: [],
    moves: 0,
    tileMode: "numbers",
    labels: [],
    picture: null, // the Image the player picked
    pieces: [], // pieces[t]: a data URL of tile t's piece of the picture
    solution: null, // {moves, at, from, data}
    timer: null,
    requests: 0,
    searching: null, // the AbortController of a running solve or hint
    solvable: true,
    helped: false,
    finished: false,
    par: null, // {length, optimal} of this game's start
    game: 0, // counts games, so that late answers for an old game are dropped
    info: null, // what GET /api/info said: heuristics, algorithms, limits, the search view's
  };
  var tileElements = {};

  function $(id) {
    return document.getElementById(id);
  }
  function control(name) {
    return document.querySelector('[data-action="' + name + '"]');
  }
  function number(n) {
    return Number(n).toLocaleString("en-US");
  }
  function plural(n, word) {
    return number(n) + " " + word + (n === 1 ? "" : "s");
  }

  // -- boards ---------------------------------------------------------------------------

  function rowsOf(flat) {
    var rows = [];
    for (var r = 0; r < state.rows; r++) {
      rows.push(flat.slice(r * state.cols, (r + 1) * state.cols));
    }
    return rows;
  }
  function flatOf(rows) {
    return [].concat.apply([], rows);
  }
  function textOf(flat) {
    return rowsOf(flat).map(function (row) { return row.join(" "); }).join("/");
  }
  function sameBoard(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  function standardGoal(rows, cols, mode) {
    var size = rows * cols, tiles = [];
    for (var t = 0; t < size; t++) tiles.push(mode === "first" ? t : (t + 1) % size);
    return tiles;
  }
  function blankMove(board, move) {
    // The board after the blank moves, or null when it would leave the board.
    var blank = board.indexOf(0);
    var row = Math.floor(blank / state.cols) + DIRECTIONS[move][0];
    var col = (blank % state.cols) + DIRECTIONS[move][1];
    if (row < 0 || row >= state.rows || col < 0 || col >= state.cols) return null;
    var next = board.slice(), cell = row * state.cols + col;
    next[blank] = next[cell];
    next[cell] = 0;
    return next;
  }
  function moveTowards(cell) {
    // The blank move that slides the tile at `cell`, or null when it is not beside the blank.
    var blank = state.board.indexOf(0);
    var dr = Math.floor(cell / state.cols) - Math.floor(blank / state.cols);
    var dc = (cell % state.cols) - (blank % state.cols);
    for (var move in DIRECTIONS) {
      if (DIRECTIONS[move][0] === dr && DIRECTIONS[move][1] === dc) return move;
    }
    return null;
  }

  // -- labels and pictures -----------------------------------------------------------------

  function letters(t) {
    // 1 -> A, 26 -> Z, 27 -> AA: as spreadsheet columns are named.
    var name = "";
    for (var n = t; n > 0; n = Math.floor((n - 1) / 26)) {
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    }
    return name;
  }
  function computeLabels() {
    var size = state.rows * state.cols, labels = [""];
    var chars = Array.from($("word").value.replace(/\s+/g, ""));
    for (var t = 1; t < size; t++) {
      if (state.tileMode === "letters") labels.push(letters(t));
      else if (state.tileMode === "word" && chars[t - 1] !== undefined) labels.push(chars[t - 1]);
      else labels.push(String(t));
    }
    state.labels = labels;
  }
  function cutPicture() {
    // Centre-crop the picture to the board's shape and cut it into one piece per goal cell.
    state.pieces = [];
    var image = state.picture;
    if (!image || !image.naturalWidth) return;
    var side = Math.max(48, Math.floor(960 / Math.max(state.rows, state.cols)));
    var width = state.cols * side, height = state.rows * side;
    var scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
    var sourceWidth = width / scale, sourceHeight = height / scale;
    var whole = document.createElement("canvas");
    whole.width = width;
    whole.height = height;
    whole.getContext("2d").drawImage(
      image, (image.naturalWidth - sourceWidth) / 2, (image.naturalHeight - sourceHeight) / 2,
      sourceWidth, sourceHeight, 0, 0, width, height);
    var piece = document.createElement("canvas");
    piece.width = piece.height = side;
    var pen = piece.getContext("2d");
    for (var cell = 0; cell < state.goal.length; cell++) {
      pen.clearRect(0, 0, side, side);
      pen.drawImage(whole, (cell % state.cols) * side, Math.floor(cell / state.cols) * side,
        side, side, 0, 0, side, side);
      state.pieces[state.goal[cell]] = piece.toDataURL("image/jpeg", 0.88);
    }
  }

  function miniBoard(flat, cell) {
    // A small board drawn as the game draws its tiles: labels, or the picture's pieces.
    var picture = state.tileMode === "picture" && state.pieces.length > 0;
    var grid = document.createElement("div");
    grid.className = "mini" + (picture ? " picture" : "");
    grid.style.setProperty("--mini", cell + "px");
    grid.style.gridTemplateColumns = "repeat(" + state.cols + ", " + cell + "px)";
    grid.setAttribute("data-board", textOf(flat));
    flat.forEach(function (t, index) {
      var square = document.createElement("span");
      square.className = t === 0 ? "cell blank" : "cell" +
        (state.goal[index] === t && !picture ? " home" : "");
      if (t !== 0) {
        square.setAttribute("data-tile", state.labels[t]);
        if (picture) square.style.backgroundImage = "url(" + state.pieces[t] + ")";
        else square.textContent = state.labels[t];
      }
      grid.appendChild(square);
    });
    return grid;
  }
  function drawGoal() {
    // The goal beside the board, in the tiles' own mode (the original game shows both).
    var holder = $("goal-board");
    holder.textContent = "";
    var cell = Math.max(14, Math.min(30, Math.floor(150 / Math.max(state.rows, state.cols))));
    holder.appendChild(miniBoard(state.goal, cell));
  }

  // -- drawing ------------------------------------------------------------------------------

  function cellSize() {
    var room = Math.min($("board").parentElement.clientWidth || 480, 560);
    var size = Math.floor((room - 8) / Math.max(state.cols, state.rows * 0.8));
    return Math.max(34, Math.min(88, size));
  }
  function buildTiles() {
    var board = $("board");
    board.textContent = "";
    tileElements = {};
    computeLabels();
    var picture = state.tileMode === "picture" && state.pieces.length > 0;
    for (var t = 1; t < state.rows * state.cols; t++) {
      var tile = document.createElement("button");
      tile.type = "button";
      tile.className = "tile" + (picture ? " picture" : "");
      tile.setAttribute("data-tile", state.labels[t]);
      tile.setAttribute("data-number", String(t));
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = state.labels[t];
      var length = Array.from(state.labels[t]).length;
      if (length >= 3) tile.classList.add(length >= 4 ? "longer" : "long");
      tile.appendChild(label);
      var corner = document.createElement("span");
      corner.className = "number";
      corner.textContent = String(t);
      tile.appendChild(corner);
      if (picture) tile.style.backgroundImage = "url(" + state.pieces[t] + ")";
      tile.addEventListener("click", onTileClick);
      board.appendChild(tile);
      tileElements[t] = tile;
    }
    var numbers = state.tileMode !== "numbers" && $("show-numbers").checked;
    board.classList.toggle("numbers-shown", numbers);
    board.classList.add("placing"); // new tiles appear in place, not sliding from a corner
    drawGoal();
    draw();
    void board.offsetWidth;
    board.classList.remove("placing");
    shared.tilesDrawn.forEach(function (then) { then(); }); // the search view redraws too
  }
  function draw() {
    var board = $("board"), cell = cellSize();
    board.style.setProperty("--cell", cell + "px");
    board.style.width = state.cols * cell + 8 + "px";
    board.style.height = state.rows * cell + 8 + "px";
    var blank = state.board.indexOf(0);
    for (var index = 0; index < state.board.length; index++) {
      var t = state.board[index];
      if (t === 0) continue;
      var tile = tileElements[t];
      var x = 4 + (index % state.cols) * cell, y = 4 + Math.floor(index / state.cols) * cell;
      tile.style.transform = "translate(" + x + "px," + y + "px)";
      tile.setAttribute("data-cell", String(index));
      tile.classList.toggle("home", state.goal[index] === t && state.tileMode !== "picture");
      tile.classList.toggle("movable", moveTowards(index) !== null);
      tile.setAttribute("aria-label", "tile " + state.labels[t] + ", row " +
        (Math.floor(index / state.cols) + 1) + ", column " + ((index % state.cols) + 1));
    }
    var finale = board.querySelector(".finale");
    if (finale) finale.remove();
    if (state.finished && state.tileMode === "picture" && state.pieces[0]) {
      finale = document.createElement("div");
      finale.className = "finale";
      finale.style.backgroundImage = "url(" + state.pieces[0] + ")";
      finale.style.transform = "translate(" + (4 + (blank % state.cols) * cell) + "px," +
        (4 + Math.floor(blank / state.cols) * cell) + "px)";
      board.appendChild(finale);
    }
    board.setAttribute("data-board", textOf(state.board));
    board.setAttribute("data-goal", textOf(state.goal));
    $("moves").textContent = number(state.moves);
    updateControls();
  }
  function say(text, kind) {
    var message = $("message");
    message.textContent = text;
    message.className = "message" + (kind ? " " + kind : "");
  }
  function updateControls() {
    var searching = state.searching !== null;
    var solution = state.solution;
    control("solve").disabled = searching || !state.solvable;
    control("hint").disabled = searching || !state.solvable;
    control("cancel").hidden = !searching;
    control("step").disabled = searching || !solution || solution.at >= solution.moves.length;
    control("back").disabled = searching || !solution || solution.at <= 0;
    control("play").disabled = searching || !solution ||
      (solution.at >= solution.moves.length && state.timer === null);
    control("play").textContent = state.timer === null ? "Play" : "Pause";
    control("shuffle").disabled = searching;
    var watchable = state.info !== null && state.board.length <= state.info.watch.max_cells;
    control("watch").disabled = searching || !state.solvable || !watchable;
    $("board").classList.toggle("searching", searching);
    var words = solution ? "step " + solution.at + " of " + solution.moves.length : "";
    $("solution").setAttribute("data-step", words);
  }

  // -- the server -----------------------------------------------------------------------------

  function api(path, body, signal) {
    // Resolves to {status, data}; rejects only when the server cannot be reached.
    state.requests += 1;
    document.body.setAttribute("data-busy", "true");
    var options = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: signal,
    };
    return fetch(path, options).then(function (response) {
      return response.json().catch(function () {
        return { status: "error", error: "the server answered " + response.status };
      }).then(function (data) {
        return { status: response.status, data: data };
      });
    }).finally(function () {
      state.requests -= 1;
      if (state.requests === 0) document.body.setAttribute("data-busy", "false");
    });
  }
  function failure(answer) {
    var data = answer.data || {};
    if (answer.status === 429) return "The server is busy with another search: try again in a moment.";
    if (data.status === "unsolvable") return "This board cannot reach the goal: " + data.reason;
    if (data.status === "limit") {
      var stats = data.statistics;
      return "The solver gave up: " + data.error + (stats ? " (" + plural(stats.expanded, "node") +
        " expanded)" : "") + ". A shortest solution is out of reach here: try the algorithm " +
        "\u201creduce\u201d (any size, at once, not shortest) or \u201cweighted\u201d.";
    }
    return data.error || "The server answered " + answer.status + ".";
  }
  function unreachable(error) {
    if (error && error.name === "AbortError") return;
    say("Cannot reach the server (" + error + "): is slidingtiles play still running?", "bad");
  }

  // -- a game ---------------------------------------------------------------------------------

  function newGame(board, note) {
    stopPlaying();
    state.game += 1;
    state.board = board.slice();
    state.start = board.slice();
    state.moves = 0;
    state.solution = null;
    state.helped = false;
    state.finished = false;
    state.par = null;
    $("par").textContent = "";
    $("solution").textContent = "";
    $("start-text").value = textOf(board).split("/").join("\n");
    buildTiles();
    say(note || "", "");
    return check();
  }
  function check() {
    var game = state.game;
    return api("/api/check", { board: rowsOf(state.board), goal: rowsOf(state.goal) })
      .then(function (answer) {
        if (game !== state.game) return;
        if (answer.status !== 200) {
          say(failure(answer), "bad");
          return;
        }
        state.solvable = answer.data.solvable;
        if (!state.solvable) {
          say("This start can never reach the goal, so there is nothing to search: " +
            answer.data.reason + ".", "bad");
        }
        updateControls();
      }, unreachable);
  }
  function finishedNow() {
    if (state.finished || state.moves === 0 || !sameBoard(state.board, state.goal)) return;
    state.finished = true;
    stopPlaying();
    draw();
    var yours = plural(state.moves, "move");
    var help = state.helped ? " (with the solver's help)" : "";
    say("Solved in " + yours + help + "!", "good");
    whenPar(function (par) {
      if (!par) {
        $("par").textContent = "par: unknown";
        return;
      }
      var text = "par " + number(par.length) + (par.optimal ? "" : " or less");
      $("par").textContent = text;
      var verdict = state.moves === par.length && par.optimal ?
        " That is par: a shortest solution." : " Par (the fewest moves) is " + number(par.length) +
        (par.optimal ? "." : " or less.");
      say("Solved in " + yours + help + "!" + verdict, "good");
    });
  }
  function whenPar(then) {
    // The optimal length from this game's start: known from a solve there, or asked for.
    if (state.par) return then(state.par);
    if (state.start.length > PAR_MAX_CELLS) return then(null); // no shortest solution in time
    var game = state.game;
    return api("/api/solve", { board: rowsOf(state.start), goal: rowsOf(state.goal) })
      .then(function (answer) {
        if (game !== state.game) return;
        if (answer.status === 200) {
          state.par = { length: answer.data.length, optimal: answer.data.optimal };
        }
        then(state.par);
      }, function () { then(null); });
  }
  function slide(move, byPlayer) {
    var next = blankMove(state.board, move);
    if (next === null || state.searching) return false;
    var solution = state.solution;
    if (solution) {
      if (solution.at < solution.moves.length && solution.moves[solution.at] === move) {
        solution.at += 1;
      } else if (solution.at > 0 && OPPOSITE[solution.moves[solution.at - 1]] === move) {
        solution.at -= 1;
      } else {
        state.solution = null;
        stopPlaying();
        $("solution").textContent = "You left the solution's path: Solve or Hint again from here.";
      }
    }
    if (!byPlayer) state.helped = true;
    document.querySelectorAll(".tile.hinted").forEach(function (tile) {
      tile.classList.remove("hinted");
    });
    state.board = next;
    state.moves += 1;
    if (!sameBoard(next, state.goal)) {
      state.finished = false;
      if (state.solvable) say("", "");
    }
    if (state.solution) showSolution();
    draw();
    finishedNow();
    return true;
  }
  function onTileClick(event) {
    var cell = Number(event.currentTarget.getAttribute("data-cell"));
    var move = moveTowards(cell);
    if (move !== null) slide(move, true);
  }
  function onKey(event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Typing in a field keeps its keys; on buttons, radios and check boxes they move the blank.
    var typing = target && (/^(SELECT|TEXTAREA)$/.test(target.tagName) ||
      (target.tagName === "INPUT" && /^(text|number|search)$/.test(target.type)));
    if (typing) return;
    var move = KEYS[event.key];
    if (move === undefined) return;
    event.preventDefault();
    slide(move, true);
  }

  // -- the solver -------------------------------------------------------------------------------

  function showSolution() {
    var solution = state.solution, data = solution.data, stats = data.statistics;
    var kind = data.optimal ? "optimal" : "not proven optimal" +
      (data.lower_bound !== null ? " (at least " + number(data.lower_bound) + ")" : "");
    $("solution").textContent = plural(data.length, "move") + ", " + kind + "; " +
      data.algorithm + " with " + data.heuristic + "; " + number(stats.expanded) +
      " nodes expanded, " + number(stats.generated) + " generated; " +
      stats.seconds.toFixed(3) + " s on the server. Step " + solution.at + " of " +
      solution.moves.length + (solution.moves ? ": " + solution.moves : "") + ".";
  }
  // Beyond optimal reach the server answers with a short solution, and says why ("note").
  function beyondReach(data) {
    return data.note ? " " + data.note.charAt(0).toUpperCase() + data.note.slice(1) + "." : "";
  }
  function search(path, body, then) {
    var controller = new AbortController(), game = state.game;
    state.searching = controller;
    stopPlaying();
    updateControls();
    say(path === "/api/hint" ? "Looking for a hint\u2026" : "Solving\u2026", "");
    return api(path, body, controller.signal).then(function (answer) {
      if (game !== state.game) return;
      if (answer.status === 200) then(answer.data);
      else say(failure(answer), "bad");
    }, unreachable).finally(function () {
      if (state.searching === controller) state.searching = null;
      updateControls();
    });
  }
  function solve() {
    var from = state.board.slice();
    var body = {
      board: rowsOf(from),
      goal: rowsOf(state.goal),
      heuristic: $("heuristic").value,
      algorithm: $("algorithm").value,
    };
    if (body.algorithm === "weighted") body.weight = Number($("weight").value) || 1.5;
    return search("/api/solve", body, function (data) {
      state.solution = { moves: data.moves, at: 0, from: from, data: data };
      if (data.optimal && sameBoard(from, state.start)) {
        state.par = { length: data.length, optimal: true };
      }
      say((data.length ? "Solved on the server: Step or Play to watch it." :
        "This board is already the goal.") + beyondReach(data), "");
      showSolution();
      draw();
    });
  }
  function step() {
    var solution = state.solution;
    if (solution && solution.at < solution.moves.length) slide(solution.moves[solution.at], false);
  }
  function back() {
    var solution = state.solution;
    if (solution && solution.at > 0) slide(OPPOSITE[solution.moves[solution.at - 1]], false);
  }
  function stopPlaying() {
    if (state.timer !== null) clearInterval(state.timer);
    state.timer = null;
  }
  function play() {
    if (state.timer !== null) {
      stopPlaying();
      updateControls();
      return;
    }
    var solution = state.solution;
    if (!solution || solution.at >= solution.moves.length) return;
    state.timer = setInterval(function () {
      var current = state.solution;
      if (!current || current.at >= current.moves.length) {
        stopPlaying();
        updateControls();
        return;
      }
      step();
    }, PLAY_INTERVAL_MS);
    updateControls();
  }
  function hint() {
    return search("/api/hint", { board: rowsOf(state.board), goal: rowsOf(state.goal) },
      function (data) {
        if (data.move === null) {
          say("You are at the goal: no move needed.", "good");
          return;
        }
        state.helped = true;
        var tile = tileElements[data.tile];
        tile.classList.remove("hinted");
        void tile.offsetWidth; // restart the pulse
        tile.classList.add("hinted");
        say("Hint: slide " + state.labels[data.tile] + " " + TILE_ARROWS[data.move] +
          " (the blank goes " + BLANK_WORDS[data.move] + "); " +
          plural(data.remaining, "move") + " to the goal" +
          (data.optimal ? " from here at best." : " (not proven shortest).") +
          beyondReach(data), "");
      });
  }
  function cancel() {
    if (state.searching) state.searching.abort();
    state.searching = null;
    say("Cancelled: the server stopped the search.", "");
    updateControls();
  }

  // -- settings -----------------------------------------------------------------------------------

  function shuffle() {
    var body = { rows: state.rows, cols: state.cols, goal: rowsOf(state.goal) };
    if ($("shuffle-mode").value === "moves") {
      var count = Math.max(0, Math.min(10000, Math.floor(Number($("shuffle-moves").value)) || 0));
      body.moves = count;
    }
    return api("/api/random", body).then(function (answer) {
      if (answer.status !== 200) {
        say(failure(answer), "bad");
        return;
      }
      var note = body.moves === undefined ? "A new game: a random solvable board." :
        "A new game: " + plural(body.moves, "random move") + " from the goal.";
      return newGame(flatOf(answer.data.board), note);
    }, unreachable);
  }
  function reset() {
    stopPlaying();
    state.board = state.start.slice();
    state.moves = 0;
    state.finished = false;
    state.helped = false;
    if (state.solution && sameBoard(state.solution.from, state.start)) {
      state.solution.at = 0;
      showSolution();
    } else {
      state.solution = null;
      $("solution").textContent = "";
    }
    $("par").textContent = "";
    say("Back to this game's start.", "");
    draw();
  }
  function setShape(rows, cols) {
    state.rows = rows;
    state.cols = cols;
    $("rows").value = String(rows);
    $("cols").value = String(cols);
    if (state.goalMode === "custom") {
      state.goalMode = "last";
      document.querySelector('input[name="goal"][value="last"]').checked = true;
    }
    state.goal = standardGoal(rows, cols, state.goalMode);
    $("goal-text").rows = $("start-text").rows = rows;
    $("goal-text").value = textOf(state.goal).split("/").join("\n");
    cutPicture();
  }
  function onShapeChange() {
    setShape(Number($("rows").value), Number($("cols").value));
    state.board = state.goal.slice();
    buildTiles();
    return shuffle();
  }
  function setGoal(goal, note) {
    state.goal = goal;
    $("goal-text").value = textOf(goal).split("/").join("\n");
    cutPicture();
    return newGame(state.board, note);
  }
  function onGoalMode(event) {
    state.goalMode = event.target.value;
    if (state.goalMode === "custom") {
      $("goal-text").focus();
      return;
    }
    setGoal(standardGoal(state.rows, state.cols, state.goalMode),
      "New goal: the blank " + state.goalMode + ".");
  }
  function setCustomGoal() {
    var text = $("goal-text").value;
    return api("/api/check", { board: rowsOf(state.board), goal: text }).then(function (answer) {
      if (answer.status !== 200) {
        say("Goal not set: " + failure(answer), "bad");
        return;
      }
      state.goalMode = "custom";
      document.querySelector('input[name="goal"][value="custom"]').checked = true;
      return setGoal(flatOf(answer.data.goal), "New goal set.");
    }, unreachable);
  }
  function setStart() {
    var text = $("start-text").value;
    var goal = state.goalMode === "custom" ? rowsOf(state.goal) : state.goalMode;
    return api("/api/check", { board: text, goal: goal }).then(function (answer) {
      if (answer.status !== 200) {
        say("Start not set: " + failure(answer), "bad");
        return;
      }
      var rows = answer.data.board.length, cols = answer.data.board[0].length;
      if (rows !== state.rows || cols !== state.cols) setShape(rows, cols);
      state.goal = flatOf(answer.data.goal);
      return newGame(flatOf(answer.data.board), "A new game from the start you typed.");
    }, unreachable);
  }
  function onTileMode() {
    var chosen = document.querySelector('input[name="tiles"]:checked');
    state.tileMode = chosen ? chosen.value : "numbers";
    if (state.tileMode === "picture" && !state.picture) $("picture").click();
    buildTiles();
  }
  function onPicture() {
    var file = $("picture").files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      var image = new Image();
      image.onload = function () {
        state.picture = image;
        cutPicture();
        state.tileMode = "picture";
        document.querySelector('input[name="tiles"][value="picture"]').checked = true;
        buildTiles();
      };
      image.onerror = function () { say("That file is not a picture this browser can show.", "bad"); };
      image.src = reader.result;
    };
    reader.readAsDataURL(file);
  }

  // -- start ----------------------------------------------------------------------------------------

  function fillSelect(select, values, chosen, describe) {
    select.textContent = "";
    values.forEach(function (value) {
      var option = document.createElement("option");
      option.value = String(value);
      option.textContent = describe ? describe(value) : String(value);
      select.appendChild(option);
    });
    select.value = String(chosen);
  }
  function wire() {
    var handlers = {
      shuffle: shuffle, reset: reset, solve: solve, cancel: cancel, step: step, back: back,
      play: play, hint: hint, "set-goal": setCustomGoal, "set-start": setStart,
      current: function () { $("start-text").value = textOf(state.board).split("/").join("\n"); },
    };
    Object.keys(handlers).forEach(function (name) {
      control(name).addEventListener("click", function () { handlers[name](); });
    });
    $("rows").addEventListener("change", onShapeChange);
    $("cols").addEventListener("change", onShapeChange);
    $("shuffle-mode").addEventListener("change", function () {
      $("shuffle-moves").disabled = $("shuffle-mode").value !== "moves";
    });
    $("algorithm").addEventListener("change", function () {
      $("weight-label").hidden = $("algorithm").value !== "weighted";
    });
    document.querySelectorAll('input[name="tiles"]').forEach(function (radio) {
      radio.addEventListener("change", onTileMode);
    });
    document.querySelectorAll('input[name="goal"]').forEach(function (radio) {
      radio.addEventListener("change", onGoalMode);
    });
    $("word").addEventListener("input", function () {
      if (state.tileMode === "word") buildTiles();
    });
    $("word").addEventListener("focus", function () {
      document.querySelector('input[name="tiles"][value="word"]').checked = true;
      onTileMode();
    });
    $("show-numbers").addEventListener("change", buildTiles);
    $("picture").addEventListener("change", onPicture);
    document.addEventListener("keydown", onKey);
    window.addEventListener("resize", draw);
  }
  function begin(info) {
    state.info = info;
    state.maxSide = Math.min(8, info.limits.max_side);
    var sides = [];
    for (var side = MIN_SIDE; side <= state.maxSide; side++) sides.push(side);
    fillSelect($("rows"), sides, 3);
    fillSelect($("cols"), sides, 3);
    var names = ["auto"].concat(info.heuristics.map(function (h) { return h.name; }));
    var admissible = {};
    info.heuristics.forEach(function (h) { admissible[h.name] = h.admissible; });
    fillSelect($("heuristic"), names, "auto", function (name) {
      if (name === "auto") return "auto (the strongest that fits)";
      return name + (admissible[name] ? "" : " (not admissible)");
    });
    fillSelect($("algorithm"), info.algorithms, "auto");
    $("version").textContent = "slidingtiles " + info.version + " \u00b7 searches stop after " +
      info.limits.time_limit + " s";
    setShape(3, 3);
    state.board = state.goal.slice();
    buildTiles();
    return shuffle().then(function () {
      document.body.setAttribute("data-ready", "true");
    });
  }

  // What the search view (watch.js) shares of the game: its state, the server, the drawing.
  var shared = window.slidingtilesGame = {
    state: state, api: api, miniBoard: miniBoard, rowsOf: rowsOf, textOf: textOf,
    failure: failure, control: control, plural: plural, number: number, fillSelect: fillSelect,
    tilesDrawn: [], // called after the tiles are drawn anew (a new mode, labels or picture)
  };

  document.addEventListener("DOMContentLoaded", function () {
    wire();
    api("/api/info").then(function (answer) {
      if (answer.status !== 200) throw new Error(failure(answer));
      return begin(answer.data);
    }).catch(unreachable);
  });
})();
