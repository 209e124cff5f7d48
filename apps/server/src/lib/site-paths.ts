/** Where every hosted site serves the analytics tracker and takes its events (relative to the site's root). */
export const TRACKER_PATH = "/_shobai/t.js";
export const COLLECT_PATH = "/_shobai/collect";
