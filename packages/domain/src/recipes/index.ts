// Recipe drafts (document 2 "Content library (coach)" → generate-recipe): a language model
// writes a Hebrew draft from pasted text and/or a recipe page; nothing is saved.
export {
  generateRecipe,
  recipeDraftFrom,
  recipePrompt,
  RecipeModelAnswer,
  RECIPE_LINK_NO_TEXT,
  RECIPE_LINK_UNREADABLE,
  RECIPE_MODEL_RETRIES,
  RECIPE_MODEL_TIMEOUT_MS,
  RECIPE_PAGE_TEXT_MAX_CHARS,
} from "./generate-recipe";
