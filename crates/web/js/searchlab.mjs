// The web front's glue: loads the engine's WebAssembly module and asks it questions. The same
// file serves a page (or its Web Worker) and node; it needs nothing but the module's bytes.
//
//   const engine = await Engine.load(bytes);
//   engine.ask({ command: "search", fen, engine: "pvs", depth: 3 })   // -> { move, score, nodes, … }
//
// A request is the module's `key=value` lines (crates/web/src/lib.rs); the answer is its JSON,
// parsed. The module imports one function, the clock: `searchlab.now_ms`, the page's
// monotonic milliseconds (performance.now()).

export class Engine {
  constructor(instance) {
    this.exports = instance.exports;
  }

  /** The module built from `bytes` (an ArrayBuffer or typed array of the .wasm file). */
  static async load(bytes) {
    const imports = { searchlab: { now_ms: () => performance.now() } };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    return new Engine(instance);
  }

  /** The answer to `request` (an object of fields), as an object; `{ error }` if refused. */
  ask(request) {
    const text = Object.entries(request)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n");
    const input = new TextEncoder().encode(text);
    const w = this.exports;
    const ptr = w.sl_alloc(input.length);
    new Uint8Array(w.memory.buffer, ptr, input.length).set(input);
    const len = w.sl_answer(ptr, input.length);
    w.sl_free(ptr, input.length);
    const answer = new Uint8Array(w.memory.buffer, w.sl_answer_ptr(), len);
    return JSON.parse(new TextDecoder().decode(answer));
  }
}
