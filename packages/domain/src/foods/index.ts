// Foods (decisions.md "Supporting web routes"): the studio's foods, system foods and their overrides.
export { createFood } from "./create-food";
export { listFoods } from "./list-foods";
export { updateFood } from "./update-food";
export { setFoodOverride } from "./set-food-override";
export { listTraineeFoods } from "./list-trainee-foods";
