"use strict";
// The page keeps only the player's view and the tiles laid this turn; the server checks and scores everything.

const page = {
  game: null,
  names: [],
  placed: [], // [x, y, "Ro"] laid this turn, not played yet
  selected: null, // the tile code picked in the hand
  swapping: false,
  marked: new Set(), // hand indices picked for a swap
  remaining: [],
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    throw new Error(data.rule ? `${data.error} (Rule ${data.rule})` : data.error);
  }
  return data;
}

function notation(placed) {
  return placed.map(([x, y, tile]) => `${tile}@${x},${y}`).join(" ");
}

function say(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function describe(event, me) {
  const mine = event.player === me;
  const who = mine ? "You" : page.names[event.player];
  const verb = (word) => (mine ? word : word + (word.endsWith("s") ? "es" : "s"));
  let what;
  if (event.exchanged !== undefined || (event.move || "").startsWith("swap")) {
    const count = event.exchanged !== undefined ? event.exchanged : event.move.split(" ").length - 1;
    what = `${verb("swap")} ${count} tile${count === 1 ? "" : "s"}`;
  } else if (event.move === "pass") {
    what = verb("pass");
  } else {
    what = `${verb("place")} ${event.move} for ${event.score.total} points`;
    if (event.explanation.length) what += ` (${event.explanation.join("; ")})`;
  }
  return `${who} ${what}.`;
}

function showGame(answer) {
  const view = answer.view;
  page.game = answer.game;
  page.names = view.players;
  page.placed = [];
  page.selected = null;
  page.swapping = false;
  page.marked.clear();
  page.remaining = view.hand;
  $("board").innerHTML = answer.board_svg;
  $("hand").innerHTML = answer.hand_svg;
  $("scores").textContent = view.players.map((name, seat) => `${name}: ${view.scores[seat]}`).join(" · ")
    + ` · bag: ${view.bag_size}`;
  document.body.dataset.turn = String(view.history.length);
  document.body.dataset.myScore = String(view.scores[view.player]);
  for (const event of answer.events) {
    $("log").textContent = describe(event, view.player) + "\n" + $("log").textContent;
  }
  $("explanation").textContent = "";
  $("play").disabled = true;
  $("undo").disabled = true;
  $("pass").hidden = !answer.can_pass;
  $("swap").disabled = !answer.can_swap;
  $("swap").textContent = "Swap tiles...";
  $("resign").disabled = Boolean(view.outcome);
  $("watch").href = `/watch?game=${encodeURIComponent(answer.game)}`;
  if (view.outcome) {
    say(`Game over: ${answer.ended}`);
    document.body.dataset.over = "true";
  } else if (view.current === view.player) {
    say(view.board.length ? "Your turn: pick a tile, then a green cell." : "You open: pick a tile and put it on the green cell.");
  }
  wire();
}

async function refreshTurn() {
  try {
    const turn = await api("POST", `/api/game/${page.game}/turn`, {
      placed: notation(page.placed),
      selected: page.selected,
    });
    page.remaining = turn.remaining;
    $("board").innerHTML = turn.board_svg;
    $("hand").innerHTML = turn.hand_svg;
    $("play").disabled = !turn.complete;
    $("undo").disabled = page.placed.length === 0;
    $("explanation").textContent = turn.complete ? `${turn.score} points: ${turn.explanation.join("; ")}` : "";
    say(turnStatus(turn));
    wire();
  } catch (error) {
    say(error.message, true);
  }
}

// What the player can do now, from what the server said about the turn being built.
function turnStatus(turn) {
  const green = document.querySelector("#board .option") !== null;
  if (page.selected) {
    if (green) return `Now click a green cell for ${page.selected}.`;
    return `The ${page.selected} cannot go anywhere now: pick another tile${turn.complete ? ", or press Play" : ""}.`;
  }
  if (turn.complete) return turn.options.length ? "Add more tiles, or press Play." : "Press Play to make this move.";
  if (page.placed.length) return "Not a whole move yet: pick another tile.";
  return "Your turn: pick a tile, then a green cell.";
}

function wire() {
  for (const element of document.querySelectorAll("#hand .hand-tile")) {
    element.addEventListener("click", () => pickTile(Number(element.dataset.index), element));
  }
  for (const element of document.querySelectorAll("#board .option")) {
    element.addEventListener("click", () => dropTile(Number(element.dataset.x), Number(element.dataset.y)));
  }
}

function pickTile(index, element) {
  if (page.swapping) {
    if (page.marked.has(index)) page.marked.delete(index);
    else page.marked.add(index);
    element.classList.toggle("marked");
    $("swap").textContent = `Swap ${page.marked.size}`;
    return;
  }
  page.selected = page.remaining[index];
  refreshTurn();
}

function dropTile(x, y) {
  if (!page.selected) {
    say("Pick a tile from your hand first.", true);
    return;
  }
  page.placed.push([x, y, page.selected]);
  page.selected = null;
  refreshTurn();
}

async function send(move) {
  try {
    showGame(await api("POST", `/api/game/${page.game}/move`, { move }));
  } catch (error) {
    say(error.message, true);
  }
}

$("play").addEventListener("click", () => send(notation(page.placed)));
$("pass").addEventListener("click", () => send("pass"));
$("undo").addEventListener("click", () => {
  page.placed.pop();
  refreshTurn();
});
$("swap").addEventListener("click", async () => {
  if (!page.swapping) {
    page.swapping = true;
    page.placed = [];
    page.selected = null;
    await refreshTurn();
    page.swapping = true;
    $("swap").textContent = "Swap 0";
    say("Click the tiles to swap, then press Swap.");
    return;
  }
  const tiles = [...page.marked].map((index) => page.remaining[index]);
  if (tiles.length === 0) {
    page.swapping = false;
    $("swap").textContent = "Swap tiles...";
    say("No swap.");
    return;
  }
  send(`swap ${tiles.join(" ")}`);
});
$("new").addEventListener("click", () => start());
$("resign").addEventListener("click", async () => {
  try {
    showGame(await api("POST", `/api/game/${page.game}/resign`, {}));
  } catch (error) {
    say(error.message, true);
  }
});
// A move typed in notation, for the keyboard: the server judges it as it judges a click.
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) send(text);
});

async function start() {
  try {
    $("log").textContent = "";
    document.body.dataset.over = "false";
    const seed = new URLSearchParams(window.location.search).get("seed");
    showGame(await api("POST", "/api/new", seed === null ? {} : { seed: Number(seed) }));
  } catch (error) {
    say(error.message, true);
  }
}

start();
