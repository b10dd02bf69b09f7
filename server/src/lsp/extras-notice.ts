import { MessageType, ShowMessageNotification, type Connection } from "vscode-languageserver/node";
import type { PacklintSettings } from "../../../shared/src";
import { ExtrasPlan, extrasPlan } from "../service";

/** The extras a document gets for its size (a large pack gets them cut), with a notice once per document. */
export class ExtrasNotice {
  private readonly noticed = new Set<string>();

  constructor(private readonly connection: Connection) {}

  plan(uri: string, textLength: number, settings: PacklintSettings): ExtrasPlan {
    const plan = extrasPlan(textLength, settings);
    if (plan.notice && !this.noticed.has(uri)) {
      this.noticed.add(uri);
      this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: plan.notice }).catch(() => undefined);
    }
    return plan;
  }

  forget(uri: string): void {
    this.noticed.delete(uri);
  }
}
