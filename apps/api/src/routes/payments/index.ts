import { router } from "../../trpc";
import { listClientPaymentsRoute } from "./list-client-payments";

/** Payments on the web lane: /v1/web/clients/:id/payments (the webhook is raw/payments). */
export const paymentsWebRoutes = router({
  listForClient: listClientPaymentsRoute,
});
