/** A number, a time or a name inside a sentence, isolated so it keeps its own direction in Arabic (FSI … PDI). */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
