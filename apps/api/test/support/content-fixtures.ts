import { expect } from "vitest";
import type { TestApp, WebUserContext } from "./harness";

/** The coach's view of an item, as the tests read it. */
export type ContentBody = {
  id: string;
  type: string;
  title: string;
  description: string | null;
  otherLabel: string | null;
  mediaUrl: string | null;
  mediaType: string;
  posterUrl: string | null;
  ingredients: string | null;
  steps: { type: string; text: string }[];
  totalKcal: number | null;
  categoryId: string | null;
  tagIds: string[];
  isPublished: boolean;
  isFeatured: boolean;
  isRestricted: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  category: { id: string; name: string; systemKey: string | null } | null;
  tags: { id: string; name: string }[];
  unlockCount: number;
  unlockedAt?: string | null;
};

/** POST /v1/web/content as `user` (a recipe titled "Shakshuka" unless the body says otherwise). */
export async function createContent(
  t: TestApp,
  user: WebUserContext,
  body: Record<string, unknown> = {},
): Promise<ContentBody> {
  const res = await t.web("POST", "/v1/web/content", user, { type: "recipe", title: "Shakshuka", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export async function createCategory(t: TestApp, user: WebUserContext, name: string) {
  const res = await t.web("POST", "/v1/web/content/categories", user, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string; systemKey: string | null; sortOrder: number };
}

export async function createTag(t: TestApp, user: WebUserContext, name: string) {
  const res = await t.web("POST", "/v1/web/content/tags", user, { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string; sortOrder: number };
}

export async function taxonomyOf(t: TestApp, user: WebUserContext) {
  const res = await t.web("GET", "/v1/web/content/taxonomy", user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    categories: {
      id: string;
      name: string;
      systemKey: string | null;
      sortOrder: number;
      createdAt: string;
    }[];
    tags: { id: string; name: string; sortOrder: number; createdAt: string }[];
  };
}

/** The studio's default category of a system key (recipe, video, knowledge). */
export async function defaultCategory(t: TestApp, user: WebUserContext, key: string) {
  return (await taxonomyOf(t, user)).categories.find((c) => c.systemKey === key)!;
}

/** PUT /v1/web/content/:id/unlocks. */
export async function putUnlocks(t: TestApp, user: WebUserContext, contentId: string, clientIds: string[]) {
  return t.web("PUT", `/v1/web/content/${contentId}/unlocks`, user, { clientIds });
}

/** The body of an answer without its per-request id, to compare two error answers. */
export const sameAnswer = (res: { status: number; body: Record<string, unknown> }) => ({
  status: res.status,
  body: { ...res.body, requestId: "" },
});
