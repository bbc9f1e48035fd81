export { classifyAddress, addressRefusal, isIpLiteral, parseIPv6, type AddressClass } from "./addresses";
export {
  checkTarget,
  describeRefusal,
  hostOf,
  isForbiddenHostName,
  type Scheme,
  type TargetCheck,
  type TargetPolicy,
  type TargetRefusal,
} from "./target-check";
export {
  OUTBOUND_MAX_BYTES,
  OUTBOUND_TIMEOUT_MS,
  OutboundError,
  safeFetch,
  systemResolver,
  type OutboundFailure,
  type Resolver,
  type SafeFetchOptions,
  type SafeResponse,
} from "./safe-fetch";
export { decodeEntities, htmlToText, recipeDataText, tidyLines } from "./html-text";
export {
  answerText,
  createWebPageReader,
  type PageRead,
  type PageReadFailure,
  type WebPageReader,
  type WebPageReaderOptions,
} from "./web-page-reader";
