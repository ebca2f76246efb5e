import { COMPANY_NAME_MAX } from "@workshift/contracts";
import { z } from "zod";
import { optionalEmail, personName, requiredTyped } from "../../lib/field-rules.ts";

/**
 * The sign-up form's rules: the register body's rules for names, email and
 * company name, with the same message keys, so the form and the API refuse the
 * same things the same way (signup-schema.test.ts checks them against the
 * contracts' own schemas on a table of inputs).
 *
 * Why not import the contracts' schemas: the contracts keep zod schemas and
 * plain constants (TOKEN_KEY, EMAIL_PATTERN…) in the same modules, and a module
 * is bundled whole, so using emailSchema here would put zod into every page that
 * needs one of those constants, /signin included. The pieces without zod are
 * imported instead. The phone is checked by the phone input (small metadata);
 * the server checks it again with the full one.
 */
export const signUpFormSchema = z.object({
  first_name: personName("account.firstNameRequired"),
  last_name: personName("account.lastNameRequired"),
  // As in the register body: an empty email is no email.
  email: optionalEmail,
  company_name: requiredTyped("signup.companyNameRequired", COMPANY_NAME_MAX, "company.nameTooLong"),
});
