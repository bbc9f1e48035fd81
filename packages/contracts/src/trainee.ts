import { z } from "zod";

/** `GET /v1/trainee/me`: the signed-in trainee. The trainee-app work extends it. */
export const TraineeMeSchema = z
  .object({
    id: z.string(),
    studioId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    timezone: z.string().nullable(),
  })
  .meta({ id: "TraineeMe" });
export type TraineeMe = z.infer<typeof TraineeMeSchema>;
