/** An ILIKE pattern matching `text` anywhere, with LIKE wildcards in the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
