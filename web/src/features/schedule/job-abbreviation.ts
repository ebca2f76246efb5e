/**
 * A job's short name for where its full name does not fit (beside a
 * person's name on the board's rows): two letters, the first of its first
 * two words ("Front desk" → "FD") or the first two of a single word
 * ("Kitchen" → "KI"). Jobs whose short names would be the same get one more
 * letter each, so the letters (never the colour alone) tell them apart.
 */
export function jobAbbreviation(name: string, length = 2): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = (word: string) => [...word];
  const [first, second] = words;
  if (!first) return "";
  const picked =
    second && length === 2 ? [letters(first)[0], letters(second)[0]] : letters(words.join("")).slice(0, length);
  return picked.join("").toLocaleUpperCase();
}

/** Each job's short name, made longer (up to four letters) where two would read the same. */
export function jobAbbreviations(jobs: readonly { id: string; name: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const job of jobs) out.set(job.id, jobAbbreviation(job.name));
  for (let length = 3; length <= 4; length++) {
    const counts = new Map<string, number>();
    for (const short of out.values()) counts.set(short, (counts.get(short) ?? 0) + 1);
    let clashed = false;
    for (const job of jobs) {
      if ((counts.get(out.get(job.id) ?? "") ?? 0) > 1) {
        out.set(job.id, jobAbbreviation(job.name, length));
        clashed = true;
      }
    }
    if (!clashed) break;
  }
  return out;
}
