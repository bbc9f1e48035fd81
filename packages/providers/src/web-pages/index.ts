export { answerText, createWebPageReader, type WebPageReaderOptions } from "./web-page-reader";
export { decodeEntities, htmlToText, recipeDataText, tidyLines } from "./html-text";
