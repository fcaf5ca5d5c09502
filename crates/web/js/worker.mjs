// The engine in a Web Worker, so that a page never freezes while it searches. The page posts
// `{ id, request }` and gets `{ id, answer }` back (crates/web/js/searchlab.mjs says what a
// request is); while a search runs, `{ id, iteration }` after each completed iteration (the
// page gets these at once: the worker's messages do not wait for the search to end). A search cannot be stopped from outside while it runs (the worker does not see
// the page until it returns): a page stops one by ending the worker and starting another.
import { Engine } from "./searchlab.mjs";

const engine = fetch(new URL("./searchlab_web.wasm", import.meta.url))
  .then((response) => response.arrayBuffer())
  .then((bytes) => Engine.load(bytes));

onmessage = async ({ data }) => {
  let answer;
  try {
    answer = (await engine).ask(data.request,
      (iteration) => postMessage({ id: data.id, iteration }));
  } catch (error) {
    answer = { error: `the engine could not answer: ${error}` };
  }
  postMessage({ id: data.id, answer });
};
