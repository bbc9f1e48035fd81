// Object storage providers behind the domain's ObjectStorage port: S3 (or compatible) through
// the AWS SDK, and a local directory for the embedded default.
export { S3ObjectStorage, type S3StorageOptions } from "./s3-object-storage";
export {
  LocalObjectStorage,
  MIN_PART_BYTES,
  isSafeKey,
  type LocalStorageOptions,
  type PresignedPutProblem,
} from "./local-object-storage";
export { publicUrlOf } from "./public-url";
