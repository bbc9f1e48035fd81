import { pushDeliverySuite } from "./push-delivery.suite";

pushDeliverySuite("pglite");
