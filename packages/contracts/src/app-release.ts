import { z } from "zod";
import { boundedString, withoutNul } from "./bounded";

// Document 1 "Trainee lane" names GET /v1/trainee/app-release (token only, no app-access guard);
// the question and answer are ours (docs/decisions/trainee-app.md "App release").

export const APP_PLATFORMS = ["ios", "android"] as const;
export const AppPlatformSchema = z.enum(APP_PLATFORMS).describe("ios or android");
export type AppPlatform = z.infer<typeof AppPlatformSchema>;

/** x.y.z: three dot-separated numbers of at most 6 digits each, compared part by part as numbers. */
export const APP_VERSION_PATTERN = /^\d{1,6}\.\d{1,6}\.\d{1,6}$/;
export const APP_VERSION_MESSAGE = "must be a version x.y.z (three numbers of at most 6 digits)";

const appVersion = () =>
  boundedString(20, { min: 1 })
    .regex(APP_VERSION_PATTERN, APP_VERSION_MESSAGE)
    .describe("x.y.z, for example 2.4.0");

/** `GET /v1/trainee/app-release?platform&version` */
export const AppReleaseQuery = z.object({
  platform: AppPlatformSchema,
  version: appVersion().describe("the version the app is running, x.y.z"),
});
export type AppReleaseQuery = z.infer<typeof AppReleaseQuery>;

export const AppReleaseCheckSchema = z
  .object({
    platform: AppPlatformSchema,
    version: z.string().describe("the version asked about"),
    minimumVersion: z
      .string()
      .nullable()
      .describe("the oldest version still allowed; null when the platform has no release setting"),
    latestVersion: z.string().nullable().describe("the newest published version; null without a setting"),
    forceUpdate: z.boolean().describe("true when version is below minimumVersion: the app must update"),
    updateAvailable: z.boolean().describe("true when version is below latestVersion"),
    storeUrl: z.string().nullable().describe("the app's store page; null without a setting"),
  })
  .meta({ id: "AppReleaseCheck" });
export type AppReleaseCheck = z.infer<typeof AppReleaseCheckSchema>;

/** `GET /v1/admin/app-releases/{platform}` */
export const AppReleasePlatformInput = z.object({ platform: AppPlatformSchema });
export type AppReleasePlatformInput = z.infer<typeof AppReleasePlatformInput>;

/** `PUT /v1/admin/app-releases/{platform}`: the whole setting (latestVersion not below minimumVersion). */
export const AppReleasePutInput = z.object({
  platform: AppPlatformSchema,
  minimumVersion: appVersion().describe("older versions must update (forceUpdate)"),
  latestVersion: appVersion().describe("the newest published version; not below minimumVersion"),
  storeUrl: withoutNul(
    z
      .url({ protocol: /^https$/, error: "must be an https URL" })
      .max(2048, "must be at most 2048 characters"),
  ).describe("the store page the app opens to update (https)"),
});
export type AppReleasePutInput = z.infer<typeof AppReleasePutInput>;

export const AppReleaseSchema = z
  .object({
    platform: AppPlatformSchema,
    minimumVersion: z.string(),
    latestVersion: z.string(),
    storeUrl: z.string(),
    updatedAt: z.string().describe("ISO instant"),
  })
  .meta({ id: "AppRelease" });
export type AppRelease = z.infer<typeof AppReleaseSchema>;
