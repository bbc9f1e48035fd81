import { layer } from "@studio/eslint-config";

export default layer("api");
