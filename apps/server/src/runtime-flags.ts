import v8 from "node:v8";

// V8 settings of an app process, set before the rest of the app is loaded (main.ts imports this
// first). Decision 0063: without allocation-site pretenuring, a burst of API requests no longer
// leaves the beacon path allocating in the old generation; ingestion measured 16,400-20,100 events/s
// after one with it and 21,300-23,200 without.
v8.setFlagsFromString("--no-allocation-site-pretenuring");
