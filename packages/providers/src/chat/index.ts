export { ChatProviderError, createWhatsAppCloudChat } from "./whatsapp-cloud-chat";
