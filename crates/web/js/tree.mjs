// The book's "watch alpha-beta prune" widget: in each element `.sl-tree`, the tic-tac-toe tree
// of a position as minimax, alpha-beta or alpha-beta with the best move first searches it,
// drawn by the course's own trace (the WebAssembly module, in a worker) and shown one node at a
// time or all at once, the cut-offs marked. The drawing numbers each node by the step the search
// reached it (`data-step`), each score by the step its search returned (`data-done`); this
// script only shows or hides them. `data-cells` gives the chapter's position, `data-search` the
// search to start with. The chapter's own picture stays for a reader without JavaScript.
import { EngineClient, element } from "./client.mjs";

const engine = new EngineClient();

const SEARCHES = [
  ["minimax", "minimax"],
  ["alphabeta", "alpha-beta"],
  ["ordered", "alpha-beta, best move first"],
];

function widget(root) {
  const cells = element("input", { type: "text", size: "14", "aria-label": "cells",
    value: root.dataset.cells ?? "XOX/.O./..X", class: "sl-cells",
    title: "nine cells row by row: X, O or . (empty); rows may be split by /" });
  const search = element("select", { "aria-label": "search", class: "sl-search" },
    ...SEARCHES.map(([value, label]) => element("option", { value }, label)));
  search.value = root.dataset.search ?? "alphabeta";
  const step = element("button", { type: "button", class: "sl-step" }, "Step");
  const play = element("button", { type: "button", class: "sl-play-steps" }, "Play");
  const all = element("button", { type: "button", class: "sl-all" }, "All at once");
  const reset = element("button", { type: "button", class: "sl-reset" }, "Reset");
  const status = element("p", { class: "sl-status" }, "");
  const picture = element("div", { class: "sl-tree-picture" });

  let tree = null;
  let shown = 0;
  let timer = null;

  /** Shows what the search had done after `k` nodes: nodes reached, scores returned. */
  function show(k) {
    shown = Math.max(0, Math.min(k, tree.searched));
    for (const part of picture.querySelectorAll("[data-step]")) {
      part.style.visibility = Number(part.dataset.step) <= shown ? "" : "hidden";
    }
    for (const label of picture.querySelectorAll("[data-done]")) {
      label.style.visibility = Number(label.dataset.done) <= shown ? "" : "hidden";
    }
    const cut = [...picture.querySelectorAll("g[data-pruned]")]
      .filter((node) => Number(node.dataset.step) <= shown).length;
    status.textContent = shown === tree.searched
      ? `${tree.searched} nodes searched, ${tree.pruned} cut off; the root's score ${tree.score}`
      : `step ${shown} of ${tree.searched}: ${shown} nodes searched so far, ${cut} cut off`;
    status.dataset.searched = String(shown);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "Play";
  }

  async function load() {
    pause();
    const answer = await engine.ask({ command: "tree", cells: cells.value.trim(),
      search: search.value });
    if (answer.error) {
      status.textContent = answer.error;
      return;
    }
    tree = answer;
    // The drawing is the module's own SVG (the course's, as the chapter's figure is drawn). It
    // takes the place of the chapter's picture of the same tree only now that it is here: until
    // the module has loaded, the reader sees the picture.
    picture.innerHTML = answer.svg;
    for (const child of root.children) if (child !== box) child.hidden = true;
    show(1);
  }

  step.onclick = () => { pause(); if (tree) show(shown + 1); };
  all.onclick = () => { pause(); if (tree) show(tree.searched); };
  reset.onclick = () => { pause(); if (tree) show(1); };
  play.onclick = () => {
    if (timer) { pause(); return; }
    if (!tree) return;
    if (shown === tree.searched) show(0);
    play.textContent = "Pause";
    timer = setInterval(() => {
      show(shown + 1);
      if (shown === tree.searched) pause();
    }, 400);
  };
  search.onchange = load;
  cells.onchange = load;

  const box = element("div", { class: "sl-widget" },
    element("p", {}, element("strong", {}, "Watch it here: "),
      "the tree as the engine's code searches it, traced and drawn in this page, node by node."),
    element("p", {}, cells, " ", search, " ", step, " ", play, " ", all, " ", reset),
    status, picture);
  root.prepend(box);
  load();
}

document.querySelectorAll(".sl-tree").forEach(widget);
