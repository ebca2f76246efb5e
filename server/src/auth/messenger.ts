import type { Language } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import type { Destination } from "./codes.ts";

/** What a code is for, which picks the message's wording ("sign-in" when not said). */
export type CodePurpose = "sign-in" | "email-verification";

/** How sign-in hands a code to message delivery: queued in the caller's transaction, sent after commit. */
export interface CodeMessenger {
  queue(
    tx: Tx,
    message: {
      destination: Destination;
      code: string;
      language: Language;
      /** When the code stops working: a message not delivered by then is dropped instead of sent late. */
      expiresAt?: Date | undefined;
      purpose?: CodePurpose | undefined;
    },
  ): Promise<void>;
  /** Called after the transaction committed, so the code leaves without waiting for the next poll. */
  wake(): void;
}
