import type { TLanguage } from "@shobai/shared";
import { findEditables } from "@shobai/sitegen/editable";
import { renderHomePage, type TSiteContent } from "@shobai/sitegen/editor";
import morphdom from "morphdom";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TPath } from "./paths";

export const DEVICE_WIDTHS = { desktop: 1280, tablet: 768, phone: 390 } as const;
export type TDevice = keyof typeof DEVICE_WIDTHS;

const RENDER_OPTIONS = { baseUrl: "https://preview.invalid", formAction: "#" };

/** Only the editor's own marks: outlines on editable texts; the site's stylesheet is the real one. */
const EDITOR_CSS =
  "<style>[data-edit]{cursor:text;outline:1px dashed transparent;outline-offset:2px;border-radius:2px}" +
  "[data-edit]:hover{outline-color:rgba(37,99,235,.6)}[data-edit]:focus{outline:2px solid #2563eb}</style>";

export type TPreviewEdit = { scope: "lang" | "site"; path: TPath; value: string };

/**
 * The site as visitors will see it: the real sitegen page in a sandboxed frame (no scripts), redrawn
 * by DOM morphing on each change so scrolling and the caret stay. Its texts are edited in place.
 */
export function PreviewFrame({
  site,
  lang,
  device,
  title,
  onEdit,
  onUndo,
  onRedo,
  readOnly = false,
  mediaBase,
}: {
  /** Where the site's photos are served to the owner (the app's /media/{websiteId}). */
  mediaBase?: string;
  site: TSiteContent;
  /** An old version shown for comparison: nothing in it can be edited. */
  readOnly?: boolean;
  lang: TLanguage;
  device: TDevice;
  title: string;
  onEdit: (edit: TPreviewEdit) => void;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [boxWidth, setBoxWidth] = useState(0);
  const options = useMemo(() => (mediaBase ? { ...RENDER_OPTIONS, mediaBase } : RENDER_OPTIONS), [mediaBase]);
  const [initialHtml] = useState(() => withEditorCss(renderHomePage(site, options, lang)));
  const handlers = useRef({ onEdit, onUndo, onRedo });
  handlers.current = { onEdit, onUndo, onRedo };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Each change redraws the page from the content model; the text being typed is left alone.
  useLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!ready || !doc?.documentElement) return;
    const html = withEditorCss(renderHomePage(site, options, lang)).replace(/^<!DOCTYPE html>/i, "");
    morphdom(doc.documentElement, html, {
      onBeforeElUpdated: (from) =>
        !(from === doc.activeElement && from.hasAttribute("data-edit") && !readOnly),
    });
    if (!readOnly) markEditables(doc);
  }, [site, lang, ready, readOnly, options]);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    markEditables(doc);
    doc.addEventListener("input", (event) => {
      const target = event.target as HTMLElement;
      const path = target.getAttribute?.("data-edit");
      if (!path) return;
      const [scope, ...rest] = JSON.parse(path) as ["lang" | "site", ...(string | number)[]];
      handlers.current.onEdit({ scope, path: rest, value: target.innerText.replace(/\n$/, "") });
    });
    doc.addEventListener("click", (event) => {
      // Links and buttons in the preview do not navigate or submit: a click there is for editing.
      if ((event.target as HTMLElement).closest?.("a, button, summary")) event.preventDefault();
    });
    doc.addEventListener("keydown", (event) => {
      const target = event.target as HTMLElement;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === "z") {
        event.preventDefault();
        if (event.shiftKey) handlers.current.onRedo();
        else handlers.current.onUndo();
      } else if (mod && event.key.toLowerCase() === "y") {
        event.preventDefault();
        handlers.current.onRedo();
      } else if (event.key === "Enter" && target.getAttribute?.("data-multiline") !== "true") {
        event.preventDefault();
      } else if (event.key === " " && target.closest?.("summary, button")) {
        // Space would toggle the FAQ entry or press the button instead of typing.
        event.preventDefault();
        target.ownerDocument.execCommand("insertText", false, " ");
      }
    });
    setReady(true);
  };

  const width = DEVICE_WIDTHS[device];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1;
  return (
    <div
      ref={box}
      className="relative h-full min-h-[420px] w-full overflow-hidden rounded-lg border border-border bg-muted"
    >
      <iframe
        ref={frame}
        title={title}
        srcDoc={initialHtml}
        sandbox="allow-same-origin"
        onLoad={onLoad}
        data-testid="editor-preview"
        data-device={device}
        className="absolute top-0 left-1/2 origin-top border-0 bg-white"
        style={{
          width,
          height: `${100 / scale}%`,
          transform: `translateX(-50%) scale(${scale})`,
        }}
      />
    </div>
  );
}

function withEditorCss(html: string): string {
  return html.replace("</head>", `${EDITOR_CSS}</head>`);
}

/** Marks the owner's texts editable (plain text only: no markup can be typed into the page). */
function markEditables(doc: Document): void {
  for (const editable of findEditables(doc)) {
    const { element } = editable;
    element.setAttribute("data-edit", JSON.stringify([editable.scope, ...editable.path]));
    element.setAttribute("data-multiline", String(editable.multiline));
    if (element.getAttribute("contenteditable") !== "plaintext-only") {
      element.setAttribute("contenteditable", "plaintext-only");
      element.setAttribute("spellcheck", "false");
    }
  }
}
