import { emailSchema, normalizePhone } from "@workshift/contracts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./lib/db/database.ts";

/**
 * `npm run platform-admin -- add|remove <phone|email>` and `… list`.
 * Platform admins are made here only, on the server, never through the API.
 */
const usage = "usage: npm run platform-admin -- add <phone|email> | remove <phone|email> | list";

function destinationColumn(value: string): { column: "phone" | "email"; value: string } {
  if (value.includes("@")) {
    const email = emailSchema.safeParse(value);
    if (!email.success) throw new ConfigError(`"${value}" is not a valid email address.`);
    return { column: "email", value: email.data };
  }
  const phone = normalizePhone(value);
  if (phone === null)
    throw new ConfigError(`"${value}" is not a valid international phone number (e.g. +96171123456).`);
  return { column: "phone", value: phone };
}

async function main(): Promise<string> {
  const [command, who] = process.argv.slice(2);
  if (command !== "list" && ((command !== "add" && command !== "remove") || !who)) throw new ConfigError(usage);
  const database = await openDatabase(loadConfig().database);
  try {
    const { db } = database;
    if (command === "list") {
      const admins = await db
        .selectFrom("users")
        .select(["first_name", "last_name", "phone", "email"])
        .where("is_platform_admin", "=", true)
        .orderBy("last_name")
        .execute();
      if (admins.length === 0) return "There are no platform admins.";
      return admins
        .map((a) => `${a.first_name} ${a.last_name}  ${a.phone ? `+${a.phone}` : ""} ${a.email ?? ""}`.trim())
        .join("\n");
    }
    const target = destinationColumn(who ?? "");
    // An email counts only once verified: anyone may type any address into their profile.
    const updated = await db
      .updateTable("users")
      .set({ is_platform_admin: command === "add", updated_at: new Date() })
      .where(target.column, "=", target.value)
      .$if(target.column === "email", (query) => query.where("email_verified_at", "is not", null))
      .returning(["first_name", "last_name"])
      .executeTakeFirst();
    if (!updated) {
      throw new ConfigError(
        target.column === "email"
          ? `No account has verified ${who}; the person must sign up and verify it in Settings, or use their phone.`
          : `No account uses ${who}; the person must sign up first.`,
      );
    }
    const name = `${updated.first_name} ${updated.last_name}`;
    return command === "add" ? `${name} is now a platform admin.` : `${name} is no longer a platform admin.`;
  } finally {
    await database.close();
  }
}

main().then(
  (message) => process.stdout.write(`${message}\n`),
  (error: unknown) => {
    process.stderr.write(`workshift: ${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
