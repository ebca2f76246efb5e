/**
 * The people in the "four times bigger" rows (…_2k): 2,000. BENCH_BIG_PEOPLE
 * sets a smaller number while developing a suite; rows measured so say it in
 * their note and are not the targets' measurements.
 */
export const BIG_PEOPLE = Number(process.env.BENCH_BIG_PEOPLE) || 2_000;

/** Added to a _2k row's note when BENCH_BIG_PEOPLE changed the size. */
export const bigNote = () =>
  BIG_PEOPLE === 2_000 ? "" : `; NOT THE ROW'S SIZE: BENCH_BIG_PEOPLE=${BIG_PEOPLE} while developing`;
