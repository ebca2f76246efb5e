/**
 * The IANA time zones the browser knows (Intl.supportedValuesOf), with UTC
 * first, labelled with their current offset: "Asia/Beirut (GMT+03:00)".
 */
export interface TimeZoneOption {
  value: string;
  label: string;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at);
    return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

let cached: TimeZoneOption[] | undefined;

export function timeZoneOptions(at = new Date()): TimeZoneOption[] {
  cached ??= supportedTimeZones().map((zone) => {
    const offset = offsetOf(zone, at);
    const name = zone.replaceAll("_", " ");
    return { value: zone, label: offset && offset !== "GMT" ? `${name} (${offset})` : `${name} (GMT)` };
  });
  return cached;
}

/** A zone the list lacks (an older browser, a renamed zone) is still shown as itself. */
export function withZone(options: TimeZoneOption[], zone: string | null | undefined): TimeZoneOption[] {
  if (!zone || options.some((option) => option.value === zone)) return options;
  return [{ value: zone, label: zone.replaceAll("_", " ") }, ...options];
}
