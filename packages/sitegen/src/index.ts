// Site generation (content model, composer, templates, renderer) lands with the websites issue.
export const SITEGEN_VERSION = 0;
