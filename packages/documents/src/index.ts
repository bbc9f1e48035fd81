export {
  checkSignaturePng,
  SIGNATURE_PNG_LIMITS,
  type SignaturePngCheck,
  type SignaturePngRefusal,
} from "./signature-png";
export { readPdfPages, type PdfPageSize } from "./pdf-pages";
export { renderSignedPdf, type SignedPdfField, type RenderSignedPdfInput } from "./render-signed-pdf";
