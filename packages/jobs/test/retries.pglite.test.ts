import { retriesSuite } from "./retries.suite";

retriesSuite("pglite");
