/** Where a one-time code goes: a phone (API form, digits without "+") or an email. */
export type Destination = { phone: string } | { email: string };

/** The destination as one string: the API phone digits, or the email. */
export function destinationValue(destination: Destination): string {
  return "phone" in destination ? destination.phone : destination.email;
}

/** Spec §2: the code screen shows the destination with a leading "+" unless it contains an at-sign. */
export function displayDestination(value: string): string {
  if (value.includes("@")) return value;
  return value.startsWith("+") ? value : `+${value}`;
}

/** A destination from the one string (an email has an "@"), e.g. for the phone-change modal. */
export function destinationFrom(value: string): Destination {
  return value.includes("@") ? { email: value } : { phone: value.replace(/^\+/, "") };
}
