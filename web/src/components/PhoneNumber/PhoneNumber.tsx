import { useEffect, useState } from "react";
import { Ltr } from "../Ltr/Ltr.tsx";
import { loadPhoneRules, phoneRulesIfLoaded } from "../PhoneInput/load-phone-rules.ts";

/**
 * A stored phone shown the way people read it ("+961 70 100 038"), always left
 * to right, also inside Arabic text. Until the phone rules have loaded (they
 * are fetched on demand) it shows "+digits", which is already correct.
 */
export function PhoneNumber({ phone }: { phone: string }) {
  const [rules, setRules] = useState(phoneRulesIfLoaded);
  useEffect(() => {
    if (rules) return;
    let live = true;
    loadPhoneRules().then(
      (loaded) => live && setRules(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rules]);
  const text = rules ? rules.formatPhoneNumber(phone) : `+${phone.replace(/^\+/, "")}`;
  return <Ltr>{text}</Ltr>;
}
