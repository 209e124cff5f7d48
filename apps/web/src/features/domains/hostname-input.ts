/** What every host-name input (domain, host name, name server) shares: DNS's length, no autofill or autocorrect. */
export const HOSTNAME_INPUT_PROPS = {
  maxLength: 253,
  autoComplete: "off",
  autoCapitalize: "none",
  spellCheck: false,
} as const;
