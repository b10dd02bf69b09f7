import { test } from "node:test";
import assert from "node:assert/strict";
import type { DocumentKind as SharedKind } from "../../shared/src/protocol";
import type { DocumentKind as ServiceKind } from "../../server/src/service";

/**
 * The client and the server read the document kinds from `shared/`, the service declares its own (it imports nothing
 * from `shared/`): the two must be one type. This file does not compile when they drift apart.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<SharedKind, ServiceKind> = true;
// The check itself can fail: a narrower union is not the same type.
const narrower: Same<SharedKind, "challenge-pack"> = false;

test("document kinds: shared/ and the service declare the same kinds", () => {
  assert.equal(same, true);
  assert.equal(narrower, false);
});
