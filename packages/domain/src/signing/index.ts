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
  storageKeyOfUrl,
  type SignaturePngCheck,
  type SigningDocuments,
  type SigningLink,
  type SigningScope,
} from "./signing-support";
