/** Lets any page open the support chat (e.g. the contact page's chat card). */
export const OPEN_SUPPORT_CHAT_EVENT = "shobai:open-support-chat";

export function openSupportChat(): void {
  window.dispatchEvent(new Event(OPEN_SUPPORT_CHAT_EVENT));
}
