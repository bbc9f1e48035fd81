import { router } from "../../trpc";
import { createAvailabilityWindowRoute } from "./create-availability-window";
import { listAvailabilityWindowsRoute } from "./list-availability-windows";
import { deleteAvailabilityWindowRoute } from "./delete-availability-window";
import { listCalendarEventsRoute } from "./list-calendar-events";
import { listBookableSlotsRoute } from "./list-bookable-slots";
import { bookCalendarSlotRoute } from "./book-calendar-slot";
import { listTraineeMeetingsRoute } from "./list-trainee-meetings";
import { cancelTraineeMeetingRoute } from "./cancel-trainee-meeting";

/** /v1/web/calendar: availability windows and events. */
export const calendarWebRoutes = router({
  createAvailability: createAvailabilityWindowRoute,
  listAvailability: listAvailabilityWindowsRoute,
  deleteAvailability: deleteAvailabilityWindowRoute,
  listEvents: listCalendarEventsRoute,
});

/** /v1/trainee/calendar: slots, booking, meetings and cancel (no app-access guard). */
export const calendarTraineeRoutes = router({
  slots: listBookableSlotsRoute,
  book: bookCalendarSlotRoute,
  meetings: listTraineeMeetingsRoute,
  cancel: cancelTraineeMeetingRoute,
});
