import type { PhoneCheck, PhoneValue } from "./phone-value.ts";

type PhoneRules = typeof import("./phone-rules.ts");

let loading: Promise<PhoneRules> | undefined;
let loaded: PhoneRules | undefined;

/** The phone rules (with their metadata), fetched once on first use; a failed fetch is tried again next time. */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= import("./phone-rules.ts").then(
    (rules) => {
      loaded = rules;
      return rules;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules if they are already here (for synchronous checks while typing). */
export function phoneRulesIfLoaded(): PhoneRules | undefined {
  return loaded;
}

/** Checks a phone value, fetching the rules first if needed (for a form's submit). */
export async function checkPhoneValueAsync(value: PhoneValue): Promise<PhoneCheck> {
  return (await loadPhoneRules()).checkPhoneValue(value);
}
