export { createExpoPushClient, PushProviderError, type ExpoPushClientOptions } from "./expo-push-client";
