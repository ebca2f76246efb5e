import { Select, type SelectProps } from "@mantine/core";
import { useMemo } from "react";
import { timeZoneOptions, withZone } from "./time-zones.ts";

/** Spec §9: dropdown lists are at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

type TimeZoneSelectProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  value: string | null;
  onChange(value: string | null): void;
};

/** A searchable select of IANA time zones; clearing it means "the organization's". */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  const data = useMemo(() => withZone(timeZoneOptions(), value), [value]);
  return (
    <Select
      searchable
      clearable
      limit={100}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
    />
  );
}
