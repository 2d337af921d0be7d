/** The stripe feature's public surface besides its services: the tokenised pay link put in emails. */
export * from "./pay-link";
