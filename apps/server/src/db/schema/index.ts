export * from "./auth";
export * from "./crm";
