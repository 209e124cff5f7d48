export * from "./auth";
export * from "./crm";
export * from "./websites";
