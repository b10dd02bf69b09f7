import { test } from "node:test";
import assert from "node:assert/strict";
import { Foreground } from "../../server/src/lsp/foreground";

const request = (id: number, method = "textDocument/hover") => ({ jsonrpc: "2.0", id, method, params: {} });
const notification = (method: string) => ({ jsonrpc: "2.0", method, params: {} });

/** Whether `idle()` resolves before the work `release` does is released: the order of events tells. */
async function resumesAfter(foreground: Foreground, release: () => void): Promise<string[]> {
  const order: string[] = [];
  const idle = foreground.idle().then(() => order.push("idle"));
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  order.push("released");
  release();
  await idle;
  return order;
}

test("foreground: a message read holds the index until dispatched, a request's handler until it ends", async () => {
  const f = new Foreground();
  const hover = request(1);
  f.arrived(hover);
  assert.equal(f.busy, true, "a request read and not yet dispatched");
  assert.deepEqual(
    await resumesAfter(f, () => {
      const end = f.hold(); // the guard starts the handler during dispatch
      f.dispatched(hover);
      assert.equal(f.busy, true, "the handler runs");
      end();
      end(); // once only
    }),
    ["released", "idle"],
  );
  assert.equal(f.busy, false);
});

test("foreground: notifications count until dispatched; a cancellation of a running request is never queued, so it does not count", async () => {
  const f = new Foreground();
  f.arrived(notification("$/cancelRequest"));
  assert.equal(f.busy, false);
  const open = notification("textDocument/didOpen");
  f.arrived(open);
  assert.equal(f.busy, true);
  assert.deepEqual(await resumesAfter(f, () => f.dispatched(open)), ["released", "idle"]);
});

test("foreground: a request id read twice is dispatched once and counted once; responses from the client do not count", () => {
  const f = new Foreground();
  f.arrived(request(7));
  f.arrived(request(7));
  f.arrived({ jsonrpc: "2.0", id: 3, result: null } as never);
  f.dispatched(request(7));
  assert.equal(f.busy, false);
});

test("foreground: a request waiting for the index itself steps aside while it waits", async () => {
  const f = new Foreground();
  const end = f.hold();
  let built = false;
  const index = f.idle().then(() => (built = true));
  const symbols = f.aside(index);
  await symbols;
  assert.equal(built, true, "the index ran while the request waited for it");
  assert.equal(f.busy, true, "the request holds again once its wait is over");
  end();
  assert.equal(f.busy, false);
});

test("foreground: onChange tells each change of busy and of a request awaiting the index, once", async () => {
  const f = new Foreground();
  const changes: string[] = [];
  f.onChange = (busy, awaiting) => changes.push(`${busy ? "busy" : "idle"}${awaiting ? "+awaiting" : ""}`);
  const hover = request(1);
  f.arrived(hover);
  const end = f.hold();
  f.dispatched(hover);
  f.reading(true);
  f.reading(false);
  end();
  assert.deepEqual(changes, ["busy", "idle"], "one busy stretch, whatever happened inside it");
  const again = f.hold();
  const waited = f.aside(Promise.resolve());
  assert.deepEqual(changes.slice(2), ["busy", "idle+awaiting"]);
  await waited;
  again();
  assert.deepEqual(changes.slice(4), ["busy", "idle"]);
});
