import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/** Content library categories; three system ones (recipe, video, knowledge) are created with the studio. */
export const contentCategories = pgTable(
  "content_categories",
  {
    id: id(),
    studioId: studioIdColumn(),
    systemKey: text("system_key"),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("content_categories_studio_idx").on(t.studioId)],
);
