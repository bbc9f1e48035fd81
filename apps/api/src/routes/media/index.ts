import { router } from "../../trpc";
import { uploadInlineMediaRoute } from "./upload-inline-media";
import { createMediaUploadUrlRoute } from "./create-media-upload-url";
import { startMultipartUploadRoute } from "./start-multipart-upload";
import { completeMultipartUploadRoute } from "./complete-multipart-upload";
import { abortMultipartUploadRoute } from "./abort-multipart-upload";
import { createTraineeUploadUrlRoute } from "./create-trainee-upload-url";
import { startTraineeMultipartUploadRoute } from "./start-trainee-multipart-upload";
import { completeTraineeMultipartUploadRoute } from "./complete-trainee-multipart-upload";
import { abortTraineeMultipartUploadRoute } from "./abort-trainee-multipart-upload";

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

/**
 * /v1/trainee/uploads/{url,start,complete,abort} (trainee token, no app-access guard; the lane
 * guard refuses preview sessions). The part is a raw route: apps/api/src/raw/media/upload-trainee-multipart-part.ts.
 */
export const uploadsTraineeRoutes = router({
  createUploadUrl: createTraineeUploadUrlRoute,
  startMultipart: startTraineeMultipartUploadRoute,
  completeMultipart: completeTraineeMultipartUploadRoute,
  abortMultipart: abortTraineeMultipartUploadRoute,
});
