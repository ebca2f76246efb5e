import { z } from "zod";
import { personName } from "../../lib/field-rules.ts";

/** The names the invitee confirms, with the accept body's rules and message keys (acceptInvitationBodySchema). */
export interface ActivationNames {
  first_name: string;
  last_name: string;
}

export const activationNamesSchema = z.object({
  first_name: personName("account.firstNameRequired"),
  last_name: personName("account.lastNameRequired"),
});
