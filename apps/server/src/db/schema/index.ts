export * from "./analytics";
export * from "./auth";
export * from "./billing";
export * from "./contact-messages";
export * from "./crm";
export * from "./email";
export * from "./website-assets";
export * from "./websites";
