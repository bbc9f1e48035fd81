// Public signing page (document 3 "Document signing"): a document to sign, reached by its link token.
export { getSigningPage } from "./get-signing-page";
export { getSigningDocument } from "./get-signing-document";
export { getSignedDocument } from "./get-signed-document";
export { submitSigning, SIGNATURE_ANSWER, type SubmitSigningInput } from "./submit-signing";
export {
  loadSigningLink,
  signingLinkKey,
  signingLinkNotFound,
  signingStatusOf,
  type SigningLink,
} from "./signing-link";
export type { SignaturePngCheck, SigningDocuments, SigningScope } from "./signing-scope";
export { storageKeyOfUrl } from "./source-document";
