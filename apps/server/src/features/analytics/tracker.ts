import { createHash } from "node:crypto";
import { COLLECT_PATH, TRACKER_PATH } from "../../lib/site-paths";

export { COLLECT_PATH, TRACKER_PATH };

/**
 * The tracker every hosted page loads (deferred, after the page has rendered). It sends a pageview,
 * and when the page is hidden the time it was visible. No cookies, no storage, no identifiers: the
 * server derives a visitor id that lives one day. sendBeacon, with fetch(keepalive) as the fallback.
 */
export const TRACKER_SOURCE = `(function(w,d,n,l){var s=d.currentScript,u=s&&s.src?s.src.replace(/[^/]*$/,"collect"):"${COLLECT_PATH}",t=Date.now(),h=0;
function e(k,x){var b=JSON.stringify({k:k,p:l.pathname,r:d.referrer,w:w.screen.width,l:n.language,d:x});
try{if(n.sendBeacon&&n.sendBeacon(u,b))return}catch(_){}
w.fetch&&fetch(u,{method:"POST",body:b,keepalive:!0,credentials:"omit"}).catch(function(){})}
e("pageview");
d.addEventListener("visibilitychange",function(){if(d.visibilityState=="hidden"){if(!h){h=1;e("leave",Date.now()-t)}}else if(h){h=0;t=Date.now()}})
})(window,document,navigator,location);
`;

export const TRACKER_ETAG = `"${createHash("sha1").update(TRACKER_SOURCE).digest("base64url")}"`;
