// The outbound gate every call to an address a user gave passes: the target checks (domain's
// webhook registration uses them) and safeFetch (webhook delivery, waitlist forward, the recipe
// page reader of @studio/providers/web-pages). Not a provider adapter itself.
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
