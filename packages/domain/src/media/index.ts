// Media uploads (document 2 "Media upload"): inline, presigned PUT and multipart, through the
// ObjectStorage port on the scope.
export * from "./upload-inline-media";
export * from "./create-media-upload-url";
export * from "./start-multipart-upload";
export * from "./upload-multipart-part";
export * from "./complete-multipart-upload";
export * from "./abort-multipart-upload";
export * from "./media-keys";
export * from "./media-types";
export { decodedLength, inlineBase64, isBase64 } from "./inline-media";
export * from "./create-trainee-upload-url";
export * from "./start-trainee-multipart-upload";
export * from "./upload-trainee-multipart-part";
export * from "./complete-trainee-multipart-upload";
export * from "./abort-trainee-multipart-upload";
export { ownUploadKeyOfUrl, isImageKey, traineeUploadPrefix } from "./trainee-upload-keys";
