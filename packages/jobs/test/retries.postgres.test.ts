import { retriesSuite } from "./retries.suite";

retriesSuite("postgres");
