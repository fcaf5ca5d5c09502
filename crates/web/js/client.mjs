// The page's side of the engine's worker (worker.mjs): requests sent, answers awaited, and a
// way to stop. A search cannot be interrupted from outside (the worker sees no message until
// it returns), so `stop` ends the worker: every request waiting resolves to `{ stopped: true }`,
// and the next request starts a new one. Below it, the small parts every widget builds with.
export class EngineClient {
  constructor() {
    this.worker = null;
    this.nextId = 0;
    this.waiting = new Map();
  }

  /**
   * The engine's answer to `request` (crates/web/src/lib.rs says what a request is); a search
   * tells `onIteration`, if given, about each iteration as it completes.
   */
  ask(request, onIteration = null) {
    if (!this.worker) {
      this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
      this.worker.onmessage = ({ data }) => {
        const asked = this.waiting.get(data.id);
        if (data.iteration) {
          asked?.onIteration?.(data.iteration);
          return;
        }
        asked?.resolve(data.answer);
        this.waiting.delete(data.id);
      };
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, onIteration });
      this.worker.postMessage({ id, request });
    });
  }

  /** Ends the worker, and with it any search it is running. */
  stop() {
    this.worker?.terminate();
    this.worker = null;
    for (const { resolve } of this.waiting.values()) resolve({ stopped: true });
    this.waiting.clear();
  }
}

/** A new element: `tag` with `attributes`, holding `children`. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * A widget's choice of position: a list of `positions` ({ name, fen, why }: the engine's, from
 * `command=ladder`), led by the chapter's own when `root` has `data-fen`, and a FEN box that
 * starts with the first and that the reader may edit. The caller says what a choice does
 * (`positions.onchange`).
 */
export function positionPicker(root, positions) {
  const own = root.dataset.fen
    ? [{ name: "this chapter's position", fen: root.dataset.fen, why: "the position above" }]
    : [];
  const offered = [...own, ...positions];
  return {
    positions: element("select", { "aria-label": "position" },
      ...offered.map((p) => element("option", { value: p.fen, title: p.why }, p.name))),
    fen: element("input", { type: "text", size: "60", "aria-label": "FEN",
      value: offered[0].fen, class: "sl-fen" }),
  };
}
