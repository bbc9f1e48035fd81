import { router } from "../../trpc";
import { uploadInlineMediaRoute } from "./upload-inline-media";
import { createMediaUploadUrlRoute } from "./create-media-upload-url";
import { startMultipartUploadRoute } from "./start-multipart-upload";
import { completeMultipartUploadRoute } from "./complete-multipart-upload";
import { abortMultipartUploadRoute } from "./abort-multipart-upload";

/**
 * /v1/web/content/media, /media-url, /media-upload/{start,complete,abort}. The multipart part
 * (raw octet-stream bytes) is a raw route: apps/api/src/raw/media/upload-multipart-part.ts.
 */
export const mediaWebRoutes = router({
  uploadInline: uploadInlineMediaRoute,
  createUploadUrl: createMediaUploadUrlRoute,
  startMultipart: startMultipartUploadRoute,
  completeMultipart: completeMultipartUploadRoute,
  abortMultipart: abortMultipartUploadRoute,
});
