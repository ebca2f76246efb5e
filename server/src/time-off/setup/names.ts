import { refuse } from "../../lib/http/errors.ts";

/** 409 for a name (or a holiday's day) already taken, from the unique index the write broke. */
export const nameTaken =
  (field = "name") =>
  () =>
    refuse("time_off_name_taken", "This name is already taken here", { [field]: "timeOff.nameTaken" });

/** The unique indexes of time off's names, and the refusal each one means. */
export const nameRefusals = {
  leave_types_name: nameTaken(),
  leave_policies_name: nameTaken(),
  holidays_organization_id_day_key: nameTaken("day"),
};
