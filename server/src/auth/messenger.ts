import type { Language } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import type { Destination } from "./codes.ts";

/** How sign-in hands a code to message delivery: queued in the caller's transaction, sent after commit. */
export interface CodeMessenger {
  queue(tx: Tx, message: { destination: Destination; code: string; language: Language }): Promise<void>;
  /** Called after the transaction committed, so the code leaves without waiting for the next poll. */
  wake(): void;
}
