import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { IndexPause, MAX_HELD_MS, QUIET_MS, SLICE_MS } from "../../server/src/lsp/index-pause";

/** A gate as the worker sees it, with what the policy did to it. */
function fakeGate() {
  const log: string[] = [];
  const gate = {
    closed: false,
    stops: 0,
    close() {
      gate.closed = true;
      log.push("close");
    },
    open() {
      gate.closed = false;
      log.push("open");
    },
  };
  return { gate, log };
}

/** Mocked timers, and the time they have reached (what the policy reads as now). */
function clock(t: TestContext) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const time = { now: 1_000_000 };
  const tick = (ms: number) => {
    time.now += ms;
    t.mock.timers.tick(ms);
  };
  return Object.assign(tick, { now: () => time.now });
}

test("index pause: held from the first busy moment until the editor has been quiet for QUIET_MS; typing keeps it held", (t) => {
  const tick = clock(t);
  const { gate, log } = fakeGate();
  const traced: string[] = [];
  const pause = new IndexPause(gate, (m) => traced.push(m), tick.now);
  pause.update(true, false);
  assert.equal(gate.closed, true, "held as soon as a message is read");
  pause.update(false, false);
  tick(QUIET_MS - 1);
  assert.equal(gate.closed, true, "not yet quiet long enough");
  // A keystroke every 100 ms for 2 s: never quiet for QUIET_MS, and within MAX_HELD_MS.
  for (let i = 0; i < 20 && i * 100 < MAX_HELD_MS - QUIET_MS; i++) {
    pause.update(true, false);
    pause.update(false, false);
    tick(100);
    assert.equal(gate.closed, true, `held while typing (${i})`);
  }
  tick(QUIET_MS);
  assert.equal(gate.closed, false, "goes on once quiet");
  assert.deepEqual(log, ["close", "open"], "one hold for the whole burst");
  assert.deepEqual(traced, ["index paused: the editor is busy", "index resumed (worker stops at the gate so far: 0)"]);
});

test("index pause: a request waiting for the index lets it go on at once", (t) => {
  const tick = clock(t);
  const { gate } = fakeGate();
  const pause = new IndexPause(gate, undefined, tick.now);
  pause.update(true, false);
  pause.update(false, true);
  assert.equal(gate.closed, false);
});

test("index pause: never starved: held MAX_HELD_MS, the worker runs SLICE_MS, then is held again while the editor stays busy", (t) => {
  const tick = clock(t);
  const { gate, log } = fakeGate();
  const pause = new IndexPause(gate, undefined, tick.now);
  pause.update(true, false); // busy from now on (a client that never stops)
  tick(MAX_HELD_MS - 1);
  assert.equal(gate.closed, true);
  tick(1);
  assert.equal(gate.closed, false, "the slice begins");
  pause.update(false, false);
  pause.update(true, false);
  assert.equal(gate.closed, false, "the slice is not cut short by the editor");
  tick(SLICE_MS);
  assert.equal(gate.closed, true, "held again: the editor is busy");
  tick(MAX_HELD_MS);
  assert.equal(gate.closed, false, "and the next slice comes");
  assert.deepEqual(log, ["close", "open", "close", "open"]);
});

test("index pause: after a slice, quiet long enough: the worker goes on; quiet for less: held for the rest of QUIET_MS", (t) => {
  const tick = clock(t);
  const { gate } = fakeGate();
  const pause = new IndexPause(gate, undefined, tick.now);
  pause.update(true, false);
  tick(MAX_HELD_MS); // the slice begins
  pause.update(false, false);
  tick(SLICE_MS); // quiet for SLICE_MS < QUIET_MS at its end
  assert.equal(gate.closed, true);
  tick(QUIET_MS - SLICE_MS - 1);
  assert.equal(gate.closed, true);
  tick(1);
  assert.equal(gate.closed, false);
});

test("index pause: disposed, the worker goes on and nothing holds it again", (t) => {
  const tick = clock(t);
  const { gate } = fakeGate();
  const pause = new IndexPause(gate, undefined, tick.now);
  pause.update(true, false);
  pause.dispose();
  assert.equal(gate.closed, false);
  pause.update(true, false);
  tick(MAX_HELD_MS + SLICE_MS);
  assert.equal(gate.closed, false);
});
