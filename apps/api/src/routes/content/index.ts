import { router } from "../../trpc";
import { listContentRoute } from "./list-content";
import { createContentRoute } from "./create-content";
import { getContentRoute } from "./get-content";
import { updateContentRoute } from "./update-content";
import { deleteContentRoute } from "./delete-content";
import { listContentUnlocksRoute } from "./list-content-unlocks";
import { setContentUnlocksRoute } from "./set-content-unlocks";
import { getContentTaxonomyRoute } from "./get-content-taxonomy";
import { createContentCategoryRoute } from "./create-content-category";
import { updateContentCategoryRoute } from "./update-content-category";
import { deleteContentCategoryRoute } from "./delete-content-category";
import { createContentTagRoute } from "./create-content-tag";
import { updateContentTagRoute } from "./update-content-tag";
import { deleteContentTagRoute } from "./delete-content-tag";
import { listTraineeContentRoute } from "./list-trainee-content";
import { getTraineeContentTaxonomyRoute } from "./get-trainee-content-taxonomy";
import { getTraineeContentRoute } from "./get-trainee-content";

/** /v1/web/content/* (the library, taxonomy and unlocks; media routes have their own router). */
export const contentWebRoutes = router({
  list: listContentRoute,
  create: createContentRoute,
  get: getContentRoute,
  update: updateContentRoute,
  delete: deleteContentRoute,
  listUnlocks: listContentUnlocksRoute,
  setUnlocks: setContentUnlocksRoute,
  taxonomy: getContentTaxonomyRoute,
  createCategory: createContentCategoryRoute,
  updateCategory: updateContentCategoryRoute,
  deleteCategory: deleteContentCategoryRoute,
  createTag: createContentTagRoute,
  updateTag: updateContentTagRoute,
  deleteTag: deleteContentTagRoute,
});

/** /v1/trainee/content/* (trainee token only: no app-access guard, preview allowed). */
export const contentTraineeRoutes = router({
  list: listTraineeContentRoute,
  taxonomy: getTraineeContentTaxonomyRoute,
  get: getTraineeContentRoute,
});
