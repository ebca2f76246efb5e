/**
 * The namespaces of the admin lists of archivable things: each holds the same
 * keys (list.*, actions.*, confirm.*), so one piece of the list serves them all.
 */
export type AdminListNamespace = "boards" | "jobs";

/** What a list archives or restores. */
export interface Archivable {
  name: string;
  is_archived: boolean;
}
