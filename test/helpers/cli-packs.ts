import { yaml } from "./fixture";
import { pack } from "./packs";

/** A valid pack whose input set still uses legacy `items` / `item_key`: hints only (legacy-items). */
export const LEGACY = pack({
  inputSets: yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        items:
          - challenge_key: refund-question
            item_key: refund-window-basic
            payload:
              customer_message: Can I get a refund after 14 days?
  `,
});
