/** Every new studio starts with these three system categories (Hebrew names, negative sort so they lead). */
export const DEFAULT_CONTENT_CATEGORIES = [
  { systemKey: "recipe", name: "מתכונים", sortOrder: -3 },
  { systemKey: "video", name: "סרטונים", sortOrder: -2 },
  { systemKey: "knowledge", name: "ידע", sortOrder: -1 },
] as const;
