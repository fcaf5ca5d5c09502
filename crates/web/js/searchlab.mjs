// The web front's glue: loads the engine's WebAssembly module and asks it questions. The same
// file serves a page (or its Web Worker) and node; it needs nothing but the module's bytes.
//
//   const engine = await Engine.load(bytes);
//   engine.ask({ command: "search", fen, engine: "pvs", depth: 3 })   // -> { move, score, nodes, … }
//   engine.ask(request, (iteration) => …)   // told { depth, score, nodes, time_ms, pv } as it goes
//
// A request is the module's `key=value` lines (crates/web/src/lib.rs); the answer is its JSON,
// parsed. The module imports two functions: the clock, `searchlab.now_ms` (the page's
// monotonic milliseconds, performance.now()), and `searchlab.on_iteration`, which a search
// calls after each completed iteration with JSON in the module's memory.

export class Engine {
  constructor() {
    this.exports = null;
    this.onIteration = null;
  }

  /** The module built from `bytes` (an ArrayBuffer or typed array of the .wasm file). */
  static async load(bytes) {
    const engine = new Engine();
    const imports = { searchlab: {
      now_ms: () => performance.now(),
      on_iteration: (ptr, len) => engine.onIteration?.(engine.read(ptr, len)),
    } };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    engine.exports = instance.exports;
    return engine;
  }

  /** The JSON of `len` bytes at `ptr` in the module's memory, parsed. */
  read(ptr, len) {
    const bytes = new Uint8Array(this.exports.memory.buffer, ptr, len);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  /**
   * The answer to `request` (an object of fields), as an object; `{ error }` if refused. A
   * search tells `onIteration`, if given, about each iteration as it completes.
   */
  ask(request, onIteration = null) {
    const text = Object.entries(request)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n");
    const input = new TextEncoder().encode(text);
    const w = this.exports;
    const ptr = w.sl_alloc(input.length);
    new Uint8Array(w.memory.buffer, ptr, input.length).set(input);
    this.onIteration = onIteration;
    try {
      const len = w.sl_answer(ptr, input.length);
      return this.read(w.sl_answer_ptr(), len);
    } finally {
      this.onIteration = null;
      w.sl_free(ptr, input.length);
    }
  }
}
